"""The app's screens: new game, house rules, the table, and the modal views over it."""

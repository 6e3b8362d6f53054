"""The table: one match at one table — its seats, the flow of play, saving and undo — below any screen."""

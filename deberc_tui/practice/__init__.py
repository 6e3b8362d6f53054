"""Bidding practice: positions, their Monte Carlo evaluation, the tutor screen, the player's record."""

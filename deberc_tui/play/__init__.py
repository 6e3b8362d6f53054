"""Playing a table: the one play loop every driver goes through, the seats it asks, and the drivers below the
screen — the table session, the arena, the bot check and the benches."""

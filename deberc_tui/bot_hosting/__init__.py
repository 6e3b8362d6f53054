"""Hosting the players that are not people: finding bots (built-in, plug-in, command), running them safely
(copies of the view, a time budget, answers checked against the table's own legal list), the JSON-lines
protocol that puts plug-ins and command bots in their own process, and the tools to check and time them.

The bots themselves live in the top-level ``bots`` package; nothing here decides a move.
"""

"""The Textual card table for deberc. ``make_app(...)`` builds the app for the CLI and the tests."""

from deberc_tui.app.app import DebercApp, make_app

__all__ = ["DebercApp", "make_app"]

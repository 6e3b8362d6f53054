"""The built-in bots and the plug-in interface (see :mod:`bots.base`)."""

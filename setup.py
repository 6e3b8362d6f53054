"""The compiled search core, bots._core (C on the CPython API; see docs/DEVELOPMENT.md, "The search core").

Everything else about the package is in pyproject.toml. The extension is optional: without a C compiler or the
Python headers the install still succeeds and deberc runs on the pure-Python core (bots/sim.py, bots/sampling.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("bots._core", ["bots/_core.c"], optional=True)])

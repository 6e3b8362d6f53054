"""The README's Python examples run as written: each ```python block is a doctest (``>>>`` lines and the
output a reader will see), so an example that stops working, or prints something else, fails here."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_examples() -> list[tuple[int, str]]:
    """Each ```python block of the README with the line it starts on."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in PYTHON_BLOCK.finditer(text)]


def test_the_readme_has_python_examples() -> None:
    assert python_examples()


@pytest.mark.parametrize(("line", "example"), python_examples(), ids=[f"README.md:{n}" for n, _ in python_examples()])
def test_a_readme_example_runs_and_prints_what_it_shows(line: int, example: str) -> None:
    assert example.lstrip().startswith(">>>"), (
        f"README.md:{line}: write the Python example as a doctest (>>> lines, then the output they print), "
        "so that it is checked")
    test = doctest.DocTestParser().get_doctest(example, {}, f"README.md:{line}", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.REPORT_ONLY_FIRST_FAILURE)
    report = io.StringIO()
    runner.run(test, out=report.write, clear_globs=True)
    assert runner.failures == 0 and runner.tries > 0, report.getvalue()

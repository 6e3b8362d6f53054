"""The review's worker processes start inside the app too, where Textual's captured stderr has no file."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys

    class Captured:  # what Textual puts in sys.stderr while the app runs: fileno() is -1
        def write(self, text):
            return len(text)

        def flush(self):
            pass

        def fileno(self):
            return -1

    sys.stderr = Captured()
    from deberc_tui.review.run import _run

    if __name__ == "__main__":
        print(sorted(_run([3, 1, 2], jobs=2, work=abs)))
""")


def test_the_workers_start_while_stderr_is_captured() -> None:
    """In a fresh interpreter (the watcher of the workers starts once per process): before the fix this failed with
    'bad value(s) in fds_to_keep', and the review screen said so instead of reviewing."""
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[1, 2, 3]"


def test_the_tutors_workers_start_while_stderr_is_captured() -> None:
    """The practice screen's workers, started the same way inside the app."""
    script = SCRIPT.replace("from deberc_tui.review.run import _run", "from deberc_tui.practice.pool import in_order")
    script = script.replace("print(sorted(_run([3, 1, 2], jobs=2, work=abs)))", "print(list(in_order(list, iter([1, 2, 3]), 2)))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[1, 2, 3]"

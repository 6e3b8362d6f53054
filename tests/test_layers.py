"""The layers of deberc: imports point down (``[tool.importlinter]`` in pyproject.toml, checked by
``lint-imports`` in CI and here, so that ``python3 -m pytest`` alone catches an import that runs back up).

The first test runs the check on the code as it is; the others add one import that breaks a rule to the
real import graph and expect the contract that states the rule to say so (a contract that cannot fail
would check nothing).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.contract import Contract

ROOT = Path(__file__).resolve().parent.parent
CONTRACT_TYPES: dict[str, type[Contract]] = {
    kind.type_name: kind for kind in (LayersContract, ForbiddenContract, AcyclicSiblingsContract)
}


def test_the_code_keeps_every_import_contract() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports(no_cache=True, no_logo=True))"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def import_graph() -> grimp.ImportGraph:
    """This checkout's import graph, as lint-imports builds it (a fresh one: checking a contract changes it)."""
    sys.path.insert(0, str(ROOT))
    try:
        return grimp.build_graph("deberc_tui", "bots", include_external_packages=True, cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))


def contract(contract_id: str) -> Contract:
    config = read_configuration(str(ROOT / "pyproject.toml"))
    [options] = [c for c in config["contracts_options"] if c.get("id") == contract_id]
    kind = CONTRACT_TYPES[options["type"]]
    return kind(name=options["name"], session_options=config["session_options"], contract_options=options)


@pytest.mark.parametrize(("importer", "imported", "contract_id"), [
    # the app sits above practice and the score pad, which are siblings
    ("deberc_tui.practice.tutor", "deberc_tui.app.look", "layers"),
    ("deberc_tui.scorepad.model", "deberc_tui.app.tr", "layers"),
    ("deberc_tui.scorepad.render", "deberc_tui.practice.history", "layers"),
    # the bots know the engine only
    ("bots.heuristic", "deberc_tui.bot_hosting.runner", "layers"),
    ("deberc_tui.engine.deal", "bots.base", "layers"),
    # the file layer: saved games over records over storage, and no translation
    ("deberc_tui.storage", "deberc_tui.records", "files"),
    ("deberc_tui.records", "deberc_tui.text.i18n", "files-translate-nothing"),
    ("deberc_tui.text.i18n", "deberc_tui.settings", "translation-reads-no-files"),
    # no Textual, Rich or click below the app
    ("deberc_tui.engine.cards", "rich", "no-ui-below-the-app"),
    ("deberc_tui.practice.history", "textual", "no-ui-below-the-app"),
    # no circles
    ("deberc_tui.engine.text", "deberc_tui.engine.cards", "no-cycles"),
    ("bots.stakes", "bots.expert", "no-cycles"),
])
def test_an_import_against_the_layers_breaks_its_contract(importer: str, imported: str, contract_id: str) -> None:
    checked = contract(contract_id)
    assert checked.check(import_graph(), verbose=False).kept  # as the code is
    broken = import_graph()
    if imported not in broken.modules:
        broken.add_module(imported, is_squashed=True)  # an external package, as grimp keeps them
    broken.add_import(importer=importer, imported=imported, line_number=1, line_contents=f"import {imported}")
    assert not checked.check(broken, verbose=False).kept

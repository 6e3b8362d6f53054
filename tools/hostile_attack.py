"""An attack on deberc's promises from outside, as a hostile user or file would make it (issue 20's count).

Runs the real ``deberc`` command in fresh data folders against hostile input and counts what must never happen:
tracebacks, hangs (a command still running after its limit), data lost (a saved game or pad gone or changed), bot
processes left running. Usage::

    python3 tools/hostile_attack.py [--rounds N] [--seed S]

It prints one line per kind of attack and a total; exit 1 if anything that must never happen happened.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "examples" / "match.json").read_text(encoding="utf-8"))
NAMES = ["[/]", "[bold]x", "[link=x]y[/link]", "Anna\x9b31m", "\u202eBoris", "Клара", "x" * 300, "", "\x00", "[", "\\[/]"]
ENCODINGS = ["utf-8", "cp1251", "koi8-r", "latin-1", "ascii"]
LIMIT = 60.0  # seconds a command may take before it counts as a hang


class Tally:
    def __init__(self) -> None:
        self.runs: Counter[str] = Counter()
        self.bad: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def run(self, kind: str, args: list[str], env: dict[str, str], stdin: bytes = b"", shell: str | None = None,
            ) -> subprocess.CompletedProcess[bytes] | None:
        self.runs[kind] += 1
        cmd = shell if shell is not None else [sys.executable, "-c", "from deberc_tui.cli import main; main()", *args]
        try:
            done = subprocess.run(cmd, input=stdin, capture_output=True, env=env, timeout=LIMIT, shell=shell is not None)
        except subprocess.TimeoutExpired:
            self.fail(kind, "hang", " ".join(map(str, args)))
            return None
        err = done.stderr.decode(env.get("PYTHONIOENCODING", "utf-8"), "replace")
        if "Traceback" in err or "Traceback" in done.stdout.decode("utf-8", "replace"):
            self.fail(kind, "traceback", err[-400:])
        if any(len(line) > 400 for line in err.splitlines()):  # one line names what is wrong, and briefly
            self.fail(kind, "a line of an error longer than 400 characters", err[:400])
        return done

    def fail(self, kind: str, what: str, example: str) -> None:
        self.bad[f"{kind}: {what}"] += 1
        self.examples.setdefault(f"{kind}: {what}", example)


def fresh_env(home: Path, encoding: str = "utf-8") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(DEBERC_DATA_DIR=str(home / "data"), DEBERC_CONFIG_DIR=str(home / "config"), HOME=str(home),
               PYTHONIOENCODING=encoding, PYTHONPATH=str(ROOT))
    return env


def hostile_record(rng: random.Random) -> dict[str, object]:
    """The example match with hostile names and, sometimes, one damaged field."""
    record = json.loads(json.dumps(EXAMPLE))
    players = record["players"]
    assert isinstance(players, list)
    for p in players:
        p["name"] = rng.choice(NAMES)
    damage = rng.randrange(8)
    deals = record["deals"]
    assert isinstance(deals, list)
    if damage == 0:
        deals[rng.randrange(len(deals))]["deck"] = deals[0]["deck"][:31]
    elif damage == 1:
        deals[rng.randrange(len(deals))]["actions"].insert(0, {"seat": 0, "card": "JH"})
    elif damage == 2:
        record["rules"] = {"preset": rng.choice(["moscow", "nope", 7, None])}
    elif damage == 3:
        players[0]["gender"] = rng.choice(["male", "x", 3])
    elif damage == 4:
        record["deals"] = deals[: rng.randrange(len(deals) + 1)]
    return record


def attack(rounds: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    base = Path(tempfile.mkdtemp(prefix="deberc-attack-"))
    try:
        for i in range(rounds):
            home = base / f"h{i}"
            (home / "data" / "games").mkdir(parents=True)
            (home / "config").mkdir()
            env = fresh_env(home, rng.choice(ENCODINGS))
            record = home / "r.json"
            record.write_text(json.dumps(hostile_record(rng), ensure_ascii=rng.random() < 0.5), encoding="utf-8")
            tally.run("replay a hostile record", ["replay", str(record)], env)
            tally.run("replay from stdin", ["replay", "-"], env, stdin=record.read_bytes())
            tally.run("load without a terminal", ["--load", str(record)], env)
            fifo = home / "fifo.json"
            os.mkfifo(fifo)
            tally.run("replay a FIFO", ["replay", str(fifo)], env)
            settings = home / "config" / "settings.json"
            kind = rng.randrange(4)
            if kind == 0:
                os.mkfifo(settings)
            elif kind == 1:
                settings.mkdir()
            elif kind == 2:
                settings.write_bytes(b'{"version": "1", "language": "[/]"}')
            else:
                settings.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))))
            tally.run("--version with a hostile settings file", ["--version"], env)
            tally.run("--help in a narrow encoding", ["--help"], env)
            games = home / "data" / "games"
            saved = games / "keep.json"
            saved.write_text(json.dumps(EXAMPLE), encoding="utf-8")
            before = saved.read_bytes()
            (games / ".index.json").write_text(rng.choice(['{"keep.json": {"winner": 7}}', "[", '{"x": []}']),
                                               encoding="utf-8")
            os.mkfifo(games / "pipe.json")
            (games / "folder.json").mkdir()
            try:
                (games / os.fsdecode(b"bad\xff.json")).write_text("{}", encoding="utf-8")
            except OSError:
                pass
            tally.run("scorepad list with a hostile data folder", ["scorepad", "list"], env)
            tally.run("practice review with a hostile data folder", ["practice", "--review"], env)
            tally.runs["saved game kept"] += 1
            if not saved.exists() or saved.read_bytes() != before:
                tally.fail("saved game kept", "data lost", str(saved))
            tally.run("a closed pipe", [], env, shell=f"{sys.executable} -c 'from deberc_tui.cli import main; main()' "
                      f"replay {record} | head -c 10 >/dev/null")
            tally.run("a huge seed", ["arena", "--seed", "9" * 5000, "--deals", "1"], env)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tally = attack(args.rounds, args.seed)
    for kind, n in sorted(tally.runs.items()):
        print(f"{n:6d} runs  {kind}")
    print(f"{sum(tally.runs.values()):6d} runs in all; must-never-happen: {sum(tally.bad.values())}")
    for what, n in sorted(tally.bad.items()):
        print(f"  {n} × {what}: {tally.examples[what]!r}")
    return 1 if tally.bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/bin/bash
# Instructions per play-out of the tutor (`evaluate` over fixed worlds of seeded positions), counted by valgrind's
# callgrind: a figure the machine's load does not move, so two checkouts can be compared (docs/PERFORMANCE.md).
# usage: tools/tutor_instructions.sh CHECKOUT PLAYERS WORLDS   (e.g. tools/tutor_instructions.sh . 2 20)
set -euo pipefail
dir=$(cd "$1" && pwd); players=$2; worlds=$3
python=$(python3 -c "import sys; print(sys.executable)")  # the interpreter itself, not a shim
count() {
    (cd "$dir" && PYTHONHASHSEED=0 PYTHONPATH="$dir" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" -c "
import random
from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import evaluate
from deberc_tui.practice.position import random_position
rules = Rules.preset('moscow', players=$players); rng = random.Random(1)
positions = [random_position(rules, rng) for _ in range(12)]
evaluate(positions[0], seed=1, max_seconds=1e9, target_se=0, min_worlds=2, max_worlds=2)  # imports, caches
playouts = 0
for p in positions[:$1]:
    e = evaluate(p, seed=5, max_seconds=1e9, target_se=0, min_worlds=$worlds, max_worlds=$worlds)
    playouts += e.worlds * len(e.bids)
print('playouts', playouts)
" 2>&1 | awk '/Collected/ {c=$4} /^playouts/ {p=$2} END {print c, p}')
}
read -r empty _ < <(count 0); read -r full playouts < <(count 12)
echo "$dir, $players players: $(( (full - empty) / playouts )) instructions per play-out ($playouts play-outs)"

#!/bin/bash
# Instructions per deal of `deberc bench engine`, counted by valgrind's callgrind: a figure that does not swing
# with the machine's load, so two checkouts can be compared (docs/PERFORMANCE.md).
# usage: tools/engine_instructions.sh CHECKOUT PLAYERS DEALS   (e.g. tools/engine_instructions.sh . 2 300)
set -euo pipefail
dir=$(cd "$1" && pwd); players=$2; deals=$3
python=$(python3 -c "import sys; print(sys.executable)")  # the interpreter itself, not a shim
count() {
    (cd "$dir" && PYTHONHASHSEED=0 PYTHONPATH="$dir" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" -c "from deberc_tui.cli.bench import bench_engine; bench_engine($players, $1, 1)" 2>&1 \
        | awk '/Collected/ {print $4}')
}
empty=$(count 0); full=$(count "$deals")
echo "$dir, $players players: $(( (full - empty) / deals )) instructions per deal"

#!/usr/bin/env bash
# Instructions per event of each workload named (default: W1–W5 and W8–W10, table runtime and
# compiled), from valgrind's callgrind on a release build of the benchmark package's
# statecharts-profile: (instructions of 1,200 batches − instructions of 200 batches) / 1,000,000
# events, so that starting the program and building the chart cancel out. One line per workload:
# `W1 43.0`. Used to compare a change of the core before and after (docs/benchmarks.md).
#
#     bash scripts/callgrind-per-event.sh            # the default set
#     bash scripts/callgrind-per-event.sh W3 W3compiled
#     PROFILE_SKIP_BUILD=1 bash scripts/callgrind-per-event.sh W1   # the tool as last built
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root/Benchmarks"
command -v valgrind >/dev/null || { echo "callgrind-per-event: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
if [ -z "${PROFILE_SKIP_BUILD:-}" ]; then
    swift build -c release --product statecharts-profile >&2
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# A copy without debug information: valgrind 3.19 gives up on the DWARF 5 the toolchain writes
# ("Possibly corrupted debuginfo file"); callgrind counts the same instructions without it.
tool="$out/statecharts-profile"
objcopy --strip-debug "$root/Benchmarks/.build/release/statecharts-profile" "$tool"
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
    workloads=(W1 W2 W3 W4 W5 W8handle W8hashed W9 W10
               W1compiled W2compiled W3compiled W4compiled W5compiled W8compiled W9compiled W10compiled)
fi
instructions() { # workload batches
    # A fixed hash seed: with a random one, dictionary probes (events hashed by name, W8) vary.
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$tool" "$1" "$2" >/dev/null 2>&1
    awk '/^(summary|totals):/ { print $2; exit }' "$out/cg"
}
for workload in "${workloads[@]}"; do
    low="$(instructions "$workload" 200)"
    high="$(instructions "$workload" 1200)"
    awk -v w="$workload" -v a="$low" -v b="$high" 'BEGIN { printf "%s %.1f\n", w, (b - a) / 1000000 }'
done

#!/usr/bin/env bash
# `make bench`: runs the benchmark suite (Benchmarks/, a package of its own, on ordo-one's
# package-benchmark), prints the table (workload, ns/event, baseline ns/event, ratio,
# allocations/event) and writes the same figures to Benchmarks/results/latest.json; without
# arguments, also the inspector under load and exhaustive verification's speed.
# See docs/benchmarks.md. Extra arguments go to `swift package benchmark` (e.g. --filter 'W1-.*').
# The first run builds the benchmark tool and the suite in release mode (several minutes).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/ensure-system-packages.sh" bench # Boost's headers for the Boost.MSM peer
cd "$root/Benchmarks"

raw="results/raw" # package-benchmark's export, one file per benchmark and metric (not in git)
rm -rf "$raw"
swift package --allow-writing-to-package-directory benchmark run \
    --format histogramPercentiles --path "$raw" --no-progress "$@" | sed -u '/^Writing to /d'
# With extra arguments (a --filter), the sections this run did not measure are kept from the last run.
python3 Scripts/report.py "$raw" results/latest.json ${1:+--merge}
echo
echo "Figures written to Benchmarks/results/latest.json"

# The live inspector under load (1,000 instances at 10 Hz, a page open): docs/inspector.md.
if [ $# -eq 0 ]; then
    cd "$root"
    swift build -c release --product statecharts-inspector-demo
    /usr/bin/python3 scripts/inspector-scale.py .build/release/statecharts-inspector-demo \
        --json Benchmarks/results/inspector-scale.json

    # SCXML at scale: reading, validating and compiling documents of up to 770,000 states
    # with the release command-line tool (also `make scxml-scale` alone).
    swift build -c release --product statechart
    /usr/bin/python3 scripts/measure-scxml-scale.py .build/release/statechart \
        --json Benchmarks/results/scxml-scale.json

    # Exhaustive verification: situations per second and bytes per situation, up to a million
    # situations (docs/analysis.md; also `make verify-bench` alone).
    cd "$root/Benchmarks"
    swift build -c release --product statecharts-verify-bench
    .build/release/statecharts-verify-bench results/verify.json
fi

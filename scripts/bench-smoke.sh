#!/usr/bin/env bash
# make bench-smoke: builds the benchmark package and runs every benchmark for a few iterations, so
# that the suite never rots. No timing is asserted (shared machines are too noisy for that). What
# is checked:
#   - every workload does what docs/benchmarks.md says, and each baseline does the same work as
#     its chart (WorkloadCheck, run before the benchmarks; a failure stops the run);
#   - the export can be turned into the table (Benchmarks/Scripts/report.py);
#   - allocations, which are exact: no iteration of W1–W3, W9 or W10 (and of W9's and W10's
#     compiled twins) may allocate while sending events;
#   - the report script itself (Benchmarks/Scripts/test_report.py).
# Boost's headers (the Boost.MSM peer) are installed first when missing.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/ensure-system-packages.sh" bench # Boost's headers for the Boost.MSM peer
cd "$root/Benchmarks"

# The profiling executable is part of the package too: keep it building.
swift build -c release --product statecharts-profile
.build/release/statecharts-profile check

raw=".build/smoke-results"
rm -rf "$raw"
STATECHARTS_BENCH_SMOKE=1 swift package --allow-writing-to-package-directory benchmark run \
    --format histogramPercentiles --path "$raw" --no-progress | sed -u '/^Writing to /d'
python3 Scripts/report.py "$raw" "$raw/smoke.json" --check-allocations
python3 Scripts/test_report.py # the report on a made-up export, with Boost.MSM and compiled names
echo "benchmark smoke run passed"

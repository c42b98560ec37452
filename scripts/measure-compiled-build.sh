#!/usr/bin/env bash
# Measures the build cost of compiled charts: a generated @CompiledStatechart of SMALL states
# (default 1,000) and one of LARGE states (default 2,000), each built by `swift build` in a
# temporary package that depends on this project by path, with the project's modules (and
# swift-syntax, and the macro) already built. Prints both times and their ratio.
#
#   scripts/measure-compiled-build.sh                  # debug builds, 3 runs each, the best kept
#   CONFIG=release scripts/measure-compiled-build.sh   # the same in release
#   DETAIL=1 scripts/measure-compiled-build.sh         # also the driver's and the frontend's timings
#
# Settings (environment): WORK (the temporary package, default /tmp/statecharts-build-cost),
# SMALL, LARGE, RUNS, SEED, CONFIG (debug or release), DETAIL.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-/tmp/statecharts-build-cost}"
SMALL="${SMALL:-1000}"
LARGE="${LARGE:-2000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-7}"
CONFIG="${CONFIG:-debug}"
DETAIL="${DETAIL:-0}"
SWIFT="${SWIFT:-swift}"

mkdir -p "$WORK/Sources/BigChart"
cat > "$WORK/Package.swift" <<SWIFT
// swift-tools-version: 6.1
// Written by scripts/measure-compiled-build.sh: one generated compiled chart, built alone.
import PackageDescription

let package = Package(
    name: "BuildCost",
    dependencies: [.package(path: "$ROOT")],
    targets: [
        .target(name: "BigChart", dependencies: [.product(name: "StatechartsCompiled", package: "$(basename "$ROOT")")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
[ -f "$ROOT/Package.resolved" ] && cp "$ROOT/Package.resolved" "$WORK/Package.resolved"

chart="$WORK/Sources/BigChart/BigChart.swift"
build() { (cd "$WORK" && "$SWIFT" build -c "$CONFIG" "$@"); }

# Everything but the chart: the project's modules, swift-syntax and the macro.
python3 "$ROOT/scripts/generate-compiled-charts.py" --seed "$SEED" --big 20 --big-out "$chart" >/dev/null
echo "building the project's modules, swift-syntax and the macro ($CONFIG) in $WORK ..."
build >/dev/null

measure() {
    local states="$1" best=""
    python3 "$ROOT/scripts/generate-compiled-charts.py" --seed "$SEED" --big "$states" --big-out "$chart"
    for run in $(seq 1 "$RUNS"); do
        touch "$chart"
        local start end seconds
        start=$(date +%s.%N)
        build >/dev/null
        end=$(date +%s.%N)
        seconds=$(echo "$end - $start" | bc -l)
        printf '  %d states, run %d: %.2f s (load average %s)\n' "$states" "$run" "$seconds" "$(cut -d' ' -f1 /proc/loadavg)"
        if [ -z "$best" ] || (( $(echo "$seconds < $best" | bc -l) )); then best="$seconds"; fi
    done
    if [ "$DETAIL" = "1" ]; then
        touch "$chart"
        echo "  where the time of one build of $states states goes (the driver's jobs; the slowest function bodies):"
        build -Xswiftc -driver-time-compilation -Xfrontend -debug-time-function-bodies -v 2>&1 \
            | grep -E '^\s*[0-9.]+ms\s' | sort -rn | head -5 | sed 's/^/    /' || true
        build -Xswiftc -driver-time-compilation 2>&1 | grep -iE 'total|compile|frontend' | head -8 | sed 's/^/    /' || true
    fi
    RESULT="$best"
}

measure "$SMALL"; small="$RESULT"
measure "$LARGE"; large="$RESULT"
printf '%s build of a compiled chart: %d states %.2f s, %d states %.2f s, ratio %.2f\n' \
    "$CONFIG" "$SMALL" "$small" "$LARGE" "$large" "$(echo "$large / $small" | bc -l)"

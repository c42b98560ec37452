#!/usr/bin/env bash
# Measures the build cost of compiled charts: a generated @CompiledStatechart of SMALL states
# (default 1,000) and one of LARGE states (default 2,000), each built by `swift build` in a
# temporary package that depends on this project by path, with the project's modules (and
# swift-syntax, and the macro) already built. Prints both times and their ratio.
#
#   scripts/measure-compiled-build.sh                  # debug builds, 3 runs each, the best kept
#   CONFIG=release scripts/measure-compiled-build.sh   # the same in release
#   DETAIL=1 scripts/measure-compiled-build.sh         # also where one compile's time goes
#   FORM=let scripts/measure-compiled-build.sh         # the chart as `static let definition = ...`
#
# The chart is written as `static func makeDefinition() -> Definition { Definition { ... } }`
# (FORM=function, the default), which the macro splits into one statement per element, or as
# `static let definition = Definition { ... }` (FORM=let), which Swift type-checks as one
# expression.
#
# DETAIL=1 compiles the chart's file alone in one frontend (`swiftc -c` with the built modules and
# the macro, as SwiftPM's compile job does), with `-stats-output-dir`, and prints the time of type
# checking, SILGen, the SIL optimizer and IRGen; then the same for the chart without
# `@CompiledStatechart` (the same DSL, type-checked as written, as one expression), so that the
# difference is what the macro costs or saves. `-Xswiftc` flags are not passed to
# `swift build`: they would apply to every module and rebuild swift-syntax.
#
# Settings (environment): WORK (the temporary package, default /tmp/statecharts-build-cost),
# SMALL, LARGE, RUNS, SEED, CONFIG (debug or release), DETAIL, FORM (function or let).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-/tmp/statecharts-build-cost}"
SMALL="${SMALL:-1000}"
LARGE="${LARGE:-2000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-7}"
CONFIG="${CONFIG:-debug}"
DETAIL="${DETAIL:-0}"
FORM="${FORM:-function}"
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
python3 "$ROOT/scripts/generate-compiled-charts.py" --seed "$SEED" --big 20 --big-form "$FORM" --big-out "$chart" >/dev/null
echo "building the project's modules, swift-syntax and the macro ($CONFIG) in $WORK ..."
build >/dev/null

# One frontend compiling FILE alone, with its statistics: prints the phases' wall times.
detail() {
    local label="$1" file="$2" bin stats
    bin="$(cd "$WORK" && "$SWIFT" build -c "$CONFIG" --show-bin-path)"
    stats="$(mktemp -d)"
    local optimization=-Onone
    [ "$CONFIG" = "release" ] && optimization=-O
    swiftc -c "$file" -module-name BigChart -parse-as-library -swift-version 6 "$optimization" -g -I "$bin/Modules" \
        -Xfrontend -load-plugin-executable -Xfrontend "$bin/StatechartsCompiledMacros-tool#StatechartsCompiledMacros" \
        -o "$stats/out.o" -stats-output-dir "$stats" >/dev/null 2>&1 || true
    python3 - "$label" "$stats" <<'PY'
import glob, json, sys
label, folder = sys.argv[1], sys.argv[2]
for path in glob.glob(folder + "/*.json"):
    d = json.load(open(path))
    def t(key):
        return next((v for k, v in d.items() if k.startswith("time.") and k.endswith(key + ".wall")), 0.0)
    total = next((v for k, v in d.items() if k.startswith("time.swift-frontend") and k.endswith(".wall")), 0.0)
    print(f"    {label}: total {total:.2f}, type checking {t('perform-sema'):.2f}, SILGen {t('SILGen'):.2f}, "
          f"SIL optimization {t('SIL optimization'):.2f}, IRGen {t('IRGen'):.2f}")
PY
    rm -rf "$stats"
}

measure() {
    local states="$1" best=""
    python3 "$ROOT/scripts/generate-compiled-charts.py" --seed "$SEED" --big "$states" --big-form "$FORM" --big-out "$chart"
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
        local plain="$WORK/plain-$states.swift"
        sed -e 's/^@CompiledStatechart$//' \
            -e 's/static let definition = Definition(/static let definition = StatechartDefinition<StateID, Event, Context>(/' \
            -e 's/static func makeDefinition() -> Definition {/static func makeDefinition() -> StatechartDefinition<StateID, Event, Context> {/' \
            -e 's/^        Definition(/        StatechartDefinition<StateID, Event, Context>(/' \
            "$chart" > "$plain"
        echo "  one frontend, $states states (seconds):"
        detail "compiled" "$chart"
        detail "plain DSL, no macro" "$plain"
    fi
    RESULT="$best"
}

measure "$SMALL"; small="$RESULT"
measure "$LARGE"; large="$RESULT"
printf '%s build of a compiled chart (%s form): %d states %.2f s, %d states %.2f s, ratio %.2f\n' \
    "$CONFIG" "$FORM" "$SMALL" "$small" "$LARGE" "$large" "$(echo "$large / $small" | bc -l)"

#!/usr/bin/env bash
# Uses this package as a user's package would: a fresh package in a temporary folder depends on
# it by path (`.package(path:)`, the same graph as `.package(url:from:)`), builds and runs a
# program on the core alone, then one on the SCXML module, and checks what each build compiled.
#
# Fails when the core's build compiles any module but the core (swift-syntax, SwiftNIO, swift-log,
# swift-argument-parser, Graphviz or Duktape code, ...), or the SCXML module's build any but the
# core and the SCXML module, or either program prints something unexpected.
#
#   bash scripts/check-as-dependency.sh            (make check-as-dependency)
#   CHECK_DIR=/tmp/somewhere bash scripts/check-as-dependency.sh   (keeps the folder)
#
# Each build starts from an empty scratch folder of its own, as a user's first build does: about
# 3 minutes each on a 2-vCPU machine busy with other builds, fetching included.
set -euo pipefail

SWIFT=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -n "${CHECK_DIR:-}" ]]; then
    work=$CHECK_DIR
    rm -rf "$work"
    mkdir -p "$work"
else
    work=$(mktemp -d /tmp/statecharts-as-dependency.XXXXXX)
    trap 'rm -rf "$work"' EXIT
fi

# make_package NAME PRODUCT MAIN_SWIFT: a package with one executable using PRODUCT.
make_package() {
    local name=$1 product=$2 main=$3
    mkdir -p "$work/$name/Sources/$name"
    cat > "$work/$name/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "$name",
    dependencies: [
        .package(path: "$root"),
    ],
    targets: [
        .executableTarget(name: "$name", dependencies: [
            .product(name: "$product", package: "$(basename "$root")"),
        ]),
    ]
)
EOF
    printf '%s\n' "$main" > "$work/$name/Sources/$name/main.swift"
}

# build_and_run NAME EXPECTED: builds NAME from nothing, runs it, compares its output.
build_and_run() {
    local name=$1 expected=$2 start end output
    echo "== $name: swift build (scratch $work/$name/.build)"
    start=$(date +%s)
    (cd "$work/$name" && "$SWIFT" build --scratch-path "$work/$name/.build" 2>&1 | tail -3)
    end=$(date +%s)
    echo "   built in $((end - start)) s (fetching included)"
    output=$("$work/$name/.build/debug/$name")
    if [[ "$output" != "$expected" ]]; then
        echo "FAIL: $name printed '$output', expected '$expected'" >&2
        exit 1
    fi
    echo "   runs: $output"
}

# The modules a build compiled, one name a line: the folders of its debug build that hold object
# files (SwiftPM makes a folder for every module of the graph, compiled or not).
compiled_modules() {
    local folder
    for folder in "$work/$1/.build/debug/"*.build; do
        if [[ -n $(find "$folder" -name '*.o' -print -quit) ]]; then
            basename "$folder" .build
        fi
    done
}

# expect_modules NAME MODULE...: fails unless NAME's build compiled exactly these modules.
expect_modules() {
    local name=$1 compiled expected
    shift
    compiled=$(compiled_modules "$name" | sort | tr '\n' ' ')
    expected=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    if [[ "$compiled" != "$expected" ]]; then
        echo "FAIL: $name compiled: $compiled(expected only: $expected)" >&2
        exit 1
    fi
    echo "   compiled only: $compiled"
}

make_package CoreOnly Statecharts 'import Statecharts

enum Door: Hashable, Sendable { case closed, opened, locked }
enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }

let door = try Statechart<Door, Input, Int> {
    State(.closed) {
        On(.open, to: .opened) { $0 += 1 }
        On(.lock, to: .locked)
    }
    State(.opened) { On(.close, to: .closed) }
    State(.locked) { On(.unlock, to: .closed) }
}
var frontDoor = door.start(context: 0)
frontDoor.send(.open)
frontDoor.send(.close)
frontDoor.send(.lock)
print(frontDoor.activeLeaves, frontDoor.context)'

make_package WithSCXML StatechartsSCXML 'import Statecharts
import StatechartsSCXML

let chart = try SCXMLChart(string: """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">
      <state id="closed"><transition event="open" target="opened"/></state>
      <state id="opened"><transition event="close" target="closed"/></state>
    </scxml>
    """)
var door = try chart.start()
door.send(SCXMLEvent("open"))
print(door.activeLeaves)'

build_and_run CoreOnly "[CoreOnly.Door.locked] 1"
expect_modules CoreOnly CoreOnly Statecharts

build_and_run WithSCXML '["opened"]'
expect_modules WithSCXML WithSCXML Statecharts StatechartsSCXML

echo "OK: the core alone and the SCXML module build and run as a dependency, compiling nothing else"
echo "(no swift-syntax, SwiftNIO, swift-log, swift-argument-parser, Graphviz or Duktape)."

#!/usr/bin/env bash
# Typed SCXML at build time: builds and tests the example package Examples/TypedSCXML, whose
# .scxml documents the StatechartsSCXMLPlugin build-tool plugin turns into Swift, then checks that
# a document with a mistake (Examples/TypedSCXML/Broken) fails the build with
# FILE:LINE:COLUMN: error: MESSAGE at the mistake.
#
#   scripts/test-typed-scxml.sh
#
# The example depends on this package by path and builds in its own folder
# (Examples/TypedSCXML/.build), as a user's package would.
set -euo pipefail

SWIFT="${SWIFT:-swift}"
ROOT="$(cd "$(dirname "$0")/.." && pwd -P)"
EXAMPLE="$ROOT/Examples/TypedSCXML"
SCRATCH="$EXAMPLE/.build"
cd "$EXAMPLE"

"$SWIFT" build --scratch-path "$SCRATCH" --build-tests
"$SWIFT" test --skip-build --scratch-path "$SCRATCH"

expected="$EXAMPLE/Broken/BrokenDoor/Broken.scxml:4:5: error: unknown target 'opne'"
if output="$(TYPED_SCXML_BROKEN=1 "$SWIFT" build --scratch-path "$SCRATCH" --target BrokenDoor 2>&1)"; then
    echo "$output"
    echo "test-typed-scxml: Broken.scxml built, but its mistake must fail the build" >&2
    exit 1
fi
if ! grep -qF "$expected" <<<"$output"; then
    echo "$output"
    echo "test-typed-scxml: the build failed without the expected error: $expected" >&2
    exit 1
fi
echo "test-typed-scxml: the broken document fails the build at its line and column:"
echo "    $expected"

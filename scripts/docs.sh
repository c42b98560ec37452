#!/usr/bin/env bash
# `make docs`: builds the DocC documentation of every library with swift-docc-plugin, offline.
# Each archive lands in .build/plugins/Swift-DocC/outputs/TARGET.doccarchive. A warning (an
# unresolved link, a comment DocC cannot read) fails the command.
set -euo pipefail
SWIFT="${SWIFT:-swift}"
status=0
for target in Statecharts StatechartsSCXML StatechartsECMAScript StatechartsGraphviz StatechartsAnalysis StatechartsMigration StatechartsHTTP StatechartsInspector StatechartsObservation StatechartsLogging StatechartsVerification StatechartsDurable StatechartsDurableSQLite StatechartsDurablePostgres; do
    echo "== $target"
    log="$(mktemp)"
    if ! "$SWIFT" package generate-documentation --target "$target" >"$log" 2>&1; then
        cat "$log"
        status=1
    elif grep -E "warning:|error:" "$log"; then
        status=1
    else
        grep -E "Generated DocC archive|Finished" "$log" || true
    fi
    rm -f "$log"
done
exit "$status"

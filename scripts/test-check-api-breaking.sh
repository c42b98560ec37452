#!/usr/bin/env bash
# Shows that scripts/check-api-breaking.sh fails on a break, without touching the sources: it
# runs the check against a doctored copy of the stored baseline, in which the core module had one
# more public function (so the current tree has "removed" it) and the release had one more
# module, and expects exit status 1 with both breaks named. (`make check-api-breaking` is the
# check against the real baseline, which must pass.) CI runs both after `make test`:
#
#   API_CURRENT_BUILD=.build bash scripts/test-check-api-breaking.sh
set -euo pipefail
cd "$(dirname "$0")/.."

commit=$(grep -v '^[[:space:]]*#' scripts/api-baseline.txt | grep -v '^[[:space:]]*$' | tail -1 | tr -d '[:space:]')
stored=scripts/api-baseline/$commit.tar.gz
if [[ ! -f "$stored" ]]; then
    echo "FAIL: no stored baseline $stored" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The doctored baseline: the core module's dump with a public `func apiCheckCanary()` added at
# the top level, and a copy of it under the name of a module the package never had.
tar -xzf "$stored" -C "$work" ./Statecharts.json
mkdir "$work/doctored"
python3 - "$work/Statecharts.json" "$work/doctored" <<'PY'
import json, sys
dump = json.load(open(sys.argv[1]))
dump["ABIRoot"]["children"].append({
    "kind": "Function", "name": "apiCheckCanary", "printedName": "apiCheckCanary()",
    "children": [{"kind": "TypeNominal", "name": "Void", "printedName": "()"}],
    "declKind": "Func", "usr": "s:11Statecharts14apiCheckCanaryyyF",
    "mangledName": "$s11Statecharts14apiCheckCanaryyyF", "moduleName": "Statecharts",
    "funcSelfKind": "NonMutating"})
json.dump(dump, open(sys.argv[2] + "/Statecharts.json", "w"), indent=1)
dump["ABIRoot"]["name"] = dump["ABIRoot"]["printedName"] = "StatechartsNeverShipped"
json.dump(dump, open(sys.argv[2] + "/StatechartsNeverShipped.json", "w"), indent=1)
PY

failed=0
status=0
API_BASELINE_DIR=$work/doctored bash scripts/check-api-breaking.sh > "$work/doctored.out" 2>&1 || status=$?
for expected in "func apiCheckCanary() has been removed" \
                "API breakage: module StatechartsNeverShipped has been removed"; do
    if ! grep -qF "$expected" "$work/doctored.out"; then
        echo "FAIL: against the doctored baseline, the check did not report: $expected" >&2
        failed=1
    fi
done
if [[ $status -ne 1 ]]; then
    echo "FAIL: against the doctored baseline, the check exited with $status, not 1" >&2
    failed=1
fi
if [[ $failed -ne 0 ]]; then
    cat "$work/doctored.out" >&2
    exit 1
fi
echo "ok: a doctored baseline fails the check (exit 1):"
grep -F -e "apiCheckCanary" -e "StatechartsNeverShipped" "$work/doctored.out" | sed 's/^/   /'

#!/usr/bin/env bash
# The layer check (scripts/check-core-layers.py) on made-up sources: a clean tree passes; a table
# naming a runtime type, a definition extending a compiler type and a file outside the layer
# folders each fail with their file and line; a name in a comment or a string is not a use.
set -euo pipefail
check="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/check-core-layers.py"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
for layer in Support Definition Tables Compiler Runtime DSL; do mkdir -p "$root/$layer"; done
cat > "$root/Tables/Table.swift" <<'SWIFT'
@usableFromInline
internal struct _Table {}
SWIFT
cat > "$root/Compiler/Compiler.swift" <<'SWIFT'
struct _Compiler { let table: _Table }
SWIFT
cat > "$root/Runtime/Instance.swift" <<'SWIFT'
public struct Instance {
    // _Compiler and _Table below: the runtime may name both.
    let compiler: _Compiler
}
SWIFT
cat > "$root/Definition/Action.swift" <<'SWIFT'
/// Runs inside an ``Instance`` (a comment is not a use).
public struct Action { let label = "Instance" }
SWIFT

/usr/bin/python3 "$check" "$root" >/dev/null || { echo "FAIL: a clean tree was refused"; exit 1; }

fails() { # what must appear in the check's output
    local expected="$1" output
    if output="$(/usr/bin/python3 "$check" "$root" 2>&1)"; then
        echo "FAIL: the check passed; expected: $expected"; exit 1
    fi
    grep -qF -- "$expected" <<<"$output" || { echo "FAIL: expected '$expected' in:"; echo "$output"; exit 1; }
}

echo 'extension _Table { var owner: Instance? { nil } }' > "$root/Tables/Table+Owner.swift"
fails "Tables/Table+Owner.swift:1: Tables names Instance (Runtime)"
rm "$root/Tables/Table+Owner.swift"

printf '\nextension _Compiler {}\n' > "$root/Definition/Action+Compiler.swift"
fails "Definition/Action+Compiler.swift:2: Definition names _Compiler (Compiler)"
rm "$root/Definition/Action+Compiler.swift"

# Packed words: written in their own files, refused elsewhere.
printf 'extension Instance {\n    mutating func jump() { leafRow = .activeSet }\n}\n' > "$root/Runtime/Instance+Jump.swift"
fails "Runtime/Instance+Jump.swift:2: a write of leafRow outside its named moves"
mkdir -p "$root/Runtime" && mv "$root/Runtime/Instance+Jump.swift" "$root/Runtime/StatechartInstance+LeafRow.swift"
echo 'let row = _LeafRow(rawValue: -1)' > "$root/Tables/Words.swift"
fails "Tables/Words.swift:1: a leaf row built from raw bits"
mv "$root/Tables/Words.swift" "$root/Tables/LeafRow.swift"
echo 'let entry = _DirectEntry(code: -2, row: .activeSet, action: nil)' > "$root/Compiler/Entries.swift"
fails "Compiler/Entries.swift:1: a direct entry built from its raw code"
rm "$root/Compiler/Entries.swift"
printf 'extension Instance {\n    func peek() -> Int { historyMemory.count }\n}\n' > "$root/Runtime/Instance+Peek.swift"
fails "Runtime/Instance+Peek.swift:2: the history memory read or written past its owner"
mv "$root/Runtime/Instance+Peek.swift" "$root/Runtime/StatechartInstance+History.swift"
printf 'extension Instance {\n    mutating func exit() {\n        syncHistoryMemory()\n    }\n}\n' > "$root/Runtime/Route.swift"
fails "Runtime/Route.swift:3: the history fields synced past their owner"
rm "$root/Runtime/Route.swift"
/usr/bin/python3 "$check" "$root" >/dev/null || { echo "FAIL: a packed word's writer in its own file was refused"; exit 1; }
rm "$root/Runtime/StatechartInstance+LeafRow.swift" "$root/Tables/LeafRow.swift" "$root/Runtime/StatechartInstance+History.swift"

echo 'struct Loose {}' > "$root/Loose.swift"
fails "Loose.swift: outside the layer folders"
rm "$root/Loose.swift"

/usr/bin/python3 "$check" "$root" >/dev/null || { echo "FAIL: the clean tree was refused at the end"; exit 1; }
echo "layer check: passes a clean tree, fails on back arrows, loose files and packed words written outside their files"

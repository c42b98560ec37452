#!/usr/bin/env bash
# The availability audit (scripts/check-availability.py) on made-up sources: a clean tree passes;
# a planted use of an API newer than the declared platforms fails with its file, line and
# versions; the same use under `@available`, `if #available` or `guard #available` passes, and so
# does a name in a comment or a string; lowering the platforms makes `Mutex` a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
check="$here/check-availability.py"
cache="$here/../.build/availability"  # the table the real check built (or builds now)
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/Sources/Core"
platforms='.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)'
package() { printf 'let package = Package(name: "P", platforms: [%s])\n' "$1" > "$root/Package.swift"; }
package "$platforms"
cat > "$root/Sources/Core/Clean.swift" <<'SWIFT'
import Synchronization
/// Waits for an `InlineArray` (a comment is not a use).
struct Waiter {
    let lock = Mutex(0)
    let delay: Duration = .seconds(1)
    let label = "InlineArray<2, Int>"
}
SWIFT

run() { /usr/bin/python3 "$check" --sources "$root/Sources" --package "$root/Package.swift" --cache "$cache"; }
run >/dev/null || { echo "FAIL: a clean tree was refused"; run; exit 1; }

fails() { # what must appear in the check's output
    local expected="$1" output
    if output="$(run 2>&1)"; then
        echo "FAIL: the check passed; expected: $expected"; exit 1
    fi
    grep -qF -- "$expected" <<<"$output" || { echo "FAIL: expected '$expected' in:"; echo "$output"; exit 1; }
}
passes() {
    local why="$1" output
    output="$(run 2>&1)" || { echo "FAIL: $why, but:"; echo "$output"; exit 1; }
}

cat > "$root/Sources/Core/Slots.swift" <<'SWIFT'
struct Slots {
    var values = InlineArray<4, Int>(repeating: 0)
}
SWIFT
fails "Slots.swift:2: InlineArray needs macOS 26.0 / iOS 26.0"

cat > "$root/Sources/Core/Slots.swift" <<'SWIFT'
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct Slots {
    var values = InlineArray<4, Int>(repeating: 0)
}
SWIFT
passes "a use inside an @available(macOS 26 ...) declaration is allowed"

cat > "$root/Sources/Core/Slots.swift" <<'SWIFT'
func count() -> Int {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let values = InlineArray<4, Int>(repeating: 0)
        return values.count
    }
    return 0
}
SWIFT
passes "a use under if #available(macOS 26 ...) is allowed"

cat >> "$root/Sources/Core/Slots.swift" <<'SWIFT'
func later() -> Int {
    InlineArray<2, Int>(repeating: 1).count
}
SWIFT
fails "Slots.swift:9: InlineArray"

cat > "$root/Sources/Core/Slots.swift" <<'SWIFT'
func count() -> Int {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return 0 }
    return InlineArray<4, Int>(repeating: 0).count
}
SWIFT
passes "a use after guard #available(macOS 26 ...) is allowed"
rm "$root/Sources/Core/Slots.swift"

package ".macOS(.v13), .iOS(.v16)"
fails "Clean.swift:4: Mutex(_:) needs macOS 15.0 / iOS 18.0"
package "$platforms"
passes "the clean tree again"
echo "test-check-availability: all cases behave"

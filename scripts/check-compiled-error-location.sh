#!/usr/bin/env bash
# Checks that a type error in a compiled chart's action, guard or done-event builder is reported
# at its line and column in the user's file, in both forms (`static let definition` and `static
# func makeDefinition()`), and nowhere in a macro expansion: the macro marks its copies of the
# user's code with `#sourceLocation`. Type-checks a chart with deliberate mistakes against the
# built modules and macro (run `swift build` first); prints the compiler's output, and exits 1 if
# an expected error is missing or one is reported elsewhere.
#
#   scripts/check-compiled-error-location.sh
#
# Settings (environment): WORK (a scratch folder, default /tmp/statecharts-error-location).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-/tmp/statecharts-error-location}"
BUILD="$ROOT/.build/debug"
PLUGIN="$BUILD/StatechartsCompiledMacros-tool"
[ -x "$PLUGIN" ] || { echo "no macro at $PLUGIN: run swift build first" >&2; exit 2; }
mkdir -p "$WORK"
cat > "$WORK/Mistakes.swift" <<'SWIFT'
import StatechartsCompiled

enum Light: Hashable, Sendable { case off, on, done }
enum Flip: StatechartEvent, Hashable { case flip }
struct Count: Sendable { var count = 0 }

@CompiledStatechart
enum FunctionChart {
    typealias StateID = Light
    typealias Event = Flip
    typealias Context = Count
    static func makeDefinition() -> Definition {
        Definition("light") {
            State(.off) {
                OnEntry { $0.cnt += 1 }
                On(.flip, to: .on) { count in
                    count.coutn += 1
                }
            }
            State(.on) { On(.flip, to: .done, guard: Guard { $0.kount > 1 }) }
            Final(.done, doneEvent: DoneEventBuilder { c, _, _ in c.nope ? .flip : nil })
        }
    }
}

@CompiledStatechart
enum LetChart {
    typealias StateID = Light
    typealias Event = Flip
    typealias Context = Count
    static let definition = Definition("light") {
        State(.off) { On(.flip, to: .on) { $0.cuont += 1 } }
        State(.on)
    }
}
SWIFT
# file:line:column of each mistake, as written above.
expected=(
    "Mistakes.swift:15:30: error: value of type 'FunctionChart.Context' (aka 'Count') has no member 'cnt'"
    "Mistakes.swift:17:27: error: value of type 'FunctionChart.Context' (aka 'Count') has no member 'coutn'"
    "Mistakes.swift:20:65: error: value of type 'FunctionChart.Context' (aka 'Count') has no member 'kount'"
    "Mistakes.swift:21:69: error: value of type 'FunctionChart.Context' (aka 'Count') has no member 'nope'"
    "Mistakes.swift:32:47: error: value of type 'LetChart.Context' (aka 'Count') has no member 'cuont'"
)
cd "$WORK"
output="$(swiftc -typecheck -diagnostic-style llvm -swift-version 6 -I "$BUILD/Modules" \
    -load-plugin-executable "$PLUGIN#StatechartsCompiledMacros" Mistakes.swift 2>&1 || true)"
errors="$(grep ': error: ' <<<"$output" || true)"
echo "check-compiled-error-location: the compiler's errors for five deliberate mistakes (expected):"
sed 's/^/    /' <<<"$errors"
status=0
for line in "${expected[@]}"; do
    grep -qF "$line" <<<"$errors" || { echo "missing: $line" >&2; status=1; }
done
if grep -v '^Mistakes.swift:' <<<"$errors" | grep -q .; then
    echo "errors reported outside Mistakes.swift (in a macro expansion):" >&2
    status=1
fi
[ $status -eq 0 ] && echo "check-compiled-error-location: each mistake is reported at its own line and column"
exit $status

#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/, a package of its own) with libFuzzer and AddressSanitizer and
# runs each for FUZZ_SECONDS (default 600). Any crash, leak, timeout (an input running longer than
# FUZZ_TIMEOUT seconds, default 10) or out-of-memory fails the run; the input that caused it is
# left in .build-fuzz/artifacts/. Seeds: the committed corpus (Fuzz/Corpus/TARGET), the example
# charts, and the W3C documents in ../shared/conformance when they are there (read in place,
# never copied). What the fuzzer learns is kept in .build-fuzz/corpus/TARGET between runs.
#
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh            # every target, a minute each
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh FuzzSCXML  # one target
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${FUZZ_SECONDS:-600}"
timeout="${FUZZ_TIMEOUT:-10}"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzSCXML FuzzSnapshot)
work="$root/.build-fuzz"
conformance="${SCXML_W3C_DIR:-$root/../shared/conformance}"

cd "$root/Fuzz"
# --sanitize=fuzzer makes SwiftPM link libFuzzer's main; the -Xswiftc/-Xcc flags add the coverage
# instrumentation (SwiftPM's two separate --sanitize flags do not give Swift code any) and
# AddressSanitizer, to the Swift code and to Duktape's C code alike.
swift build -c release --scratch-path "$work/build" --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xcc -fsanitize=fuzzer-no-link,address

status=0
for target in "${targets[@]}"; do
    case "$target" in
        FuzzSCXML) seeds=("Corpus/scxml" "$root/Examples/SCXML"); dict="Dictionaries/scxml.dict"; max_len=16384
                   [ -d "$conformance/w3c-ecma-reference" ] && seeds+=("$conformance/w3c-ecma-reference") ;;
        FuzzSnapshot) seeds=("Corpus/snapshot"); dict="Dictionaries/snapshot.dict"; max_len=4096 ;;
        *) echo "fuzz.sh: unknown target '$target' (FuzzSCXML, FuzzSnapshot)" >&2; exit 2 ;;
    esac
    mkdir -p "$work/corpus/$target" "$work/artifacts"
    log="$work/$target.log"
    echo "fuzz.sh: $target for ${seconds}s (log: $log)"
    if "$work/build/release/$target" "$work/corpus/$target" "${seeds[@]}" \
        -dict="$dict" -max_len="$max_len" -timeout="$timeout" -rss_limit_mb=2048 \
        -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$target-" > "$log" 2>&1; then
        # The last status line: executions, coverage, corpus; and the speed.
        grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 | sed "s/^/fuzz.sh: $target: /"
        grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | sed "s/^/fuzz.sh: $target: /"
    else
        status=1
        echo "fuzz.sh: $target FAILED; the report:" >&2
        grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)' "$log" | tail -60 >&2
    fi
done
exit $status

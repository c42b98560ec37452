#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/, a package of its own) with libFuzzer and AddressSanitizer (their
# flags in Fuzz/toolset.json, below) and runs them all at once, each for FUZZ_SECONDS (default
# 600). Any crash, leak, timeout (an input running longer than FUZZ_TIMEOUT seconds, default 10)
# or out-of-memory fails the run; the input that caused it is left in .build-fuzz/artifacts/.
# LeakSanitizer passes over the leaks of the libraries Fuzz/lsan-suppressions.txt names
# (Graphviz's own, which the inspector's target meets), and only those. Seeds: the committed corpus
# (Fuzz/Corpus/TARGET), the example charts, and the W3C documents in ../shared/conformance when
# they are there (read in place, never copied). What the fuzzer learns is kept in .build-fuzz/corpus/TARGET between runs.
#
# FUZZ_SEED and FUZZ_RUNS make a run repeatable: the same seed, the same number of inputs, and
# Swift's hashing made deterministic give the same inputs on every machine (only the timeout, a
# wall-clock limit, can differ). CI runs that way, so what passes here passes there; open-ended
# exploration is a run without them. FUZZ_RUNS_<TARGET> (FUZZ_RUNS_FuzzDurableRows=20000) sets
# one target's number of inputs instead: the targets' speeds differ by more than ten times.
#
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh            # every target, a minute each
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh FuzzSCXML  # one target
#   FUZZ_SEED=1 FUZZ_RUNS=30000 bash scripts/fuzz.sh # CI's repeatable run
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${FUZZ_SECONDS:-600}"
timeout="${FUZZ_TIMEOUT:-10}"
repeatable=()
[ -n "${FUZZ_SEED:-}" ] && repeatable+=("-seed=$FUZZ_SEED")
known=(FuzzSCXML FuzzSnapshot FuzzSCXMLJSON FuzzHTTPForm FuzzVerifyConditions FuzzDurableRows FuzzInspectorMessages)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${known[@]}")
for target in "${targets[@]}"; do
    if [[ " ${known[*]} " != *" $target "* ]]; then
        echo "fuzz.sh: unknown target '$target' (${known[*]})" >&2
        exit 2
    fi
done
work="$root/.build-fuzz"
conformance="${SCXML_W3C_DIR:-$root/../shared/conformance}"

cd "$root/Fuzz"
# Fuzz/toolset.json gives what SwiftPM builds for the target platform (the fuzz targets and the
# modules they use, Swift and Duktape's C alike) libFuzzer's coverage instrumentation and
# AddressSanitizer, and links libFuzzer into the executables: swiftc's -sanitize=fuzzer,address,
# clang's -fsanitize=fuzzer-no-link,address. Build tools (the macro tool of StatechartsCompiled,
# which the inspector's target pulls in, and its swift-syntax) are built for the host without it;
# SwiftPM's --sanitize=fuzzer or -Xswiftc would link libFuzzer's main into the macro tool too,
# which has a main of its own (Fuzz/Package.swift).
swift build -c release --scratch-path "$work/build" --toolset "$root/Fuzz/toolset.json"

# The targets run side by side, one process each (libFuzzer is single-threaded); each one's
# report is printed when all have finished, in the order they were named.
run_target() {
    local target="$1" seeds dict max_len corpus log runs_name runs
    case "$target" in
        FuzzSCXML) seeds=("Corpus/scxml" "$root/Examples/SCXML"); dict="Dictionaries/scxml.dict"; max_len=16384
                   [ -d "$conformance/w3c-ecma-reference" ] && seeds+=("$conformance/w3c-ecma-reference") ;;
        FuzzSnapshot) seeds=("Corpus/snapshot"); dict="Dictionaries/snapshot.dict"; max_len=4096 ;;
        FuzzSCXMLJSON) seeds=("Corpus/json"); dict="Dictionaries/json.dict"; max_len=4096 ;;
        FuzzHTTPForm) seeds=("Corpus/http"); dict="Dictionaries/http.dict"; max_len=2048 ;;
        FuzzVerifyConditions) seeds=("Corpus/conditions"); dict="Dictionaries/conditions.dict"; max_len=4096 ;;
        FuzzDurableRows) seeds=("Corpus/durable"); dict="Dictionaries/durable.dict"; max_len=8192 ;;
        FuzzInspectorMessages) seeds=("Corpus/inspector"); dict="Dictionaries/inspector.dict"; max_len=4096 ;;
    esac
    corpus="$work/corpus/$target"
    # A repeatable run starts from the committed seeds alone, not from what earlier runs learned.
    if [ -n "${FUZZ_SEED:-}" ]; then corpus="$work/corpus-seed$FUZZ_SEED/$target"; rm -rf "$corpus"; fi
    mkdir -p "$corpus" "$work/artifacts"
    log="$work/$target.log"
    runs_name="FUZZ_RUNS_$target"
    runs="${!runs_name:-${FUZZ_RUNS:-}}"
    SWIFT_DETERMINISTIC_HASHING=1 LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
        "$work/build/release/$target" "$corpus" "${seeds[@]}" \
        -dict="$dict" -max_len="$max_len" -timeout="$timeout" -rss_limit_mb=2048 ${repeatable[@]+"${repeatable[@]}"} ${runs:+"-runs=$runs"} \
        -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$target-" > "$log" 2>&1
}

pids=()
for target in "${targets[@]}"; do
    runs_name="FUZZ_RUNS_$target"
    runs="${!runs_name:-${FUZZ_RUNS:-}}"
    echo "fuzz.sh: $target for ${seconds}s${runs:+ or $runs inputs}${FUZZ_SEED:+, seed $FUZZ_SEED} (log: $work/$target.log)"
    run_target "$target" &
    pids+=($!)
done
status=0
for k in "${!targets[@]}"; do
    target="${targets[$k]}"
    log="$work/$target.log"
    if wait "${pids[$k]}"; then
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

#!/usr/bin/env python3
"""Checks report.py (and peers.py) on made-up package-benchmark exports: the JSON keeps every key
it had, adds "msm" and "compiled" when their benchmarks ran, with the ratios worked out from
known medians, a filtered run (some benchmarks missing) still reports what it has, and --merge
keeps what it did not measure.

Usage: test_report.py   (exits non-zero on the first failure; run by scripts/bench-smoke.sh)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

HEADERS = {"wallClock": "Time (wall clock) (ns) *", "mallocCountTotal": "Malloc (total) *",
           "mallocBytesCount": "Malloc (bytes total) *"}


def write(raw, name, metric, value):
    """One export file whose every percentile is `value`."""
    header = HEADERS.get(metric, f"{metric} *")
    path = os.path.join(raw, f"Current_run.StatechartsBenchmarks.{name}.{metric}.histogram.percentiles.tsv")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"Percentile\t{header}\n")
        for p in range(101):
            handle.write(f"{p}\t{value}\n")


def event(raw, name, ns_per_event, mallocs=0):
    write(raw, name, "wallClock", ns_per_event * 1000)
    write(raw, name, "mallocCountTotal", mallocs)


def paired(raw, name, first_ns, second_ns):
    write(raw, name, "firstNs", first_ns * 1000)
    write(raw, name, "secondNs", second_ns * 1000)
    write(raw, name, "ratioPerMille", first_ns * 1000 // second_ns)


def full_export(raw):
    """Every benchmark of the suite, with Boost.MSM and compiled twins."""
    for key, chart, table_ns, base_ns in (("W1", "W1-toggle", 4, 2), ("W2", "W2-ring", 3, 3), ("W3", "W3-deep", 20, 2.5)):
        event(raw, chart, table_ns)
        event(raw, f"{key}-baseline", base_ns)
        paired(raw, f"{key}-paired", table_ns, base_ns)
    event(raw, "W3-closure-floor", 13)
    event(raw, "W3-call-floor", 10)
    paired(raw, "W3-floor-paired", 20, 13)
    paired(raw, "W2-distinct-paired", 9, 3)
    event(raw, "W4-parallel", 24)
    paired(raw, "W4-paired", 24, 4)
    event(raw, "W5-history", 64)
    event(raw, "W5-baseline", 16)
    paired(raw, "W5-paired", 64, 20)
    for name in ("W8-enum", "W8-handle"):
        event(raw, name, 3)
    event(raw, "W8-hashed-enum", 30)
    paired(raw, "W8-paired", 3, 3)
    for n, ms in ((1000, 4), (10000, 50), (20000, 100)):
        write(raw, f"W6-compile-{n}", "wallClock", ms * 1e6)
        write(raw, f"W6-compile-{n}", "threadCPUTime", ms * 1e6)
        write(raw, f"W6-compile-{n}", "mallocCountTotal", 1000)
    write(raw, "W7-footprint", "instanceBytes", 64)
    write(raw, "W7-footprint", "mallocCountTotal", 3)
    write(raw, "W7-footprint", "mallocBytesCount", 96)
    # Boost.MSM: W1 1.5 ns (baseline 2), W2 1.5 (baseline 3), W3 3 (baseline 2.5).
    for key, msm_ns, base_ns, table_ns in (("W1", 1.5, 2, 4), ("W2", 1.5, 3, 3), ("W3", 3, 2.5, 20)):
        event(raw, f"{key}-msm", msm_ns)
        paired(raw, f"{key}-msm-paired", msm_ns, base_ns)
        paired(raw, f"{key}-table-msm-paired", table_ns, msm_ns)
    # Compiled twins, named in the shapes the report accepts.
    event(raw, "W1-compiled", 1)
    paired(raw, "W1-compiled-paired", 1, 2)
    paired(raw, "W1-compiled-msm-paired", 1, 1.5)
    event(raw, "W3 compiled", 3.5)
    paired(raw, "W3 compiled paired", 3.5, 2.5)
    paired(raw, "W2-distinct-compiled-paired", 4, 3)
    event(raw, "W4-compiled", 2.5)
    paired(raw, "W4-compiled-w1-paired", 2.5, 1)
    # W9 and W10: table runtime, compiled twin and baseline, each pair against the baseline.
    for key, chart, table_ns, compiled_ns, base_ns in (("W9", "W9-player", 6, 2.5, 2), ("W10", "W10-flat", 9, 3, 2.5)):
        event(raw, chart, table_ns)
        event(raw, f"{key}-baseline", base_ns)
        paired(raw, f"{key}-paired", table_ns, base_ns)
        event(raw, f"{key}-compiled", compiled_ns)
        paired(raw, f"{key}-compiled-paired", compiled_ns, base_ns)


def run(raw, out, *flags):
    done = subprocess.run([sys.executable, os.path.join(HERE, "report.py"), raw, out, *flags],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"report.py failed:\n{done.stdout}\n{done.stderr}")
    with open(out, encoding="utf-8") as handle:
        return json.load(handle), done.stdout


def expect(condition, message):
    if not condition:
        raise SystemExit(f"test_report: {message}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "raw")
        os.makedirs(raw)
        full_export(raw)
        data, printed = run(raw, os.path.join(tmp, "full.json"))
        # The keys that were there before the peers, unchanged.
        for key in ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "meta"):
            expect(key in data, f"{key} missing")
        expect(data["W1"]["paired_ratio"] == 2.0 and data["W3"]["closure_floor_ratio"] == 5.2, "W1/W3 figures wrong")
        expect(data["W6"]["ratio_20000_to_10000"] == 2.0 and data["W7"]["instance_bytes"] == 64, "W6/W7 figures wrong")
        expect(data["W9"] == {"ns_per_event": 6.0, "baseline_ns_per_event": 2.0, "ratio": 3.0, "mallocs_per_event": 0.0,
                              "paired_ratio": 3.0, "baseline_mallocs_per_event": 0.0}, f"W9 {data['W9']}")
        expect(data["W10"]["paired_ratio"] == 3.6 and data["W10"]["ratio"] == 3.6, f"W10 {data['W10']}")
        expect("| W9 player " in printed and "| W10 flat " in printed, "W9/W10 rows not printed")
        expect(data["W5"] == {"ns_per_event": 64.0, "mallocs_per_event": 0.0, "baseline_ns_per_event": 16.0, "ratio": 4.0,
                              "paired_ratio": 3.2}, f"W5 {data['W5']}")
        expect("| W5 history " in printed and "≤ 4.0× baseline" in printed, "W5 row not printed with its target")
        # Boost.MSM.
        msm = data["msm"]
        expect(set(msm) == {"W1", "W2", "W3"}, f"msm keys {sorted(msm)}")
        expect(msm["W1"]["ns_per_event"] == 1.5 and msm["W1"]["paired_ratio_to_baseline"] == 0.75, f"msm W1 {msm['W1']}")
        expect(msm["W1"]["table_paired_ratio_to_msm"] == 2.67 and msm["W1"]["table_ratio_to_msm"] == 2.67,
               f"msm W1 table ratios {msm['W1']}")
        expect(msm["W3"]["ratio_to_baseline"] == 1.2 and msm["W3"]["mallocs_per_event"] == 0.0, f"msm W3 {msm['W3']}")
        # Compiled charts, picked up by name.
        compiled = data["compiled"]
        expect(set(compiled) == {"W1", "W3", "W4", "W2-distinct", "W9", "W10"}, f"compiled keys {sorted(compiled)}")
        expect(list(compiled) == ["W1", "W2-distinct", "W3", "W4", "W9", "W10"], f"compiled order {list(compiled)}")
        expect(compiled["W9"] == {"ns_per_event": 2.5, "mallocs_per_event": 0.0, "ratio_to_baseline": 1.25,
                                  "paired_ratio_to_baseline": 1.25}, f"compiled W9 {compiled['W9']}")
        expect(compiled["W10"]["paired_ratio_to_baseline"] == 1.2, f"compiled W10 {compiled['W10']}")
        expect(compiled["W4"]["ratio_to_compiled_W1"] == 2.5 and compiled["W4"]["paired_ratio_to_compiled_W1"] == 2.5,
               f"compiled W4 {compiled['W4']}")
        expect(compiled["W1"] == {"ns_per_event": 1.0, "mallocs_per_event": 0.0, "ratio_to_baseline": 0.5,
                                  "ratio_to_msm": 0.67, "paired_ratio_to_baseline": 0.5, "paired_ratio_to_msm": 0.67},
               f"compiled W1 {compiled['W1']}")
        expect(compiled["W3"]["paired_ratio_to_baseline"] == 1.4
               and compiled["W3"]["paired_ratio_to_msm_via_baseline"] == 1.17, f"compiled W3 {compiled['W3']}")
        expect(compiled["W2-distinct"] == {"paired_ratio_to_baseline": 1.33}, f"compiled W2-distinct {compiled['W2-distinct']}")
        expect("table runtime / MSM" in printed and "compiled / MSM" in printed, "peer tables not printed")
        # The allocation check passes on this export, and fails when W10's compiled twin allocates.
        run(raw, os.path.join(tmp, "checked.json"), "--check-allocations")
        event(raw, "W10-compiled", 3, mallocs=1)
        done = subprocess.run([sys.executable, os.path.join(HERE, "report.py"), raw, os.path.join(tmp, "checked.json"),
                               "--check-allocations"], capture_output=True, text=True)
        expect(done.returncode != 0 and "W10-compiled" in done.stderr, "an allocating W10-compiled passed the check")

        # A filtered run (--filter 'W1'): only W1's benchmarks and MSM's W1.
        for name in os.listdir(raw):
            if ".W1-" not in name:
                os.remove(os.path.join(raw, name))
        data, _ = run(raw, os.path.join(tmp, "w1.json"))
        expect(set(data) == {"W1", "msm", "compiled", "meta"}, f"filtered keys {sorted(data)}")
        expect(set(data["msm"]) == {"W1"} and set(data["compiled"]) == {"W1"}, "filtered peers wrong")
        # --merge: a filtered run keeps the sections it did not measure, and the compiled entries
        # it did not measure, each with the date it was measured.
        merged_path = os.path.join(tmp, "merged.json")
        with open(merged_path, "w", encoding="utf-8") as handle:
            json.dump({"W1": {"old": True}, "W4": {"ns_per_event": 24.0}, "W5": {"ns_per_event": 64.0},
                       "compiled": {"W1": {"old": True}, "W2": {"ns_per_event": 1.3}},
                       "meta": {"date": "2026-01-01T00:00:00Z",
                                "kept_from_earlier_runs": [{"date": "2025-12-01T00:00:00Z", "keys": ["W4", "compiled"]}]}},
                      handle)
        done = subprocess.run([sys.executable, os.path.join(HERE, "report.py"), raw, merged_path, "--merge"],
                              capture_output=True, text=True)
        expect(done.returncode == 0, f"--merge failed: {done.stderr}")
        with open(merged_path, encoding="utf-8") as handle:
            merged = json.load(handle)
        expect(list(merged) == ["W1", "W4", "W5", "compiled", "msm", "meta"], f"merged keys {list(merged)}")
        expect("old" not in merged["W1"] and merged["W4"] == {"ns_per_event": 24.0}, "merge kept the wrong sections")
        expect(list(merged["compiled"]) == ["W1", "W2"] and "old" not in merged["compiled"]["W1"]
               and merged["compiled"]["W2"] == {"ns_per_event": 1.3}, f"merged compiled {merged['compiled']}")
        expect(merged["meta"]["kept_from_earlier_runs"] == [{"date": "2025-12-01T00:00:00Z", "keys": ["W4", "compiled.W2"]},
                                                            {"date": "2026-01-01T00:00:00Z", "keys": ["W5"]}],
               f"merged meta {merged['meta']}")
    print("test_report: 4 passed, 0 failed")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Turns a package-benchmark export (--format histogramPercentiles) into the Statecharts table.

Usage: report.py RAW_DIR JSON_OUT [--check-allocations] [--merge]

RAW_DIR holds one `<run>.<target>.<benchmark>.<metric>.histogram.percentiles.tsv` file per benchmark
and metric. Prints the table and writes the figures to JSON_OUT. Figures are medians (p50) over the
iterations; an event benchmark's iteration sends EVENTS_PER_BATCH events. Nothing here asserts a
timing: the targets are printed as met or missed, for information only. --check-allocations (used
by scripts/bench-smoke.sh) fails when any iteration of W1–W3, W9 or W10 (table runtime or compiled)
allocated.

A section whose benchmarks did not run (left out by --filter) is left out of the table and the
JSON; with --merge (scripts/bench.sh passes it for a filtered run) the sections of JSON_OUT that
this run did not measure are kept, and so are the workloads of "msm" and "compiled" it did not
measure; "meta" names them and the date they were measured. The peers (Boost.MSM under "msm", compiled charts under "compiled") are read by
Scripts/peers.py; Scripts/test_report.py checks the whole on a made-up export.
"""
import json
import os
import platform
import re
import subprocess
import sys
from datetime import datetime, timezone

import peers  # Boost.MSM and compiled charts (Scripts/peers.py)

EVENTS_PER_BATCH = 1000  # eventsPerBatch in Sources/StatechartsWorkloads/Opaque.swift

# The benchmarks of which no iteration may allocate (--check-allocations).
ALLOCATION_FREE = ("W1-toggle", "W2-ring", "W3-deep", "W3-inspected",
                   "W9-player", "W9-compiled", "W10-flat", "W10-compiled")

UNIT_NS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def read_export(raw_dir):
    """{benchmark: {metric: {percentile: value in base units (ns for times)}}}"""
    results = {}
    pattern = re.compile(r"^(?P<run>[^.]+)\.(?P<target>[^.]+)\.(?P<name>.+)\.(?P<metric>[^.]+)\.histogram\.percentiles\.tsv$")
    for file in sorted(os.listdir(raw_dir)):
        match = pattern.match(file)
        if not match:
            continue
        with open(os.path.join(raw_dir, file), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        header = lines[0].split("\t", 1)[1]
        factor = 1.0
        unit = re.search(r"\((ns|μs|us|ms|s)\)", header)
        if unit:
            factor = UNIT_NS[unit.group(1)]
        elif re.search(r"\((K|M|G)\)", header):
            raise SystemExit(f"{file}: counts exported in scaled units ({header}); set units to .count")
        percentiles = {}
        for line in lines[1:]:
            if not line.strip():
                continue
            p, value = line.split("\t")
            percentiles[int(p)] = float(value) * factor
        results.setdefault(match.group("name"), {})[match.group("metric")] = percentiles
    return results


def median(results, name, metric):
    return results[name][metric][50]


def maximum(results, name, metric):
    return results[name][metric][100]


def machine():
    def run(command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            return ""
    cpu = ""
    # A virtual machine's model name is often only the brand ("AMD EPYC"); family, model and
    # stepping tell the processor generations apart, whose branch predictors differ.
    fields = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
        cpu = fields.get("model name", "")
    except OSError:
        cpu = platform.processor()
    identity = " ".join(f"{name} {fields[key]}" for key, name in
                        [("cpu family", "family"), ("model", "model"), ("stepping", "stepping")] if key in fields)
    return {
        "swift": run(["swift", "--version"]).splitlines()[0] if run(["swift", "--version"]) else "",
        "nproc": run(["nproc"]),
        "cpu": cpu,
        "cpu_identity": identity,
        "os": platform.platform(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "statistic": "median (p50) of the iterations; wall clock (W6: thread CPU time)",
        "events_per_batch": EVENTS_PER_BATCH,
    }


def r(x, digits=3):
    return None if x is None else round(x, digits)


# Sections holding one entry per workload (the peers): a filtered run replaces the entries it
# measured and keeps the others, each named "section.entry" in meta.kept_from_earlier_runs.
PER_WORKLOAD_SECTIONS = ("msm", "compiled")


def merge(earlier, out):
    """`out` with what it did not measure taken from `earlier` (the JSON of an earlier run): whole
    sections, and entries of the per-workload sections. meta.kept_from_earlier_runs says what was
    kept and when it was measured."""
    kept = [key for key in earlier if key not in out and key != "meta"]
    for section in PER_WORKLOAD_SECTIONS:
        if section in out and isinstance(earlier.get(section), dict):
            kept += [f"{section}.{entry}" for entry in earlier[section] if entry not in out[section]]
    if not kept:
        return out
    earlier_meta = earlier.get("meta", {})

    def date_of(name):
        """When `name` was measured: the date recorded for it (or for its whole section) by an
        earlier merge, else the earlier run's."""
        for entry in earlier_meta.get("kept_from_earlier_runs", []):
            if name in entry.get("keys", []) or name.split(".", 1)[0] in entry.get("keys", []):
                return entry.get("date", "")
        return earlier_meta.get("date", "")
    previous = []
    for name in kept:
        date = date_of(name)
        entry = next((e for e in previous if e["date"] == date), None)
        if entry is None:
            previous.append({"date": date, "keys": [name]})
        else:
            entry["keys"].append(name)
    previous.sort(key=lambda e: e["date"])
    merged = {key: out[key] if key in out else earlier[key] for key in earlier if key != "meta"}
    merged.update({key: value for key, value in out.items() if key not in merged and key != "meta"})
    for section in PER_WORKLOAD_SECTIONS:
        if section in out and isinstance(earlier.get(section), dict):
            both = dict(earlier[section], **out[section])
            merged[section] = {k: both[k] for k in sorted(both, key=peers.workload_order)}
    merged["meta"] = dict(out["meta"], kept_from_earlier_runs=previous)
    return merged


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check_allocations = "--check-allocations" in sys.argv
    if len(args) != 2:
        raise SystemExit(__doc__)
    raw_dir, json_out = args
    results = read_export(raw_dir)

    def per_event(name):
        return median(results, name, "wallClock") / EVENTS_PER_BATCH

    def mallocs_per_event(name):
        return median(results, name, "mallocCountTotal") / EVENTS_PER_BATCH

    def paired_ratio(name):
        return median(results, name, "ratioPerMille") / 1000

    def have(*names):
        return all(name in results for name in names)

    out = {}
    # (workload, ns/event, baseline ns/event, ratio, paired ratio, mallocs/event, target, met)
    rows = []
    # Each section needs its benchmarks; one left out by --filter is left out of the report.
    # W9 and W10 are here for their table runtime (W9 has no ratio target for it); their compiled
    # twins are in the compiled table.
    for key, name, base, limit in [("W1", "W1-toggle", "W1-baseline", 1.5),
                                   ("W2", "W2-ring", "W2-baseline", 1.5),
                                   ("W3", "W3-deep", "W3-baseline", 2.0),
                                   ("W9", "W9-player", "W9-baseline", None),
                                   ("W10", "W10-flat", "W10-baseline", 2.0)]:
        if not have(name, base, f"{key}-paired"):
            continue
        ns, base_ns = per_event(name), per_event(base)
        mallocs = mallocs_per_event(name)
        paired = paired_ratio(f"{key}-paired")
        out[key] = {"ns_per_event": r(ns), "baseline_ns_per_event": r(base_ns), "ratio": r(ns / base_ns, 2),
                    "mallocs_per_event": r(mallocs, 4), "paired_ratio": r(paired, 2),
                    "baseline_mallocs_per_event": r(mallocs_per_event(base), 4)}
        if limit is None:
            target, met = "0 mallocs", mallocs == 0
        else:
            target, met = f"≤ {limit}× baseline, 0 mallocs", paired <= limit and mallocs == 0
        rows.append((f"{key} {name.split('-', 1)[1]}", ns, base_ns, ns / base_ns, paired, mallocs, target, met))

    # The action-call floors: W3's baseline `switch` with each counter a closure called out of
    # line, or a direct call to a non-inlined function. Ratios to the baseline say what
    # calling actions costs at all; the chart against its closure floor (paired) what the core adds.
    for key, floors in [("W3", [("closure", "W3-closure-floor"), ("call", "W3-call-floor")])]:
        if key not in out or not have(*(name for _, name in floors), f"{key}-floor-paired"):
            continue
        base_ns = out[key]["baseline_ns_per_event"]
        for kind, name in floors:
            ns = per_event(name)
            out[key][f"{kind}_floor_ns_per_event"] = r(ns)
            out[key][f"{kind}_floor_ratio"] = r(ns / base_ns, 2)
            label = "closure floor" if kind == "closure" else "direct-call floor"
            rows.append((f"{key} {label}", ns, base_ns, ns / base_ns, None, mallocs_per_event(name), "(reference)", None))
        out[key]["paired_ratio_to_closure_floor"] = r(paired_ratio(f"{key}-floor-paired"), 2)

    # A reference: W2 with an action of its own on each transition, paired with its own baseline.
    if "W2" in out and have("W2-distinct-paired"):
        out["W2"]["distinct_actions_paired_ratio"] = r(paired_ratio("W2-distinct-paired"), 2)
        distinct_ns = median(results, "W2-distinct-paired", "firstNs") / EVENTS_PER_BATCH
        distinct_base_ns = median(results, "W2-distinct-paired", "secondNs") / EVENTS_PER_BATCH
        out["W2"]["distinct_actions_ns_per_event"] = r(distinct_ns)
        out["W2"]["distinct_actions_baseline_ns_per_event"] = r(distinct_base_ns)
        rows.append(("W2 ring, distinct actions", distinct_ns, distinct_base_ns, distinct_ns / distinct_base_ns,
                     out["W2"]["distinct_actions_paired_ratio"], None, "(reference)", None))

    if "W1" in out and have("W4-parallel", "W4-paired"):
        w1 = out["W1"]["ns_per_event"]
        ns = per_event("W4-parallel")
        w4_paired = paired_ratio("W4-paired")  # W4 and W1 batches timed in the same iterations
        out["W4"] = {"ns_per_event": r(ns), "mallocs_per_event": r(mallocs_per_event("W4-parallel"), 4),
                     "ratio_to_W1": r(ns / w1, 2), "paired_ratio_to_W1": r(w4_paired, 2)}
        rows.append(("W4 parallel", ns, None, ns / w1, w4_paired, mallocs_per_event("W4-parallel"),
                     "≤ 8× W1 (ratios are to W1)", w4_paired <= 8))

    if have("W5-history"):
        ns = per_event("W5-history")
        mallocs = mallocs_per_event("W5-history")
        out["W5"] = {"ns_per_event": r(ns), "mallocs_per_event": r(mallocs, 4)}
        if have("W5-baseline", "W5-paired"):
            # Against its own hand-written machine (the leaf and the leaf history remembers).
            base_ns, paired = per_event("W5-baseline"), paired_ratio("W5-paired")
            out["W5"].update({"baseline_ns_per_event": r(base_ns), "ratio": r(ns / base_ns, 2), "paired_ratio": r(paired, 2)})
            rows.append(("W5 history", ns, base_ns, ns / base_ns, paired, mallocs, "≤ 4.0× baseline", paired <= 4.0))
        else:
            rows.append(("W5 history", ns, None, None, None, mallocs, "—", None))

    if have("W8-enum", "W8-handle", "W8-hashed-enum", "W8-paired"):
        enum_ns, handle_ns, hashed_ns = per_event("W8-enum"), per_event("W8-handle"), per_event("W8-hashed-enum")
        w8_paired = paired_ratio("W8-paired")
        out["W8"] = {"ns_per_event": r(enum_ns), "enum_ns_per_event": r(enum_ns), "handle_ns_per_event": r(handle_ns),
                     "ratio": r(enum_ns / handle_ns, 2), "paired_ratio": r(w8_paired, 2),
                     "hashed_enum_ns_per_event": r(hashed_ns), "hashed_ratio": r(hashed_ns / handle_ns, 2),
                     "mallocs_per_event": r(mallocs_per_event("W8-enum"), 4)}
        rows.append(("W8 enum (vs handle)", enum_ns, handle_ns, enum_ns / handle_ns, w8_paired, mallocs_per_event("W8-enum"),
                     "≤ 1.2× handle", w8_paired <= 1.2))
        rows.append(("W8 handle", handle_ns, None, None, None, mallocs_per_event("W8-handle"), "—", None))
        rows.append(("W8 enum, not CaseIterable", hashed_ns, handle_ns, hashed_ns / handle_ns, None,
                     mallocs_per_event("W8-hashed-enum"), "(reference)", None))

    # W6: thread CPU time (what compiling costs, whatever else the machine runs); wall clock too.
    w6_names = [f"W6-compile-{n}" for n in (1000, 10000, 20000)]
    if have(*w6_names):
        ms = {n: median(results, f"W6-compile-{n}", "threadCPUTime") / 1e6 for n in (1000, 10000, 20000)}
        wall_ms = {n: median(results, f"W6-compile-{n}", "wallClock") / 1e6 for n in (1000, 10000, 20000)}
        out["W6"] = {"states_1000_ms": r(ms[1000], 2), "states_10000_ms": r(ms[10000], 2),
                     "states_20000_ms": r(ms[20000], 2), "ratio_20000_to_10000": r(ms[20000] / ms[10000], 2),
                     "states_1000_wall_ms": r(wall_ms[1000], 2), "states_10000_wall_ms": r(wall_ms[10000], 2),
                     "states_20000_wall_ms": r(wall_ms[20000], 2),
                     "mallocs_10000": int(median(results, "W6-compile-10000", "mallocCountTotal"))}

    if have("W7-footprint"):
        footprint = results["W7-footprint"]
        instance_metric = next(m for m in footprint if m not in ("mallocCountTotal", "mallocBytesCount"))
        out["W7"] = {"instance_bytes": int(footprint[instance_metric][50]),
                     "start_mallocs": int(footprint["mallocCountTotal"][50]),
                     "start_malloc_bytes": int(footprint["mallocBytesCount"][50])}

    # The live inspector: W3 sent through an attached instance with no page open, paired with the
    # bare instance (target ≤ 2×), with and without a checkpoint per step for "continue from here".
    if have("W3-inspected", "W3-inspected-paired", "W3-inspected-lean-paired"):
        paired = paired_ratio("W3-inspected-paired")
        lean = paired_ratio("W3-inspected-lean-paired")
        mallocs = mallocs_per_event("W3-inspected")
        out["inspector"] = {"W3_inspected_ns_per_event": r(per_event("W3-inspected")),
                            "W3_inspected_paired_ratio": r(paired, 2),
                            "W3_inspected_without_checkpoints_paired_ratio": r(lean, 2),
                            "W3_inspected_mallocs_per_event": r(mallocs, 4)}
        rows.append(("W3 attached to the inspector", per_event("W3-inspected"), None, None, paired, mallocs,
                     "≤ 2× bare W3, 0 mallocs", paired <= 2 and mallocs == 0))
        rows.append(("W3 attached, no checkpoints", None, None, None, lean, None, "(reference)", None))

    # The peers: Boost.MSM (W1–W3) and compiled charts, each only when its benchmarks ran.
    msm, msm_rows = peers.msm_section(results, per_event, mallocs_per_event, paired_ratio, r)
    if msm:
        out["msm"] = msm
    compiled, compiled_rows = peers.compiled_section(results, per_event, mallocs_per_event, paired_ratio, r, msm)
    if compiled:
        out["compiled"] = compiled
    out["meta"] = machine()

    # The table.
    def fmt(x, digits=2):
        return "—" if x is None else f"{x:.{digits}f}"
    header = ("workload", "ns/event", "baseline ns/event", "ratio", "paired ratio", "allocations/event", "target", "met")
    table = [header]
    for name, ns, base, ratio, paired, mallocs, target, met in rows:
        table.append((name, fmt(ns), fmt(base), "—" if ratio is None else f"{ratio:.2f}×",
                      "—" if paired is None else f"{paired:.2f}×", fmt(mallocs, 3), target,
                      "—" if met is None else ("yes" if met else "NO")))
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) + " |" for row in table]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print("\n".join(lines))
    peers.print_tables(msm_rows, compiled_rows, fmt, compiled)
    print()
    if "W6" in out:
        w6 = out["W6"]
        print(f"W6 compile (build + compile, 5 transitions per state; thread CPU time): "
              f"1,000 states {w6['states_1000_ms']:.2f} ms; "
              f"10,000 states {w6['states_10000_ms']:.2f} ms (target ≤ 100 ms: {'yes' if ms[10000] <= 100 else 'NO'}); "
              f"20,000 states {w6['states_20000_ms']:.2f} ms = {w6['ratio_20000_to_10000']:.2f}× the 10,000 time "
              f"(target ≤ 2.2×: {'yes' if ms[20000] / ms[10000] <= 2.2 else 'NO'}); wall clock "
              f"{w6['states_1000_wall_ms']:.2f} / {w6['states_10000_wall_ms']:.2f} / {w6['states_20000_wall_ms']:.2f} ms; "
              f"{w6['mallocs_10000']:,} allocations for 10,000 states")
    if "W7" in out:
        w7 = out["W7"]
        print(f"W7 footprint: {w7['instance_bytes']} bytes per instance besides the context "
              f"(target ≤ 64: {'yes' if w7['instance_bytes'] <= 64 else 'NO'}); starting one allocates "
              f"{w7['start_mallocs']} time(s), {w7['start_malloc_bytes']} bytes")
    if "paired_ratio_to_closure_floor" in out.get("W3", {}):
        print(f"W3 against its closure floor (paired): {out['W3']['paired_ratio_to_closure_floor']:.2f}× "
              f"(what the core adds to calling the actions)")
    print(f"({out['meta']['swift']}; {out['meta']['nproc']} cores; {out['meta']['cpu']}{(' (' + out['meta']['cpu_identity'] + ')') if out['meta'].get('cpu_identity') else ''}; medians of wall-clock time "
          f"per {EVENTS_PER_BATCH}-event batch; paired ratio: median of per-iteration ratios with both batches "
          f"timed in the same iteration, which decides 'met')")

    if "--merge" in sys.argv and os.path.exists(json_out):
        with open(json_out, encoding="utf-8") as handle:
            earlier = json.load(handle)
        out = merge(earlier, out)

    os.makedirs(os.path.dirname(os.path.abspath(json_out)), exist_ok=True)
    with open(json_out, "w", encoding="utf-8") as handle:
        json.dump(out, handle, indent=2, ensure_ascii=False)
        handle.write("\n")

    if check_allocations:
        failures = [name for name in ALLOCATION_FREE
                    if name in results and maximum(results, name, "mallocCountTotal") != 0]
        if failures:
            print(f"allocation check FAILED: {', '.join(failures)} allocated while sending events", file=sys.stderr)
            sys.exit(1)
        print("allocation check passed: no iteration of W1–W3, W9 or W10 (table runtime; W9 and W10 compiled "
              "too), nor of W3 attached to the inspector, allocated")


if __name__ == "__main__":
    main()

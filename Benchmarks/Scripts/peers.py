"""The peers' part of the benchmark report (used by report.py): Boost.MSM and compiled charts.

Boost.MSM (Benchmarks/Sources/CBoostMSM) runs W1–W3. Its benchmarks, named by
Benchmarks/Benchmarks/StatechartsBenchmarks/MSMBenchmarks.swift:
  Wn-msm               MSM's batch on its own (ns/event, allocations/event)
  Wn-msm-paired        MSM first, the hand-written baseline second: ratio MSM / baseline
  Wn-table-msm-paired  the table-driven chart first, MSM second: ratio table / MSM

Compiled charts are picked up by name: any benchmark whose name, split on '-' and spaces, starts
with a workload (W1, W2, …) and holds the word `compiled`, such as `W1-compiled`, `W1 compiled`,
`W2-distinct-compiled-paired`. Other words name a variant (`distinct`), and two words say what it
is measured against: `paired` (the compiled chart first, its baseline second, as measurePair
records them) and `msm` with `paired` (the compiled chart first, MSM second).
"""
import re

WORKLOAD = re.compile(r"^W\d+$")


def workload_order(key):
    """Sorts entry keys by workload number, then variant: W1, W2, W2-distinct, …, W9, W10."""
    workload, _, variant = key.partition("-")
    return (int(workload[1:]), variant)


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def msm_section(results, per_event, mallocs_per_event, paired_ratio, r):
    """{"W1": {...}, ...} for the workloads whose MSM benchmark ran, and the table's rows."""
    out, rows = {}, []
    for key, table_name in (("W1", "W1-toggle"), ("W2", "W2-ring"), ("W3", "W3-deep")):
        name = f"{key}-msm"
        if name not in results:
            continue
        ns = per_event(name)
        base_ns = per_event(f"{key}-baseline") if f"{key}-baseline" in results else None
        table_ns = per_event(table_name) if table_name in results else None
        to_base = paired_ratio(f"{key}-msm-paired") if f"{key}-msm-paired" in results else None
        table_to_msm = paired_ratio(f"{key}-table-msm-paired") if f"{key}-table-msm-paired" in results else None
        entry = {"ns_per_event": r(ns), "mallocs_per_event": r(mallocs_per_event(name), 4),
                 "baseline_ns_per_event": r(base_ns), "ratio_to_baseline": r(ratio(ns, base_ns), 2),
                 "paired_ratio_to_baseline": r(to_base, 2),
                 "table_ns_per_event": r(table_ns), "table_ratio_to_msm": r(ratio(table_ns, ns), 2),
                 "table_paired_ratio_to_msm": r(table_to_msm, 2)}
        out[key] = {k: v for k, v in entry.items() if v is not None}
        rows.append((key, ns, to_base if to_base is not None else ratio(ns, base_ns),
                     table_to_msm if table_to_msm is not None else ratio(table_ns, ns)))
    return out, rows


def compiled_benchmarks(results):
    """{entry key: {"plain"|"paired"|"msm_paired": benchmark name}} for the compiled benchmarks."""
    found = {}
    for name in results:
        words = [w for w in re.split(r"[- ]+", name) if w]
        if len(words) < 2 or not WORKLOAD.match(words[0]) or "compiled" not in (w.lower() for w in words[1:]):
            continue
        rest = [w.lower() for w in words[1:] if w.lower() != "compiled"]
        kind = "plain"
        if "paired" in rest:
            kind = "msm_paired" if "msm" in rest else "paired"
        variant = [w for w in rest if w not in ("paired", "msm")]
        if kind == "paired" and len(variant) == 1 and WORKLOAD.match(variant[0].upper()):
            # `W4-compiled-w1-paired`: the compiled workload against another compiled workload.
            found.setdefault(words[0], {})["vs_" + variant[0].upper()] = name
            continue
        key = "-".join([words[0]] + variant)
        found.setdefault(key, {})[kind] = name
    return found


def compiled_section(results, per_event, mallocs_per_event, paired_ratio, r, msm):
    """{"W1": {...}, "W2-distinct": {...}, ...} for every compiled benchmark found, and the rows."""
    out, rows = {}, []
    for key, names in sorted(compiled_benchmarks(results).items(), key=lambda item: workload_order(item[0])):
        workload = key.split("-", 1)[0]
        plain_workload = key == workload  # no variant: the workload's own baseline and MSM apply
        entry = {}
        ns = base_ns = msm_ns = None
        if "plain" in names:
            ns = per_event(names["plain"])
            entry["ns_per_event"] = r(ns)
            entry["mallocs_per_event"] = r(mallocs_per_event(names["plain"]), 4)
            if plain_workload and f"{workload}-baseline" in results:
                base_ns = per_event(f"{workload}-baseline")
                entry["ratio_to_baseline"] = r(ratio(ns, base_ns), 2)
            if plain_workload and f"{workload}-msm" in results:
                msm_ns = per_event(f"{workload}-msm")
                entry["ratio_to_msm"] = r(ratio(ns, msm_ns), 2)
        to_base = paired_ratio(names["paired"]) if "paired" in names else None
        if to_base is not None:
            entry["paired_ratio_to_baseline"] = r(to_base, 2)
        to_msm = paired_ratio(names["msm_paired"]) if "msm_paired" in names else None
        if to_msm is None and to_base is not None and plain_workload:
            # No direct pairing with MSM: the two ratios to the same baseline, from the same run.
            msm_to_base = msm.get(workload, {}).get("paired_ratio_to_baseline")
            if msm_to_base:
                entry["paired_ratio_to_msm_via_baseline"] = r(to_base / msm_to_base, 2)
        elif to_msm is not None:
            entry["paired_ratio_to_msm"] = r(to_msm, 2)
        for other in sorted(k for k in names if k.startswith("vs_")):
            entry[f"paired_ratio_to_compiled_{other[3:]}"] = r(paired_ratio(names[other]), 2)
        out[key] = entry
        best_to_msm = entry.get("paired_ratio_to_msm", entry.get("paired_ratio_to_msm_via_baseline",
                                                                  entry.get("ratio_to_msm")))
        rows.append((key, ns, to_base if to_base is not None else ratio(ns, base_ns), best_to_msm))
    # W4's target is a ratio to W1 (both compiled, same run).
    w1_ns, w4_ns = out.get("W1", {}).get("ns_per_event"), out.get("W4", {}).get("ns_per_event")
    if w1_ns and w4_ns:
        out["W4"]["ratio_to_compiled_W1"] = r(w4_ns / w1_ns, 2)
    return out, rows


def print_tables(msm_rows, compiled_rows, fmt, compiled=None):
    """Prints the peers' tables (nothing when neither ran), and compiled W4's ratio to compiled
    W1 against its target when both ran."""
    def table(header, body):
        cells = [header] + body
        widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
        lines = ["| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(row)) + " |" for row in cells]
        lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
        print("\n".join(lines))

    def times(x):
        return "—" if x is None else f"{x:.2f}×"

    if msm_rows:
        print()
        print("Boost.MSM (C++, no message queue, no exceptions) in the same run; ratios paired where measured so:")
        table(("workload", "MSM ns/event", "MSM / baseline", "table runtime / MSM"),
              [(key, fmt(ns), times(to_base), times(table_to_msm)) for key, ns, to_base, table_to_msm in msm_rows])
    if compiled_rows:
        print()
        print("Compiled charts in the same run; ratios paired where measured so:")
        table(("workload", "compiled ns/event", "compiled / baseline", "compiled / MSM"),
              [(key, fmt(ns), times(to_base), times(to_msm)) for key, ns, to_base, to_msm in compiled_rows])
    w4 = (compiled or {}).get("W4", {})
    w4_to_w1 = w4.get("paired_ratio_to_compiled_W1", w4.get("ratio_to_compiled_W1"))
    if w4_to_w1 is not None:
        how = "paired" if "paired_ratio_to_compiled_W1" in w4 else "unpaired"
        met = "yes" if w4_to_w1 <= 3 else "NO"
        print(f"Compiled W4 / compiled W1 ({how}): {w4_to_w1:.2f}× (target ≤ 3×: {met})")

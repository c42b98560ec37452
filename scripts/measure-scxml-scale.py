#!/usr/bin/env python3
"""Reading, validating and compiling large SCXML documents with the release command-line tool.

Writes documents of N sibling states, each with one transition to the next (the last back to
the first), runs `statechart validate` on each under /usr/bin/time, and prints the wall time and
the peak resident memory (the median of --runs runs), with the document's size. `make
scxml-scale` and `make bench` run it; docs/benchmarks.md, "SCXML at scale", shows the table.

    measure-scxml-scale.py STATECHART [--states 10000,100000,...] [--runs 3] [--json FILE]
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile


def write_document(path, states):
    """N sibling states `s0`…, each with `<transition event="go" target="next"/>`."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write('<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0">\n')
        for index in range(states):
            following = (index + 1) % states
            out.write(f'  <state id="s{index}"><transition event="go" target="s{following}"/></state>\n')
        out.write("</scxml>\n")


def measure(tool, path):
    """(seconds, peak resident bytes) of one `statechart validate PATH`."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", tool, "validate", path],
        capture_output=True, text=True, check=False,
    )
    if result.returncode != 0 or result.stdout.strip() != "valid":
        sys.exit(f"statechart validate {path} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) * 1024


def cpu_name():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("statechart", help="the release build of the statechart tool")
    parser.add_argument("--states", default="10000,100000,400000,770000",
                        help="comma-separated document sizes in states (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="runs per size; the median is shown (default: 3)")
    parser.add_argument("--json", help="also write the figures to this file")
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.states.split(",") if size]

    rows = []
    with tempfile.TemporaryDirectory(prefix="scxml-scale-") as folder:
        for states in sizes:
            path = os.path.join(folder, f"flat-{states}.scxml")
            write_document(path, states)
            document_bytes = os.path.getsize(path)
            runs = [measure(arguments.statechart, path) for _ in range(arguments.runs)]
            seconds = statistics.median(run[0] for run in runs)
            peak = statistics.median(run[1] for run in runs)
            rows.append({"states": states, "documentBytes": document_bytes, "seconds": seconds, "peakBytes": peak,
                         "runs": [{"seconds": s, "peakBytes": p} for s, p in runs]})
            os.remove(path)

    print(f"statechart validate, release, {os.cpu_count()} cores ({cpu_name()}); median of {arguments.runs} runs")
    print(f"{'states':>9} {'document':>10} {'time':>8} {'peak memory':>12} {'memory/document':>16}")
    for row in rows:
        print(f"{row['states']:>9,} {row['documentBytes'] / 1e6:>8.1f} MB {row['seconds']:>6.2f} s "
              f"{row['peakBytes'] / 1e6:>9.0f} MB {row['peakBytes'] / row['documentBytes']:>15.1f}×")
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump({"machine": {"cores": os.cpu_count(), "cpu": cpu_name()}, "tool": "statechart validate",
                       "rows": rows}, out, indent=2)
            out.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The inspector under load: N media players, each pressed RATE times a second, with one page
open in headless Chromium watching one of them. Measures what docs/inspector.md publishes:

- the page: how often the instance list and the selected instance's diagram are updated (the
  gaps between updates, seen by a MutationObserver in the page), how late the page's main
  thread runs a 20 ms timer (its responsiveness), and how long a click on an event button takes
  to show in the diagram;
- the process: its resident memory every second (bounded: it levels off once every timeline is
  full) and its CPU time.

Usage: inspector-scale.py DEMO_BINARY [--instances N] [--rate HZ] [--seconds S] [--timeline N] [--json OUT]
(--timeline: the steps each instance keeps, 200 by default, so that every timeline is full after
20 s at 10 Hz and the memory has levelled off well before the end of a 60 s run).
Exit status 1 when a bound is exceeded: an update gap or a click over 200 ms at the median
(p50) or the memory still growing over the last third of the run by more than 10%.
Needs Debian's chromium, chromium-driver and python3-selenium (run with /usr/bin/python3).
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def arguments():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    options = {"binary": args[0], "instances": 1000, "rate": 10.0, "seconds": 60.0, "timeline": 200, "json": None}
    i = 1
    while i < len(args):
        key = args[i].lstrip("-")
        if key not in options or i + 1 >= len(args):
            raise SystemExit(__doc__)
        options[key] = args[i + 1] if key == "json" else float(args[i + 1])
        i += 2
    options["instances"] = int(options["instances"])
    options["timeline"] = int(options["timeline"])
    return options


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf(os.sysconf_names["SC_CLK_TCK"])
    return (int(fields[11]) + int(fields[12])) / ticks


def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))], 1)


# Installed in the page: records when the list and the diagram change, and how late a 20 ms
# timer fires (a busy main thread fires it late).
PROBE = """
window.__scale = {list: [], diagram: [], lateness: []};
const record = (name) => new MutationObserver(() => window.__scale[name].push(performance.now()));
record('list').observe(document.getElementById('instances'), {subtree: true, childList: true, characterData: true, attributes: true});
record('diagram').observe(document.getElementById('diagram'), {subtree: true, attributes: true, attributeFilter: ['class']});
let expected = performance.now() + 20;
setInterval(() => { const now = performance.now(); window.__scale.lateness.push(now - expected); expected = now + 20; }, 20);
"""


def gaps(times):
    """The gaps between updates, merging changes less than 5 ms apart (one update's mutations)."""
    updates = []
    for t in times:
        if not updates or t - updates[-1] > 5:
            updates.append(t)
    return [b - a for a, b in zip(updates, updates[1:])]


def main():
    options = arguments()
    demo = subprocess.Popen(
        [options["binary"], "--instances", str(options["instances"]), "--rate", str(options["rate"]),
         "--seconds", str(options["seconds"] + 30), "--timeline", str(options["timeline"]), "--quiet"],
        stdout=subprocess.PIPE, text=True)
    url = None
    try:
        line = demo.stdout.readline()
        match = re.search(r"Inspector: (\S+)", line)
        if not match:
            raise SystemExit(f"the demo printed no URL: {line!r}")
        url = match.group(1)
        chrome = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000"):
            chrome.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=chrome)
        try:
            driver.get(url)
            wait = WebDriverWait(driver, 30)
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.instance")) >= options["instances"])
            # Watch one of the crowd: it steps `rate` times a second.
            driver.find_element(By.CSS_SELECTOR, 'li.instance[data-id="i3"]').click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#diagram svg"))
            driver.execute_script(PROBE)
            start_cpu, start = cpu_seconds(demo.pid), time.time()
            memory = []
            clicks = []
            while time.time() - start < options["seconds"]:
                memory.append(rss_kib(demo.pid))
                # A click on an event button, timed until the diagram changes.
                latency = driver.execute_async_script("""
                    const done = arguments[arguments.length - 1];
                    const button = document.querySelector('#events button.event');
                    if (!button) { done(null); return; }
                    const diagram = document.getElementById('diagram');
                    const t0 = performance.now();
                    const observer = new MutationObserver(() => { observer.disconnect(); done(performance.now() - t0); });
                    observer.observe(diagram, {subtree: true, attributes: true, attributeFilter: ['class']});
                    button.click();
                    setTimeout(() => { observer.disconnect(); done(-1); }, 2000);
                """)
                if latency is not None:
                    clicks.append(latency)
                time.sleep(max(0.0, 1.0 - (time.time() - start) % 1.0))
            elapsed = time.time() - start
            cpu = cpu_seconds(demo.pid) - start_cpu
            scale = driver.execute_script("return window.__scale")
        finally:
            driver.quit()
    finally:
        demo.terminate()
        demo.wait(timeout=10)

    list_gaps, diagram_gaps = gaps(scale["list"]), gaps(scale["diagram"])
    third = max(1, len(memory) // 3)
    late_growth = (max(memory[-third:]) - max(memory[:-third] or memory)) / max(1, max(memory[:-third] or memory))
    result = {
        "instances": options["instances"], "rate_per_instance": options["rate"], "timeline_length": options["timeline"], "seconds": round(elapsed, 1),
        "events_per_second": options["instances"] * options["rate"],
        "list_update_gap_ms": {"p50": percentile(list_gaps, 50), "p99": percentile(list_gaps, 99), "max": round(max(list_gaps), 1) if list_gaps else None},
        "diagram_update_gap_ms": {"p50": percentile(diagram_gaps, 50), "p99": percentile(diagram_gaps, 99), "max": round(max(diagram_gaps), 1) if diagram_gaps else None},
        "main_thread_lateness_ms": {"p50": percentile(scale["lateness"], 50), "p99": percentile(scale["lateness"], 99), "max": round(max(scale["lateness"]), 1) if scale["lateness"] else None},
        "click_to_diagram_ms": {"p50": percentile([c for c in clicks if c >= 0], 50), "max": round(max(clicks), 1) if clicks else None,
                                "timeouts": sum(1 for c in clicks if c < 0)},
        "rss_mib": {"first": round(memory[0] / 1024, 1), "peak": round(max(memory) / 1024, 1), "last": round(memory[-1] / 1024, 1)},
        "rss_growth_last_third": round(late_growth, 3),
        "process_cpu_percent": round(100 * cpu / elapsed, 1),
    }
    for key, value in result.items():
        print(f"{key}: {value}")
    if options["json"]:
        with open(options["json"], "w") as out:
            json.dump(result, out, indent=2)
            out.write("\n")
    failures = []
    for name in ("list_update_gap_ms", "diagram_update_gap_ms", "click_to_diagram_ms"):
        if result[name]["p50"] is None or result[name]["p50"] > 200:
            failures.append(f"{name} p50 {result[name]['p50']}")
    if result["click_to_diagram_ms"]["timeouts"]:
        failures.append(f"{result['click_to_diagram_ms']['timeouts']} clicks never showed")
    if late_growth > 0.10:
        failures.append(f"memory grew {late_growth:.0%} over the last third of the run")
    if failures:
        print("inspector scale check FAILED: " + "; ".join(failures), file=sys.stderr)
        sys.exit(1)
    print("inspector scale check passed")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Browser tests of the statecharts inspector's page, in real headless Chromium.

Usage:
    inspector_browser_test.py [--screenshots DIR] [--only N,...] -- COMMAND [ARG...]

COMMAND starts the inspector under test (for instance `.build/debug/statechart inspect
Examples/SCXML/media-player.scxml --port 0`); it must print the line
`Inspector: http://127.0.0.1:PORT/?token=...` on its standard output. Each test starts its own
inspector, so that it begins from the chart's initial configuration, and drives the page with
selenium through the element ids of the inspector's contract. The chart is the SCXML media player
(Examples/SCXML/media-player.scxml): off --power--> on (stopped) --play--> playing (sound: normal,
picture: sd) --mute--> muted, --pause--> paused, and so on.

Prints one line per test and exits with 0 only when every test passed. With --screenshots DIR,
saves PNG screenshots of the page in a few meaningful states into DIR.

Needs Debian's chromium, chromium-driver and python3-selenium (run it with /usr/bin/python3).
"""

import argparse
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from headless import make_driver
except ImportError:  # the shell script checks this first; say it clearly anyway
    sys.stderr.write("error: python3-selenium is missing (apt-get install python3-selenium; "
                     "run this with /usr/bin/python3)\n")
    sys.exit(2)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
URL_LINE = re.compile(r"Inspector:\s+(http://127\.0\.0\.1:(\d+)/\?token=(\S+))")

WAIT = 15            # seconds for an explicit wait
POLL = 0.1           # seconds between two polls of a wait


class TestFailure(AssertionError):
    pass


# ------------------------------------------------------------------------- the inspector process

class Inspector:
    """One run of the inspector command; reads its URL from its standard output."""

    def __init__(self, command):
        self.command = command
        self.proc = None
        self.url = None
        self.port = None
        self.token = None
        self.output = []
        self.stderr_file = None

    def start(self, timeout=60):
        self.stderr_file = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.stderr_file,
                                         stdin=subprocess.DEVNULL, text=True, bufsize=1,
                                         start_new_session=True)
        except OSError as error:
            raise TestFailure(f"cannot start the inspector {self.command!r}: {error}")
        lines = queue.Queue()

        def pump():
            for line in self.proc.stdout:
                self.output.append(line.rstrip("\n"))
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                break
            match = URL_LINE.search(line)
            if match:
                self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
                return self
        code = self.proc.poll()
        self.stop()
        raise TestFailure(
            "the inspector did not print 'Inspector: http://127.0.0.1:PORT/?token=...' "
            f"within {timeout} s (exit code {code}); stdout: {self.output[-10:]!r}; "
            f"stderr: {self.stderr_tail()!r}")

    def stderr_tail(self, n=1500):
        if not self.stderr_file:
            return ""
        try:
            self.stderr_file.seek(0)
            return self.stderr_file.read().decode("utf-8", "replace")[-n:]
        except (OSError, ValueError):
            return ""

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=5)


# ------------------------------------------------------------------------- the browser



JS_HELPERS = r"""
window.__t = {
  titleOf(g) {
    for (const c of g.children) if (c.localName === 'title') return c.textContent.trim();
    return null;
  },
  groups(name) {
    return Array.from(document.querySelectorAll('#diagram g')).filter((g) => window.__t.titleOf(g) === name);
  },
  active() {
    return Array.from(document.querySelectorAll('#diagram g.sc-active')).map((g) => window.__t.titleOf(g));
  },
  hasClass(name, cls) {
    return window.__t.groups(name).some((g) => g.classList.contains(cls));
  },
  fillOf(name) {
    const g = window.__t.groups(name)[0];
    if (!g) return null;
    const shape = g.querySelector('path, polygon, ellipse');
    return shape ? getComputedStyle(shape).fill : null;
  },
  steps() {
    return Array.from(document.querySelectorAll('#timeline li.step')).map((li) => ({
      seq: Number(li.dataset.seq),
      text: li.textContent,
      event: (li.querySelector('.ev .name') || {}).textContent || null,
      branch: li.classList.contains('branch'),
      viewing: li.classList.contains('viewing'),
    }));
  },
  visible(id) {
    const e = document.getElementById(id);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return !e.hidden && getComputedStyle(e).display !== 'none' && r.width > 0 && r.height > 0;
  },
};
return true;
"""


class Page:
    """The inspector's page in the browser, with the waits the tests need."""

    def __init__(self, driver, inspector):
        self.driver = driver
        self.inspector = inspector

    # -- waits

    def wait(self, description, condition, timeout=WAIT):
        """Polls `condition()` until it returns a truthy value, and returns it."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                value = condition()
                if value:
                    return value
                last = value
            except (StaleElementReferenceException, WebDriverException) as error:
                last = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
            if time.monotonic() >= deadline:
                raise TestFailure(f"timed out after {timeout} s waiting for {description} "
                                  f"(last seen: {self.describe(last)})")
            time.sleep(POLL)

    def describe(self, last):
        try:
            extra = self.js("return {status: document.getElementById('status').textContent,"
                            " error: document.getElementById('error').textContent || null,"
                            " connection: document.getElementById('connection').textContent,"
                            " active: window.__t ? window.__t.active() : null};")
        except WebDriverException:
            extra = None
        return f"{last!r}; page: {extra!r}"

    # -- helpers

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def t(self, call, *args):
        """Calls one of the helpers of JS_HELPERS (installing them if the page was reloaded)."""
        return self.js("if (!window.__t) { (function(){" + JS_HELPERS + "})(); } return window.__t." + call,
                       *args)

    def el(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, element_id):
        return self.js("const e = document.getElementById(arguments[0]); return e ? e.textContent : null;",
                       element_id)

    def active(self):
        return self.t("active()") or []

    def error_text(self):
        return self.js("const e = document.getElementById('error');"
                       " return e && e.getClientRects().length > 0 ? e.textContent.trim() : '';")

    # -- actions

    def open(self):
        self.driver.get(self.inspector.url)
        self.wait("the WebSocket to connect (#connection says 'connected')",
                  lambda: (self.text("connection") or "").strip() == "connected")
        self.wait("the instance list to show an instance (li.instance in #instances)",
                  lambda: self.els("#instances li.instance"))
        row = self.els("#instances li.instance")[0]
        if "selected" not in (row.get_attribute("class") or ""):
            row.click()
        self.wait("the first instance to be selected (li.instance.selected)",
                  lambda: self.els("#instances li.instance.selected"))
        self.wait("the diagram (an <svg> in #diagram with state groups)",
                  lambda: self.js("return document.querySelectorAll('#diagram svg g.sc-active').length > 0"))

    def wait_active(self, expected, absent=(), timeout=WAIT):
        expected = [expected] if isinstance(expected, str) else list(expected)

        def check():
            now = self.active()
            return all(name in now for name in expected) and not any(name in now for name in absent)

        self.wait(f"the diagram to show {expected} active (class sc-active, title text = state)"
                  + (f" and not {list(absent)}" if absent else ""), check, timeout)

    def event_button(self, name):
        css = f'#events button.event[data-event="{name}"]'
        return self.wait(f"an enabled event button {css}",
                         lambda: next((b for b in self.els(css) if b.is_enabled()), None))

    def send_button(self, name):
        """Clicks the event's enabled button; returns how many steps the timeline had before."""
        before = len(self.t("steps()"))
        self.event_button(name).click()
        return before

    def wait_steps_more_than(self, n, what):
        return self.wait(f"the timeline to grow past {n} steps ({what})",
                         lambda: len(self.t("steps()")) > n)

    def send_free(self, name, data=""):
        field = self.el("#event-name")
        field.clear()
        field.send_keys(name)
        area = self.el("#event-data")
        area.clear()
        if data:
            area.send_keys(data)
        self.el("#send").click()

    def wait_status(self, predicate, description):
        return self.wait(f"#status to show {description}",
                         lambda: predicate((self.text("status") or "").strip()) and (self.text("status") or "").strip())

    def screenshot(self, directory, name):
        if not directory:
            return
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, name)
        time.sleep(0.6)  # let the diagram's smooth scrolling to the active states finish
        self.driver.save_screenshot(path)
        print(f"  screenshot: {path}")

    def page_errors(self):
        """Errors the page raised (uncaught exceptions, CSP violations) since the last call."""
        problems = []
        try:
            entries = self.driver.get_log("browser")
        except WebDriverException:
            return problems
        for entry in entries:
            message = entry.get("message", "")
            if entry.get("level") != "SEVERE" or "favicon.ico" in message:
                continue
            if entry.get("source") == "javascript" or "Uncaught" in message or "Content Security Policy" in message:
                problems.append(message)
        return problems


# ------------------------------------------------------------------------- the tests

def test_page_loads(page, shots):
    """The page loads, lists the instance and shows its configuration in the SVG."""
    page.open()
    rows = page.els("#instances li.instance")
    if len(rows) != 1:
        raise TestFailure(f"expected one instance in #instances, got {len(rows)}")
    row = rows[0]
    if not row.get_attribute("data-id"):
        raise TestFailure("li.instance has no data-id")
    text = row.text
    for expected in ("media", "off"):
        if expected not in text:
            raise TestFailure(f"the instance row should show {expected!r}; it shows {text!r}")
    page.wait_active("off", absent=["on", "stopped", "playing"])
    fill = page.t("fillOf(arguments[0])", "off")
    if fill not in ("rgb(207, 227, 255)", "#cfe3ff"):
        raise TestFailure(f"the active state 'off' should be filled #cfe3ff (rgb(207, 227, 255)); its fill is {fill!r}")
    fill = page.t("fillOf(arguments[0])", "stopped")
    if fill == "rgb(207, 227, 255)":
        raise TestFailure("the inactive state 'stopped' is filled like an active one")
    page.wait("#status to say running", lambda: "running" in (page.text("status") or ""))
    page.wait("an event button for 'power' (the only event enabled in 'off')", lambda: page.event_button("power"))
    page.wait("the timeline to show the start step", lambda: len(page.t("steps()")) >= 1)
    origin = page.inspector.url.split("/?")[0]
    foreign = page.js("return performance.getEntriesByType('resource').map((r) => r.name)"
                      ".filter((n) => !n.startsWith(arguments[0]));", origin)
    if foreign:
        raise TestFailure(f"the page requested resources from elsewhere: {foreign}")
    stats = page.js("return window.__inspector")
    if not stats or not stats.get("messages") or not stats.get("lastListUpdate") or not stats.get("lastStateUpdate"):
        raise TestFailure(f"window.__inspector should count messages and updates; it is {stats!r}")


def test_event_button(page, shots):
    """Clicking an event button changes the diagram and adds a timeline step."""
    page.open()
    page.wait_active("off")
    before = page.send_button("power")
    page.wait_active(["on", "stopped"], absent=["off"])
    page.wait_steps_more_than(before, "after 'power'")
    last = page.t("steps()")[-1]
    if last["event"] != "power" and "power" not in last["text"]:
        raise TestFailure(f"the newest timeline step should be the 'power' event; it reads {last['text']!r}")
    page.wait("a transition of the last step drawn red (g.sc-last in the diagram)",
              lambda: page.els("#diagram g.sc-last"))
    before = page.send_button("play")
    page.wait_active(["playing", "normal", "sd"], absent=["stopped"])
    page.wait_steps_more_than(before, "after 'play'")
    before = page.send_button("mute")
    page.wait_active(["muted", "sd"], absent=["normal"])
    page.wait_steps_more_than(before, "after 'mute'")
    page.wait("the instance row's summary to follow (muted)",
              lambda: "muted" in page.el("#instances li.instance").text)
    page.wait("the delayed screensaver in #delayed", lambda: "screensaver" in (page.text("delayed") or ""))
    page.screenshot(shots, "inspector-live.png")


def test_breakpoints(page, shots):
    """Breakpoints from the form and from the diagram pause the instance; events are held."""
    page.open()
    page.wait_active("off")
    # a breakpoint from the form
    Select(page.el("#bp-kind")).select_by_value("state")
    page.el("#bp-value").clear()
    page.el("#bp-value").send_keys("playing")
    page.el("#bp-add").click()
    page.wait("#breakpoints to list the breakpoint on 'playing'",
              lambda: "playing" in (page.text("breakpoints") or ""))
    page.wait("the state 'playing' marked sc-breakpoint in the diagram",
              lambda: page.t("hasClass(arguments[0], arguments[1])", "playing", "sc-breakpoint"))
    page.send_button("power")
    page.wait_active("stopped")
    page.send_button("play")
    status = page.wait_status(lambda s: s.startswith("paused") and "playing" in s,
                              "'paused' with the reason naming the state 'playing'")
    if "breakpoint" not in status.lower():
        raise TestFailure(f"the pause reason should say it is a breakpoint; #status is {status!r}")
    page.wait_active("playing")
    page.screenshot(shots, "inspector-paused.png")
    # an event sent while paused is held, then delivered on resume
    page.send_free("mute")
    page.wait("'mute' to appear in #queued", lambda: "mute" in (page.text("queued") or ""))
    if page.error_text():
        raise TestFailure(f"sending while paused should not be an error; #error shows {page.error_text()!r}")
    page.wait("#resume to be enabled", lambda: page.el("#resume").is_enabled())
    page.el("#resume").click()
    page.wait_status(lambda s: s.startswith("running"), "'running' after resume")
    page.wait_active("muted", absent=["normal"])
    page.wait("#queued to be empty after resume", lambda: "mute" not in (page.text("queued") or ""))

    # a breakpoint by clicking the state in the diagram
    groups = page.t("groups(arguments[0])", "paused")
    if not groups:
        raise TestFailure("no group titled 'paused' in the diagram")
    count = len(page.els("#breakpoints button.remove"))
    groups[0].click()
    page.wait("a breakpoint on 'paused' in #breakpoints after clicking the state in the diagram",
              lambda: len(page.els("#breakpoints button.remove")) == count + 1
              and "paused" in (page.text("breakpoints") or ""))
    page.wait("the state 'paused' marked sc-breakpoint in the diagram",
              lambda: page.t("hasClass(arguments[0], arguments[1])", "paused", "sc-breakpoint"))
    page.send_button("pause")
    status = page.wait_status(lambda s: s.startswith("paused") and "paused" in s[len("paused"):],
                              "'paused' with the reason naming the state 'paused'")
    page.el("#resume").click()
    page.wait_status(lambda s: s.startswith("running"), "'running' after resume")
    page.wait_active("paused", absent=["playing"])
    # clicking it again removes it
    page.t("groups(arguments[0])", "paused")[0].click()
    page.wait("the breakpoint on 'paused' to go away after a second click",
              lambda: len(page.els("#breakpoints button.remove")) == count
              and not page.t("hasClass(arguments[0], arguments[1])", "paused", "sc-breakpoint"))
    # and the remove button of the form's one
    page.el("#breakpoints button.remove").click()
    page.wait("#breakpoints to be empty after removing the last one",
              lambda: not page.els("#breakpoints button.remove"))


def test_time_travel(page, shots):
    """Viewing a past step, then continuing from it, makes a branch."""
    page.open()
    page.wait_active("off")
    for event, state in (("power", "stopped"), ("play", "playing"), ("mute", "muted")):
        before = page.send_button(event)
        page.wait_active(state)
        page.wait_steps_more_than(before, f"after '{event}'")
    steps = page.t("steps()")
    power = next((s for s in steps if s["event"] == "power"), None)
    if not power:
        raise TestFailure(f"no step for the event 'power' in the timeline: {[s['text'] for s in steps]}")
    page.el(f'#timeline li.step[data-seq="{power["seq"]}"]').click()
    page.wait("the #viewing banner", lambda: page.t("visible('viewing')"))
    banner = page.text("viewing") or ""
    if f"#{power['seq']}" not in banner:
        raise TestFailure(f"the banner should name step #{power['seq']}; it reads {banner!r}")
    page.wait_active("stopped", absent=["playing", "muted"])
    page.wait("the step to be marked 'viewing' in the timeline",
              lambda: page.els(f'#timeline li.step.viewing[data-seq="{power["seq"]}"]'))
    if not page.t("visible('continue-here')") or not page.t("visible('back-to-live')"):
        raise TestFailure("the banner should have #continue-here and #back-to-live")
    # back to live first
    page.el("#back-to-live").click()
    page.wait("the banner to go after 'Back to live'", lambda: not page.t("visible('viewing')"))
    page.wait_active("muted", absent=["stopped"])
    # then continue from the step
    page.el(f'#timeline li.step[data-seq="{power["seq"]}"]').click()
    page.wait_active("stopped", absent=["playing"])
    page.wait("#continue-here to be enabled", lambda: page.el("#continue-here").is_enabled())
    page.el("#continue-here").click()
    page.wait("the banner to go after 'Continue from here'", lambda: not page.t("visible('viewing')"))
    page.wait_active("stopped", absent=["playing", "muted"])
    page.wait("the instance row to show 'stopped' again",
              lambda: "stopped" in page.el("#instances li.instance").text)
    page.wait("a branch in the timeline (li.step.branch)", lambda: page.els("#timeline li.step.branch"))
    steps = page.t("steps()")
    if not any(s["event"] == "mute" for s in steps):
        raise TestFailure("the old branch (the 'mute' step) should stay in the timeline after the restore")
    # the new branch goes on from there
    before = page.send_button("play")
    page.wait_active("playing")
    page.wait_steps_more_than(before, "after 'play' on the new branch")
    if shots:
        mute = next(s for s in page.t("steps()") if s["event"] == "mute")
        page.el(f'#timeline li.step[data-seq="{mute["seq"]}"]').click()
        page.wait_active("muted")
        page.screenshot(shots, "inspector-branch.png")
        page.el("#back-to-live").click()


def test_errors(page, shots):
    """Unknown event names and malformed JSON data are errors shown in #error."""
    page.open()
    page.wait_active("off")
    page.send_free("powr")
    message = page.wait("#error to show the server's 'did you mean' error for 'powr'",
                        lambda: "did you mean" in page.error_text() and page.error_text())
    if "power" not in message:
        raise TestFailure(f"the error should suggest 'power'; it reads {message!r}")
    page.screenshot(shots, "inspector-error.png")
    steps = len(page.t("steps()"))
    page.send_free("power", '{"volume": 3,')
    message = page.wait("#error to show that the data is not JSON",
                        lambda: "JSON" in page.error_text() and page.error_text())
    time.sleep(0.5)
    if len(page.t("steps()")) != steps or "off" not in page.active():
        raise TestFailure("an event with malformed data should not be delivered")
    # the next command that succeeds clears the error
    page.send_free("power", '{"volume": 3}')
    page.wait_active("stopped")
    page.wait("#error to clear after a command succeeded", lambda: page.error_text() == "")
    last = page.t("steps()")[-1]
    if "volume" not in last["text"]:
        raise TestFailure(f"the step should show the event's data; it reads {last['text']!r}")


def test_wrong_token(page, shots):
    """A wrong token (or none) gets 403 on the page."""
    base = f"http://127.0.0.1:{page.inspector.port}"
    for url in (f"{base}/?token=wrong{page.inspector.token[:4]}", f"{base}/"):
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                raise TestFailure(f"GET {url} answered {response.status}, expected 403")
        except urllib.error.HTTPError as error:
            if error.code != 403:
                raise TestFailure(f"GET {url} answered {error.code}, expected 403")
    with urllib.request.urlopen(page.inspector.url, timeout=10) as response:
        body = response.read().decode("utf-8", "replace")
        if response.status != 200 or "<html" not in body.lower():
            raise TestFailure(f"GET with the right token should give the page; got {response.status}")
        for tag in ("<script src", "<link", "@import", "url(http"):
            if tag in body:
                raise TestFailure(f"the page should be self-contained; it contains {tag!r}")
        urls = [u for u in re.findall(r"https?://[^\s\"'<>)]+", body) if not u.startswith("http://www.w3.org/")]
        if urls:
            raise TestFailure(f"the page should make no external request; it names {urls[:5]}")


def ws_handshake(port, path, origin=None, host=None):
    """The status line of a WebSocket handshake on `path`."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
                 "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                 "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append(f"Origin: {origin}")
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(1024)
            if not chunk:
                break
            data += chunk
        return data.split(b"\r\n", 1)[0].decode("latin1")


def test_websocket_refusals(page, shots):
    """The WebSocket refuses a wrong token and a foreign Origin with 403."""
    port, token = page.inspector.port, page.inspector.token
    good = ws_handshake(port, f"/ws?token={token}", origin=f"http://127.0.0.1:{port}")
    if " 101 " not in good + " ":
        raise TestFailure(f"the right token and origin should upgrade (101); got {good!r}")
    bad = ws_handshake(port, "/ws?token=wrong", origin=f"http://127.0.0.1:{port}")
    if " 403" not in bad:
        raise TestFailure(f"a wrong token on /ws should get 403; got {bad!r}")
    foreign = ws_handshake(port, f"/ws?token={token}", origin="http://evil.example")
    if " 403" not in foreign:
        raise TestFailure(f"a foreign Origin on /ws should get 403; got {foreign!r}")


TESTS = [
    ("page loads, lists the instance, shows its configuration", test_page_loads, True),
    ("an event button changes the diagram and adds a step", test_event_button, True),
    ("breakpoints pause; events are held while paused; resume delivers", test_breakpoints, True),
    ("viewing a past step; continue from here makes a branch", test_time_travel, True),
    ("unknown event and malformed JSON are shown in #error", test_errors, True),
    ("a wrong token gets 403", test_wrong_token, False),
    ("the WebSocket refuses a wrong token and a foreign origin", test_websocket_refusals, False),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screenshots", metavar="DIR", help="save PNG screenshots into DIR")
    parser.add_argument("--only", metavar="N,...", help="run only these tests (numbers from 1)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- the command that starts the inspector")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command that starts the inspector after --")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            print(f"error: {path} is missing (apt-get install {package})", file=sys.stderr)
            return 2
    only = {int(n) for n in args.only.split(",")} if args.only else None

    driver = None
    failures = 0
    ran = 0
    try:
        for number, (title, test, needs_browser) in enumerate(TESTS, 1):
            if only and number not in only:
                continue
            ran += 1
            inspector = Inspector(command)
            started = time.monotonic()
            try:
                inspector.start()
                if needs_browser and driver is None:
                    try:
                        driver = make_driver()
                    except WebDriverException as error:
                        raise TestFailure(f"cannot start headless Chromium: {str(error).splitlines()[0]}")
                page = Page(driver, inspector)
                if driver is not None:
                    driver.get("about:blank")
                    page.page_errors()
                test(page, args.screenshots)
                if needs_browser:
                    errors = page.page_errors()
                    if errors:
                        raise TestFailure(f"the page logged errors: {errors}")
                print(f"PASS {number} {title} ({time.monotonic() - started:.1f} s)", flush=True)
            except TestFailure as failure:
                failures += 1
                print(f"FAIL {number} {title}: {failure}", flush=True)
                if inspector.proc and inspector.proc.poll() is not None:
                    print(f"     the inspector exited with {inspector.proc.returncode}; "
                          f"stderr: {inspector.stderr_tail()!r}", flush=True)
                if args.screenshots and driver is not None and needs_browser:
                    page.screenshot(args.screenshots, f"failed-{number}.png")
            except Exception as error:  # a bug of the test or an unexpected browser problem
                failures += 1
                print(f"FAIL {number} {title}: {type(error).__name__}: {error}", flush=True)
                traceback.print_exc(limit=3)
            finally:
                if driver is not None:
                    try:
                        driver.get("about:blank")
                    except WebDriverException:
                        pass
                inspector.stop()
    finally:
        if driver is not None:
            driver.quit()
    print(f"{ran - failures} of {ran} browser tests passed", flush=True)
    return 0 if failures == 0 and ran > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

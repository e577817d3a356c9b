#!/usr/bin/env python3
"""Renders a gemmtune report page in headless Chromium and checks it, through the DevTools protocol.

Fails (exit 1) on any uncaught exception, console error or failed load, and on any chart canvas that
did not draw: blank pixels, or no data element inside the chart's area. Every problem of the page's
chooser is drawn in turn. Writes a screenshot. Exit 77 where Chromium is not installed.
Usage: render_report.py PAGE.html --screenshot OUT.png [--height-limit PX] [--require NAME ...]
       [--no-placeholders]
"""
import argparse
import base64
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time

CHECK_CHARTS = r"""(() => {
  const charts = [...document.querySelectorAll('[data-chart]')].map((node) => {
    const name = node.dataset.chart;
    if (node.tagName !== 'CANVAS') return {name, kind: 'placeholder', text: node.textContent};
    const pixels = node.getContext('2d').getImageData(0, 0, node.width, node.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
    const chart = Chart.getChart(node);
    let elements = 0;
    if (chart) {
      const area = chart.chartArea;
      chart.data.datasets.forEach((dataset, index) => chart.getDatasetMeta(index).data.forEach((item) => {
        if (isFinite(item.x) && isFinite(item.y) && item.x >= area.left - 1 && item.x <= area.right + 1 &&
            item.y >= area.top - 1 && item.y <= area.bottom + 1) elements++;
      }));
    }
    return {name, kind: 'canvas', width: node.width, height: node.height, painted, elements};
  });
  return JSON.stringify({drawn: document.body.dataset.drawn === 'yes', charts,
                         problems: document.querySelectorAll('#problem option').length});
})()"""


class Browser:
    """Headless Chromium driven over --remote-debugging-pipe: JSON messages ended by NUL bytes."""

    def __init__(self, chromium, width, height):
        self.profile = tempfile.mkdtemp(prefix="gemmtune-chromium-")
        commands_read, self.commands = os.pipe()
        self.responses, responses_write = os.pipe()

        def on_fds_3_and_4():
            # Through copies above 4: the pipes may be 3 or 4 already, and dup2 onto itself would
            # leave them closed on exec.
            commands_copy, responses_copy = os.dup(commands_read), os.dup(responses_write)
            os.dup2(commands_copy, 3)
            os.dup2(responses_copy, 4)

        self.log = open(os.path.join(self.profile, "stderr.txt"), "w")
        # Chromium and fontconfig write under HOME and the XDG directories: the profile's, not the user's.
        environment = dict(os.environ, HOME=self.profile, XDG_CONFIG_HOME=os.path.join(self.profile, "config"),
                           XDG_CACHE_HOME=os.path.join(self.profile, "cache"))
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--hide-scrollbars",
             "--window-size=%d,%d" % (width, height), "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log, env=environment, close_fds=False,
            preexec_fn=on_fds_3_and_4)
        os.close(commands_read)
        os.close(responses_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        reply = self.wait(lambda m: m.get("id") == self.next_id, timeout, method)
        if "error" in reply:
            raise RuntimeError("%s: %s" % (method, reply["error"]))
        return reply.get("result", {})

    def wait(self, wanted, timeout, what):
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                text, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(text)
                if "method" in message:
                    self.events.append(message)
                if wanted(message):
                    return message
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.responses], [], [], left)[0]:
                raise RuntimeError("Chromium did not answer %s within %d s" % (what, timeout))
            chunk = os.read(self.responses, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium exited while waiting for %s" % what)
            self.buffer += chunk

    def close(self):
        try:
            os.write(self.commands, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def problems_of(events):
    """Uncaught exceptions, console errors and failed loads among the DevTools events, one line each."""
    problems = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = (details.get("exception", {}).get("description") or details.get("text") or "").splitlines()[0]
            problems.append("uncaught exception: %s (line %s)" % (text, details.get("lineNumber")))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            values = [arg.get("value", arg.get("description", "")) for arg in params.get("args", [])]
            problems.append("console error: %s" % " ".join(str(v) for v in values))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            problems.append("error logged: %s %s" % (params["entry"].get("text"), params["entry"].get("url", "")))
    return problems


def chart_problems(state, no_placeholders):
    problems = []
    for chart in state["charts"]:
        if chart["kind"] == "placeholder":
            if no_placeholders:
                problems.append("chart %s shows no data: %s" % (chart["name"], chart["text"]))
        elif chart["painted"] == 0 or chart["elements"] == 0:
            problems.append("chart %s did not draw (%d painted pixels, %d data elements in its area)" %
                            (chart["name"], chart["painted"], chart["elements"]))
    if not state["drawn"]:
        problems.append("the page's script did not finish")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page")
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height-limit", type=int, default=0, help="crop the screenshot to this height (0: all)")
    parser.add_argument("--require", nargs="*", default=[], help="chart names (prefixes) that must be drawn")
    parser.add_argument("--no-placeholders", action="store_true", help="fail on a 'no data' placeholder")
    arguments = parser.parse_args()

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("skipped: Chromium is not installed (Debian package chromium)")
        return 77
    browser = Browser(chromium, arguments.width, 900)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            browser.send(domain + ".enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": arguments.width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
        browser.send("Page.navigate", {"url": pathlib.Path(arguments.page).resolve().as_uri()}, session)
        browser.wait(lambda m: m.get("method") == "Page.loadEventFired", 60, "the page's load event")

        def evaluate(expression):
            result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
            if "exceptionDetails" in result:
                raise RuntimeError("evaluating the check failed: %s" % result["exceptionDetails"].get("text"))
            return result["result"].get("value")

        state = json.loads(evaluate(CHECK_CHARTS))
        problems = chart_problems(state, arguments.no_placeholders)
        names = [chart["name"] for chart in state["charts"] if chart["kind"] == "canvas"]
        for required in arguments.require:
            if not any(name.startswith(required) for name in names):
                problems.append("no chart named %s* was drawn" % required)
        # Every problem of the chooser, drawn in turn, then the first choice again for the screenshot.
        first = evaluate("document.getElementById('problem') ? document.getElementById('problem').value : ''")
        for index in range(state["problems"]):
            evaluate("(() => { const s = document.getElementById('problem'); s.value = '%d';"
                     " s.dispatchEvent(new Event('change')); })()" % index)
            for problem in chart_problems(json.loads(evaluate(CHECK_CHARTS)), False):
                problems.append("problem %d: %s" % (index, problem))
        if first:
            evaluate("(() => { const s = document.getElementById('problem'); s.value = '%s';"
                     " s.dispatchEvent(new Event('change')); })()" % first)

        size = browser.send("Page.getLayoutMetrics", session=session)["cssContentSize"]
        height = size["height"] if not arguments.height_limit else min(size["height"], arguments.height_limit)
        shot = browser.send("Page.captureScreenshot",
                            {"format": "png", "captureBeyondViewport": True,
                             "clip": {"x": 0, "y": 0, "width": arguments.width, "height": height, "scale": 1}},
                            session)
        png = base64.b64decode(shot["data"])
        pathlib.Path(arguments.screenshot).write_bytes(png)
        if not png.startswith(b"\x89PNG") or len(png) < 10000:
            problems.append("the screenshot is not a picture of the page (%d bytes)" % len(png))
        problems = problems_of(browser.events) + problems
    finally:
        browser.close()

    drawn = sum(1 for chart in state["charts"] if chart["kind"] == "canvas")
    placeholders = sum(1 for chart in state["charts"] if chart["kind"] == "placeholder")
    print("%d charts drawn, %d 'no data' placeholders, %d problems in the chooser; screenshot %s" %
          (drawn, placeholders, state["problems"], arguments.screenshot))
    for problem in problems:
        print("FAIL: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

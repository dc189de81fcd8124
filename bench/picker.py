"""Benchmark the tile picker in headless Chromium: click-to-updated-panel latency and the
first-load transfer.

Starts the app itself on loopback as production runs it (gunicorn with config/gunicorn.conf.py,
DEBUG off over plain HTTP, static files collected into a temp dir: hashed names, brotli and gzip,
cached for ever; ``--debug`` serves from the finders instead, ``--server runserver`` uses Django's
dev server), loads ``/`` and sums the bytes really transferred (Chromium's encodedDataLength:
headers and compressed bodies), then opens a second page (``/tutor/``) in the same tab and sums
what that transfers (the sprite, CSS and scripts come from the cache), then performs 50 clicks
and times each from the click to the swapped-in panel (htmx ``afterSettle``, settle delay 0).
Targets: p95 <= 50 ms, first load <= 80 KB, second page <= 20 KB, 0 requests to other hosts.

``--throttle 4`` slows Chromium's CPU 4× (CDP ``Emulation.setCPUThrottlingRate``, a mid-range
phone) for the clicks; the click target is then p95 <= 150 ms. The bytes each click transferred
are printed too, and the load average: on a shared machine the times move with it, so
``--cpu`` also traces the clicks and prints the page's main-thread CPU time per click (the
browser's own work, much less sensitive to other processes than the wall-clock times).

Each tap that picker.js draws ahead of the server (a tile added or taken) also reports click
-> tile drawn: until the frame that shows it (the first animation frame after the click),
target <= 16 ms at 4x throttle.

    .venv/bin/python bench/picker.py [--port 8199] [--clicks 50] [--throttle 4]
                                     [--server runserver] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
HAND = ["2m", "3m", "4m", "2m", "3m", "4m", "4p", "5p", "6p", "5s", "5s", "6p", "8p", "7p"]
#: One click: [ms to the swapped-in panel, ms to the frame that shows the tile drawn by
#: picker.js before the answer (null when the click draws none: Tsumo, Riichi ...)].
CLICK_JS = """
(selector) => new Promise((resolve, reject) => {
  const target = document.querySelector(selector);
  if (!target) { reject(new Error('missing ' + selector)); return; }
  const start = performance.now();
  let drawn = null;
  requestAnimationFrame(() => {
    if (document.querySelector('#hand-row .is-drawn, #hand-row .hand-tile[hidden]')) {
      drawn = performance.now() - start;
    }
  });
  document.addEventListener('htmx:afterSettle', () => resolve([performance.now() - start, drawn]),
                            {once: true});
  target.click();
})
"""


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"the server did not start on port {port}")


def clicks(count: int) -> list[str]:
    """Build the wiki-basic hand, tsumo + riichi, then take the winning tile out (the panel
    shows the waits) and put it back, until ``count`` clicks."""
    out = [f'button[data-tile="{code}"]' for code in HAND]
    out += ["label:has(#tsumo-1)", "label:has(#flag-riichi)"]
    while len(out) < count:
        out += ["#hand-win", 'button[data-tile="7p"]']
    return out[:count]


def warm_up(page: Any) -> None:
    """One tile in and out (the first swap fetches nothing new, but JIT and caches settle)."""
    page.evaluate(CLICK_JS, 'button[data-tile="1z"]')
    page.evaluate(CLICK_JS, 'button[name="take"][value="1z"], #hand-win')


def main_thread_cpu(trace: bytes) -> float:
    """Milliseconds of CPU the page's main thread spent in tasks (thread time, not wall time)
    in a Chromium trace: the thread that handled the XHR loads."""
    events = json.loads(trace)["traceEvents"]
    loads = [e for e in events if e.get("name") == "XHRLoad"]
    if not loads:
        return 0.0
    pid, tid = loads[0]["pid"], loads[0]["tid"]
    return float(
        sum(
            e["tdur"]
            for e in events
            if e.get("pid") == pid
            and e.get("tid") == tid
            and e.get("ph") == "X"
            and e.get("name") == "ThreadControllerImpl::RunTask"
            and "tdur" in e
        )
        / 1000
    )


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8199)
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--verbose", action="store_true", help="print every click's time")
    parser.add_argument(
        "--server",
        choices=("gunicorn", "runserver"),
        default="gunicorn",
        help="gunicorn (what production runs; the default) or Django's dev server",
    )
    parser.add_argument("--debug", action="store_true", help="DEBUG on, static from the finders")
    parser.add_argument(
        "--cpu", action="store_true", help="trace the clicks: main-thread CPU time per click"
    )
    parser.add_argument(
        "--throttle",
        type=float,
        default=1.0,
        help="slow the CPU this many times for the clicks (4: a mid-range phone)",
    )
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    env = {**os.environ, "DJANGO_DEBUG": "1", "PYTHONUNBUFFERED": "1"}
    static_dir = tempfile.TemporaryDirectory(prefix="tenbo-static-")
    if not args.debug:
        env.update(
            DJANGO_DEBUG="0",
            DJANGO_HTTPS="0",
            DJANGO_SECRET_KEY="bench-" + "k" * 60,
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_STATIC_ROOT=static_dir.name,
        )
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=REPO,
            env=env,
            check=True,
        )
    address = f"127.0.0.1:{args.port}"
    if args.server == "gunicorn":
        env.update(GUNICORN_BIND=address, WEB_CONCURRENCY="2")
        command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py", "config.wsgi"]
    else:
        command = [sys.executable, "manage.py", "runserver", address, "--noreload"]
    server = subprocess.Popen(
        command,
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(args.port)
        base = f"http://127.0.0.1:{args.port}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            responses = []
            transferred: list[int] = [0]

            def record(response: Any) -> None:
                responses.append(response)

            # Bytes on the wire per request (0 for what the browser cache answers).
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on(
                "Network.loadingFinished",
                lambda event: transferred.__setitem__(
                    0, transferred[0] + int(event.get("encodedDataLength", 0))
                ),
            )
            page.on("response", record)
            page.goto(base + "/", wait_until="networkidle")
            foreign = sum(
                1 for r in responses if urlsplit(r.url).netloc != f"127.0.0.1:{args.port}"
            )
            total = transferred[0]
            first = len(responses)
            page.remove_listener("response", record)
            transferred[0] = 0
            page.goto(base + "/tutor/", wait_until="networkidle")
            second = transferred[0]
            # Printed now, so a change in the picker's markup that breaks the clicks below
            # still leaves the transfer figures.
            print(f"first load: {total / 1024:.1f} KB transferred in {first} requests", flush=True)
            print(f"second page (/tutor/): {second / 1024:.1f} KB transferred", flush=True)
            page.goto(base + "/", wait_until="networkidle")

            if args.throttle > 1:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
            warm_up(page)
            times: list[float] = []
            drawn: list[float] = []  # click -> the frame with the tile drawn (before the answer)
            sizes: list[int] = []  # bytes on the wire per click (the fragment, compressed)
            if args.cpu:
                browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline"])
            for selector in clicks(args.clicks):
                transferred[0] = 0
                panel, tile = page.evaluate(CLICK_JS, selector)
                times.append(panel)
                if tile is not None:
                    drawn.append(tile)
                sizes.append(transferred[0])
            cpu = main_thread_cpu(browser.stop_tracing()) if args.cpu else 0.0
            han = page.get_by_test_id("han").text_content()
            fu = page.get_by_test_id("fu").text_content()
            points = page.get_by_test_id("total").text_content()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        static_dir.cleanup()

    if args.verbose:
        for selector, ms in zip(clicks(args.clicks), times, strict=True):
            print(f"{ms:6.1f} ms  {selector}")
    print(f"server: {args.server}")
    print(f"CPU throttle: {args.throttle:g}×")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if args.cpu:
        how = "thread time" if args.throttle <= 1 else f"thread time, {args.throttle:g}× throttled"
        print(f"page main-thread CPU: {cpu / len(times):.1f} ms per click ({how})")
    if sizes:
        print(
            f"per click: median {statistics.median(sizes) / 1024:.1f} KB, "
            f"max {max(sizes) / 1024:.1f} KB transferred"
        )
    mode = "DEBUG, finders" if args.debug else "production: collected, compressed, hashed"
    print(f"static files: {mode}")
    print(f"first load: {total / 1024:.1f} KB transferred in {first} requests, ", end="")
    print(f"{foreign} to other hosts")
    print(f"second page (/tutor/): {second / 1024:.1f} KB transferred")
    print(
        f"{len(times)} clicks: p50 {statistics.median(times):.1f} ms, "
        f"p95 {percentile(times, 95):.1f} ms, max {max(times):.1f} ms"
    )
    if drawn:
        print(
            f"click -> tile drawn ({len(drawn)} taps): p50 {statistics.median(drawn):.1f} ms, "
            f"p95 {percentile(drawn, 95):.1f} ms, max {max(drawn):.1f} ms (target <= 16 ms at 4x)"
        )
    print(f"final panel: {fu} fu {han} han, total {points}")
    target = 150 if args.throttle >= 4 else 50
    print(f"click target: p95 <= {target} ms")
    ok = percentile(times, 95) <= target and total <= 80 * 1024
    ok = ok and second <= 20 * 1024 and foreign == 0
    print("targets met" if ok else "targets NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

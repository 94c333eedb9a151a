"""Step 11 (issue 25): a results grid of 300 thumbnails scrolled with the wheel.

Discover's trending shelf over the loopback fakes (2 PeerTube instances of GRID_VIDEOS videos each,
Tests/servers/serve.py --videos-per-instance): the wheel (XTEST button 5) scrolls down until the
shelf holds GRID_TILES results (`explore_results.total`, each further page asked when the grid's
bottom is reached), then back to the top. Measured: WHEEL_ROUNDS rounds of WHEEL_CLICKS clicks down
and as many up, one click every 1/60 s (a wheel turned briskly: the view never rests), inside the
300 tiles; each paint of the window from GTK itself (uprobes on gsk_renderer_render, bench/paints.py):
paints per second while scrolling, the longest gap between two paints, and the main loop's stalls
over 50 ms (the watchdog, LOOPFEED_WATCHDOG_MS=50; its stacks in the launch's stderr).
"""
from __future__ import annotations

import ctypes
import os
import time

from feed_stalls import common_stack
from paints import PaintTrace
from remote import Fakes
from stats import loadavg, log
from xgrab import Keyboard

GRID_TILES = int(os.environ.get("BENCH_GRID_TILES", "300"))
GRID_VIDEOS = 300            # per instance: enough portrait videos for 300 tiles after the vertical filter
WHEEL_CLICKS = int(os.environ.get("BENCH_WHEEL_CLICKS", "90"))
WHEEL_ROUNDS = int(os.environ.get("BENCH_WHEEL_ROUNDS", "2"))
CLICK_GAP = 1 / 60
GRID_POINT = (225, 500)      # over the shelf's tiles, at 450x800


class Wheel(Keyboard):
    """Wheel clicks through XTEST on the bench's own connection."""

    def __init__(self):
        super().__init__()
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]

    def click(self, button: int) -> None:
        self.xtst.XTestFakeButtonEvent(self.dpy, button, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.dpy, button, 0, 0)
        self.x.XFlush(self.dpy)

    def turn(self, button: int, clicks: int, gap: float = CLICK_GAP) -> None:
        t = time.monotonic()
        for i in range(clicks):
            self.click(button)
            t += gap
            pause = t - time.monotonic()
            if pause > 0:
                time.sleep(pause)


class GridScroll:
    def __init__(self, remote):
        self.remote = remote
        self.bench = remote.bench
        self.results = self.bench.results
        self.notes = self.bench.notes

    def m11_grid(self) -> None:
        log(f"11. a results grid of {GRID_TILES} thumbnails scrolled with the wheel")
        self.results["loads"]["11"] = loadavg()
        fakes = Fakes(self.bench.work, "grid", peertube=2, loops=0, index=False, videos_per_instance=GRID_VIDEOS)
        wheel = Wheel()
        try:
            self._grid(fakes, wheel)
        finally:
            wheel.close()
            fakes.stop()

    def _grid(self, fakes, wheel: Wheel) -> None:
        app = self.remote.launch("grid", fakes, extra_env={"LOOPFEED_WATCHDOG_MS": "50"})
        if not self.remote.open_discover(app):
            self.notes.append("grid: Discover's trending shelf never came")
            app.stop()
            return
        os.system(f"xdotool mousemove {GRID_POINT[0]} {GRID_POINT[1]}")
        time.sleep(0.5)

        def total() -> int:
            loads = [e for e in app.log.of("explore_results") if e.get("source") == "trending"]
            return loads[-1].get("total", 0) if loads else 0

        t0 = time.monotonic()
        last_growth, last_total = t0, total()
        while total() < GRID_TILES and time.monotonic() - last_growth < 15:
            wheel.turn(5, 30, 0.01)
            if total() != last_total:
                last_total, last_growth = total(), time.monotonic()
        loaded_s = time.monotonic() - t0
        tiles = total()
        if tiles < GRID_TILES:
            self.notes.append(f"grid: the shelf held {tiles} results after {loaded_s:.0f} s of scrolling, "
                              f"not {GRID_TILES}; scrolled over those")
        time.sleep(2.0)  # the last page's stills
        wheel.turn(4, 60 + tiles, 0.005)  # back to the top
        time.sleep(1.0)
        stalls_before = len(app.log.of("stall"))
        paints = PaintTrace(self.bench.work, "grid")
        paints.start(app.pid)
        time.sleep(0.3)  # perf attached
        s0 = time.monotonic()
        for _ in range(WHEEL_ROUNDS):
            wheel.turn(5, WHEEL_CLICKS)
            wheel.turn(4, WHEEL_CLICKS)
        scrolled = time.monotonic() - s0
        time.sleep(0.3)
        traced = paints.stop(scrolled + 0.6)
        time.sleep(0.5)
        stalls = app.log.of("stall")[stalls_before:]
        stderr = app.stderr()
        stacks = stderr.count("the main thread's stack")
        common = common_stack(stderr)
        app.stop()
        # Paints per second over the scrolling itself: the span from the first to the last paint
        # counted, not perf's whole recording (which starts and ends idle).
        span = traced.get("span_s") or scrolled
        self.results["grid"] = {
            "tiles": tiles, "seconds_to_load": loaded_s, "clicks": 2 * WHEEL_ROUNDS * WHEEL_CLICKS,
            "scroll_s": scrolled, "paints": traced, "fps": (traced["paints"] / max(span, scrolled))
            if "paints" in traced else float("nan"),
            "stalls_ms": [e.get("ms") for e in stalls], "stacks": stacks, "stack": common,
        }
        log(f"   {tiles} tiles; {self.results['grid']['fps']:.1f} paints/s over {scrolled:.1f} s of wheel; "
            f"longest gap {traced.get('gap_max_ms', float('nan')):.1f} ms; stalls {self.results['grid']['stalls_ms']}")


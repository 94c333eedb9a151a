"""Loopfeed over the networks (issue 22), measured where the user sees it, against the loopback fakes
of PeerTube, Loops and the search index (Tests/servers/serve.py, on 127.0.0.x):

8. Paging through remote results: Discover's trending shelf, the first tile opened as a feed, then
   Down (XTEST) to the next result, each press timed to the first XGetImage in which the next
   video's colour covers the middle of the window (the fakes serve each portrait video in a solid
   colour of its own, --colours); past the results loaded, the next page of results is asked. mpv
   plays the same remote addresses as a playlist beside it.
9. Typing -> results: a word typed with XTEST into Discover's search, timed to the first result's
   still on screen and to the app's `explore_results` event.

Steps of bench.py (`--only 8,9`); the report's block is bench/remote_report.py's. BENCH_REMOTE_PRESSES sets
step 8's presses (40); BENCH_SHOTS=1 keeps screenshots of step 9's stages in the work directory.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

from event_log import now_us
from feed import WELCOME_CLOSE
from processes import end_popen, spawn
from screen import mean_is, middle_mean
from stats import loadavg, log, ms, pct
from xgrab import Keyboard

REPO = Path(__file__).resolve().parent.parent
MEDIA_ROOT = "/tmp/loopfeed-bench-media"   # the tinted clips, made once (about a minute) and kept
FIRST_ADDRESS = "127.0.0.120"                # away from the addresses the end-to-end cases use
COLOURS = 8
SEARCH_FIELD = (200, 26)                     # Discover's search field, at 450x800
FIRST_TILE = (75, 300)                       # the trending shelf's first tile, at 450x800
THUMBNAIL = (0xE0, 0x80, 0x20)               # the fakes' portrait stills (Tests/servers/media.py)
FIRST_RESULT_BOX = (10, 165, 130, 60)        # x, y, w, h: inside the first tile of the results, at 450x800
SHELF_TILE_BOX = (10, 250, 130, 60)          # inside the trending shelf's first tile (under more chips)
SEARCH_DELAY_MS = 100                        # GtkSearchEntry:search-delay (DiscoverPage.searchDelayMilliseconds)
KEY_GAP = 0.08                               # between typed keys: a quick typist
# The words the fakes' video titles are made of (Tests/servers/world.py TOPICS), none of them in a
# channel's name: the results are videos alone, their grid right under the filter chips.
QUERIES = ["cats", "windowsill", "river", "dawn", "street", "dance", "kitchen", "cooking", "night", "city",
           "lights", "garden", "rain", "skate", "park", "mountain", "trail", "hiking", "beach", "waves"]
NO_RESULTS = "qqxz"                          # typed between two queries: an empty grid, no still on screen

PRESSES = int(os.environ.get("BENCH_REMOTE_PRESSES", "40"))
NETWORK_STEPS = ("8", "9")


def rgb_of(hex_colour: str) -> tuple[int, int, int]:
    value = int(hex_colour.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=False)


def click(x: int, y: int) -> None:
    xdotool("mousemove", str(x), str(y), "sleep", "0.05", "click", "1")


def mpv_entry(uri: str) -> list[str]:
    """A playlist entry for mpv: the address; a split-audio video's audio rendition (which the app
    reads from the address's `#loopfeed-audio=` fragment) as that entry's own --audio-file."""
    address, _, fragment = uri.partition("#")
    audio = urllib.parse.parse_qs(fragment).get("loopfeed-audio")
    return ["--{", f"--audio-file={audio[0]}", address, "--}"] if audio else [address]


def files_played(uris: list[str]) -> dict[str, int]:
    """How many of the addresses were web videos, HLS renditions, HLS video with split audio."""
    kinds = {"web video (progressive MP4)": 0, "HLS rendition (fragmented MP4, audio inside)": 0,
             "HLS video-only rendition + its audio rendition": 0}
    for uri in uris:
        key = ("HLS video-only rendition + its audio rendition" if "#loopfeed-audio=" in uri
               else "HLS rendition (fragmented MP4, audio inside)" if "/streaming-playlists/" in uri
               else "web video (progressive MP4)")
        kinds[key] += 1
    return kinds


def near(pixel: tuple[int, int, int], rgb: tuple[int, int, int], tol: int = 60) -> bool:
    return all(abs(a - b) < tol for a, b in zip(pixel, rgb))


class Fakes:
    """serve.py in a process of its own, and what its PeerTube instances hold."""

    def __init__(self, work: Path, name: str, peertube: int, loops: int, index: bool, colours: int = 0,
                 videos_per_instance: int | None = None):
        args = [sys.executable, str(REPO / "Tests" / "servers" / "serve.py"), "--peertube", str(peertube),
                "--loops", str(loops), "--first-address", FIRST_ADDRESS, "--media-dir", MEDIA_ROOT,
                "--colours", str(colours)] + ([] if index else ["--no-index"])
        if videos_per_instance:
            args += ["--videos-per-instance", str(videos_per_instance)]
        self.log_path = work / f"fakes-{name}.log"
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=self.log_path.open("w"), text=True)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the fakes did not start; see {self.log_path}")
        self.ready = json.loads(line)
        self.colours: dict[str, str] = {}
        for site in self.ready["peertube"]:
            for video in self.get(site + "/__fake/manifest")["videos"]:
                if "colour" in video:
                    self.colours[video["uuid"]] = video["colour"]

    @staticmethod
    def get(url: str):
        import urllib.request
        with urllib.request.urlopen(url, timeout=10) as answer:
            return json.loads(answer.read())

    def app_args(self) -> list[str]:
        sites = self.ready["peertube"] + self.ready["loops"]
        return [a for s in sites for a in ("--instance", s)] + ["--search-index", self.ready.get("search_index") or "off"]

    def requests(self) -> int:
        return sum(len(self.get(s + "/__fake/requests")) for s in self.ready["peertube"] + self.ready["loops"])

    def stop(self) -> None:
        end_popen(self.proc)


class RemoteBench:
    """Steps 8 and 9 over the bench's session, grabber and launches (`bench.App`)."""

    def __init__(self, bench, app_class):
        self.bench = bench
        self.App = app_class
        self.results = bench.results
        self.notes = bench.notes

    # -- screen ------------------------------------------------------------------------------
    def covering(self, palette: list[tuple[int, int, int]]) -> tuple[int, int, int] | None:
        """The palette colour covering the middle of the window, if any (issue 25's criterion,
        bench/screen.py: the mean colour of the centre box)."""
        mean = middle_mean(self.bench.grabber)
        return next((rgb for rgb in palette if mean_is(mean, rgb)), None)

    def still_shown(self, box: tuple[int, int, int, int] | None = None) -> bool:
        """The first result's still is on screen: over half of a box in the first tile of the search
        results' grid (which starts right under the filter chips) shows the fakes' thumbnail colour.
        Before the results, the same box holds the trending shelf's chips (its tiles start lower)
        or the black of an empty grid."""
        pixels = self.bench.grabber.sample(*(box or FIRST_RESULT_BOX), step=5)
        return sum(1 for px in pixels if near(px, THUMBNAIL, 40)) * 2 > len(pixels)

    def debug_shot(self, name: str) -> None:
        if os.environ.get("BENCH_SHOTS"):
            subprocess.run(["import", "-window", "root", "-crop", "450x800+0+0", str(self.bench.work / f"{name}.png")])

    def launch(self, name: str, fakes: Fakes, extra_env: dict | None = None):
        app = self.App(self.bench, name, [], args=fakes.app_args(), extra_env=extra_env)
        if not app.log.wait(lambda e: e.get("event") == "ready", 30):
            raise RuntimeError(f"{name}: the app never said ready")
        time.sleep(0.5)
        if any(e.get("message") == "Welcome to Loopfeed" for e in app.log.of("notice")):
            click(*WELCOME_CLOSE)
            time.sleep(0.3)
        return app

    def open_discover(self, app) -> dict | None:
        since = len(app.log.all)
        subprocess.run(["xdotool", "mousemove", "225", "400", "key", "ctrl+f"], check=False)
        return app.log.wait(lambda e: e.get("event") == "explore_results" and e.get("source") == "trending", 20, since)

    # -- 8. paging through remote results ------------------------------------------------------
    def m8_remote_paging(self) -> None:
        log("8. paging through remote results: Down -> the next result's colour over the middle; mpv beside it")
        self.results["loads"]["8"] = loadavg()
        fakes = Fakes(self.bench.work, "paging", peertube=2, loops=0, index=False, colours=COLOURS)
        keyboard = Keyboard()
        try:
            self._paging(fakes, keyboard)
        finally:
            keyboard.close()
            fakes.stop()

    def _paging(self, fakes: Fakes, keyboard: Keyboard) -> None:
        palette = sorted({rgb_of(c) for c in fakes.colours.values()})
        app = self.launch("remote-paging", fakes)
        shelf = self.open_discover(app)
        if not shelf:
            self.notes.append("remote paging: Discover's trending shelf never came")
            app.stop()
            return
        if self.bench.wait_until(lambda: self.still_shown(SHELF_TILE_BOX), 15) is None:
            self.notes.append("remote paging: the trending shelf's stills never showed")
        since = len(app.log.all)
        click(*FIRST_TILE)
        opened = app.log.wait(lambda e: e.get("event") == "page", 15, since)
        first = fakes.colours.get((opened or {}).get("remote_id", ""))
        if not opened or not first or self.bench.wait_until(lambda: self.covering([rgb_of(first)]), 20) is None:
            self.notes.append(f"remote paging: the opened result never showed its colour ({opened})")
            app.stop()
            return
        time.sleep(1.5)
        xdotool("mousemove", "225", "400")
        time.sleep(0.3)
        order = [opened]
        lat, same, missed, changes, ended = [], 0, 0, [], False
        current = rgb_of(first)
        for n in range(PRESSES):
            cursor = len(app.log.all)
            t = now_us()
            keyboard.press("Down")
            seen, hit, page = self.next_colour(app, cursor, current, palette, fakes)
            if page is None:
                ended = not self.more_coming(app)
                if not ended:
                    self.notes.append(f"remote paging: press {n + 1} gave no page within 15 s")
                break
            order.append(page)
            target = fakes.colours.get(page.get("remote_id", ""))
            if target is None:
                missed += 1
                self.notes.append(f"remote paging: page {page.get('index')} is not a tinted video: {page.get('uri')}")
            elif rgb_of(target) == current:
                same += 1  # the same colour as the page before: the change cannot be seen
            elif seen is None or hit != rgb_of(target):
                missed += 1
                if seen is not None:
                    self.notes.append(f"remote paging: page {page.get('index')} showed {hit}, not its {target}")
            else:
                lat.append(seen - t)
                changes.append((page.get("index"), seen - t))
            current = rgb_of(target) if target else current
            time.sleep(0.5)
        since_us = order[0]["t_us"]
        shown = [e["latency_us"] for e in app.log.of("page_shown") if e["t_us"] > since_us and e.get("index", 0) >= 1]
        loads = [e for e in app.log.of("explore_results") if e["t_us"] > since_us and e.get("page", 1) >= 2]
        pages = [e for e in app.log.of("page") if e["t_us"] > since_us]
        first_page = shelf.get("count", 0)
        app.stop()
        # The presses right after the one that reached the end of the results loaded at first.
        crossing = [us for index, us in changes if index is not None and index >= first_page]
        mpv = self._mpv_paging([p.get("uri", "") for p in order], [fakes.colours.get(p.get("remote_id", "")) for p in order],
                               keyboard)
        self.results["remote_paging"] = {
            "presses": len(order) - 1, "ended": ended, "changes": len(lat), "same_colour": same, "missed": missed,
            "p50": pct(lat, 50), "p95": pct(lat, 95), "max": max(lat) if lat else float("nan"), "all": lat,
            "page_events": len(pages), "page_shown_count": len(shown),
            "page_shown_p50": pct(shown, 50), "page_shown_p95": pct(shown, 95),
            "first_page": first_page, "first_page_total": shelf.get("total"), "hidden": shelf.get("hidden"),
            "more_loaded": [{"page": e.get("page"), "count": e.get("count"),
                             "at_index": max((p.get("index", 0) for p in pages if p["t_us"] < e["t_us"]), default=0)}
                            for e in loads],
            "past_first_page": crossing, "colours": len(palette), "sites": fakes.ready["peertube"],
            "files": files_played([p.get("uri", "") for p in order]),
            **mpv,
        }
        log(f"   loopfeed p50 {ms(pct(lat, 50))} p95 {ms(pct(lat, 95))} ({len(lat)} changes, {same} same colour, "
            f"{missed} missed; {len(loads)} more pages loaded); page_shown p95 {ms(pct(shown, 95))}; "
            f"mpv p50 {ms(mpv['mpv_p50'])} p95 {ms(mpv['mpv_p95'])} ({mpv['mpv_changes']})")

    @staticmethod
    def more_coming(app) -> bool:
        """Whether the results feed can still grow: its last page of results was a full one."""
        loads = [e for e in app.log.of("explore_results") if e.get("source") == "trending"]
        return bool(loads) and loads[-1].get("count", 0) >= loads[0].get("count", 0)

    def next_colour(self, app, cursor: int, current, palette, fakes: Fakes, timeout: float = 15):
        """After a press: (when another palette colour covered the middle, which, the page event).
        The screen is polled every millisecond from the press on, the events every tenth time; a
        page in the colour already shown ends the wait at once (nothing to see)."""
        others = [c for c in palette if c != current]
        deadline = time.monotonic() + timeout
        page = None
        polls = 0
        while time.monotonic() < deadline:
            hit = self.covering(others)
            if hit is not None:
                seen = now_us()
                page = page or app.log.wait(lambda e: e.get("event") == "page", 10, cursor)
                return seen, hit, page
            if page is None and polls % 10 == 0:
                page = app.log.wait(lambda e: e.get("event") == "page", 0, cursor)
            if page is not None and rgb_of(fakes.colours.get(page.get("remote_id", ""), "#000000")) == current:
                time.sleep(0.5)
                return None, None, page
            polls += 1
            time.sleep(0.001)
        return None, None, page or app.log.wait(lambda e: e.get("event") == "page", 0, cursor)

    def _mpv_paging(self, uris: list[str], colours: list[str | None], keyboard: Keyboard) -> dict:
        """mpv over the addresses the app played, in its order: a playlist, the next one
        prefetched, Down bound to playlist-next, the same window and presses."""
        b = self.bench
        if not hasattr(b, "mpv_vo") and colours[0]:
            b.pick_mpv_vo(uris[0], rgb_of(colours[0]))
        b.wait_window_gone()
        conf = b.work / "mpv-remote-input.conf"
        conf.write_text("DOWN playlist-next\n")
        cmd = ["mpv", "--loop-file=inf", "--prefetch-playlist=yes", "--geometry=450x800+0+0", "--no-border",
               *b.mpv_vo, "--hwdec=no", "--no-osc", "--no-input-default-bindings", f"--input-conf={conf}",
               "--ao=pulse", "--no-terminal", "--cursor-autohide=no", "--force-window=immediate",
               *(a for uri in uris for a in mpv_entry(uri))]
        proc = spawn(cmd, b.work / "mpv-remote-paging.log")
        lat: list[float] = []
        same = missed = 0
        try:
            first = colours[0]
            if first is None or b.wait_until(lambda: self.covering([rgb_of(first)]) is not None, 30) is None:
                self.notes.append("remote paging: mpv never showed the first result")
                return {"mpv_changes": 0, "mpv_p50": float("nan"), "mpv_p95": float("nan"), "mpv_max": float("nan"),
                        "mpv_all": [], "mpv_cmd": " ".join(cmd[:cmd.index("--force-window=immediate") + 1])}
            time.sleep(1.5)
            xdotool("mousemove", "225", "400")
            time.sleep(0.3)
            current = rgb_of(first)
            for target in colours[1:]:
                t = now_us()
                keyboard.press("Down")
                if target is None:
                    missed += 1
                elif rgb_of(target) == current:
                    same += 1
                    time.sleep(0.5)
                else:
                    seen = b.wait_until(lambda: self.covering([rgb_of(target)]) is not None, 15)
                    if seen is None:
                        missed += 1
                    else:
                        lat.append(seen - t)
                    current = rgb_of(target)
                time.sleep(0.5)
        finally:
            end_popen(proc)
        if missed:
            self.notes.append(f"remote paging: mpv never showed {missed} of the results within 15 s")
        return {"mpv_changes": len(lat), "mpv_p50": pct(lat, 50), "mpv_p95": pct(lat, 95),
                "mpv_max": max(lat) if lat else float("nan"), "mpv_all": lat, "mpv_same_colour": same,
                "mpv_cmd": " ".join(cmd[:cmd.index("--force-window=immediate") + 1])}

    # -- 9. typing -> results ------------------------------------------------------------------
    def m9_typing(self) -> None:
        log("9. typing -> results: a word typed into Discover -> the first result's still on screen")
        self.results["loads"]["9"] = loadavg()
        fakes = Fakes(self.bench.work, "typing", peertube=2, loops=1, index=True)
        keyboard = Keyboard()
        try:
            self._typing(fakes, keyboard)
        finally:
            keyboard.close()
            fakes.stop()

    def type_word(self, keyboard: Keyboard, word: str) -> int:
        """Selects what the field holds and types `word` over it; the time of the last key."""
        click(*SEARCH_FIELD)
        subprocess.run(["xdotool", "key", "ctrl+a"], check=False)
        last = 0
        for ch in word:
            time.sleep(KEY_GAP)
            last = now_us()
            keyboard.press(ch)
        return last

    def _typing(self, fakes: Fakes, keyboard: Keyboard) -> None:
        app = self.launch("remote-typing", fakes)
        if not self.open_discover(app):
            self.notes.append("typing: Discover's trending shelf never came")
            app.stop()
            return
        screen, event, counts, failed = [], [], [], []
        for word in QUERIES:
            cursor = len(app.log.all)
            self.type_word(keyboard, NO_RESULTS)
            empty = app.log.wait(lambda e: e.get("event") == "explore_results" and e.get("query") == NO_RESULTS
                                 and e.get("source") == "search", 10, cursor)
            if not empty or self.bench.wait_until(lambda: not self.still_shown(), 5) is None:
                failed.append(f"{word}: the grid never emptied ({empty})")
                continue
            time.sleep(0.3)
            self.debug_shot(f"typing-{word}-0-empty")
            cursor = len(app.log.all)
            last = self.type_word(keyboard, word)
            seen = self.bench.wait_until(self.still_shown, 10)
            self.debug_shot(f"typing-{word}-1-seen")
            time.sleep(1)
            self.debug_shot(f"typing-{word}-2-later")
            found = app.log.wait(lambda e: e.get("event") == "explore_results" and e.get("query") == word
                                 and e.get("source") == "search", 10, cursor)
            if seen is None or found is None:
                failed.append(f"{word}: {'no still on screen' if seen is None else 'no explore_results'} ({found})")
                continue
            screen.append(seen - last)
            event.append(found["t_us"] - last)
            counts.append(found.get("count", 0))
        app.stop()
        self.results["typing"] = {
            "queries": len(screen), "p50": pct(screen, 50), "p95": pct(screen, 95),
            "max": max(screen) if screen else float("nan"), "all": screen,
            "event_p50": pct(event, 50), "event_p95": pct(event, 95), "event_all": event,
            "counts": counts, "failed": failed, "separator": NO_RESULTS, "search_delay_ms": SEARCH_DELAY_MS, "key_gap_ms": KEY_GAP * 1000,
            "sites": len(fakes.ready["peertube"]) + len(fakes.ready["loops"]) + 1,
        }
        if failed:
            self.notes.append("typing: " + "; ".join(failed[:5]))
        log(f"   typing -> still on screen p50 {ms(pct(screen, 50))} p95 {ms(pct(screen, 95))} ({len(screen)}); "
            f"explore_results p95 {ms(pct(event, 95))}")

#!/usr/bin/env python3
"""Benchmarks of the sources (issue 11), measured where the user sees them, with baselines run
side by side. Run through `bash bench/sources.sh`, which builds the release binary, starts a
private headless session and writes the report into docs/BENCHMARKS.md between the
`sources` markers (bench/run.sh keeps that block when it rewrites the rest).

  S1  Launch -> the first frame on screen (XGetImage polling of the window area) of one post:
      a local file, a remote video not in the cache, the same video cached; gst-play-1.0 and
      mpv opening the local file and the same URL.
  S2  Refreshing 100 subscriptions of 50 entries each on loopback: from the OPML list on the
      command line to the 100th `feed_refreshed` (5,000 new posts), then the refresh at the
      next launch (conditional GETs, nothing new); a plain fetch of the same 100 feeds, four at
      a time (Python's urllib, no parsing or storing) as the floor.
  S3  Page changes measured on screen (Down -> the next post's colour covers the window's
      middle) while 1,000 files import from a library folder, against the same with nothing
      importing.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "e2e"))
from xgrab import Grabber  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FEED_SERVER = ROOT / "Tests" / "e2e" / "feed_server.py"
WINDOW = (0, 0, 450, 800)
MIDDLE = (75, 250, 300, 300)
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
IMPORT_FILES = int(os.environ.get("BENCH_IMPORT_FILES", "1000"))


def log(msg: str) -> None:
    print(f"[sources] {msg}", flush=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def make_clip(path: Path, color: int, seconds: float = 2.0, width: int = 720, height: int = 1280) -> None:
    frames = int(seconds * 30)
    subprocess.run(["gst-launch-1.0", "-q", "-e", "videotestsrc", f"num-buffers={frames}", "pattern=solid-color",
                    f"foreground-color={0xFF000000 | color}", "!",
                    f"video/x-raw,width={width},height={height},framerate=30/1,format=I420", "!",
                    "x264enc", "speed-preset=ultrafast", "key-int-max=30", "!", "video/x-h264,profile=main", "!",
                    "h264parse", "!", "mp4mux", "name=mux", "!", "filesink", f"location={path}",
                    "audiotestsrc", f"num-buffers={frames}", "samplesperbuffer=1600", "wave=sine", "!",
                    "audio/x-raw,rate=48000,channels=2", "!", "audioconvert", "!", "avenc_aac", "!", "mux."],
                   check=True)


def near(pixel: tuple[int, int, int], color: int, tolerance: int = 40) -> bool:
    r, g, b = (color >> 16) & 255, (color >> 8) & 255, color & 255
    return abs(pixel[0] - r) <= tolerance and abs(pixel[1] - g) <= tolerance and abs(pixel[2] - b) <= tolerance


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.work = Path(args.work)
        self.grabber = Grabber()
        self.results: dict = {}
        self.notes: list[str] = []
        self.env = dict(os.environ)
        self.no_samples = self.work / "no-samples"
        self.no_samples.mkdir(parents=True, exist_ok=True)
        self.env["LOOPFEED_SAMPLES_DIR"] = str(self.no_samples)

    # -- screen
    def covered(self, color: int, box: tuple[int, int, int, int] = MIDDLE) -> bool:
        pixels = self.grabber.sample(*box, step=20)
        return sum(1 for p in pixels if near(p, color)) > len(pixels) // 2

    def wait_color(self, color: int, timeout: float) -> float | None:
        """Seconds until the middle of the window shows `color`; None on timeout."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.covered(color):
                return time.monotonic() - start
            time.sleep(0.003)
        return None

    def clear_screen(self) -> None:
        subprocess.run(["xdotool", "mousemove", "900", "900"], env=self.env, check=False)
        time.sleep(0.2)

    # -- processes
    def launch_to_screen(self, cmd: list[str], color: int, timeout: float = 20) -> tuple[float | None, subprocess.Popen]:
        started = time.monotonic()
        proc = subprocess.Popen(cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        while time.monotonic() - started < timeout:
            if self.covered(color):
                return time.monotonic() - started, proc
            if proc.poll() is not None:
                break
            time.sleep(0.003)
        return None, proc

    @staticmethod
    def stop(proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        time.sleep(0.3)

    def loopfeed(self, run: Path, *inputs: str, cache: Path | None = None, extra: list[str] | None = None) -> list[str]:
        run.mkdir(parents=True, exist_ok=True)
        return [self.args.binary, "--data-dir", str(run / "data"), "--cache-dir", str(cache or run / "cache"),
                "--events", str(run / "events.jsonl"), *(extra or []), *inputs]

    @staticmethod
    def events(run: Path) -> list[dict]:
        path = run / "events.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    # -- S1
    def s1_first_frame(self) -> None:
        log("S1: launch -> first frame on screen, local vs remote uncached vs cached")
        clips = self.work / "s1"
        clips.mkdir(exist_ok=True)
        color = 0xD04080
        clip = clips / "clip.mp4"
        make_clip(clip, color)
        server = subprocess.Popen([sys.executable, str(FEED_SERVER), str(clips)], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        port = int(server.stdout.readline())
        url = f"http://127.0.0.1:{port}/videos/clip.mp4"
        kinds: dict[str, list[float]] = {k: [] for k in ("local", "remote_uncached", "remote_cached", "gst_play_local",
                                                         "gst_play_remote", "mpv_local", "mpv_remote")}
        own: dict[str, list[float]] = {k: [] for k in ("local", "remote_uncached", "remote_cached")}
        gst = ["gst-play-1.0", "--no-interactive", "-q", "--audiosink", "pulsesink provide-clock=false",
               "--videosink", "videoscale ! video/x-raw,width=450,height=800 ! ximagesink"]
        mpv = ["mpv", "--loop-file=inf", "--geometry=450x800+0+0", "--no-border", "--vo=gpu", "--gpu-context=x11egl",
               "--hwdec=no", "--no-osc", "--no-input-default-bindings", "--ao=pulse", "--no-terminal"]
        try:
            for attempt in range(RUNS + 1):
                cached_cache = self.work / f"s1-cache-{attempt}"
                plan = [
                    ("local", self.loopfeed(self.work / f"s1-local-{attempt}", str(clip))),
                    ("remote_uncached", self.loopfeed(self.work / f"s1-remote-{attempt}", url, cache=cached_cache)),
                    ("remote_cached", self.loopfeed(self.work / f"s1-cached-{attempt}", url, cache=cached_cache)),
                    ("gst_play_local", gst + [str(clip)]),
                    ("gst_play_remote", gst + [url]),
                    ("mpv_local", mpv + [str(clip)]),
                    ("mpv_remote", mpv + [url]),
                ]
                for kind, cmd in plan:
                    self.clear_screen()
                    seconds, proc = self.launch_to_screen(cmd, color)
                    if kind.startswith(("local", "remote")):
                        # Let the download finish before the cached run reads the cache.
                        time.sleep(1.0)
                    self.stop(proc)
                    if attempt == 0:
                        continue  # warm-up, not counted
                    if seconds is None:
                        self.notes.append(f"S1 {kind} run {attempt}: no frame on screen within 20 s")
                        continue
                    kinds[kind].append(seconds * 1000)
                    if kind in own:
                        run = Path(cmd[cmd.index("--events") + 1]).parent
                        frames = [e for e in self.events(run) if e.get("event") == "first_frame"]
                        pages = [e for e in self.events(run) if e.get("event") == "page"]
                        if frames:
                            own[kind].append(frames[0]["latency_us"] / 1000)
                        if pages and kind != "local":
                            expected = kind == "remote_cached"
                            if pages[0].get("cached") is not expected:
                                self.notes.append(f"S1 {kind} run {attempt}: page said cached={pages[0].get('cached')}")
            asked = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/requests", timeout=5).read())
            self.results["s1"] = {"screen_ms": kinds, "own_ms": own, "requests": {k: len(v) for k, v in asked.items()},
                                  "clip_bytes": clip.stat().st_size}
        finally:
            server.terminate()
            server.wait(5)

    # -- S2
    def s2_refresh(self) -> None:
        log("S2: refresh of 100 subscriptions x 50 entries on loopback")
        feeds, entries = 100, 50
        hits = {"count": 0}
        lock = threading.Lock()

        class FeedHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_GET(self):
                with lock:
                    hits["count"] += 1
                number = int(self.path.rsplit("/", 1)[1].split(".")[0])
                etag = f'"feed-{number}-v1"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                host = self.headers.get("Host")
                items = "".join(
                    f"<item><title>Feed {number} clip {i}</title><guid>f{number}-{i}</guid>"
                    f"<link>http://{host}/w/{number}/{i}</link>"
                    f"<pubDate>{formatdate(1796119200 - number * 7200 - i * 60, usegmt=True)}</pubDate>"
                    f"<dc:creator>Channel {number}</dc:creator>"
                    f"<enclosure url='http://{host}/videos/{number}/{i}.mp4' type='video/mp4' length='1000'/></item>"
                    for i in range(entries))
                body = (f"<?xml version='1.0'?><rss version='2.0' xmlns:dc='http://purl.org/dc/elements/1.1/'>"
                        f"<channel><title>Channel {number}</title><link>http://{host}/c/{number}</link>{items}"
                        f"</channel></rss>").encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/rss+xml")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

        server = ThreadingHTTPServer(("127.0.0.1", 0), FeedHandler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.server_address[1]
        urls = [f"http://127.0.0.1:{port}/feeds/{n}.xml" for n in range(feeds)]
        opml = self.work / "s2.opml"
        opml.write_text("<?xml version='1.0'?><opml version='2.0'><head><title>bench</title></head><body>"
                        + "".join(f"<outline text='Channel {n}' type='rss' xmlUrl='{u}'/>" for n, u in enumerate(urls))
                        + "</body></opml>")
        try:
            floor = []
            for _ in range(3):
                start = time.monotonic()
                with concurrent.futures.ThreadPoolExecutor(4) as pool:
                    list(pool.map(lambda u: urllib.request.urlopen(u, timeout=10).read(), urls))
                floor.append((time.monotonic() - start) * 1000)
            run = self.work / "s2"
            first_cmd = self.loopfeed(run, str(opml))
            proc = subprocess.Popen(first_cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            first = self.wait_refreshes(run, feeds, 0)
            self.stop(proc)
            # The next launch on the same library writes its own events file.
            second = self.work / "s2-again"
            second.mkdir(exist_ok=True)
            again_cmd = first_cmd[:-1]
            again_cmd[again_cmd.index("--events") + 1] = str(second / "events.jsonl")
            proc = subprocess.Popen(again_cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            again = self.wait_refreshes(second, feeds, 0)
            self.stop(proc)
            self.results["s2"] = {"first": first, "again": again, "floor_ms": floor, "feeds": feeds, "entries": entries,
                                  "requests": hits["count"]}
        finally:
            server.shutdown()

    def wait_refreshes(self, run: Path, feeds: int, skip: int, timeout: float = 180) -> dict:
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            events = self.events(run)[skip:]
            refreshed = [e for e in events if e.get("event") == "feed_refreshed"]
            ready = next((e for e in events if e.get("event") == "ready"), None)
            if ready and len(refreshed) >= feeds:
                last = refreshed[feeds - 1]
                return {"ms": (last["t_us"] - ready["t_us"]) / 1000, "added": sum(e.get("added", 0) for e in refreshed),
                        "errors": [e for e in refreshed if e.get("error")][:3], "lines": len(self.events(run)),
                        "first_ms": (refreshed[0]["t_us"] - ready["t_us"]) / 1000}
            time.sleep(0.1)
        return {"ms": None, "lines": len(self.events(run)), "added": 0, "errors": ["timed out"]}

    # -- S3
    def s3_import_paging(self) -> None:
        log(f"S3: page changes on screen while {IMPORT_FILES} files import")
        colors = [0xC04040, 0x40C040, 0x4040C0, 0xC0C040, 0x40C0C0, 0xC040C0]
        pages_dir = self.work / "s3-pages"
        pages_dir.mkdir(exist_ok=True)
        pages = []
        for index, color in enumerate(colors):
            path = pages_dir / f"page{index}.mp4"
            make_clip(path, color, seconds=2.0)
            pages.append(path)
        library = self.work / "s3-library"
        library.mkdir(exist_ok=True)
        seeds = []
        for index in range(10):
            path = self.work / f"s3-seed{index}.mp4"
            make_clip(path, 0x202020 + index * 0x101010, seconds=1.0, width=180, height=320)
            seeds.append(path.read_bytes())
        for n in range(IMPORT_FILES):
            # A `free` box after the movie: a valid MP4 whose bytes (and fingerprint) are its own.
            payload = f"loopfeed bench copy {n}".encode()
            (library / f"clip{n:04d}.mp4").write_bytes(seeds[n % len(seeds)]
                                                        + struct.pack(">I", 8 + len(payload)) + b"free" + payload)

        def run_paging(name: str, importing: bool) -> dict:
            run = self.work / f"s3-{name}"
            run.mkdir(exist_ok=True)
            (run / "data").mkdir(exist_ok=True)
            if importing:
                (run / "data" / "settings.ini").write_text(
                    f"[io/github/loopfeed/Loopfeed]\nlibrary-folders=['{library}']\n")
            cmd = self.loopfeed(run, *map(str, pages))
            proc = subprocess.Popen(cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            try:
                self.wait_color(colors[0], 20)
                subprocess.run(["xdotool", "mousemove", "200", "300"], env=self.env, check=False)
                time.sleep(0.5)
                latencies = []
                index = 0
                for step in range(30):
                    target = (index + 1) % len(colors)
                    key = "Down" if target != 0 else "Home"
                    start = time.monotonic()
                    subprocess.run(["xdotool", "key", key], env=self.env, check=False)
                    seen = self.wait_color(colors[target], 5)
                    if seen is not None:
                        latencies.append((time.monotonic() - start) * 1000)
                    index = target
                    time.sleep(0.4)
                events = self.events(run)
                progress = [e for e in events if e.get("event") == "import_progress"]
                finished = [e for e in events if e.get("event") == "import_finished"]
                during = sum(1 for e in events if e.get("event") == "page") if importing else 0
                return {"latencies_ms": latencies, "progress_events": len(progress),
                        "last_progress": progress[-1] if progress else None, "finished": bool(finished),
                        "pages": during}
            finally:
                self.stop(proc)

        idle = run_paging("idle", False)
        busy = run_paging("import", True)
        self.results["s3"] = {"idle": idle, "import": busy, "files": IMPORT_FILES}

    # -- report
    def report(self) -> str:
        lines = ["<!-- sources:begin (bench/sources.sh writes this block; bench/run.sh keeps it) -->",
                 "## Sources: remote videos, refreshing, importing (issue 11)", "",
                 f"_Generated by `bash bench/sources.sh` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
                 f"commit {self.args.commit}; same machine and session as above, loopback only._", "",
                 "| Measurement | Result | Baseline | Ratio |", "|---|---|---|---|"]
        s1 = self.results.get("s1")
        if s1:
            screen = s1["screen_ms"]
            m = {k: median(v) for k, v in screen.items()}
            lines.append(f"| S1a. Launch -> first frame on screen, local file (median of {RUNS}) | loopfeed {m['local']:.0f} ms "
                         f"| gst-play-1.0 {m['gst_play_local']:.0f} ms, mpv {m['mpv_local']:.0f} ms "
                         f"| {m['local'] / m['mpv_local']:.2f}x mpv |")
            lines.append(f"| S1b. The same clip from http://127.0.0.1, not in the cache | loopfeed {m['remote_uncached']:.0f} ms "
                         f"({m['remote_uncached'] - m['local']:+.0f} ms vs local) | gst-play-1.0 {m['gst_play_remote']:.0f} ms, "
                         f"mpv {m['mpv_remote']:.0f} ms | {m['remote_uncached'] / m['mpv_remote']:.2f}x mpv |")
            lines.append(f"| S1c. The same clip, cached (server still up) | loopfeed {m['remote_cached']:.0f} ms "
                         f"({m['remote_cached'] - m['local']:+.0f} ms vs local) | local file {m['local']:.0f} ms "
                         f"| {m['remote_cached'] / m['local']:.2f}x local |")
        s2 = self.results.get("s2")
        if s2:
            f, a = s2["first"], s2["again"]
            floor = median(s2["floor_ms"])
            lines.append(f"| S2a. Follow 100 feeds x 50 entries (OPML argument) -> 100th `feed_refreshed` "
                         f"| {f['ms']:.0f} ms, {f['added']} posts added | fetch only, 4 at a time: {floor:.0f} ms "
                         f"| {f['ms'] / floor:.1f}x |" if f.get("ms") else "| S2a. | timed out | | |")
            lines.append(f"| S2b. Refresh at the next launch (ETag, all 304) | {a['ms']:.0f} ms, {a['added']} added "
                         f"| {floor:.0f} ms (200s) | {a['ms'] / floor:.1f}x |" if a.get("ms") else "| S2b. | timed out | | |")
        s3 = self.results.get("s3")
        if s3:
            idle, busy = s3["idle"]["latencies_ms"], s3["import"]["latencies_ms"]
            lines.append(f"| S3. Page change on screen (Down -> next colour covers the middle), {len(busy)} changes "
                         f"while {s3['files']} files import | p50 {pct(busy, 50):.0f} ms, p95 {pct(busy, 95):.0f} ms "
                         f"| nothing importing: p50 {pct(idle, 50):.0f} ms, p95 {pct(idle, 95):.0f} ms "
                         f"| p50 {pct(busy, 50) / pct(idle, 50):.2f}x |")
        lines.append("")
        if s1:
            lines.append("- S1: the bench spawns the process and polls XGetImage of the window's middle (every ~3 ms) "
                         "until over half of it shows the clip's colour; one uncounted warm-up round first, then the "
                         f"players alternate. The clip is 720x1280@30, 2 s, {s1['clip_bytes'] // 1024} KB, served by "
                         "Tests/e2e/feed_server.py (byte ranges). `remote_cached` reuses the cache the uncached run "
                         "filled, with a fresh library. Requests per path over all runs: "
                         + ", ".join(f"{k} {v}" for k, v in s1["requests"].items())
                         + " (loopfeed fetches once per uncached run; gst-play and mpv fetch on every run). All runs (ms): "
                         + "; ".join(f"{k}: " + ", ".join(f"{x:.0f}" for x in v) for k, v in s1["screen_ms"].items())
                         + ". loopfeed's own `first_frame.latency_us` (launch -> paint, ms): "
                         + "; ".join(f"{k}: " + ", ".join(f"{x:.0f}" for x in v) for k, v in s1["own_ms"].items()) + ".")
        if s2:
            lines.append(f"- S2: a threaded Python server on 127.0.0.1 serves 100 RSS feeds of 50 items each (one "
                         f"enclosure, an ETag); loopfeed follows the OPML list given as its argument (at most 4 "
                         f"refreshes at a time), parses with libxml2's reader and stores each entry in SQLite. Timed "
                         f"from the `ready` event to the 100th `feed_refreshed`; the first refresh event came after "
                         f"{s2['first'].get('first_ms', 0):.0f} ms. Server requests: {s2['requests']} (3 floor rounds "
                         f"of 100, then loopfeed's). Errors: {s2['first'].get('errors') or 'none'}; floor runs (ms): "
                         + ", ".join(f"{x:.0f}" for x in s2["floor_ms"]) + ".")
        if s3:
            b = s3["import"]
            lines.append(f"- S3: 6 solid-colour 720x1280 posts given on the command line; 30 page changes (Down, "
                         f"Home after the last), each timed from spawning `xdotool key` to the first XGetImage in "
                         f"which the next colour covers the middle of the window, 0.4 s apart. The importing run's "
                         f"library folder (settings.ini) holds {s3['files']} distinct one-second clips, imported in "
                         f"the background from launch; {b['progress_events']} `import_progress` events during the "
                         f"run, last {b['last_progress']}, finished within the run: {b['finished']}. All changes "
                         f"(ms), importing: " + ", ".join(f"{x:.0f}" for x in busy) + "; idle: "
                         + ", ".join(f"{x:.0f}" for x in idle) + ".")
        for note in self.notes:
            lines.append(f"- Note: {note}")
        lines.append("<!-- sources:end -->")
        return "\n".join(lines) + "\n"

    def run(self) -> None:
        only = set((self.args.only or "1,2,3").split(","))
        for key, step in (("1", self.s1_first_frame), ("2", self.s2_refresh), ("3", self.s3_import_paging)):
            if key in only:
                try:
                    step()
                except Exception as exc:  # a broken step must not lose the others
                    import traceback
                    traceback.print_exc()
                    self.notes.append(f"step S{key} failed: {exc!r}")
        out = ROOT / "bench" / "out"
        out.mkdir(exist_ok=True)
        (out / "sources.json").write_text(json.dumps(self.results, indent=1, default=str))
        block = self.report()
        target = Path(self.args.out)
        text = target.read_text() if target.exists() else ""
        begin, end = text.find("<!-- sources:begin"), text.find("<!-- sources:end -->")
        if begin >= 0 and end > begin:
            text = text[:begin] + block + text[end + len("<!-- sources:end -->\n"):]
        else:
            text = text.rstrip("\n") + "\n\n" + block
        target.write_text(text)
        log(f"wrote the sources block of {target}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=os.environ.get("BENCH_ONLY"))
    ap.add_argument("--commit", default="?")
    bench = Bench(ap.parse_args())
    try:
        bench.run()
    finally:
        bench.grabber.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Step 5's other launches (issue 25), each against a warm launch measured in the same rounds
(alternating, so load falls on both alike), from the spawn to the first screenshot in which the
first post's magenta covers half the window (Bench.wait_launch):

5a. A new user's first launch: empty data and cache folders, the bundled samples' catalog seeded
    as a first launch does (LOOPFEED_SAMPLES_DIR: a copy of data/samples whose videos are the
    bench's magenta clip, so the first post is seen on screen). Against the warm launch of the
    same library once seeded.
5b. A launch whose first post is remote and not cached: a followed channel feed on the loopback
    (Tests/e2e/feed_server.py) whose newest post is the magenta clip; a library that follows it
    (refreshed once beforehand), an empty cache. Against the warm launch of the local clip.
5c. A launch on a cold page cache: every file a warm launch had mapped (/proc/PID/maps), GStreamer's
    plugins and its registry evicted with posix_fadvise(DONTNEED) (no root needed; drop_caches is
    not writable here), checked with mincore. The main-loop watchdog at 50 ms
    (LOOPFEED_WATCHDOG_MS) reports the longest stall; its stacks are in the launch's stderr.
"""
from __future__ import annotations

import ctypes
import json
import mmap
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from stats import loadavg, log, ms

REPO = Path(__file__).resolve().parent.parent
REPS = int(os.environ.get("BENCH_LAUNCH_REPS", "5"))
COLD_REPS = int(os.environ.get("BENCH_COLD_REPS", "3"))
GST_PLUGINS = Path("/usr/lib/x86_64-linux-gnu/gstreamer-1.0")
MAGENTA = (255, 0, 255)
PAGE = mmap.PAGESIZE
_libc = ctypes.CDLL(None, use_errno=True)
_libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
_libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]


def resident_pages(path: str) -> tuple[int, int]:
    """(pages of `path` in the page cache, pages in all), by mincore over a private read-only
    mapping of it (mapping faults nothing in)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return 0, 0
    try:
        size = os.fstat(fd).st_size
        if size == 0:
            return 0, 0
        pages = (size + PAGE - 1) // PAGE
        base = _libc.mmap(None, size, mmap.PROT_READ, mmap.MAP_PRIVATE, fd, 0)
        if base in (None, ctypes.c_void_p(-1).value):
            return 0, pages
        try:
            vec = ctypes.create_string_buffer(pages)
            if _libc.mincore(base, size, vec) != 0:
                return 0, pages
            return sum(b & 1 for b in vec.raw), pages
        finally:
            _libc.munmap(base, size)
    finally:
        os.close(fd)


def evict(paths: list[str]) -> None:
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def mapped_files(pid: int) -> list[str]:
    out = set()
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        parts = line.split(None, 5)
        if len(parts) == 6 and parts[5].startswith("/") and not parts[5].endswith("(deleted)"):
            out.add(parts[5])
    return sorted(out)


def residency(paths: list[str]) -> tuple[int, int]:
    got = [resident_pages(p) for p in paths]
    return sum(r for r, _ in got), sum(t for _, t in got)


class Launches:
    def __init__(self, bench, app_class):
        self.bench = bench
        self.App = app_class
        self.work = bench.work / "launches"
        self.work.mkdir(parents=True, exist_ok=True)

    def timed(self, app) -> tuple[float | None, object]:
        """Spawn -> the first post's magenta on screen, in us; then the app is stopped."""
        _, t_vis = self.bench.wait_launch(MAGENTA, 20)
        app.log.wait(lambda e: e.get("event") == "first_frame", 5)
        time.sleep(0.3)
        app.stop()
        return (t_vis - app.spawn_us if t_vis else None), app

    def warm(self, name: str, data: Path, cache: Path, paths: list | None = None, **kw) -> float | None:
        self.bench.wait_window_gone()
        paths = [self.bench.launch_clip] if paths is None else paths
        return self.timed(self.App(self.bench, name, paths, data, cache, **kw))[0]

    @staticmethod
    def summary(values: list) -> dict:
        vals = [v for v in values if v is not None]
        return {"median": statistics.median(vals) if vals else float("nan"), "all": values,
                "missing": len(values) - len(vals)}

    # -- 5a --------------------------------------------------------------------------------------
    def samples_copy(self) -> Path:
        """data/samples with every video replaced by the bench's magenta clip (the catalog, avatars,
        covers and sounds as shipped)."""
        samples = self.work / "samples"
        if not samples.exists():
            shutil.copytree(REPO / "data" / "samples", samples)
            for video in (samples / "videos").glob("*.mp4"):
                shutil.copyfile(self.bench.launch_clip, video)
        return samples

    def first_launch(self) -> None:
        log("5a. a new user's first launch (empty data and cache folders, samples seeded) vs warm")
        samples = self.samples_copy()
        warm_data, warm_cache = self.work / "seeded-data", self.work / "seeded-cache"
        self.warm("first-warmup", warm_data, warm_cache, [], samples=samples)  # seeds the warm library once
        first, warm, seeded = [], [], []
        for i in range(REPS):
            self.bench.wait_window_gone()
            fresh = self.work / f"first-{i}"
            shutil.rmtree(fresh, ignore_errors=True)
            t, app = self.timed(self.App(self.bench, "first-launch", [], fresh / "data", fresh / "cache",
                                         samples=samples))
            first.append(t)
            seeded.append(len(app.log.of("page")) > 0 and (fresh / "data" / "library.sqlite").exists())
            warm.append(self.warm("first-warm", warm_data, warm_cache, [], samples=samples))
        self.bench.results["launch_first"] = {"first": self.summary(first), "warm": self.summary(warm),
                                              "library_made": sum(seeded)}
        log(f"   first launch {ms(self.summary(first)['median'])}, warm {ms(self.summary(warm)['median'])}")

    # -- 5b --------------------------------------------------------------------------------------
    def remote_launch(self) -> None:
        log("5b. the first post remote and not cached (a followed channel on the loopback) vs local")
        channel = self.work / "channel"
        channel.mkdir(exist_ok=True)
        shutil.copyfile(self.bench.launch_clip, channel / "clip-1.mp4")
        server = subprocess.Popen([sys.executable, str(REPO / "Tests" / "e2e" / "feed_server.py"), str(channel)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = int(server.stdout.readline())
            feed = f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=3"
            opml = self.work / "follow.opml"
            opml.write_text("<?xml version='1.0'?><opml version='2.0'><head><title>bench</title></head><body>"
                            f"<outline text='Bench channel' type='rss' xmlUrl='{feed.replace('&', '&amp;')}'/>"
                            "</body></opml>")
            followed = self.work / "followed-data"
            shutil.rmtree(followed, ignore_errors=True)
            prep = self.App(self.bench, "remote-prepare", [opml], followed, self.work / "prepare-cache")
            refreshed = prep.log.wait(lambda e: e.get("event") == "feed_refreshed", 20)
            time.sleep(0.5)
            prep.stop()
            if not refreshed:
                self.bench.notes.append("launch 5b: the followed channel was never refreshed; no remote launch measured")
                return
            local_data, local_cache = self.work / "local-data", self.work / "local-cache"
            self.warm("remote-local-warmup", local_data, local_cache)
            remote, local, cached_flags, requested = [], [], [], 0
            for i in range(REPS + 1):
                self.bench.wait_window_gone()
                run = self.work / f"remote-{i}"
                shutil.rmtree(run, ignore_errors=True)
                shutil.copytree(followed, run / "data")
                t, app = self.timed(self.App(self.bench, "remote-launch", [], run / "data", run / "cache"))
                page = (app.log.of("page") or [{}])[0]
                if i == 0:
                    continue  # warm-up of the server and the page cache, not counted
                remote.append(t)
                cached_flags.append(page.get("cached"))
                local.append(self.warm("remote-local", local_data, local_cache))
            import urllib.request
            asked = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/requests", timeout=5).read())
            requested = sum(len(v) for k, v in asked.items() if k.startswith("/videos/"))
        finally:
            server.terminate()
            server.wait(5)
        self.bench.results["launch_remote"] = {"remote": self.summary(remote), "local": self.summary(local),
                                               "cached_flags": cached_flags, "video_requests": requested}
        log(f"   remote {ms(self.summary(remote)['median'])}, local {ms(self.summary(local)['median'])}; "
            f"page.cached {cached_flags}")

    # -- 5c --------------------------------------------------------------------------------------
    def cold_launch(self) -> None:
        log("5c. a launch on a cold page cache (posix_fadvise DONTNEED over what a warm launch maps)")
        data, cache = self.work / "cold-data", self.work / "cold-cache"
        env = {"LOOPFEED_WATCHDOG_MS": "50"}
        self.bench.wait_window_gone()
        probe = self.App(self.bench, "cold-probe", [self.bench.launch_clip], data, cache, extra_env=env)
        self.bench.wait_launch(MAGENTA, 20)
        time.sleep(1.0)
        files = mapped_files(probe.pid)
        probe.stop()
        registry = [str(p) for p in Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"), "gstreamer-1.0")
                    .glob("registry.*.bin")]
        files = sorted(set(files) | {str(p) for p in GST_PLUGINS.glob("*.so")} | set(registry)
                       | {str(self.bench.binary)})
        cold, warm, stalls, checks, warm_stalls = [], [], [], [], []
        for _ in range(COLD_REPS):
            warm_t, warm_app = self.warm_with(data, cache, env)
            warm.append(warm_t)
            warm_stalls.append(max((e.get("ms", 0) for e in warm_app.log.of("stall")), default=0))
            before = residency(files)
            evict(files)
            after = residency(files)
            self.bench.wait_window_gone()
            t, app = self.timed(self.App(self.bench, "cold-launch", [self.bench.launch_clip], data, cache,
                                         extra_env=env))
            cold.append(t)
            events = app.log.of("stall")
            stalls.append({"longest_ms": max((e.get("ms", 0) for e in events), default=0),
                           "over_50": len(events), "all_ms": [e.get("ms") for e in events],
                           "marks": {e.get("mark"): e["at_us"] - app.spawn_us for e in app.log.of("launch_mark")},
                           "stacks": app.stderr().count("the main thread's stack")})
            checks.append({"before": before, "after": after, "again": residency(files)})
        self.bench.results["launch_cold"] = {
            "cold": self.summary(cold), "warm": self.summary(warm), "stalls": stalls, "warm_stalls_ms": warm_stalls,
            "files": len(files), "eviction": checks,
            "still_resident": self.still_resident(files)}
        log(f"   cold {ms(self.summary(cold)['median'])}, warm {ms(self.summary(warm)['median'])}; longest stalls "
            f"{[s['longest_ms'] for s in stalls]} ms; resident pages before/after eviction "
            + ", ".join(f"{c['before'][0]}/{c['after'][0]} of {c['after'][1]}" for c in checks))

    def warm_with(self, data: Path, cache: Path, env: dict):
        self.bench.wait_window_gone()
        return self.timed(self.App(self.bench, "cold-warm", [self.bench.launch_clip], data, cache, extra_env=env))

    @staticmethod
    def still_resident(files: list[str]) -> list[str]:
        """The files eviction left mostly in memory (mapped by other processes: libc and the like)."""
        evict(files)
        out = []
        for path in files:
            r, t = resident_pages(path)
            if t and r / t > 0.5 and t > 16:
                out.append(f"{Path(path).name} {r * PAGE // 1024} KB")
        return out[:12]

    def run(self, keys: set[str]) -> None:
        self.bench.results["loads"]["5abc"] = loadavg()
        for key, fn in (("5a", self.first_launch), ("5b", self.remote_launch), ("5c", self.cold_launch)):
            if key in keys:
                try:
                    fn()
                except Exception as exc:  # a broken launch must not lose the others
                    import traceback
                    traceback.print_exc()
                    self.bench.notes.append(f"step {key} failed: {exc!r}")

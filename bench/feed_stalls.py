"""Step 12 (issue 25): the main loop while 1,000 followed feeds refresh, and while one 10 MB feed
arrives, watched by the app's own watchdog at 50 ms (LOOPFEED_WATCHDOG_MS=50: a `stall` event
with each stall's length, the main thread's stack on stderr while it lasts).

One threaded loopback server serves FEEDS RSS feeds at /feeds/N.xml (an ETag each): empty while
Loopfeed follows them (an OPML list given as its argument; that launch's stalls are reported beside),
then ENTRIES new items in each, which a second launch on that library refreshes at launch: that
launch, from `ready` to the last `feed_refreshed`, is the row. The 10 MB feed at /huge.xml: a
library following it alone (OPML), from `ready` to its `feed_refreshed`.
"""
from __future__ import annotations

import os
import shutil
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from stats import loadavg, log, thread_ticks

CLK_TCK = os.sysconf("SC_CLK_TCK")


FEEDS = int(os.environ.get("BENCH_FEEDS", "1000"))
ENTRIES = int(os.environ.get("BENCH_FEED_ENTRIES", "10"))
# 10 MB, under the 10 MiB the app takes at most (FeedDocument.maximumBytes): it is parsed, not refused.
HUGE_BYTES = 10_000_000
WATCHDOG_MS = 50
TIMEOUT = float(os.environ.get("BENCH_FEEDS_TIMEOUT", "240"))
# The 10 MB feed is given this long to be stored (the app took over a minute here, its main
# thread busy all along): past it the row says how far it got and what was busy.
HUGE_TIMEOUT = float(os.environ.get("BENCH_HUGE_TIMEOUT", "90"))


def rss(host: str, number: int, version: int, entries: int) -> bytes:
    # Version 0: no items yet; version 1: `entries` new posts.
    first, entries = 0, (entries if version else 0)
    items = "".join(
        f"<item><title>Feed {number} clip {i}</title><guid>f{number}-{i}</guid>"
        f"<link>http://{host}/w/{number}/{i}</link>"
        f"<pubDate>{formatdate(1796119200 - number * 7200 + i * 60, usegmt=True)}</pubDate>"
        f"<dc:creator>Channel {number}</dc:creator>"
        f"<enclosure url='http://{host}/videos/{number}/{i}.mp4' type='video/mp4' length='1000'/></item>"
        for i in range(first + entries - 1, first - 1, -1))
    return (f"<?xml version='1.0'?><rss version='2.0' xmlns:dc='http://purl.org/dc/elements/1.1/'>"
            f"<channel><title>Channel {number}</title><link>http://{host}/c/{number}</link>{items}"
            f"</channel></rss>").encode()


def huge(host: str) -> bytes:
    entries = []
    size, i = 0, 0
    while size < HUGE_BYTES - 1000:
        entry = (f"<item><title>Huge clip {i}</title><guid>huge-{i}</guid><link>http://{host}/w/huge/{i}</link>"
                 f"<pubDate>{formatdate(1796119200 - i * 60, usegmt=True)}</pubDate>"
                 f"<description>{'A long description of the clip. ' * 8}</description>"
                 f"<enclosure url='http://{host}/videos/huge/{i}.mp4' type='video/mp4' length='1000'/></item>")
        entries.append(entry)
        size += len(entry)
        i += 1
    return (f"<?xml version='1.0'?><rss version='2.0'><channel><title>Huge</title><link>http://{host}/huge</link>"
            + "".join(entries) + "</channel></rss>").encode()


class FeedServer:
    def __init__(self):
        self.version = 0
        self.hits = 0
        self.huge_body: bytes | None = None
        lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_GET(self):
                with lock:
                    outer.hits += 1
                host = self.headers.get("Host")
                if self.path == "/huge.xml":
                    with lock:
                        outer.huge_body = outer.huge_body or huge(host)
                    body, etag = outer.huge_body, '"huge-v1"'
                else:
                    number = int(self.path.rsplit("/", 1)[1].split(".")[0])
                    etag = f'"feed-{number}-v{outer.version}"'
                    if self.headers.get("If-None-Match") == etag:
                        self.send_response(304)
                        self.send_header("ETag", etag)
                        self.end_headers()
                        return
                    body = rss(host, number, outer.version, ENTRIES)
                self.send_response(200)
                self.send_header("Content-Type", "application/rss+xml")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.server.shutdown()


def opml(path: Path, urls: list[str]) -> Path:
    path.write_text("<?xml version='1.0'?><opml version='2.0'><head><title>bench</title></head><body>"
                    + "".join(f"<outline text='Channel {n}' type='rss' xmlUrl='{u}'/>" for n, u in enumerate(urls))
                    + "</body></opml>")
    return path


class FeedStalls:
    def __init__(self, bench, app_class):
        self.bench = bench
        self.App = app_class
        self.work = bench.work / "feed-stalls"

    def watch(self, name: str, paths: list, data: Path, feeds: int, timeout: float = TIMEOUT) -> dict:
        """One launch with the watchdog at 50 ms, from `ready` until `feeds` feed_refreshed events."""
        self.bench.wait_window_gone()
        env = {"LOOPFEED_WATCHDOG_MS": str(WATCHDOG_MS), "LOOPFEED_REFRESH_SECONDS": "0"}
        app = self.App(self.bench, name, paths, data, self.work / f"{name}-cache", extra_env=env)
        ready = app.log.wait(lambda e: e.get("event") == "ready", 30)
        t0 = time.monotonic()
        ticks0 = thread_ticks(app.pid)

        def done() -> list[dict]:
            """Each feed's first refresh (a feed can be refreshed twice: when followed and at launch)."""
            seen: dict[str, dict] = {}
            for e in app.log.of("feed_refreshed"):
                seen.setdefault(e.get("url", ""), e)
            return sorted(seen.values(), key=lambda e: e["t_us"])
        while time.monotonic() - t0 < timeout and len(done()) < feeds:
            if app.exited_early() is not None:
                break
            time.sleep(0.2)
        time.sleep(0.5)  # a stall's event comes once it is over
        refreshed = done()
        elapsed = time.monotonic() - t0
        ticks1 = thread_ticks(app.pid)
        threads = {k: round((v - ticks0.get(k, 0)) / CLK_TCK / elapsed * 100, 1) for k, v in ticks1.items()}
        threads = dict(sorted(((k, v) for k, v in threads.items() if v >= 1), key=lambda kv: -kv[1])[:6])
        # A stall's event comes once it is over: one that began before `ready` (the window being
        # built and first shown) is the launch's, whenever its event came.
        def began_after_ready(e: dict) -> bool:
            return not ready or e["t_us"] - e.get("ms", 0) * 1000 >= ready["t_us"]
        stalls = [e.get("ms", 0) for e in app.log.of("stall") if began_after_ready(e)]
        before_ready = [e.get("ms", 0) for e in app.log.of("stall") if not began_after_ready(e)]
        last = refreshed[min(feeds, len(refreshed)) - 1] if refreshed else None
        stderr = app.stderr()
        app.stop()
        return {"feeds": feeds, "refreshed": len(refreshed),
                "seconds": (last["t_us"] - ready["t_us"]) / 1e6 if last and ready else None,
                "added": sum(e.get("added", 0) for e in refreshed),
                "errors": sorted({str(e.get("error")) for e in refreshed if e.get("error")})[:3],
                "stalls_ms": stalls, "longest_ms": max(stalls, default=0),
                "over_50": sum(s > 50 for s in stalls), "over_100": sum(s > 100 for s in stalls),
                "before_ready_ms": before_ready, "stack": common_stack(stderr), "threads_pct": threads,
                "watched_s": elapsed}

    def m12_stalls(self) -> None:
        log(f"12. the main loop while {FEEDS} followed feeds refresh, and while one 10 MB feed arrives")
        self.bench.results["loads"]["12"] = loadavg()
        shutil.rmtree(self.work, ignore_errors=True)
        self.work.mkdir(parents=True)
        server = FeedServer()
        try:
            urls = [f"{server.base}/feeds/{n}.xml" for n in range(FEEDS)]
            data = self.work / "many-data"
            follow = self.watch("feeds-follow", [opml(self.work / "many.opml", urls)], data, FEEDS)
            log(f"   follow (empty feeds): {follow['refreshed']} feeds refreshed, longest stall {follow['longest_ms']} ms")
            server.version = 1
            again = self.watch("feeds-refresh", [], data, FEEDS)
            log(f"   refresh at launch: {again['refreshed']} feeds in {again['seconds']} s, longest stall "
                f"{again['longest_ms']} ms, over 50: {again['over_50']}, over 100: {again['over_100']}")
            big = self.watch("feeds-huge", [opml(self.work / "huge.opml", [f"{server.base}/huge.xml"])],
                             self.work / "huge-data", 1, HUGE_TIMEOUT)
            log(f"   10 MB feed: longest stall {big['longest_ms']} ms ({big['added']} posts added, "
                f"{big['refreshed']} refreshed, errors {big['errors']}); CPU by thread {big['threads_pct']}")
            self.bench.results["feed_stalls"] = {"follow": follow, "refresh": again, "huge": big,
                                                 "huge_bytes": len(server.huge_body or b""), "entries": ENTRIES,
                                                 "requests": server.hits}
        finally:
            server.stop()


def common_stack(stderr: str, frames: int = 6) -> str:
    """The stack the watchdog wrote most often while the main loop stalled (its first frames that
    name a function: the release build's are Swift's mangled names or the libraries'), and in how
    many of the stacks it was."""
    marker = "the main thread's stack while the main loop stalls:"
    if marker not in stderr:
        return ""
    counts: dict[str, int] = {}
    blocks = stderr.split(marker)[1:]
    for block in blocks:
        lines = block.splitlines()[1:40]
        named = [ln.split("(", 1)[1].split("+", 1)[0] for ln in lines
                 if "(" in ln and "+" in ln and ln.split("(", 1)[1][:1] != "+"]
        distinct: list[str] = []  # a recursion (gsk_render_node_draw in gsk_render_node_draw...) once
        for name in named[2:]:
            if name and (not distinct or distinct[-1] != name):
                distinct.append(name)
        key = " < ".join(distinct[:frames])
        if key:
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return ""
    key, n = max(counts.items(), key=lambda kv: kv[1])
    return f"{key} (in {n} of {len(blocks)} stacks)"

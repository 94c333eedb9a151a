"""A large library (issue 13): 100,000 posts and 1,000 followed feeds. Launch, paging, search and
the refresh of every feed must stay within their targets, and the window must keep answering
while the feeds come in.

`large_library_short` runs in CI (20,000 posts, 100 feeds); `large_library` is
tools/reliability.sh's (LIBRARY_POSTS, LIBRARY_FEEDS; 100,000 and 1,000 by default). Both write
$RELIABILITY_RESULTS_DIR/<name>.json.
"""

from __future__ import annotations

import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from app import App, quit_app
from context import Context
from outcomes import expect, write_findings
from processes import run


class FeedFarm:
    """A loopback server of `count` RSS feeds of three videos each (one clip served under many
    names), with ETags: the next refresh of an unchanged feed is a 304."""

    def __init__(self, count: int, clip: Path):
        self.count = count
        self.clip = clip.read_bytes()
        farm = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_):
                pass

            def do_GET(self):  # noqa: N802 (http.server's name)
                if self.path.startswith("/feed/"):
                    n = int(self.path.split("/")[2].split(".")[0])
                    tag = f'"feed-{n}"'
                    if self.headers.get("If-None-Match") == tag:
                        self.send_response(304)
                        self.end_headers()
                        return
                    body = farm.feed(n).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/rss+xml")
                    self.send_header("ETag", tag)
                elif self.path.startswith("/clip/"):
                    body = farm.clip
                    self.send_response(200)
                    self.send_header("Content-Type", "video/mp4")
                else:
                    body = b"not here"
                    self.send_response(404)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def feed(self, n: int) -> str:
        items = "".join(
            f"<item><title>Feed {n} video {k}</title><guid>feed-{n}-{k}</guid>"
            f"<pubDate>Mon, 0{k + 1} Jun 2026 10:00:00 GMT</pubDate>"
            f'<enclosure url="http://127.0.0.1:{self.port}/clip/{n}-{k}.mp4" type="video/mp4" length="{len(self.clip)}"/>'
            f"</item>" for k in range(3))
        return (f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {n}</title>'
                f"<link>http://127.0.0.1:{self.port}/</link>{items}</channel></rss>")

    def stop(self) -> None:
        self.server.shutdown()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def run_large_library(ctx: Context, name: str, posts: int, feeds: int) -> dict:
    clips = [ctx.fixtures.clip(f"scale-{i}", seconds=2, pattern=p) for i, p in enumerate(("smpte", "ball", "snow"))]
    farm = FeedFarm(feeds, clips[0])
    try:
        data = ctx.case_tmp / f"{name}-data"
        made = run([str(ctx.tool("loopfeed-make-library")), str(data), "--posts", str(posts), "--clips",
                    ",".join(map(str, clips)), "--subscriptions", str(feeds),
                    "--feed-url", f"http://127.0.0.1:{farm.port}/feed/%d.xml"], timeout=900)
        built = json.loads(made.stdout.strip().splitlines()[-1])
        no_samples = ctx.case_tmp / f"{name}-no-samples"
        no_samples.mkdir(exist_ok=True)
        env = {"LOOPFEED_SAMPLES_DIR": str(no_samples), "LOOPFEED_WATCHDOG": "1"}
        # The same machine's launch of a library of one clip, just before: what the large
        # library's launch is weighed against on a machine slower than the target's.
        small = App(ctx, [str(clips[0])], name=f"{name}-one-clip", env=env, data_dir=ctx.case_tmp / f"{name}-one-clip")
        small_launch_ms = small.wait("first_frame", 30, what="the first frame of a one-clip library")["latency_us"] / 1000
        quit_app(small)
        app = App(ctx, [], name=name, env=env, data_dir=data)
        first = app.wait("first_frame", 30, what="the first frame of a large library")
        ready = app.find("ready")
        launch_ms = first["latency_us"] / 1000
        marks = {e.get("mark"): round((e["at_us"] - first["t_us"] + first["latency_us"]) / 1000)
                 for e in app.find("launch_mark")}
        ctx.pointer_into_window()
        # Paging while the feeds are refreshed (they all are at launch, four at a time).
        page_ms: list[float] = []
        for _ in range(30):
            since = app.cursor()
            ctx.key("Down")
            page = app.wait("page", 5, since, what="a page after Down")
            shown = app.wait("first_frame", 5, since, lambda e: e.get("post_id") == page.get("post_id"),
                             "its first frame")
            page_ms.append(shown["latency_us"] / 1000)
            time.sleep(0.35)
        # Discover's search, as typed.
        ctx.key("ctrl+f")
        time.sleep(1.0)
        since = app.cursor()
        ctx.xdotool("type", "--delay", "120", "coffee")
        searched = app.wait("search", 10, since, lambda e: e.get("query") == "coffee", "a search for coffee")
        search_ms = [e["us"] / 1000 for e in app.find("search", since)]
        # Every feed refreshed.
        refreshed = app.wait("feed_refreshed", 600, count=feeds, what=f"{feeds} feed_refreshed")
        refreshes = app.find("feed_refreshed")
        refresh_s = (refreshed["t_us"] - ready[0]["t_us"]) / 1e6 if ready else float("nan")
        failed_refreshes = [e for e in refreshes if e.get("error")]
        stalls = app.find("stall")
        errors = [e.get("message") for e in app.find("error") if e.get("kind") != "samples"]
        quit_app(app)
        result = {
            "name": name, "posts": posts, "feeds": feeds, "build_seconds": built.get("seconds"),
            "posts_after_refresh": posts + 3 * feeds,
            "launch_first_frame_ms": round(launch_ms, 1), "launch_marks_ms": marks,
            "one_clip_launch_first_frame_ms": round(small_launch_ms, 1),
            "page_first_frame_ms": [round(x, 1) for x in page_ms],
            "page_first_frame_p50_ms": round(pct(page_ms, 50), 1), "page_first_frame_p95_ms": round(pct(page_ms, 95), 1),
            "search_ms": [round(x, 2) for x in search_ms], "search_max_ms": round(max(search_ms), 2),
            "search_results": searched.get("results"), "refresh_seconds": round(refresh_s, 1),
            "refreshes": len(refreshes), "failed_refreshes": len(failed_refreshes),
            "added": sum(e.get("added", 0) for e in refreshes), "stalls": stalls, "errors": errors,
        }
        write_findings(name, result)
        return result
    finally:
        farm.stop()


def expect_within_targets(r: dict) -> None:
    # 1.5 s; on a machine slower than this one's 2 cores, no more than 2.5x a one-clip library's launch.
    limit = max(1500.0, 2.5 * r["one_clip_launch_first_frame_ms"])
    expect(r["launch_first_frame_ms"] <= limit,
           f"launch to the first frame took {r['launch_first_frame_ms']} ms (limit {limit:.0f} ms; a one-clip "
           f"library's {r['one_clip_launch_first_frame_ms']} ms; marks after the process start: {r['launch_marks_ms']})")
    expect(r["page_first_frame_p95_ms"] <= 200,
           f"a page's first frame p95 {r['page_first_frame_p95_ms']} ms (each, in order: {r['page_first_frame_ms']})")
    expect(r["search_max_ms"] <= 20, f"a search took {r['search_max_ms']} ms: {r['search_ms']}")
    expect(r["failed_refreshes"] == 0, f"{r['failed_refreshes']} of {r['feeds']} refreshes failed")
    expect(r["added"] == 3 * r["feeds"], f"the refresh added {r['added']} posts, not {3 * r['feeds']}")
    expect(not r["stalls"], f"the window stopped answering: {r['stalls']}")
    expect(not r["errors"], f"errors: {r['errors']}")


def case_large_library_short(ctx: Context) -> None:
    """CI's: 20,000 posts and 100 followed feeds."""
    expect_within_targets(run_large_library(ctx, "large_library_short", posts=20_000, feeds=100))


def case_large_library(ctx: Context) -> None:
    """The issue's: 100,000 posts and 1,000 followed feeds (LIBRARY_POSTS, LIBRARY_FEEDS)."""
    env = os.environ
    expect_within_targets(run_large_library(ctx, "large_library", posts=int(env.get("LIBRARY_POSTS", "100000")),
                                            feeds=int(env.get("LIBRARY_FEEDS", "1000"))))


SCALE_CASES = [("large_library", case_large_library)]
SCALE_SHORT_CASES = [("large_library_short", case_large_library_short)]

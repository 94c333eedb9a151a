"""The soak (issue 13): long use in one session, with what must stay flat measured as it goes.

Page changes, recordings posted, comments written and followed feeds refreshed every so often,
against one app. Every so often the app is asked (SIGUSR1) how many GObjects its Swift wrappers
hold, and /proc says its RSS, open files and threads. At the end it quits cleanly with the
GStreamer leaks tracer on, which then lists every GStreamer object never freed.

`soak_short` runs in CI (small); `soak` is tools/reliability.sh's (sizes from the environment:
SOAK_PAGE_CHANGES, SOAK_RECORDINGS, SOAK_COMMENTS, SOAK_REFRESH_SECONDS). Both write their figures
to $RELIABILITY_RESULTS_DIR/<name>.json.
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

from app import App, quit_app
from clips import make_clip
from context import Context
from feed_server_client import start_feed_server
from outcomes import expect, write_findings
from screens import post_comment



def proc_figures(pid: int) -> dict:
    status = Path(f"/proc/{pid}/status").read_text()
    rss_kb = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    hwm_kb = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    return {"rss_mb": round(rss_kb / 1024, 1), "hwm_mb": round(hwm_kb / 1024, 1),
            "fds": len(os.listdir(f"/proc/{pid}/fd")), "threads": len(os.listdir(f"/proc/{pid}/task"))}


def sample(app: App, label: str, done: int) -> dict:
    """/proc's figures and the app's own count of what its wrappers hold."""
    since = app.cursor()
    app.proc.send_signal(signal.SIGUSR1)
    live = app.wait("live_objects", 5, since, what="live_objects after SIGUSR1")
    figures = proc_figures(app.proc.pid)
    figures.update({"at": label, "page_changes": done, "handles": live.get("handles"),
                    "textures": live.get("textures"), "by_type": live.get("by_type", {})})
    return figures


def grown_types(base: dict, end: dict) -> dict:
    """The GObject types whose live count grew between two samples, by how much."""
    before, after = base.get("by_type", {}), end.get("by_type", {})
    return {t: after.get(t, 0) - before.get(t, 0) for t in sorted(set(before) | set(after))
            if after.get(t, 0) > before.get(t, 0)}


def leaked_gstreamer_objects(stderr: str) -> list[str]:
    """The leaks tracer's `object-alive` records (GST_DEBUG=GST_TRACER:7), one per object never
    freed (the record's format line, with its %s, is not one)."""
    return [line for line in stderr.splitlines() if "object-alive, type-name=(string)" in line and "%s" not in line]


def stall_reports(stderr: str, most_lines: int = 60) -> list[str]:
    """The watchdog's reports on stderr (LOOPFEED_WATCHDOG=1): each stall's line and the main
    thread's stack after it, so a failure says where the main loop was held."""
    lines = stderr.splitlines()
    starts = [i for i, line in enumerate(lines) if "the main loop has not come round" in line]
    return ["\n".join(lines[i:i + most_lines]) for i in starts]


def percentiles(values: list[float]) -> dict:
    """p50/p95/p99/max of sorted values (nearest rank), rounded to 0.1 ms."""
    if not values:
        return {}
    def rank(p: float) -> float:
        return round(values[min(len(values) - 1, max(0, int(round(p * len(values) + 0.5)) - 1))], 1)
    return {"count": len(values), "p50": rank(0.5), "p95": rank(0.95), "p99": rank(0.99), "max": round(values[-1], 1)}


def run_soak(ctx: Context, name: str, changes: int, recordings: int, comments: int, refresh_s: int) -> dict:
    folder = ctx.case_tmp / f"{name}-feed"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "clip-1.mp4", seconds=1, width=180, height=320, color=0x40A0C0)
    server, port = start_feed_server(folder)
    try:
        clips = [ctx.fixtures.clip(f"soak-{i}", seconds=2, pattern=p) for i, p in
                 enumerate(("smpte", "ball", "pinwheel", "snow", "spokes", "gradient"))]
        feed = f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=9"
        no_samples = ctx.case_tmp / f"{name}-no-samples"
        no_samples.mkdir(exist_ok=True)
        env = {"LOOPFEED_SAMPLES_DIR": str(no_samples), "LOOPFEED_REFRESH_SECONDS": str(refresh_s),
               "LOOPFEED_WATCHDOG": "1", "GST_TRACERS": "leaks", "GST_DEBUG": "GST_TRACER:7"}
        app = App(ctx, ["--camera", "test", feed, *map(str, clips)], name=name, env=env)
        # (The followed feed may come in before the first clip is drawn, and it is shown first.)
        started_at = app.wait("first_frame", 30, what="a first frame")["t_us"]
        app.wait("feed_refreshed", 30, what="the followed feed's first refresh")
        ctx.pointer_into_window()
        samples: list[dict] = [sample(app, "start", 0)]
        every = max(1, changes // 20)
        comment_every = max(1, changes // max(1, comments)) if comments else 0
        record_every = max(1, changes // max(1, recordings)) if recordings else 0
        done = posted = written = missed = wraps = 0
        started = time.monotonic()
        baseline: dict | None = None
        while done < changes:
            since = app.cursor()
            ctx.key("Down")
            page = app.wait_optional("page", 3, since)
            if page is None:
                if app.wait_optional("notice", 1, since, lambda e: "caught up" in e.get("message", "")):
                    # The end of the feed: back to the first post (not counted).
                    wraps += 1
                else:
                    # Neither a page nor the end: a press the app lost.
                    missed += 1
                since = app.cursor()
                ctx.key("Home")
                app.wait("page", 5, since, lambda e: e.get("index") == 0, "page 0 after Home")
            else:
                done += 1
            time.sleep(0.3)
            if comment_every and done % comment_every == 0 and written < comments and page is not None:
                ctx.key("c")
                time.sleep(0.6)
                post_comment(ctx, app, page.get("post_id"), f"soak {written}")
                written += 1
                ctx.key("Escape")
                time.sleep(0.5)
            if record_every and done % record_every == 0 and posted < recordings:
                since = app.cursor()
                ctx.xdotool("keydown", "r")
                app.wait("record_started", 15, since, what="record_started after holding R")
                time.sleep(1.2)
                ctx.xdotool("keyup", "r")
                app.wait("record_finished", 10, since, what="record_finished")
                ctx.key("Return")
                time.sleep(0.3)
                ctx.xdotool("type", "--delay", "30", f"soak take {posted}")
                ctx.key("ctrl+Return")
                app.wait("posted", 30, since, what="posted after Ctrl+Enter")
                posted += 1
                time.sleep(1.0)
            if done % every == 0 and done:
                samples.append(sample(app, "paging", done))
                # Warmed up once a tenth of the run is done and every kind of action has been
                # done once (the recorder, its editor and the comments sheet are made by then).
                if baseline is None and done >= changes // 10 and posted >= min(1, recordings) \
                        and written >= min(1, comments):
                    baseline = samples[-1]
        time.sleep(2)
        end = sample(app, "end", done)
        samples.append(end)
        refreshes = len(app.find("feed_refreshed"))
        # A stall is the soak's once the first frame was shown; one before it is the launch's (on a
        # cold page cache the main thread waits for the dynamic loader's lock while the first
        # player loads gst-libav's libraries), kept apart for the report.
        stalls = [e for e in app.find("stall") if e.get("t_us", 0) - e.get("ms", 0) * 1000 > started_at]
        launch_stalls = [e for e in app.find("stall") if e not in stalls]
        latencies = sorted(e.get("latency_us", 0) / 1000 for e in app.find("first_frame")
                           if e.get("t_us", 0) > started_at)
        # (What launch said about the empty samples folder is not the soak's.)
        errors = [e for e in app.find("error") if e.get("t_us", 0) > started_at]
        quit_app(app)
        leaks = leaked_gstreamer_objects(app.stderr())
        baseline = baseline or samples[-2]
        result = {
            "name": name, "seconds": round(time.monotonic() - started, 1), "page_changes": done,
            "wraps": wraps, "missed_presses": missed, "first_frame_ms": percentiles(latencies),
            "recordings_posted": posted, "comments": written, "refreshes": refreshes,
            "refresh_seconds": refresh_s, "samples": samples, "baseline": baseline, "end": end,
            "rss_growth_pct": round((end["rss_mb"] - baseline["rss_mb"]) / baseline["rss_mb"] * 100, 1),
            "grown_types": grown_types(baseline, end),
            "gstreamer_leaks": len(leaks), "leak_lines": leaks[:30], "stalls": stalls,
            "launch_stalls": launch_stalls, "stall_stacks": stall_reports(app.stderr())[:3],
            "errors": [e.get("message") for e in errors],
        }
        write_findings(name, result)
        return result
    finally:
        server.terminate()


def expect_flat(result: dict) -> None:
    base, end = result["baseline"], result["end"]
    expect(result["rss_growth_pct"] <= 10, f"RSS grew {result['rss_growth_pct']} % after warm-up: "
                                           f"{base['rss_mb']} -> {end['rss_mb']} MB")
    expect(end["fds"] <= base["fds"] + 2, f"open files {base['fds']} -> {end['fds']}")
    expect(end["threads"] <= base["threads"] + 2, f"threads {base['threads']} -> {end['threads']}")
    expect(end["handles"] <= base["handles"] + 5,
           f"GObjects held by the Swift wrappers {base['handles']} -> {end['handles']}: grown {grown_types(base, end)}")
    expect(result["gstreamer_leaks"] == 0,
           f"the leaks tracer found {result['gstreamer_leaks']} GStreamer objects alive at exit: "
           + "\n".join(result["leak_lines"][:10]))
    expect(result["missed_presses"] == 0, f"{result['missed_presses']} Down presses changed nothing")
    expect(not result["stalls"], f"the main loop stalled: {result['stalls']}\n" + "\n".join(result["stall_stacks"]))
    expect(not result["errors"], f"errors during the soak: {result['errors']}")


def case_soak_short(ctx: Context) -> None:
    """A small soak for CI: 60 page changes, 2 recordings posted, 6 comments, a refresh every 20 s."""
    expect_flat(run_soak(ctx, "soak_short", changes=60, recordings=2, comments=6, refresh_s=20))


def case_soak(ctx: Context) -> None:
    """The issue's soak: 1,000 page changes, 20 recordings, 200 comments, a refresh every minute."""
    env = os.environ
    expect_flat(run_soak(ctx, "soak", changes=int(env.get("SOAK_PAGE_CHANGES", "1000")),
                         recordings=int(env.get("SOAK_RECORDINGS", "20")),
                         comments=int(env.get("SOAK_COMMENTS", "200")),
                         refresh_s=int(env.get("SOAK_REFRESH_SECONDS", "60"))))


SOAK_CASES = [("soak", case_soak)]
SOAK_SHORT_CASES = [("soak_short", case_soak_short)]

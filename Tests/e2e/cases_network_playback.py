"""Playing what PeerTube really serves: a followed channel of the loopback PeerTube fake
(Tests/servers) whose videos are HLS only (`files` empty, the renditions' fragmented MP4s) and
split audio (video-only renditions beside one audio-only file). Each plays the rendition that
fits the window, with its sound at the sink, and again from the cache with the server gone."""

from __future__ import annotations

import array
import json
import subprocess
import time
import urllib.request
from typing import Callable

from app import App, quit_app
from context import Context
from outcomes import CaseFailed, expect
from paths import REPO_ROOT, SYSTEM_PYTHON
from windows import wait_window

SPLIT = "#loopfeed-audio="


def start_peertube(ctx: Context) -> tuple[subprocess.Popen, dict]:
    """One fake PeerTube instance (no Loops, no index): the server and what it printed."""
    server = subprocess.Popen([SYSTEM_PYTHON, str(REPO_ROOT / "Tests" / "servers" / "serve.py"), "--peertube", "1",
                               "--loops", "0", "--no-index", "--media-dir", str(ctx.case_tmp / "fake-media")],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    if not line:
        server.kill()
        raise CaseFailed("the PeerTube fake did not start")
    return server, json.loads(line)


def sound_peak(ctx: Context, seconds: float = 1.5) -> int:
    """The loudest sample the session's sink played in the next `seconds` (its monitor, recorded)."""
    rec = subprocess.Popen(["parec", "--device=ci_sink.monitor", "--raw", "--format=s16le", "--channels=1", "--rate=16000"],
                           env=ctx.session.pulse_env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    rec.terminate()
    data, _ = rec.communicate(timeout=5)
    samples = array.array("h", data[: len(data) // 2 * 2])
    return max((abs(s) for s in samples), default=0)


def page_to(app: App, ctx: Context, want: Callable[[dict], bool], what: str, limit: int = 16) -> dict:
    """Pages Down (then Up, once the end is reached) until the page shown is one `want` accepts,
    its first frame drawn."""
    direction = "Down"
    for _ in range(limit):
        current = app.find("page")[-1]
        if want(current):
            app.wait("first_frame", 20, pred=lambda e: e.get("post_id") == current["post_id"],
                     what=f"the first frame of {what}")
            return current
        since = app.cursor()
        ctx.key(direction)
        if app.wait_optional("page", 3, since) is None:
            if direction == "Up":
                break
            direction = "Up"
        time.sleep(0.4)
    raise CaseFailed(f"{what} never came: pages {[e.get('uri') for e in app.find('page')]}")


def check_plays_with_sound(app: App, ctx: Context, page: dict, what: str) -> None:
    app.wait("loop", 20, pred=lambda e: e.get("post_id") == page["post_id"], what=f"{what} looping")
    peak = sound_peak(ctx)
    expect(peak > 1000, f"{what} is silent at the sink (peak {peak}), see {ctx.screenshot(what.replace(' ', '-'))}")
    errors = app.find("error", pred=lambda e: e.get("post_id") == page["post_id"])
    expect(not errors, f"{what} reported {errors}")


def case_hls_only_and_split_audio_play_with_sound_and_offline(ctx: Context) -> None:
    """Ctrl+L follows a fake PeerTube channel by its page's address (http kept). Its HLS-only
    video plays its 720p rendition's fragmented MP4 in a 450x800 window (never the 240p one), its
    split-audio video plays the 720p picture joined to the audio-only file: both loop with sound
    at the sink. After a restart with the server stopped, both play again from the cache, sound
    and all."""
    server, site = start_peertube(ctx)
    try:
        base = site["peertube"][0]
        with urllib.request.urlopen(f"{base}/__fake/manifest", timeout=10) as answer:
            manifest = json.loads(answer.read())
        channel = "alice_loops"
        kinds = {v["kind"] for v in manifest["videos"] if v["channel"].startswith(channel + "@")}
        expect({"hls_only", "split_audio"} <= kinds, f"the fake's {channel} has no HLS-only or split-audio video: {kinds}")
        no_samples = ctx.case_tmp / "no-samples"
        no_samples.mkdir(exist_ok=True)
        app = App(ctx, [], name="peertube-hls", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        app.wait("ready", 20)
        follow(app, ctx, f"{base}/c/{channel}")

        def is_hls_only(e: dict) -> bool:
            uri = e.get("uri", "")
            return "/streaming-playlists/hls/" in uri and SPLIT not in uri

        def is_split(e: dict) -> bool:
            return SPLIT in e.get("uri", "")

        hls = page_to(app, ctx, is_hls_only, "the HLS-only video")
        expect(hls["uri"].endswith("-720-fragmented.mp4"), f"the HLS-only video plays {hls['uri']}, not its 720p rendition")
        check_plays_with_sound(app, ctx, hls, "the HLS-only video")
        split = page_to(app, ctx, is_split, "the split-audio video")
        video = split["uri"].split(SPLIT)[0]
        expect(video.endswith("-720-fragmented.mp4"), f"the split-audio video plays {video}, not its 720p picture")
        check_plays_with_sound(app, ctx, split, "the split-audio video")
        fallbacks = app.find("rendition_fallback")
        expect(not fallbacks, f"a rendition failed on a healthy server: {fallbacks}")
        # Both are in the cache before the app goes (the one on screen downloads in full).
        deadline = time.monotonic() + 10
        while len(list((app.cache_dir / "videos").glob("*.video"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)

    again = App(ctx, [], name="peertube-hls-offline", data_dir=app.data_dir, cache_dir=app.cache_dir,
                env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    again.wait("ready", 20)
    ctx.pointer_into_window()
    for wanted, what in ((hls["uri"], "the HLS-only video offline"), (split["uri"], "the split-audio video offline")):
        page = page_to(again, ctx, lambda e, uri=wanted: e.get("uri") == uri, what)
        expect(page.get("cached") is True, f"{what} is not played from the cache: {page}")
        check_plays_with_sound(again, ctx, page, what)
    quit_app(again)


def follow(app: App, ctx: Context, address: str) -> dict:
    """Ctrl+L, the address typed, Return: the refresh that follows."""
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("ctrl+l")
    wait_window(ctx, "Follow a feed or channel")
    time.sleep(0.5)
    ctx.xdotool("type", "--delay", "10", address)
    ctx.key("Return")
    refreshed = app.wait("feed_refreshed", 30, since, what="feed_refreshed after following the channel")
    expect(refreshed.get("added", 0) >= 2 and not refreshed.get("error"), f"following {address} gave {refreshed}")
    origin = address.split("/c/")[0]
    app.wait("page", 15, since, pred=lambda e: e.get("uri", "").startswith(origin), what="a page of the channel")
    return refreshed


def case_a_missing_rendition_falls_back_to_the_next(ctx: Context) -> None:
    """The fake PeerTube answers 404 for every 720p web video: a followed channel's post whose
    720p file is missing plays its 720p HLS rendition instead (the same size), one with only web
    videos plays its 240p file, each said in a `rendition_fallback` event, with no error card."""
    server, site = start_peertube(ctx)
    try:
        base = site["peertube"][0]
        rule = {"rules": [{"kind": "status", "status": 404, "path": r"^/static/web-videos/.*-720\.mp4$"}]}
        request = urllib.request.Request(f"{base}/__fake/faults", data=json.dumps(rule).encode(), method="PUT",
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).read()
        no_samples = ctx.case_tmp / "no-samples"
        no_samples.mkdir(exist_ok=True)
        app = App(ctx, [], name="peertube-fallback", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        app.wait("ready", 20)
        follow(app, ctx, f"{base}/c/alice_loops")

        def web720(e: dict) -> bool:
            return e.get("uri", "").startswith(f"{base}/static/web-videos/") and e["uri"].endswith("-720.mp4") \
                and e.get("post_id") not in seen

        # By kind: the next rendition each post whose 720p web video is missing played.
        seen: dict[int, tuple[str, dict]] = {}
        while not ({"hls", "web"} <= {kind for kind, _ in seen.values()}):
            page = page_to(app, ctx, web720, "a post whose 720p web video is missing")
            fallback = app.wait("rendition_fallback", 15, pred=lambda f: f.get("post_id") == page["post_id"],
                                what="the fallback of a missing 720p web video")
            expect(fallback.get("kind") == "not_found", f"the fallback was {fallback}")
            hls = "/streaming-playlists/hls/" in fallback["next"]
            expect(fallback["next"].endswith("-720-fragmented.mp4") and fallback.get("resolution") == 720 if hls
                   else fallback["next"].endswith("-240.mp4") and fallback.get("resolution") == 240,
                   f"not the 720p HLS rendition, nor the 240p web video of a post without HLS: {fallback}")
            app.wait("loop", 20, pred=lambda e: e.get("post_id") == page["post_id"], what=f"{fallback['next']} looping")
            seen[page["post_id"]] = ("hls" if hls else "web", fallback)
        errors = app.find("error", pred=lambda e: e.get("post_id") in seen)
        expect(not errors, f"a post with a rendition left showed an error: {errors}")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)


NETWORK_PLAYBACK_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("hls_only_and_split_audio_play_with_sound_and_offline", case_hls_only_and_split_audio_play_with_sound_and_offline),
    ("a_missing_rendition_falls_back_to_the_next", case_a_missing_rendition_falls_back_to_the_next),
]

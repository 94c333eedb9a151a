"""End-to-end case for large text on what comes from the networks (issue 22): at 1.5x text and
360x640, a followed PeerTube video's captions over it, its remote comment thread, its channel's
page, and Discover's network side (the chips, the shelf and a search's results) show every label
whole, by the same checks the large-text case makes (cases_large_text.py); screenshots are kept."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from app import App, quit_app
from cases_explore import SEARCH
from cases_large_text import LARGE_TEXT_DPI, expect_nothing_cut_off, shown_labels
from cases_remote import CAPTION_LINES, FakeNetworks
from context import Context
from outcomes import expect, write_findings
from processes import end_popen
from windows import resize
from x_input import click, type_text

WIDTH, HEIGHT = 360, 640


def launch_following_a_channel(ctx: Context, networks: FakeNetworks) -> tuple[App, dict]:
    """The app reading the fake instances, following the channel whose videos have the long threads
    and captions, on its first video."""
    site = networks.peertube(0)
    manifest = networks.get(site + "/__fake/manifest")
    channel = next(v["channel"] for v in manifest["videos"] if v.get("rich_comments") and v.get("captions")).split("@")[0]
    feed = f"{site}/feeds/videos.xml?videoChannelName={channel}"
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    instances = [a for s in networks.sites["peertube"] for a in ("--instance", s)] + ["--search-index", "off"]
    app = App(ctx, [*map(str, ctx.fixtures.feed_clips()[:1]), feed, *instances], name="large-text-networks",
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples), "LANGUAGE": "en"})
    refreshed = app.wait("feed_refreshed", 30, what="the followed channel's first refresh")
    expect(not refreshed.get("error") and refreshed.get("added", 0) > 0, f"following {feed} gave {refreshed}")
    host = site.removeprefix("http://")
    page = app.wait("page", 20, pred=lambda e: e.get("remote_host") == host, what="a page of the followed channel")
    app.wait("first_frame", 20, pred=lambda e: e.get("post_id") == page["post_id"], what="the channel's first frame")
    return app, page


def case_large_text_on_the_networks_cuts_nothing_off(ctx: Context) -> None:
    manager = subprocess.Popen([sys.executable, str(Path(__file__).with_name("xsettings.py")), f"Xft/DPI={LARGE_TEXT_DPI}"],
                               env=ctx.session.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    networks = FakeNetworks(ctx, peertube=2, loops=0)
    try:
        expect(manager.stdout.readline().strip() == "ready", "the XSETTINGS manager did not start")
        app, page = launch_following_a_channel(ctx, networks)
        post_id = page["post_id"]
        resize(ctx, WIDTH, HEIGHT)
        time.sleep(1.0)
        ctx.pointer_into_window()
        seen: dict[str, int] = {}

        # Captions over the video.
        since = app.cursor()
        ctx.key("v")
        shown = app.wait("captions", 5, since, pred=lambda e: e.get("post_id") == post_id, what="captions after V")
        expect(shown.get("shown") is True, f"V gave {shown}")
        lines = [line for language in CAPTION_LINES.values() for line in language]
        deadline = time.monotonic() + 6
        cues: list[dict] = []
        while not cues and time.monotonic() < deadline:
            cues = [label for label in shown_labels(app, "captions") if label["text"] in lines]
            time.sleep(0.2)
        expect(cues, "no caption shown over the video")
        labels = expect_nothing_cut_off(ctx, app, "captions at 360x640", [], 3)
        seen["captions"] = len(labels)
        expect(all(c["x"] >= 0 and c["x"] + c["width"] <= WIDTH for c in cues), f"a caption pokes past the window: {cues}")
        name = "@" + page["author"].split("@")[0]
        handle = next((label for label in labels if label["text"] == name or label["text"].startswith(name + "@")), None)
        ctx.key("v")
        time.sleep(0.5)

        # The video's thread from its instance.
        since = app.cursor()
        ctx.key("c")
        app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id and e.get("remote", 0) > 0,
                 what="the remote thread")
        time.sleep(1.0)
        seen["remote thread"] = len(expect_nothing_cut_off(ctx, app, "a remote thread at 360x640", ["Thread", "Top"], 6))
        ctx.key("Escape")
        # The sheet gone from the screen, so the click below is the feed's.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(label["text"] == "Add a comment…" for label in shown_labels(app, "the feed")):
            time.sleep(0.2)
        time.sleep(0.3)

        # Its channel's page, from the @author over the video.
        expect(handle is not None, f"no {name} shown over the remote video")
        since = app.cursor()
        click(ctx, handle["x"] + handle["width"] // 2, handle["y"] + handle["height"] // 2)
        app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
        time.sleep(1.0)
        seen["channel page"] = len(expect_nothing_cut_off(ctx, app, "a channel page at 360x640", ["Follow"], 4))
        ctx.key("Escape")
        time.sleep(0.8)

        # Discover's network side: chips and the shelf, then a search's results.
        since = app.cursor()
        ctx.key("ctrl+f")
        app.wait("explore_results", 10, since, lambda e: e.get("source") == "trending", "the trending shelf")
        time.sleep(1.0)
        seen["discover"] = len(expect_nothing_cut_off(ctx, app, "discover on the networks at 360x640",
                                                      ["Networks", "Any shape"], 5))
        click(ctx, SEARCH[0] * WIDTH // 450, SEARCH[1])
        since = app.cursor()
        type_text(ctx, "cats")
        app.wait("explore_results", 10, since, lambda e: e.get("query") == "cats" and e.get("source") == "search",
                 "the search's results")
        time.sleep(1.0)
        seen["search results"] = len(expect_nothing_cut_off(ctx, app, "search results at 360x640", ["Networks"], 5))
        write_findings("large_text_networks", {"labels_checked": seen, "cut_off": 0, "size": f"{WIDTH}x{HEIGHT}"})
        expect(app.alive(), "app exited")
        quit_app(app)
    finally:
        networks.stop()
        end_popen(manager)


LARGE_TEXT_NETWORK_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("large_text_on_the_networks_cuts_nothing_off", case_large_text_on_the_networks_cuts_nothing_off),
]

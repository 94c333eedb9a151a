"""End-to-end cases for followed channels (issue 21 #10, #11, #14): a channel's posts have its
picture and a handle that reads, the profile counts the channel, a launch that cannot reach it says
so once, and the Following window's buttons."""

from __future__ import annotations

import time

from pathlib import Path

from app import App, quit_app
from cases_access import A11Y_ENV, a11y_bus_address, on_screen, probe_tree
from clips import make_clip
from context import Context
from feed import launch_clips, wait_started
from feed_server_client import start_feed_server
from outcomes import expect
from screen_colors import share_soon
from screens import RAIL_AVATAR, TAB_X, TAB_Y
from windows import wait_window
from x_input import click

AVATAR_COLOR = 0x20A0E0  # feed_server.py's channel picture
# The top of the window, where the feed's toast says what happened.
TOAST = (40, 30, 370, 60)


def launch_read_aloud(ctx: Context, name: str, data_dir: Path | None = None) -> App:
    """launch_clips with one clip, its accessible tree readable over AT-SPI."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(ctx.fixtures.feed_clips()[0])], name=name, data_dir=data_dir,
              env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(no_samples)})
    a11y_bus_address(ctx)
    return app


def nodes_named(tree: dict, prefix: str, role: str | None = None) -> list[dict]:
    return [n for n in tree["nodes"] if (n.get("name") or "").startswith(prefix) and (role is None or n.get("role") == role)]


def case_a_followed_channel_has_its_picture_and_a_handle_that_reads(ctx: Context) -> None:
    """#14: with nothing followed, Following's Refresh all and Export can't be pressed. #10: a
    channel followed with Ctrl+L: its post shows the channel's picture in the rail (as Following does),
    its handle reads @test, the channel's name on its instance (its link, /c/test; the whole address is
    the tooltip's), it has no "+", and the
    profile's Following counts it. #14: in Following its buttons keep their height and "· 3 new" stays
    on its line."""
    folder = ctx.case_tmp / "channel"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "clip-1.mp4", seconds=2, width=180, height=320, color=0xC04040)
    server, port = start_feed_server(folder)
    try:
        app = launch_read_aloud(ctx, "channel-picture")
        wait_started(app)
        ctx.pointer_into_window()
        ctx.key("ctrl+shift+l")
        wait_window(ctx, "Following")
        time.sleep(0.5)
        empty = probe_tree(ctx, app, [], window="Following")
        for label in ("Refresh all", "Export OPML…"):
            buttons = nodes_named(empty, label, "push button")
            expect(buttons and "sensitive" not in buttons[0]["states"],
                   f"{label} can be pressed with nothing followed: {buttons}, see {ctx.screenshot('following-empty')}")
        ctx.key("Escape")
        time.sleep(0.5)

        since = app.cursor()
        ctx.key("ctrl+l")
        wait_window(ctx, "Follow a feed or channel")
        time.sleep(0.5)
        ctx.xdotool("type", "--delay", "10", f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=1")
        ctx.key("Return")
        page = app.wait("page", 15, since, pred=lambda e: "/videos/" in e.get("uri", ""), what="the channel's post")
        app.wait("first_frame", 15, since, pred=lambda e: e.get("post_id") == page["post_id"], what="its first frame")
        x, y = RAIL_AVATAR
        picture = share_soon(ctx, (x - 10, y - 10, 20, 20), AVATAR_COLOR, at_least=0.8, tolerance=40)
        expect(picture > 0.8, f"the rail shows no channel picture ({picture:.0%}), see {ctx.screenshot('channel-rail')}")
        tree = probe_tree(ctx, app, ["Home"])
        author = nodes_named(tree, "@test")
        expect(any(n.get("name") == "@test" for n in author),
               f"the channel's handle over its video reads {[n.get('name') for n in author]}, not @test")
        expect(not nodes_named(tree, "Follow @test", "push button"), "the followed channel's avatar has a +")
        click(ctx, TAB_X["profile"], TAB_Y)
        time.sleep(1.0)
        profile = probe_tree(ctx, app, ["Profile"])
        labels = [n.get("name") for n in profile["nodes"] if n.get("role") == "label"]
        shot = ctx.screenshot("channel-profile")
        # The count is the label just before its caption.
        count = labels[labels.index("Following") - 1] if "Following" in labels[1:] else None
        expect(count == "1", f"the profile's Following says {count!r}, not the channel's 1, see {shot}")

        ctx.key("ctrl+shift+l")
        wait_window(ctx, "Following")
        time.sleep(1.0)
        shot = ctx.screenshot("following-one-channel")
        rows = probe_tree(ctx, app, [], window="Following")
        line = [n for n in rows["nodes"] if "new" in (n.get("name") or "") and n.get("role") == "label"]
        unsubscribe = nodes_named(rows, "Unsubscribe from", "push button")
        expect(line and line[0]["extents"][3] < 30, f"the refresh line is not one line: {line}, see {shot}")
        expect(unsubscribe and unsubscribe[0]["extents"][3] < 44,
               f"Unsubscribe is stretched to the row: {unsubscribe}, see {shot}")
        refresh_all = nodes_named(rows, "Refresh all", "push button")
        expect(refresh_all and "sensitive" in refresh_all[0]["states"], f"Refresh all can't be pressed: {refresh_all}")
        ctx.key("Escape")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)


def case_a_channel_that_cannot_be_reached_at_launch_is_said_once(ctx: Context) -> None:
    """#11: a channel followed, then its server gone: the next launch says once, at the window's top,
    that it could not be reached; the launch after that (still gone) says nothing more."""
    folder = ctx.case_tmp / "channel"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "clip-1.mp4", seconds=1, width=180, height=320, color=0x40C040)
    server, port = start_feed_server(folder)
    try:
        app, _ = launch_clips(ctx, "unreachable-follow", count=1)
        wait_started(app)
        since = app.cursor()
        ctx.pointer_into_window()
        ctx.key("ctrl+l")
        wait_window(ctx, "Follow a feed or channel")
        time.sleep(0.5)
        ctx.xdotool("type", "--delay", "10", f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=1")
        ctx.key("Return")
        refreshed = app.wait("feed_refreshed", 15, since, what="the channel followed")
        expect(not refreshed.get("error"), f"following gave {refreshed}")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)

    again, _ = launch_clips(ctx, "unreachable-launch", count=1, data_dir=app.data_dir)
    wait_started(again)
    failed = again.wait("feed_refreshed", 15, pred=lambda e: bool(e.get("error")), what="the failed refresh at launch")
    notice = again.wait("notice", 10, pred=lambda e: "Test Channel" in e.get("message", ""),
                        what=f"a notice naming the channel after {failed}")
    expect(notice["message"].startswith("Couldn’t reach Test Channel"), f"the notice says {notice['message']!r}")
    toast = share_soon(ctx, TOAST, 0xFFFFFF, at_least=0.02, tolerance=60)
    expect(toast > 0.02, f"nothing written at the window's top ({toast:.1%}), see {ctx.screenshot('unreachable-toast')}")
    ctx.screenshot("unreachable-toast")
    quit_app(again)

    third, _ = launch_clips(ctx, "unreachable-again", count=1, data_dir=app.data_dir)
    wait_started(third)
    third.wait("feed_refreshed", 15, pred=lambda e: bool(e.get("error")), what="the failed refresh at the next launch")
    time.sleep(1.0)
    said = third.find("notice", pred=lambda e: "Test Channel" in e.get("message", ""))
    expect(not said, f"the same unreachable channel was said again: {said}")
    quit_app(third)


def case_a_followed_video_that_cannot_play_is_a_page_that_says_why(ctx: Context) -> None:
    """Issue 22: a followed feed's live stream (an HLS playlist only) and its video in a format no
    player takes are pages like the others, each with a card in plain words at once (never a
    spinner, never a Try Again that can't help), and paging goes on past them to the next video."""
    folder = ctx.case_tmp / "mixed"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "mixed-2.mp4", seconds=2, width=180, height=320, color=0xC04040)
    make_clip(folder / "mixed-1.mp4", seconds=2, width=180, height=320, color=0x4040C0)
    server, port = start_feed_server(folder)
    try:
        app = launch_read_aloud(ctx, "unplayable-follow")
        wait_started(app)
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("ctrl+l")
        wait_window(ctx, "Follow a feed or channel")
        time.sleep(0.5)
        ctx.xdotool("type", "--delay", "10", f"http://127.0.0.1:{port}/unplayable.xml")
        ctx.key("Return")
        refreshed = app.wait("feed_refreshed", 15, since, what="the mixed feed followed")
        expect(refreshed.get("added") == 4, f"the feed's four videos are not all posts: {refreshed}")
        first = app.wait("page", 15, since, pred=lambda e: "/videos/mixed-2" in e.get("uri", ""), what="the newest video's page")
        app.wait("first_frame", 15, since, pred=lambda e: e.get("post_id") == first["post_id"], what="its first frame")
        for reason, words in (("live", "live stream"), ("format", "application/x-shockwave-flash")):
            since = app.cursor()
            ctx.key("Down")
            page = app.wait("page", 10, since, what=f"the {reason} video's page")
            expect(page.get("uri", "").startswith(f"unplayable:{reason}"), f"the next page is not the {reason} video: {page}")
            error = app.wait("error", 5, since, pred=lambda e: e.get("post_id") == page["post_id"], what="why it can't play")
            expect(error.get("kind") == "unplayable" and words in error.get("message", ""),
                   f"the {reason} video's card says {error}")
            time.sleep(0.8)  # past the time a slow load would show its spinner
            shot = ctx.screenshot(f"unplayable-{reason}")
            tree = probe_tree(ctx, app, ["Home"])
            cards = [n for n in nodes_named(tree, "Can’t play this video: ") if "visible" in n.get("states", [])
                     and on_screen(n, 450, 800)]
            expect(cards and words in cards[0]["name"], f"no card in words for the {reason} video on screen, see {shot}")
            spinners = [n for n in tree["nodes"] if n.get("role") in ("spinner", "animation", "progress bar")
                        and "visible" in n.get("states", []) and on_screen(n, 450, 800)]
            expect(not spinners, f"a spinner shows over the {reason} video's card: {spinners}, see {shot}")
            retry = [n for n in nodes_named(tree, "Try Again", "push button")
                     if "visible" in n.get("states", []) and on_screen(n, 450, 800)]
            expect(not retry, f"Try Again is offered for the {reason} video, see {shot}")
            expect(not app.find("first_frame", since, pred=lambda e: e.get("post_id") == page["post_id"]),
                   f"the {reason} video drew a frame")
        since = app.cursor()
        ctx.key("Down")
        last = app.wait("page", 10, since, what="the page after the cards")
        expect("/videos/mixed-1" in last.get("uri", ""), f"paging did not go on to the next video: {last}")
        app.wait("first_frame", 15, since, pred=lambda e: e.get("post_id") == last["post_id"], what="the next video's first frame")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)


FOLLOWED_CHANNEL_CASES = [
    ("a_followed_video_that_cannot_play_is_a_page_that_says_why", case_a_followed_video_that_cannot_play_is_a_page_that_says_why),
    ("a_followed_channel_has_its_picture_and_a_handle_that_reads", case_a_followed_channel_has_its_picture_and_a_handle_that_reads),
    ("a_channel_that_cannot_be_reached_at_launch_is_said_once", case_a_channel_that_cannot_be_reached_at_launch_is_said_once),
]

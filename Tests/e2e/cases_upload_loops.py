"""Posting a recording to a Loops account (issue 23): signed in to the fake Loops server through the
browser, a clip from the test camera with a two-line caption is posted to the account from the
posting page. Loops takes the whole file in one POST (no resumable upload): the fake reads it as a
slow line does and cuts that POST's connection once (it keeps nothing), the app looks through the
account's videos, finds none and sends it again from the start; the banner's percentage grows while
each POST goes and starts again from 0 after the cut; the server then holds the video exactly once,
byte for byte the local post's, and the local post links to its page."""

from __future__ import annotations

import os
import re
import signal
import time
import urllib.request

from app import App, quit_app
from app_data import db_post, db_rows
from cases_accounts import ADDRESS, host_of, open_preferences, tab_to
from cases_explore import set_faults
from cases_upload import choose_channel, local_file, record_to_posting
from context import Context
from desktop_accounts import FakeBrowser, Keyring
from network_servers import get_json, start_networks
from outcomes import expect, log
from recorder import record_app
from windows import resize
from x_input import type_text

UPLOAD_PATH = "/api/v1/studio/upload"
CAPTION = "Morning loop at the lake\nfrom the recorder #e2e"
# The upload's POST read as over a slow line (the fakes' --slow-line: Ethernet-sized segments, so
# the client's kernel holds some 200 KB of it, not megabytes): the 2 s clip's half a megabyte
# takes seconds, long enough to see its progress.
READ_RATE = 80_000
BANNER_PERCENT = re.compile(r"Uploading to \S+: \d+ % · about \d+ (s|min) left")


def signed_in_to_loops(ctx: Context, site: str, browser: FakeBrowser, name: str) -> App:
    """The recorder app, signed in to `site` through the browser from Preferences."""
    app = record_app(ctx, name, extra_env=browser.env)
    open_preferences(ctx, app)
    tab_to(ctx, app, ADDRESS)
    type_text(ctx, site)
    tab_to(ctx, app, "Loops", key="shift+Tab")
    ctx.key("space")
    tab_to(ctx, app, ADDRESS)
    ctx.key("Return")
    app.wait("signed_in", 30, pred=lambda e: e.get("host") == host_of(site), what="signed_in to Loops")
    ctx.key("Escape")
    time.sleep(0.8)
    ctx.pointer_into_window()
    return app


def banner_labels(app: App) -> list[str]:
    """The main window's labels that read like the upload banner's percentage and time left (asked
    with SIGUSR2)."""
    since = app.cursor()
    os.kill(app.proc.pid, signal.SIGUSR2)
    app.wait("labels_shown", 5, since, what="the labels after SIGUSR2")
    return [label.get("text", "") for label in app.find("label", since)
            if BANNER_PERCENT.search(label.get("text", "")) and label.get("window") != "Preferences"]


def sending_between(events: list[dict]) -> list[dict]:
    """The `sending` events whose bytes are some but not all of the file."""
    return [e for e in events if e.get("state") == "sending" and 0 < e.get("bytes", 0) < e.get("total", 0)]


def expect_growing_while_sent(events: list[dict], what: str) -> None:
    """Progress told while the POST went: growing bytes short of the total, over more than a second."""
    between = sending_between(events)
    sizes = [e["bytes"] for e in between]
    expect(len(set(sizes)) >= 3, f"{what}: too few progress events while the POST went: {sizes}")
    expect(sizes == sorted(sizes), f"{what}: the bytes did not grow: {sizes}")
    spread = (between[-1]["t_us"] - between[0]["t_us"]) / 1e6
    expect(spread > 1.0, f"{what}: the progress came all at once ({spread:.2f} s), not as the server read it")


def held_once(site: str, caption: str) -> dict:
    """The server's one video with `caption`."""
    held = [v for v in get_json(site + "/__fake/manifest")["videos"] if v["caption"] == caption]
    expect(len(held) == 1, f"the server holds the video once: {held}")
    return held[0]


def case_a_post_to_loops_arrives_once_after_a_cut_connection(ctx: Context) -> None:
    """Signed in to Loops through the browser; recorded, a two-line caption typed (Enter makes the
    second line), the Loops account chosen (the posting page seen at 360x640 and 1200x700), posted
    over a slow line with its one POST cut once: `upload` events with
    growing bytes short of the total while each POST goes, 0 again after the cut, the banner's
    percentage seen; sent again from the start, held once, byte for byte."""
    networks = start_networks(peertube=0, loops=1, index=False, slow_line=True)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    browser = FakeBrowser(ctx.case_tmp / "desktop")
    try:
        site = networks.loops[0]
        app = signed_in_to_loops(ctx, site, browser, "upload-loops")
        first, second = CAPTION.split("\n")
        record_to_posting(ctx, app, first)
        ctx.key("Return")  # a new line in the caption, not a post
        ctx.xdotool("type", "--delay", "30", second)
        chosen = choose_channel(ctx, app)
        expect(chosen.get("name", "").startswith("Loops · "), f"the Loops account is the destination chosen: {chosen}")
        time.sleep(0.5)
        for width, height in ((360, 640), (1200, 700)):
            resize(ctx, width, height)
            time.sleep(0.4)
            ctx.screenshot(f"upload-loops-posting-page-{width}x{height}")
        urllib.request.urlopen(urllib.request.Request(site + "/__fake/auth", data=b'{"processing_seconds": 2}', method="POST"),
                               timeout=5).read()
        set_faults(site, [{"kind": "slow_request", "path": "studio/upload", "method": "POST", "rate": READ_RATE},
                          {"kind": "cut_request", "path": "studio/upload", "method": "POST", "count": 1}])
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 20, since, what="the post stored on this computer")
        mine = lambda e: e.get("post_id") == posted["post_id"]  # noqa: E731
        cut = app.wait("upload", 90, since, lambda e: mine(e) and e.get("state") == "waiting", "the cut POST seen")
        expect(cut.get("bytes") == 0, f"after the cut the banner claims bytes Loops never kept: {cut}")
        after_cut = app.cursor()
        going = app.wait("upload", 60, after_cut, lambda e: mine(e) and e.get("state") == "sending"
                         and 0.4 < e.get("bytes", 0) / max(1, e.get("total", 0)) < 0.9, "the second POST's progress")
        # The time left comes once the rate is known (a second or so into the POST, past the
        # kernel's first burst): the banner is read until it says it or the POST ends.
        labels = banner_labels(app)
        while not labels and not app.find("upload", after_cut, lambda e: mine(e) and e["t_us"] > going["t_us"]
                                          and e.get("state") != "sending"):
            time.sleep(0.3)
            labels = banner_labels(app)
        shot = ctx.screenshot("upload-loops-banner-percentage")
        expect(labels, f"no banner with a percentage and the time left while the POST went ({shot})")
        app.wait("upload", 90, since, lambda e: mine(e) and e.get("state") == "published", "the video published on Loops")
        events = [e for e in app.find("upload", since) if mine(e)]
        first_post = events[:events.index(cut)]
        second_post = [e for e in events[events.index(cut):] if e.get("state") in ("starting", "sending")]
        expect_growing_while_sent(first_post, "the cut POST")
        expect_growing_while_sent(second_post, "the POST sent again")
        again = [e["bytes"] for e in second_post if e.get("state") == "sending"]
        expect(again and again[0] == 0, f"the POST sent again did not start from 0: {again[:5]}")
        processing = next(e for e in events if e.get("state") == "processing")
        expect(all(e["t_us"] < processing["t_us"] for e in sending_between(events)), "progress told after the server's yes")
        log(f"{len(sending_between(first_post))} and {len(sending_between(second_post))} progress events while the POSTs "
            f"went; the banner said {labels[0]!r} during the second")
        sent = [r for r in networks.requests(site) if r["method"] == "POST" and r["path"] == UPLOAD_PATH]
        expect(len(sent) == 2, f"the cut POST and one whole one: {sent}")
        caption = db_post(app, posted["post_id"]).get("caption")
        expect(caption == CAPTION, f"the post's caption, two lines: {caption!r}")
        held = held_once(site, CAPTION)
        rows = db_rows(app, "SELECT remote_id FROM uploads WHERE post_id = ?", (posted["post_id"],))
        expect(rows == [(held["id"],)], f"the library's upload names the server's video: {rows} / {held['id']}")
        served = urllib.request.urlopen(site + "/storage/" + held["src_url"].split("/storage/", 1)[1], timeout=20).read()
        local = local_file(app, posted["post_id"])
        expect(served == local, f"the server's file ({len(served)} bytes) is not the post's ({len(local)} bytes)")
        expect(held["tags"] == ["e2e"] and held["comments_enabled"], f"its hashtag, comments allowed: {held}")
        page = db_post(app, posted["post_id"]).get("page_url") or ""
        expect(page.startswith(site + "/v/"), f"the local post links to its page on Loops: {page!r}")
        log(f"{len(local)} bytes posted to Loops; the cut POST sent again from the start; held once at {page}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_loops_upload_killed_before_its_answer_is_not_sent_again(ctx: Context) -> None:
    """The server takes the POST and its answer never comes (status and headers, then nothing); the
    app is killed (SIGKILL) while it waits. At the next launch the library's upload says the POST
    went, so the app looks through the account's videos first, finds it and sends nothing again."""
    networks = start_networks(peertube=0, loops=1, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    browser = FakeBrowser(ctx.case_tmp / "desktop")
    try:
        site = networks.loops[0]
        app = signed_in_to_loops(ctx, site, browser, "upload-loops-kill9")
        caption = "Before the kill on Loops"
        record_to_posting(ctx, app, caption)
        choose_channel(ctx, app)
        set_faults(site, [{"kind": "stall_body", "path": "studio/upload", "method": "POST", "seconds": 60}])
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 20, since, what="the post stored on this computer")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if [v for v in get_json(site + "/__fake/manifest")["videos"] if v["caption"] == caption]:
                break
            time.sleep(0.2)
        held = held_once(site, caption)
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait(10)
        rows = db_rows(app, "SELECT state, session_url, remote_id FROM uploads")
        expect(len(rows) == 1 and rows[0][1] and not rows[0][2], f"the upload row the kill left: {rows}")

        set_faults(site, [])
        again = record_app(ctx, "upload-loops-kill9-again", extra_env=browser.env, data_dir=app.data_dir)
        again.wait("upload", 60, pred=lambda e: e.get("state") == "published" and e.get("post_id") == posted["post_id"],
                   what="the video found and published after the restart")
        sent = [r for r in networks.requests(site) if r["method"] == "POST" and r["path"] == UPLOAD_PATH]
        expect(len(sent) == 1, f"the POST went once: {sent}")
        held = held_once(site, caption)
        rows = db_rows(again, "SELECT remote_id FROM uploads WHERE post_id = ?", (posted["post_id"],))
        expect(rows == [(held["id"],)], f"the library's upload names the server's video: {rows} / {held['id']}")
        served = urllib.request.urlopen(site + "/storage/" + held["src_url"].split("/storage/", 1)[1], timeout=20).read()
        expect(served == local_file(again, posted["post_id"]), "the server's file is the post's")
        log(f"killed before the answer; after the restart found as {held['id']}, sent once")
        quit_app(again)
    finally:
        keyring.stop()
        networks.stop()


UPLOAD_LOOPS_CASES = [
    ("a_post_to_loops_arrives_once_after_a_cut_connection", case_a_post_to_loops_arrives_once_after_a_cut_connection),
    ("a_loops_upload_killed_before_its_answer_is_not_sent_again", case_a_loops_upload_killed_before_its_answer_is_not_sent_again),
]

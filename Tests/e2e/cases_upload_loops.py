"""Posting a recording to a Loops account (issue 23): signed in to the fake Loops server through the
browser, a 2 s clip from the test camera with a two-line caption is posted to the account from the
posting page. Loops takes the whole file in one POST (no resumable upload): the fake cuts that
POST's connection once (it keeps nothing), the app looks through the account's videos, finds none
and sends it again from the start; the server then holds the video exactly once, byte for byte the
local post's, and the local post links to its page."""

from __future__ import annotations

import time
import urllib.request

from app import quit_app
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


def case_a_post_to_loops_arrives_once_after_a_cut_connection(ctx: Context) -> None:
    """Signed in to Loops through the browser; recorded, a two-line caption typed (Enter makes the
    second line), the Loops account chosen (the posting page seen at 360x640 and 1200x700), posted
    with its one POST cut once: sent again from the start, held once, byte for byte."""
    networks = start_networks(peertube=0, loops=1, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    browser = FakeBrowser(ctx.case_tmp / "desktop")
    try:
        site = networks.loops[0]
        app = record_app(ctx, "upload-loops", extra_env=browser.env)
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
        set_faults(site, [{"kind": "cut_request", "path": "studio/upload", "method": "POST", "count": 1}])
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 20, since, what="the post stored on this computer")
        app.wait("upload", 90, since, lambda e: e.get("state") == "published" and e.get("post_id") == posted["post_id"],
                 "the video published on Loops")
        events = [e for e in app.find("upload") if e.get("post_id") == posted["post_id"]]
        expect(any(e.get("state") == "waiting" for e in events), f"the cut connection was not seen: {events}")
        sent = [r for r in networks.requests(site) if r["method"] == "POST" and r["path"] == UPLOAD_PATH]
        expect(len(sent) == 2, f"the cut POST and one whole one: {sent}")
        videos = get_json(site + "/__fake/manifest")["videos"]
        held = [v for v in videos if v["caption"] == CAPTION]
        caption = db_post(app, posted["post_id"]).get("caption")
        expect(len(held) == 1, f"the server holds the video once: {held} (the newest: {[v['caption'] for v in videos[-2:]]}, "
                               f"the post's caption {caption!r})")
        rows = db_rows(app, "SELECT remote_id FROM uploads WHERE post_id = ?", (posted["post_id"],))
        expect(rows == [(held[0]["id"],)], f"the library's upload names the server's video: {rows} / {held[0]['id']}")
        served = urllib.request.urlopen(site + "/storage/" + held[0]["src_url"].split("/storage/", 1)[1], timeout=20).read()
        local = local_file(app, posted["post_id"])
        expect(served == local, f"the server's file ({len(served)} bytes) is not the post's ({len(local)} bytes)")
        expect(held[0]["tags"] == ["e2e"] and held[0]["comments_enabled"], f"its hashtag, comments allowed: {held[0]}")
        page = db_post(app, posted["post_id"]).get("page_url") or ""
        expect(page.startswith(site + "/v/"), f"the local post links to its page on Loops: {page!r}")
        log(f"{len(local)} bytes posted to Loops; the cut POST sent again from the start; held once at {page}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


UPLOAD_LOOPS_CASES = [
    ("a_post_to_loops_arrives_once_after_a_cut_connection", case_a_post_to_loops_arrives_once_after_a_cut_connection),
]

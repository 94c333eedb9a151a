"""Comments through the outbox (issue 23): signed in to the fake PeerTube instance a followed
channel's video is on, a comment and a reply written in the comments sheet reach the instance
once each (its own API read back), the comment's copy in the thread is shown once, and a deleted
reply is gone from the instance; a comment cut by kill -9 reaches the instance once after the
restart; a comment the instance refuses (403) is marked with its reason, Retry and Undo."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from dataclasses import dataclass

from app import App, quit_app
from app_data import db_rows
from cases_access import A11Y_ENV, a11y_bus_address
from cases_accounts import ADDRESS, fill_sign_in, host_of, open_preferences, tab_to, users
from cases_explore import set_faults
from cases_outbox import peertube_token, to_remote_page
from cases_remote import named, press, wait_nodes
from context import Context
from desktop_accounts import FakeBrowser, Keyring
from network_servers import FakeNetworks, get_json, start_networks
from outcomes import expect, log
from windows import resize
from x_input import type_text


@dataclass
class OnItsInstance:
    """The app on a video of the instance it is signed in to, its comments sheet closed."""
    app: App
    page: dict
    site: str
    user: dict
    video: dict
    args: list[str]
    env: dict


def signed_in_where_the_video_is(ctx: Context, networks: FakeNetworks, name: str) -> OnItsInstance:
    site = networks.peertube[1]
    user, _ = users(networks, site)
    channel = next(v["channel"] for v in networks.manifest(site)["videos"]).split("@")[0]
    feed = f"{site}/feeds/videos.xml?videoChannelName={channel}"
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    args = [str(ctx.fixtures.feed_clips()[0]), feed]
    env = {**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(no_samples)}
    app = App(ctx, args, name=name, env=env)
    a11y_bus_address(ctx)
    app.wait("ready", 20)
    ctx.pointer_into_window()
    open_preferences(ctx, app)
    fill_sign_in(ctx, app, site, user["username"], user["password"])
    ctx.key("Return")
    app.wait("signed_in", 15, pred=lambda e: e.get("host") == host_of(site), what="signed_in to the video's instance")
    ctx.key("Escape")
    time.sleep(0.8)
    ctx.pointer_into_window()
    refreshed = app.wait("feed_refreshed", 30, what="the followed channel's first refresh")
    expect(refreshed.get("added", 0) > 0, f"following {feed} gave {refreshed}")
    page = to_remote_page(ctx, app, site)
    video = next(v for v in networks.manifest(site)["videos"] if page.get("remote_id") in (v["uuid"], v.get("shortUUID")))
    return OnItsInstance(app, page, site, user, video, args, env)


def post_as(site: str, token: str, video: str, text: str) -> int:
    """A comment posted over the instance's API (not by the app); its id."""
    request = urllib.request.Request(f"{site}/api/v1/videos/{video}/comment-threads", method="POST",
                                     data=json.dumps({"text": text}).encode(),
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return json.loads(answer.read())["comment"]["id"]


def texts_on(site: str, video: str) -> list[str]:
    """Every comment not deleted under the video, as the instance holds them (threads and replies)."""
    texts = []
    for thread in get_json(f"{site}/api/v1/videos/{video}/comment-threads?count=100")["data"]:
        stack = [get_json(f"{site}/api/v1/videos/{video}/comment-threads/{thread['id']}")]
        while stack:
            node = stack.pop()
            if not node["comment"]["isDeleted"]:
                texts.append(node["comment"]["text"])
            stack.extend(node["children"])
    return texts


def count_on(site: str, video: str, text: str) -> int:
    return sum(1 for t in texts_on(site, video) if text in t)


def open_sheet(ctx: Context, app: App, post_id: int) -> None:
    since = app.cursor()
    ctx.pointer_into_window()
    ctx.key("c")
    app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id, what="the sheet's comments")


def write(ctx: Context, app: App, nodes: list[dict], text: str) -> int:
    """The composer pressed, `text` typed and sent; the comment's id."""
    press(ctx, named(nodes, "Comment text")[0])
    since = app.cursor()
    type_text(ctx, text)
    ctx.key("Return")
    return app.wait("comment_added", 5, since, what=f"{text!r} written")["comment_id"]


def case_a_comment_and_a_reply_reach_the_instance_once_and_a_delete_removes_it(ctx: Context) -> None:
    """Signed in to the video's instance: a comment typed in the sheet is sent (`outbox` comment
    queued then sent) and held by the instance once, marked Sent, not 'Only on this computer'; a
    reply under another comment (Reply, named for a screen reader) lands under it once; the sheet
    opened again shows the comment once; the reply deleted (its undo over when the sheet closes)
    is gone from the instance."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_where_the_video_is(ctx, networks, "comment-sent")
        app, site, uuid, post_id = at.app, at.site, at.video["uuid"], at.page["post_id"]
        token = peertube_token(site, at.user)
        answered = post_as(site, token, uuid, "a comment to answer")
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Reply to", "push button")), 10, "a Reply button", "c-reply")

        since = app.cursor()
        comment = "hello from loopfeed, once"
        write(ctx, app, nodes, comment)
        queued = app.wait("outbox", 5, since, lambda e: e.get("action") == "comment", "the comment's outbox event")
        expect(queued.get("state") == "queued" and queued.get("post_id") == post_id, f"queued: {queued}")
        app.wait("outbox", 20, since, lambda e: e.get("action") == "comment" and e.get("state") == "sent", "the comment sent")
        expect(count_on(site, uuid, comment) == 1, f"the instance holds the comment once: {texts_on(site, uuid)}")
        nodes = wait_nodes(ctx, app, lambda n: any(x["name"].endswith("· Sent") for x in n), 10, "the Sent mark", "c-sent")
        expect(not named(nodes, "Only on this computer"), "a sent comment still says 'Only on this computer'")

        since = app.cursor()
        press(ctx, named(nodes, "Reply to", "push button")[0])
        wait_nodes(ctx, app, lambda n: bool(named(n, "Replying to @")), 10, "'Replying to' over the composer", "c-replying")
        type_text(ctx, "a reply from loopfeed")
        ctx.key("Return")
        app.wait("outbox", 20, since, lambda e: e.get("action") == "reply" and e.get("state") == "sent", "the reply sent")
        thread = get_json(f"{site}/api/v1/videos/{uuid}/comment-threads/{answered}")
        replies = [c["comment"]["text"] for c in thread["children"] if "a reply from loopfeed" in c["comment"]["text"]]
        expect(len(replies) == 1, f"the reply under the comment answered, once: {thread['children']}")
        expect(count_on(site, uuid, "a reply from loopfeed") == 1, "the reply is on the instance once")
        wait_nodes(ctx, app, lambda n: any(x["name"].startswith("Reply to @") and x["role"] == "label" for x in n), 10,
                   "the reply marked 'Reply to @…' above its text", "c-reply-mark")
        ctx.screenshot("comment-sent-and-reply")

        ctx.key("Escape")
        time.sleep(0.8)
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "a comment to answer")), 10, "the thread again", "c-again")
        shown = [n for n in named(nodes, comment) if n["role"] != "push button"]
        expect(len(shown) == 1, f"the comment shows once in the sheet, not again as the thread's copy: {shown}")

        since = app.cursor()
        trash = named(nodes, "Delete your comment", "push button")
        expect(len(trash) == 2, f"a delete button on each comment written here: {trash}")
        press(ctx, trash[0])  # the newest first: the reply
        app.wait("comment_deleted", 5, since, what="the reply deleted here")
        ctx.key("Escape")  # the undo's end: the deletion stands
        gone = app.wait("outbox", 20, since, lambda e: e.get("action") == "delete_comment" and e.get("state") == "sent",
                        "the deletion sent")
        expect(gone.get("post_id") == post_id, f"deleted: {gone}")
        expect(count_on(site, uuid, "a reply from loopfeed") == 0, f"the reply is gone from the instance: {texts_on(site, uuid)}")
        expect(count_on(site, uuid, comment) == 1, "the comment stays")
        log(f"comment and reply on {uuid} sent once each; the reply deleted on {host_of(site)}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_comment_cut_by_kill9_reaches_the_instance_once_after_the_restart(ctx: Context) -> None:
    """The instance takes the comment's POST and answers nothing; the app is killed (SIGKILL). At
    the next launch the comment is sent (its thread read first) and the instance holds it once.
    Deleted then, and the app closed while its undo was offered: the deletion goes (at the next
    launch at the latest) and the comment is gone from the instance."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_where_the_video_is(ctx, networks, "comment-kill9")
        app, site, uuid, post_id = at.app, at.site, at.video["uuid"], at.page["post_id"]
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Comment text")), 10, "the composer", "k-composer")
        set_faults(site, [{"kind": "stall_silent", "path": "/comment-threads$", "method": "POST", "seconds": 60}])
        before = len(networks.requests(site))
        comment = "cut by a kill, sent once"
        write(ctx, app, nodes, comment)
        deadline = time.monotonic() + 15
        posts = []
        while not posts and time.monotonic() < deadline:
            posts = [r for r in networks.requests(site)[before:] if r["method"] == "POST" and r["path"].endswith("/comment-threads")]
            time.sleep(0.1)
        expect(posts, "the comment's POST reached the instance")
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait(10)
        expect(count_on(site, uuid, comment) == 0, "the stalled POST left no comment")

        set_faults(site, [])
        again = App(ctx, at.args, name="comment-kill9-again", env=at.env, data_dir=app.data_dir)
        again.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
        again.wait("outbox", 20, pred=lambda e: e.get("state") == "sent" and e.get("action") == "comment",
                   what="the comment sent after the restart")
        expect(count_on(site, uuid, comment) == 1, f"the instance holds the comment once: {texts_on(site, uuid)}")

        # Deleted, then the app closed with the undo still offered: the deletion stands and goes.
        ctx.pointer_into_window()
        to_remote_page(ctx, again, site)
        open_sheet(ctx, again, post_id)
        nodes = wait_nodes(ctx, again, lambda n: bool(named(n, "Delete your comment", "push button")), 10,
                           "the comment's delete button", "k-delete")
        since = again.cursor()
        press(ctx, named(nodes, "Delete your comment", "push button")[0])
        again.wait("comment_deleted", 5, since, what="the comment deleted here")
        quit_app(again)
        kept = [e for e in again.find("outbox") if e.get("action") == "delete_comment"]
        expect(kept and kept[0].get("state") == "queued", f"the deletion written to the outbox as the app closed: {kept}")
        # Sent before the app was gone, or by the next launch.
        third = App(ctx, at.args, name="comment-kill9-third", env=at.env, data_dir=app.data_dir)
        third.wait("ready", 20)
        deadline = time.monotonic() + 20
        while count_on(site, uuid, comment) and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(count_on(site, uuid, comment) == 0, f"the comment is gone from the instance: {texts_on(site, uuid)}")
        # The instance drops the comment before it answers: the deletion is marked sent once the
        # answer is in (it was still 'sending' at a read made at once, on CI).
        want = [("comment", "sent"), ("delete_comment", "sent")]
        deadline = time.monotonic() + 10
        rows = db_rows(third, "SELECT kind, state FROM outbox ORDER BY id")
        while rows != want and time.monotonic() < deadline:
            time.sleep(0.2)
            rows = db_rows(third, "SELECT kind, state FROM outbox ORDER BY id")
        expect(rows == want, f"the outbox: {rows}")
        log(f"comment cut by kill -9 at its POST; held once by {host_of(site)} after the restart; deleted as the app closed")
        quit_app(third)
    finally:
        keyring.stop()
        networks.stop()


def case_a_refused_comment_shows_the_servers_reason_with_retry_and_undo(ctx: Context) -> None:
    """The instance answers the comment's POST with 403: the comment is marked as refused with
    the server's words and a Retry and an Undo named for a screen reader, legible at 360x640;
    Retry once the instance takes comments again sends it, once."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_where_the_video_is(ctx, networks, "comment-refused")
        app, site, uuid, post_id = at.app, at.site, at.video["uuid"], at.page["post_id"]
        resize(ctx, 360, 640)
        time.sleep(1.0)
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Comment text")), 10, "the composer", "r-composer")
        set_faults(site, [{"kind": "status", "status": 403, "path": "/comment-threads$", "method": "POST"}])
        since = app.cursor()
        comment = "refused, then retried"
        write(ctx, app, nodes, comment)
        refused = app.wait("outbox", 20, since, lambda e: e.get("action") == "comment" and e.get("state") == "refused",
                           "the comment refused")
        expect(refused.get("reason") == "Forbidden", f"the server's words: {refused}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "The server refused it: Forbidden")), 10, "the refused mark",
                           "r-refused")
        retry = named(nodes, "Retry sending your comment", "push button")
        undo = named(nodes, "Undo your comment: remove it", "push button")
        expect(retry and undo, "Retry and Undo named for a screen reader")
        for node in (named(nodes, "The server refused it")[0], retry[0], undo[0]):
            x, y, w, h = node["extents"]
            expect(w > 0 and h > 0 and x >= 0 and x + w <= 360, f"{node['name']!r} cut off at 360x640: {node['extents']}")
        ctx.screenshot("comment-refused-360x640")

        set_faults(site, [])
        since = app.cursor()
        press(ctx, retry[0])
        app.wait("outbox", 20, since, lambda e: e.get("action") == "comment" and e.get("state") == "sent", "sent on Retry")
        expect(count_on(site, uuid, comment) == 1, f"the instance holds the comment once: {texts_on(site, uuid)}")
        log("a 403 said with its reason, Retry and Undo; sent once on Retry")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def loops_captions(site: str, video: str) -> list[str]:
    """The newest comments of a Loops video not deleted, and the replies under each, as the server holds them."""
    found = []
    for comment in get_json(f"{site}/api/v1/video/comments/{video}")["data"]:
        if comment.get("tombstone"):
            continue
        found.append(comment["caption"])
        if comment.get("replies"):
            replies = get_json(f"{site}/api/v1/video/comments/{video}/replies?cr={comment['id']}")["data"]
            found.extend(r["caption"] for r in replies if not r.get("tombstone"))
    return found


def case_a_comment_and_a_reply_on_loops_reach_the_server_once_and_a_delete_removes_it(ctx: Context) -> None:
    """Signed in to a fake Loops server through the browser, a followed Loops account's video: a
    comment and a reply (Reply under one of its comments) written in the sheet are held once each
    by the server, marked Sent; the comment deleted (the sheet closed, its undo over) is gone."""
    networks = start_networks(peertube=0, loops=1, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    browser = FakeBrowser(ctx.case_tmp / "desktop")
    try:
        site = networks.loops[0]
        profile = networks.manifest(site)["profiles"][0]
        no_samples = ctx.case_tmp / "no-samples"
        no_samples.mkdir(exist_ok=True)
        app = App(ctx, [str(ctx.fixtures.feed_clips()[0]), f"{site}/api/v1/feed/account/{profile['id']}"], name="loops-comment",
                  env={**browser.env, **A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(no_samples)})
        a11y_bus_address(ctx)
        app.wait("ready", 20)
        ctx.pointer_into_window()
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
        page = to_remote_page(ctx, app, site)
        video, post_id = page["remote_id"], page["post_id"]
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Reply to", "push button")), 10, "a Reply button", "l-reply")

        since = app.cursor()
        comment = "hello loops, once"
        write(ctx, app, nodes, comment)
        app.wait("outbox", 20, since, lambda e: e.get("action") == "comment" and e.get("state") == "sent", "the comment sent")
        expect(loops_captions(site, video).count(comment) == 1, f"the server holds the comment once: {loops_captions(site, video)}")
        nodes = wait_nodes(ctx, app, lambda n: any(x["name"].endswith("· Sent") for x in n), 10, "the Sent mark", "l-sent")

        since = app.cursor()
        press(ctx, named(nodes, "Reply to", "push button")[0])
        wait_nodes(ctx, app, lambda n: bool(named(n, "Replying to @")), 10, "'Replying to' over the composer", "l-replying")
        type_text(ctx, "a loops reply")
        ctx.key("Return")
        app.wait("outbox", 20, since, lambda e: e.get("action") == "reply" and e.get("state") == "sent", "the reply sent")
        expect(loops_captions(site, video).count("a loops reply") == 1, f"the reply held once: {loops_captions(site, video)}")
        ctx.screenshot("loops-comment-and-reply")

        ctx.key("Escape")
        time.sleep(0.8)
        open_sheet(ctx, app, post_id)
        nodes = wait_nodes(ctx, app, lambda n: len(named(n, "Delete your comment", "push button")) == 2
                           and bool(named(n, "Reply to", "push button")), 10, "the sheet again", "l-delete")
        shown = [n for n in named(nodes, comment) if n["role"] != "push button"]
        expect(len(shown) == 1, f"the comment shows once, not again as the server's copy: {shown}")
        since = app.cursor()
        press(ctx, named(nodes, "Delete your comment", "push button")[1])  # the older: the comment
        app.wait("comment_deleted", 5, since, what="the comment deleted here")
        ctx.key("Escape")
        app.wait("outbox", 20, since, lambda e: e.get("action") == "delete_comment" and e.get("state") == "sent",
                 "the deletion sent")
        expect(comment not in loops_captions(site, video), f"the comment is gone from the server: {loops_captions(site, video)}")
        log(f"a comment and a reply on Loops video {video} held once each; the comment deleted")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


OUTBOX_COMMENT_CASES = [
    ("a_comment_and_a_reply_on_loops_reach_the_server_once_and_a_delete_removes_it",
     case_a_comment_and_a_reply_on_loops_reach_the_server_once_and_a_delete_removes_it),
    ("a_comment_and_a_reply_reach_the_instance_once_and_a_delete_removes_it",
     case_a_comment_and_a_reply_reach_the_instance_once_and_a_delete_removes_it),
    ("a_comment_cut_by_kill9_reaches_the_instance_once_after_the_restart",
     case_a_comment_cut_by_kill9_reaches_the_instance_once_after_the_restart),
    ("a_refused_comment_shows_the_servers_reason_with_retry_and_undo",
     case_a_refused_comment_shows_the_servers_reason_with_retry_and_undo),
]

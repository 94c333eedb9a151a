"""The home instance down for a while during each kind of action (issue 23's faults).

Signed in to one fake PeerTube instance, the instance stops answering: every connection to it is
reset at once (the fakes' `down` fault, as a stopped server refuses them), for SERVER_DOWN_SECONDS
(12 s in CI; tools/reliability.sh runs it for minutes). While it is down, a channel of the other
instance is followed, one of its videos liked and commented on, or a recording posted to the
account's channel: the window answers at once, says what waits, and the rest of the app keeps
working (pages change, the other instance's videos play). Once the instance is back, everything
reaches it exactly once: the account follows the channel, holds the like, holds the comment once,
and the uploaded file is byte for byte the recording, begun once.
"""

from __future__ import annotations

import os
import time

from app import App, quit_app
from app_data import db_rows
from cases_accounts import host_of
from cases_explore import FOLLOW, launch_on_networks, open_discover, search, set_faults
from cases_follows import follow_posts, shown, sign_in, subscriptions_of
from cases_outbox import peertube_token, rate_puts, rating_on, to_remote_page
from cases_outbox_comments import count_on
from cases_outbox_kill9 import drained, outbox_waiting
from cases_upload import check_on_the_instance, choose_channel, record_to_posting, signed_in_recorder, uploads_started
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log
from screens import TAB_X, TAB_Y
from screenshots import window_shot
from x_input import click, type_text

DOWN = [{"kind": "down"}]


def down_seconds() -> float:
    return float(os.environ.get("SERVER_DOWN_SECONDS", "12"))


def wait_out(went_down: float, app: App, ctx: Context) -> int:
    """Pages on (Down, then Up) while the instance stays down: the app keeps working. How many
    page changes it made."""
    changes = 0
    while time.monotonic() - went_down < down_seconds():
        since = app.cursor()
        ctx.key("Down" if changes % 2 == 0 else "Up")
        app.wait("page", 10, since, what=f"page change {changes + 1} while the instance is down")
        changes += 1
        time.sleep(min(2.0, max(0.0, down_seconds() - (time.monotonic() - went_down))))
    return changes


# The first channel found, under the notice that says the home instance can't be reached.
FIRST_CHANNEL_UNDER_A_NOTICE = (200, 250)


def to_the_other_instances_channel(ctx: Context, app: App, networks: FakeNetworks) -> str:
    """Discover's search for the other instance's first channel (the home instance failing, said
    above the results); its page opened: its handle."""
    other = networks.peertube[1]
    name = networks.manifest(other)["channels"][0].split("@")[0].split("_")[0]
    open_discover(ctx, app)
    found, _ = search(ctx, app, name, source="channels")
    expect(found["count"] >= 1 and found.get("failures") == 1,
           f"{name!r}: {found} (the other instance's channels, the home instance's failure)")
    time.sleep(0.8)
    window_shot(ctx, "server-down-search")
    since = app.cursor()
    click(ctx, *FIRST_CHANNEL_UNDER_A_NOTICE)
    opened = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
    expect(opened["query"].endswith("@" + host_of(other)), f"the channel opened is not the other instance's: {opened}")
    time.sleep(0.8)
    return opened["query"]


def attempts_while_down(networks: FakeNetworks, site: str, since: int) -> int:
    return sum(1 for r in networks.requests(site)[since:] if r.get("fault") == "down")


def case_a_follow_a_like_and_a_comment_wait_out_the_home_instance_being_down(ctx: Context) -> None:
    """Follow (a channel page's Follow), like (L) and comment (the sheet) while the home instance is
    down: each is shown at once and kept in the outbox, none is refused; pages keep changing; once
    the instance is back each reaches it exactly once."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home, other = networks.peertube
        app = launch_on_networks(ctx, "server-down-actions", networks)
        user = sign_in(ctx, app, networks, home)
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        token = peertube_token(home, user)
        before = len(networks.requests(home))
        set_faults(home, DOWN)
        went_down = time.monotonic()

        handle = to_the_other_instances_channel(ctx, app, networks)
        since = app.cursor()
        click(ctx, *FOLLOW)
        app.wait("outbox", 10, since, lambda e: e.get("action") == "follow" and e.get("state") == "queued", "the follow kept")
        app.wait("feed_refreshed", 20, since, lambda e: e.get("added", 0) > 0, "the followed channel's videos")

        click(ctx, TAB_X["home"], TAB_Y)
        time.sleep(1.0)
        page = to_remote_page(ctx, app, other)
        since = app.cursor()
        ctx.key("l")
        like = app.wait("like", 5, since, lambda e: e.get("post_id") == page["post_id"], "the like shown")
        expect(like.get("liked") is True, f"L did not like the post: {like}")
        since = app.cursor()
        ctx.key("c")
        app.wait("comments_shown", 15, since, lambda e: e.get("post_id") == page["post_id"], "the sheet's comments")
        text = "Written while the home instance was down"
        since = app.cursor()
        type_text(ctx, text)
        ctx.key("Return")
        app.wait("comment_added", 5, since, what="the comment shown")
        expect(shown(app, "Sending…", timeout=5), "the comment does not say it is on its way")
        window_shot(ctx, "server-down-comment-waiting")
        ctx.key("Escape")
        time.sleep(0.8)

        changes = wait_out(went_down, app, ctx)
        refused = app.find("outbox", 0, lambda e: e.get("state") == "refused")
        expect(not refused, f"refused while the instance was down: {refused}")
        tried = attempts_while_down(networks, home, before)
        expect(tried >= 2, f"the app tried the instance {tried} times while it was down (backoff, not once)")
        waiting = outbox_waiting(app)
        expect(waiting == 3, f"{waiting} actions waiting in the outbox after {down_seconds():.0f} s down, not 3")
        expect(app.alive(), "the app exited while the instance was down")

        set_faults(home, [])
        back = time.monotonic()
        expect(drained(app, 90), f"the outbox still holds {outbox_waiting(app)} rows 90 s after the instance came back")
        sent_after = time.monotonic() - back
        expect(handle in subscriptions_of(home, token), f"the account does not follow {handle}")
        expect(rating_on(home, token, _uuid(networks, other, page)) == "like", "the like did not reach the home instance")
        expect(count_on(home, _uuid(networks, other, page), text) == 1, "the comment is not on the instance exactly once")
        follows = [r for r in follow_posts(networks, home) if r.get("status") == 204]
        expect(len(follows) == 1, f"the follow answered {len(follows)} times")
        likes = [r for r in rate_puts(networks, home, before) if r.get("status") == 204]
        expect(len(likes) == 1, f"the like answered {len(likes)} times")
        rows = db_rows(app, "SELECT kind, state FROM outbox ORDER BY id")
        expect(sorted(rows) == [("comment", "sent"), ("follow", "sent"), ("rate", "sent")], f"the outbox at the end: {rows}")
        log(f"down {down_seconds():.0f} s: {tried} connections reset, {changes} page changes meanwhile, nothing refused; "
            f"follow, like and comment all on {host_of(home)} once, {sent_after:.1f} s after it came back")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def _uuid(networks: FakeNetworks, site: str, page: dict) -> str:
    return next(v["uuid"] for v in networks.manifest(site)["videos"] if page.get("remote_id") in (v["uuid"], v.get("shortUUID")))


def case_an_upload_waits_out_the_instance_being_down_and_arrives_once(ctx: Context) -> None:
    """A recording posted to the account's channel while its instance is down: the post is kept
    here at once, the banner says the upload waits and tries again by itself; once the instance is
    back the upload is begun once and the instance's file is byte for byte the recording."""
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        app, home, user = signed_in_recorder(ctx, networks, "server-down-upload")
        record_to_posting(ctx, app, "Posted while the instance was down")
        choose_channel(ctx, app)
        set_faults(home, DOWN)
        went_down = time.monotonic()
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 20, since, what="the post stored on this computer")
        waiting = app.wait("upload", 20, since, lambda e: e.get("state") == "waiting", "the upload waiting")
        expect(shown(app, "tries again by itself", timeout=5), "the banner does not say the upload waits and tries again")
        time.sleep(1.0)
        window_shot(ctx, "server-down-upload-waiting")
        while time.monotonic() - went_down < down_seconds():
            time.sleep(0.5)
        failed = app.find("upload", since, lambda e: e.get("state") in ("failed", "cancelled"))
        expect(not failed, f"the upload gave up while the instance was down: {failed}")
        reached = [r for r in uploads_started(networks, home) if r.get("fault") != "down"]
        expect(reached == [], f"an upload reached a server that reset every connection: {reached}")
        tried = len(uploads_started(networks, home))
        expect(tried >= 2, f"the upload was tried {tried} times while the instance was down (backoff, not once)")
        # What check_on_the_instance counts: the uploads begun once the instance is back.
        networks.clear_requests(home)

        set_faults(home, [])
        back = time.monotonic()
        app.wait("upload", 90, since, lambda e: e.get("state") == "published", "the upload published once the instance is back")
        local = check_on_the_instance(app, networks, home, user, posted["post_id"])
        log(f"down {down_seconds():.0f} s (first waiting at {waiting.get('bytes', 0)} bytes); {len(local)} bytes on the instance "
            f"{time.monotonic() - back:.1f} s after it came back, begun once")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


SERVER_DOWN_CASES = [
    ("a_follow_a_like_and_a_comment_wait_out_the_home_instance_being_down",
     case_a_follow_a_like_and_a_comment_wait_out_the_home_instance_being_down),
    ("an_upload_waits_out_the_instance_being_down_and_arrives_once",
     case_an_upload_waits_out_the_instance_being_down_and_arrives_once),
]

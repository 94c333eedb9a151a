"""The marks by the like and follow buttons (issue 23): the instance answers a like's PUT with
403, and the rail marks it "Not sent" with the server's words (tooltip and accessible
description), a bubble with Retry and Undo named for a screen reader, legible at 360x640; Retry
once the fault is lifted sends it, and the account holds the rating after one accepted PUT. A
follow the instance refuses is undone from its mark: unfollowed here, and nothing more sent,
from the channel page's Follow and from the "+" over a post's avatar alike."""

from __future__ import annotations

import json
import time
from typing import Callable

from app import App, quit_app
from app_data import db_rows
from cases_explore import FOLLOW, set_faults
from cases_follows import (SUBSCRIPTIONS, follow_badge, follow_posts, open_first_trending, signed_in_on_networks,
                           subscriptions_of, to_channel_page)
from cases_outbox import peertube_token, rate_puts, rating_on
from cases_outbox_comments import signed_in_where_the_video_is
from cases_access import probe_tree
from cases_remote import named, press
from context import Context
from desktop_accounts import Keyring
from network_servers import start_networks
from outcomes import CaseFailed, expect, log
from windows import resize
from x_input import click


def wait_nodes(ctx: Context, app: App, found: Callable[[list[dict]], bool], timeout: float, what: str, name: str,
               page: str = "Home") -> list[dict]:
    """The accessible tree of `page`, read again until `found` holds of it."""
    deadline = time.monotonic() + timeout
    while True:
        nodes = probe_tree(ctx, app, [page])["nodes"]
        ctx.artifacts.mkdir(parents=True, exist_ok=True)
        (ctx.artifacts / f"atspi-{name}.json").write_text(json.dumps(nodes, indent=1, ensure_ascii=False))
        if found(nodes):
            return nodes
        if time.monotonic() > deadline:
            raise CaseFailed(f"{what} not seen over AT-SPI within {timeout:g}s, see atspi-{name}.json and "
                             f"{ctx.screenshot(name)}")
        time.sleep(0.5)


def inside(node: dict, width: int, height: int) -> bool:
    x, y, w, h = node["extents"]
    return w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= width and y + h <= height


def case_a_refused_like_is_marked_with_the_reason_and_sent_once_on_retry(ctx: Context) -> None:
    """403 on the like's PUT: the mark by the heart says it was not sent, with the server's
    words; its bubble's Retry, once the instance takes ratings again, sends it: one accepted PUT,
    the account likes the video, and the mark goes."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_where_the_video_is(ctx, networks, "like-refused")
        app, site, post_id = at.app, at.site, at.page["post_id"]
        resize(ctx, 360, 640)
        time.sleep(1.0)
        ctx.pointer_into_window()
        set_faults(site, [{"kind": "status", "status": 403, "path": "/rate$", "method": "PUT"}])
        since = app.cursor()
        ctx.key("l")
        refused = app.wait("outbox", 20, since, lambda e: e.get("action") == "like" and e.get("state") == "refused",
                           "the like refused")
        expect(refused.get("post_id") == post_id and refused.get("reason") == "Forbidden", f"refused: {refused}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Your like was not sent", "push button")), 10,
                           "the like's refused mark", "like-refused-mark")
        mark = [n for n in named(nodes, "Your like was not sent", "push button") if inside(n, 360, 640)]
        expect(mark, f"the mark is not on screen at 360x640: {named(nodes, 'Your like was not sent')}")
        expect(mark[0]["description"] == "The server refused it: Forbidden", f"its description: {mark[0]}")
        ctx.screenshot("like-refused-mark-360x640")
        press(ctx, mark[0])
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Retry sending your like", "push button")), 10,
                           "the bubble's Retry", "like-refused-bubble")
        retry = named(nodes, "Retry sending your like", "push button")
        undo = named(nodes, "Undo your like: unlike it here", "push button")
        reason = named(nodes, "The server refused it: Forbidden")
        expect(undo and reason, "the bubble has the server's words and an Undo named for a screen reader")
        # GTK 4.8 gives the extents of a popover's widgets from the popover's own surface, not
        # the window's: the bubble is looked at in its screenshot.
        ctx.screenshot("like-refused-bubble-360x640")

        set_faults(site, [])
        before = len(networks.requests(site))
        since = app.cursor()
        # The bubble has the focus (Retry first): Enter presses it, as a keyboard user would.
        ctx.key("Return")
        app.wait("outbox", 20, since, lambda e: e.get("action") == "like" and e.get("state") == "sent", "sent on Retry")
        token = peertube_token(site, at.user)
        expect(rating_on(site, token, at.video["uuid"]) == "like", "the account holds the like")
        puts = rate_puts(networks, site, before)
        expect(len(puts) == 1 and puts[0].get("status") == 204, f"one accepted PUT on Retry: {puts}")
        wait_nodes(ctx, app, lambda n: not named(n, "Your like was not sent"), 10, "the mark gone", "like-mark-gone")
        log("a 403 on a like said with its reason; Retry sent it once")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_refused_follow_is_undone_from_its_mark(ctx: Context) -> None:
    """403 on the follow's POST: the channel page's mark says it was not sent, with the server's
    words; Undo in its bubble unfollows here, the refused entry is dropped and nothing more goes
    to the instance (no unfollow of what it never took)."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        app, user = signed_in_on_networks(ctx, "follow-refused", networks)
        handle = to_channel_page(ctx, app, networks)
        set_faults(home, [{"kind": "status", "status": 403, "path": SUBSCRIPTIONS + "$", "method": "POST"}])
        since = app.cursor()
        click(ctx, *FOLLOW)
        refused = app.wait("outbox", 20, since, lambda e: e.get("action") == "follow" and e.get("state") == "refused",
                           "the follow refused")
        expect(refused.get("reason") == "Forbidden", f"the server's words: {refused}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Your follow was not sent", "push button")), 10,
                           "the follow's refused mark", "follow-refused-mark", page="Channel")
        mark = named(nodes, "Your follow was not sent", "push button")[0]
        expect(mark["description"] == "The server refused it: Forbidden", f"its description: {mark}")
        ctx.screenshot("follow-refused-mark")
        press(ctx, mark)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Undo your follow: unfollow here", "push button")), 10,
                           "the bubble's Undo", "follow-refused-bubble", page="Channel")
        expect(named(nodes, "Retry sending your follow", "push button"), "the bubble has a Retry")
        set_faults(home, [])
        asked = len(networks.requests(home))
        # The bubble has the focus on Retry: Tab to Undo, Enter.
        ctx.key("Tab")
        ctx.key("Return")
        deadline = time.monotonic() + 10
        while db_rows(app, "SELECT url FROM subscriptions") and time.monotonic() < deadline:
            time.sleep(0.3)
        expect(db_rows(app, "SELECT url FROM subscriptions") == [], "Undo unfollowed here")
        time.sleep(2.0)
        expect(db_rows(app, "SELECT state FROM outbox") == [("dropped",)],
               f"the refused follow dropped, nothing added: {db_rows(app, 'SELECT kind, state FROM outbox')}")
        sent = [r for r in networks.requests(home)[asked:] if SUBSCRIPTIONS in r["path"] and r["method"] != "GET"]
        expect(not sent, f"the instance was asked to unfollow what it never took: {sent}")
        token = peertube_token(home, user)
        expect(handle not in subscriptions_of(home, token), f"the account follows {handle}")
        expect(len(follow_posts(networks, home)) == 1, "one follow was tried, the refused one")
        wait_nodes(ctx, app, lambda n: not named(n, "Your follow was not sent"), 10, "the mark gone", "follow-mark-gone", page="Channel")
        log(f"a refused follow of {handle} undone here, nothing more sent")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_refused_follow_from_the_plus_is_marked_and_undone(ctx: Context) -> None:
    """403 on the follow the "+" over a Discover video's avatar sent: the mark under the avatar
    says it was not sent, with the server's words; Undo in its bubble unfollows here (the "+"
    comes back), the refused entry is dropped and nothing more goes to the instance."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        app, user = signed_in_on_networks(ctx, "plus-refused", networks)
        page = open_first_trending(ctx, app)
        author = str(page.get("author"))
        badge = follow_badge(ctx, app, author)
        expect(badge is not None, f"no + over {author}'s avatar, see {ctx.screenshot('plus-refused-none')}")
        set_faults(home, [{"kind": "status", "status": 403, "path": SUBSCRIPTIONS + "$", "method": "POST"}])
        since = app.cursor()
        click(ctx, *badge)
        app.wait("follow", 15, since, lambda e: e.get("following") is True, "the creator followed here")
        refused = app.wait("outbox", 20, since, lambda e: e.get("action") == "follow" and e.get("state") == "refused",
                           "the follow refused")
        expect(refused.get("reason") == "Forbidden", f"the server's words: {refused}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Your follow was not sent", "push button")), 10,
                           "the refused mark under the avatar", "plus-refused-mark", page="Results")
        mark = [n for n in named(nodes, "Your follow was not sent", "push button") if inside(n, 450, 800)]
        expect(mark, f"the mark is not on screen: {named(nodes, 'Your follow was not sent')}")
        expect(mark[0]["description"] == "The server refused it: Forbidden", f"its description: {mark[0]}")
        ctx.screenshot("plus-refused-mark")
        press(ctx, mark[0])
        wait_nodes(ctx, app, lambda n: bool(named(n, "Undo your follow: unfollow here", "push button")), 10,
                   "the bubble's Undo", "plus-refused-bubble", page="Results")
        set_faults(home, [])
        asked = len(networks.requests(home))
        since = app.cursor()
        # The bubble has the focus on Retry: Tab to Undo, Enter.
        ctx.key("Tab")
        ctx.key("Return")
        app.wait("follow", 10, since, lambda e: e.get("following") is False and e.get("handle") == author,
                 "the creator unfollowed here")
        expect(db_rows(app, "SELECT url FROM subscriptions") == [], "Undo unfollowed the channel's feed here")
        time.sleep(2.0)
        expect(db_rows(app, "SELECT state FROM outbox") == [("dropped",)],
               f"the refused follow dropped, nothing added: {db_rows(app, 'SELECT kind, state FROM outbox')}")
        sent = [r for r in networks.requests(home)[asked:] if SUBSCRIPTIONS in r["path"] and r["method"] != "GET"]
        expect(not sent, f"the instance was asked to unfollow what it never took: {sent}")
        expect(author not in subscriptions_of(home, peertube_token(home, user)), f"the account follows {author}")
        nodes = wait_nodes(ctx, app, lambda n: not named(n, "Your follow was not sent"), 10, "the mark gone",
                           "plus-mark-gone", page="Results")
        expect(follow_badge(ctx, app, author) is not None, f"the + is not back, see {ctx.screenshot('plus-back')}")
        log(f"a refused follow of {author} from the + marked under the avatar and undone, nothing more sent")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


OUTBOX_MARK_CASES = [
    ("a_refused_like_is_marked_with_the_reason_and_sent_once_on_retry",
     case_a_refused_like_is_marked_with_the_reason_and_sent_once_on_retry),
    ("a_refused_follow_is_undone_from_its_mark", case_a_refused_follow_is_undone_from_its_mark),
    ("a_refused_follow_from_the_plus_is_marked_and_undone", case_a_refused_follow_from_the_plus_is_marked_and_undone),
]

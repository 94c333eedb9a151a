"""Follows through the account (issue 23): signed in to one fake PeerTube instance from
Preferences, a channel found in Discover is followed with its page's Follow: the follow goes
through the outbox to the home instance, whose account then holds the subscription; Follow
again takes it back. A follow cut by kill -9 is sent after the restart, once. Signing in brings
in what the account already followed and liked (Following says whose it is, the liked video is
liked here). A like with no account for its network offers, once, to sign in there."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.parse
import urllib.request

from app import App, quit_app
from app_data import db_rows
from cases_accounts import fill_sign_in, host_of, open_preferences, users
from cases_explore import FIRST_ROW, FOLLOW, TILE, launch_on_networks, open_discover, rows_shown, search, set_faults
from cases_outbox import launch_following, peertube_token, to_remote_page
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log
from screen_colors import count, grab_colors, is_red
from screens import RAIL_AVATAR
from cases_access import A11Y_ENV, a11y_bus_address, on_screen, probe_tree
from cases_followed_channels import nodes_named
from screenshots import poll_shot, window_shot
from windows import resize, wait_window
from x_input import click

SUBSCRIPTIONS = "/api/v1/users/me/subscriptions"
SIGN_IN = (345, 40)  # the sign-in offer's Sign in button, at 450x800


def subscriptions_of(site: str, token: str) -> list[str]:
    """The handles the instance's account follows (name@host), every page."""
    request = urllib.request.Request(f"{site}{SUBSCRIPTIONS}?count=100", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return [f"{c['name']}@{c['host']}" for c in json.loads(answer.read())["data"]]


def send(site: str, token: str, method: str, path: str, body: dict | None = None) -> int:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(site + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return answer.status


def sign_in(ctx: Context, app: App, networks: FakeNetworks, site: str) -> dict:
    """Preferences' sign-in form filled for the instance's first user; Preferences closed after."""
    user, _ = users(networks, site)
    open_preferences(ctx, app)
    since = app.cursor()
    fill_sign_in(ctx, app, site, user["username"], user["password"])
    ctx.key("Return")
    app.wait("signed_in", 15, since, lambda e: e.get("host") == host_of(site), "signed_in to the home instance")
    return user


def follow_posts(networks: FakeNetworks, site: str) -> list[dict]:
    return [r for r in networks.requests(site) if r["method"] == "POST" and r["path"] == SUBSCRIPTIONS]


def to_channel_page(ctx: Context, app: App, networks: FakeNetworks) -> str:
    """Discover's search for the second instance's first channel by its name, opened from the
    results: its handle (name@host of that instance)."""
    other = networks.peertube[1]
    handle = networks.manifest(other)["channels"][0]
    name = handle.split("@")[0].split("_")[0]   # the channels' names start with their owner's
    open_discover(ctx, app)
    found, _ = search(ctx, app, name, source="channels")
    expect(found["count"] >= 1, f"{name!r} found {found['count']} channels")
    poll_shot(ctx, "follows-channels-found", rows_shown, 5, f"the channels found for {name!r}")
    since = app.cursor()
    click(ctx, *FIRST_ROW)
    opened = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
    expect(opened["query"].endswith("@" + host_of(other)), f"the channel opened is not the other instance's: {opened}")
    time.sleep(0.8)
    return opened["query"]


def case_a_channel_followed_signed_in_is_followed_by_the_account(ctx: Context) -> None:
    """Signed in to the first instance, a channel of the second is followed from its page: the follow is sent through the outbox and the home instance's
    account follows it (its subscriptions list it); Follow again unfollows it there too."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        app = launch_on_networks(ctx, "follows-channel", networks)
        user = sign_in(ctx, app, networks, home)
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        handle = to_channel_page(ctx, app, networks)
        token = peertube_token(home, user)
        expect(handle not in subscriptions_of(home, token), f"{handle} followed before Follow")

        since = app.cursor()
        click(ctx, *FOLLOW)
        sent = app.wait("outbox", 20, since, lambda e: e.get("action") == "follow" and e.get("state") == "sent", "the follow sent")
        expect(sent.get("post_id") is None, f"a follow is of no post: {sent}")
        expect(handle in subscriptions_of(home, token), f"the home instance's account does not follow {handle}")
        rows = db_rows(app, "SELECT channel_name || '@' || channel_host, from_account FROM subscriptions")
        expect(rows == [(handle, None)], f"the subscription kept here: {rows}")
        window_shot(ctx, "follows-channel-followed")

        since = app.cursor()
        click(ctx, *FOLLOW)
        app.wait("outbox", 20, since, lambda e: e.get("action") == "unfollow" and e.get("state") == "sent", "the unfollow sent")
        expect(handle not in subscriptions_of(home, token), f"the home instance's account still follows {handle}")
        expect(db_rows(app, "SELECT url FROM subscriptions") == [], "the subscription left here too")
        log(f"followed and unfollowed {handle} through {host_of(home)}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_follow_cut_by_kill9_is_sent_after_the_restart(ctx: Context) -> None:
    """The home instance takes the follow's POST and answers nothing; the app is killed (SIGKILL)
    while it waits. At the next launch (the instance answering again) the follow is sent, once,
    and the account follows the channel."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        app = launch_on_networks(ctx, "follows-kill9", networks)
        user = sign_in(ctx, app, networks, home)
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        handle = to_channel_page(ctx, app, networks)
        set_faults(home, [{"kind": "stall_silent", "path": SUBSCRIPTIONS + "$", "method": "POST", "seconds": 60}])
        since = app.cursor()
        click(ctx, *FOLLOW)
        app.wait("outbox", 10, since, lambda e: e.get("action") == "follow" and e.get("state") == "queued", "the follow queued")
        deadline = time.monotonic() + 15
        while not follow_posts(networks, home) and time.monotonic() < deadline:
            time.sleep(0.1)
        expect(follow_posts(networks, home), "the follow's POST reached the instance")
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait(10)
        token = peertube_token(home, user)
        expect(handle not in subscriptions_of(home, token), "the stalled POST followed nothing")
        waiting = db_rows(app, "SELECT kind, state FROM outbox")
        expect(waiting == [("follow", "sending")], f"the outbox row the kill left: {waiting}")

        set_faults(home, [])
        before = len(follow_posts(networks, home))
        again = App(ctx, networks.app_args() + [str(c) for c in ctx.fixtures.feed_clips()[:2]], name="follows-kill9-again",
                    data_dir=app.data_dir)
        again.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
        again.wait("outbox", 20, pred=lambda e: e.get("state") == "sent" and e.get("action") == "follow",
                   what="the follow sent after the restart")
        expect(handle in subscriptions_of(home, token), f"the home instance's account follows {handle}")
        answered = [r for r in follow_posts(networks, home)[before:] if r.get("status") == 204]
        expect(len(answered) == 1, f"one follow answered after the restart: {answered}")
        rows = db_rows(again, "SELECT kind, state FROM outbox")
        expect(rows == [("follow", "sent")], f"the outbox after the restart: {rows}")
        log(f"follow of {handle} cut by kill -9 at its POST; sent once after the restart")
        quit_app(again)
    finally:
        keyring.stop()
        networks.stop()


def case_signing_in_brings_what_the_account_follows_and_likes(ctx: Context) -> None:
    """The fake account already follows a channel of the other instance and likes one of its
    videos (done through the API before the app starts). Signing in brings both: Following lists
    the channel "From name@host", and the liked video is liked here (it came with the channel)."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home, other = networks.peertube
        user, _ = users(networks, home)
        token = peertube_token(home, user)
        video = next(v for v in networks.manifest(other)["videos"] if v.get("kind", "portrait_web") == "portrait_web")
        channel = video["channel"]
        expect(send(home, token, "POST", SUBSCRIPTIONS, {"uri": channel}) == 204, "followed through the API")
        address = f"{other}/videos/watch/{video['uuid']}"
        expect(send(home, token, "GET", f"/api/v1/search/videos?search={urllib.parse.quote(address, safe='')}") == 200,
               "the other instance's video found by the home instance")
        expect(send(home, token, "PUT", f"/api/v1/videos/{video['uuid']}/rate", {"rating": "like"}) == 204, "liked through the API")

        app = launch_on_networks(ctx, "follows-import", networks)
        since = app.cursor()
        sign_in(ctx, app, networks, home)
        brought = app.wait("account_imported", 30, since, what="what the account follows and likes brought in")
        expect(brought.get("channels") == 1 and brought.get("liked") == 1 and brought.get("failure") == "", f"brought: {brought}")
        account = f"{user['username']}@{host_of(home)}"
        rows = db_rows(app, "SELECT channel_name || '@' || channel_host, from_account FROM subscriptions")
        expect(rows == [(channel, account)], f"the subscription brought in: {rows}")
        liked = db_rows(app, f"SELECT liked FROM posts WHERE remote_key IN ('{video['uuid']}', '{video.get('shortUUID', '')}')")
        expect(liked == [(1,)], f"the liked video, stored with the channel, is liked here: {liked}")
        time.sleep(0.5)
        window_shot(ctx, "follows-import-preferences")
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.key("ctrl+shift+l")
        wait_window(ctx, "Following")
        time.sleep(1)
        ctx.screenshot("follows-import-following")
        resize(ctx, 360, 640)
        time.sleep(1)
        ctx.screenshot("follows-import-following-360x640")
        log(f"{channel} and {video['uuid']} brought in from {account}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def shown(app: App, words: str, timeout: float = 10) -> bool:
    """Whether the main window shows a label holding `words` (asked with SIGUSR2)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        since = app.cursor()
        os.kill(app.proc.pid, signal.SIGUSR2)
        app.wait("labels_shown", 5, since, what="the labels after SIGUSR2")
        if any(words in label.get("text", "") and label.get("window") != "Preferences" for label in app.find("label", since)):
            return True
        time.sleep(0.4)
    return False


def case_a_like_with_no_account_offers_to_sign_in_once(ctx: Context) -> None:
    """No account: a like of another instance's video stays here and the window offers, once, to
    sign in to that instance; liking again does not offer it again."""
    networks = start_networks(peertube=2, loops=0, index=False)
    try:
        other = networks.peertube[1]
        app, _, _, _ = launch_following(ctx, networks, "follows-prompt")
        app.wait("feed_refreshed", 30, what="the followed channel's first refresh")
        to_remote_page(ctx, app, other)
        words = f"Sign in to {host_of(other)} to like it there"
        expect(not shown(app, words, timeout=1), "offered before any like")
        since = app.cursor()
        ctx.key("l")
        liked = app.wait("like", 5, since, what="the like")
        expect(liked.get("liked") is True, f"liked: {liked}")
        expect(shown(app, words), f"the window does not offer: {words!r}")
        window_shot(ctx, "follows-sign-in-offer")
        resize(ctx, 360, 640)
        time.sleep(1)
        ctx.screenshot("follows-sign-in-offer-360x640")
        resize(ctx, 450, 800)
        time.sleep(1)
        expect(not app.find("outbox", since), "the like went nowhere")

        since = app.cursor()
        click(ctx, *SIGN_IN)
        wait_window(ctx, "Preferences")
        app.wait("focus", 10, since, lambda e: e.get("window") == "Preferences" and e.get("name") == "Username",
                 "the focus on the filled sign-in form's username")
        time.sleep(0.8)
        ctx.screenshot("follows-sign-in-offer-accepted")
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("l")
        ctx.key("l")
        app.wait("like", 5, since, lambda e: e.get("liked") is True, "liked again")
        expect(not shown(app, words, timeout=2), "offered again for the same network")
        log("the offer to sign in shown once after a like with no account; Sign in opened the form")
        quit_app(app)
    finally:
        networks.stop()


def follow_badge(ctx: Context, app: App, author: str) -> tuple[int, int] | None:
    """The middle of the results feed's "+" over `author`'s avatar, as a screen reader finds it
    (the rail sits higher over a network's post, which shows its views too)."""
    tree = probe_tree(ctx, app, ["Results"])
    buttons = [n for n in nodes_named(tree, f"Follow @{author}", "push button") if on_screen(n, 450, 800)]
    if not buttons:
        return None
    x, y, w, h = buttons[0]["extents"]
    return x + w // 2, y + h // 2


def signed_in_on_networks(ctx: Context, name: str, networks: FakeNetworks) -> tuple[App, dict]:
    """The app on `networks`, signed in to the first PeerTube instance, Preferences closed and the
    pointer in the window: the account's user."""
    app = launch_on_networks(ctx, name, networks, env=dict(A11Y_ENV))
    a11y_bus_address(ctx)
    user = sign_in(ctx, app, networks, networks.peertube[0])
    ctx.key("Escape")
    time.sleep(0.8)
    ctx.pointer_into_window()
    return app, user


def open_first_trending(ctx: Context, app: App) -> dict:
    """Discover's first trending tile opened: its page's event, once its first frame came."""
    open_discover(ctx, app)
    time.sleep(1.0)
    since = app.cursor()
    click(ctx, *TILE)
    page = app.wait("page", 10, since, what="a page for the first trending tile")
    app.wait("first_frame", 10, since, what="its first frame")
    time.sleep(1.0)
    return page


def case_the_plus_over_a_networks_post_follows_its_channel_through_the_account(ctx: Context) -> None:
    """Signed in to the first instance, a trending video of Discover is opened: the "+" over its
    creator's avatar follows their channel as the channel page's Follow does (its feed kept here,
    known as that channel, the follow sent to the account through the outbox), and the "+" goes."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        app, user = signed_in_on_networks(ctx, "follows-plus", networks)
        page = open_first_trending(ctx, app)
        badge = follow_badge(ctx, app, str(page.get("author")))
        expect(badge is not None, f"no + over {page.get('author')}'s avatar, see {ctx.screenshot('follows-plus-none')}")
        x, y = badge
        since = app.cursor()
        click(ctx, x, y)
        followed = app.wait("follow", 15, since, what="the creator followed")
        expect(followed.get("handle") == page.get("author"), f"followed {followed}, not the page's {page.get('author')}")
        sent = app.wait("outbox", 20, since, lambda e: e.get("action") == "follow" and e.get("state") == "sent",
                        "the follow sent to the account")
        handle = str(page.get("author"))
        token = peertube_token(home, user)
        expect(handle in subscriptions_of(home, token), f"the account does not follow {handle}: {sent}")
        rows = db_rows(app, "SELECT channel_name || '@' || channel_host FROM subscriptions")
        expect(rows == [(handle,)], f"the channel's feed kept here as that channel: {rows}")
        time.sleep(1.0)
        red = count(grab_colors(ctx, x - 6, y - 4, 12, 8), is_red)
        shot = window_shot(ctx, "follows-plus-followed")
        expect(red < 10, f"the + is still over the avatar ({red} red pixels), see {shot}")
        log(f"the + over a post of {handle} followed the channel here and on {host_of(home)}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


FOLLOWS_CASES = [
    ("a_channel_followed_signed_in_is_followed_by_the_account", case_a_channel_followed_signed_in_is_followed_by_the_account),
    ("a_follow_cut_by_kill9_is_sent_after_the_restart", case_a_follow_cut_by_kill9_is_sent_after_the_restart),
    ("signing_in_brings_what_the_account_follows_and_likes", case_signing_in_brings_what_the_account_follows_and_likes),
    ("a_like_with_no_account_offers_to_sign_in_once", case_a_like_with_no_account_offers_to_sign_in_once),
    ("the_plus_over_a_networks_post_follows_its_channel_through_the_account",
     case_the_plus_over_a_networks_post_follows_its_channel_through_the_account),
]

"""Acting on the networks through the outbox (issue 23): signed in to one fake PeerTube instance
from Preferences, a video of a channel followed on another instance is liked with L; the like
reaches the home instance's account (found there by the video's address), and one cut by kill -9
before the server answered is sent after the restart, once."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from app import App, quit_app
from app_data import db_rows
from cases_accounts import fill_sign_in, host_of, open_preferences, users
from cases_explore import set_faults
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, get_json, start_networks
from outcomes import expect, log


def peertube_token(site: str, user: dict) -> str:
    """A bearer token of `user` on the fake instance, as any client gets one (the password grant)."""
    client = get_json(site + "/api/v1/oauth-clients/local")
    form = urllib.parse.urlencode({"client_id": client["client_id"], "client_secret": client["client_secret"],
                                   "grant_type": "password", "username": user["username"],
                                   "password": user["password"]}).encode()
    with urllib.request.urlopen(urllib.request.Request(site + "/api/v1/users/token", data=form), timeout=5) as answer:
        return json.loads(answer.read())["access_token"]


def rating_on(site: str, token: str, video_id: str) -> str:
    """What the instance holds as the account's rating of the video it knows as `video_id`."""
    request = urllib.request.Request(f"{site}/api/v1/users/me/videos/{video_id}/rating",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return json.loads(answer.read())["rating"]


@dataclass
class RemotePage:
    """The app on a page of the other instance's channel, signed in to the home instance."""
    app: App
    page: dict
    home: str
    other: str
    user: dict
    video: dict
    args: list[str]
    env: dict


def launch_following(ctx: Context, networks: FakeNetworks, name: str, data_dir: Path | None = None) -> tuple[App, list[str], dict, str]:
    """The app on one clip and a channel of the second instance (no samples)."""
    other = networks.peertube[1]
    channel = next(v["channel"] for v in networks.manifest(other)["videos"]).split("@")[0]
    feed = f"{other}/feeds/videos.xml?videoChannelName={channel}"
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    args, env = [str(ctx.fixtures.feed_clips()[0]), feed], {"LOOPFEED_SAMPLES_DIR": str(no_samples)}
    app = App(ctx, args, name=name, env=env, data_dir=data_dir)
    app.wait("ready", 20)
    ctx.pointer_into_window()
    return app, args, env, feed


def to_remote_page(ctx: Context, app: App, other: str) -> dict:
    """Pages on until a post of `other` is on screen; its page event."""
    page = app.find("page")[-1]
    for _ in range(5):
        if page.get("remote_host") == host_of(other):
            break
        since = app.cursor()
        ctx.key("Down")
        page = app.wait("page", 10, since, what="the next page")
    expect(page.get("remote_host") == host_of(other), f"no page of the other instance's channel: {page}")
    return page


def signed_in_on_a_remote_page(ctx: Context, networks: FakeNetworks, name: str) -> RemotePage:
    home, other = networks.peertube
    user, _ = users(networks, home)
    app, args, env, feed = launch_following(ctx, networks, name)
    open_preferences(ctx, app)
    fill_sign_in(ctx, app, home, user["username"], user["password"])
    ctx.key("Return")
    app.wait("signed_in", 15, pred=lambda e: e.get("host") == host_of(home), what="signed_in to the home instance")
    ctx.key("Escape")
    time.sleep(0.8)
    ctx.pointer_into_window()
    refreshed = app.wait("feed_refreshed", 30, what="the followed channel's first refresh")
    expect(refreshed.get("added", 0) > 0, f"following {feed} gave {refreshed}")
    page = to_remote_page(ctx, app, other)
    manifest = networks.manifest(other)
    video = next(v for v in manifest["videos"] if page.get("remote_id") in (v["uuid"], v.get("shortUUID")))
    return RemotePage(app, page, home, other, user, video, args, env)


def rate_puts(networks: FakeNetworks, site: str, since: int = 0) -> list[dict]:
    return [r for r in networks.requests(site)[since:] if r["method"] == "PUT" and r["path"].endswith("/rate")]


def case_a_like_on_another_instances_video_reaches_the_home_instance(ctx: Context) -> None:
    """Signed in to one PeerTube instance, a video of a channel followed on another instance is
    liked with L: the like goes through the outbox to the home instance (found there by the
    video's address), whose account then holds it; L again takes it back. Each step an `outbox`
    event, the other instance asked for nothing on the account's behalf."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_on_a_remote_page(ctx, networks, "like-remote")
        app, home, other = at.app, at.home, at.other
        before = len(networks.requests(home))
        other_before = len(networks.requests(other))

        since = app.cursor()
        ctx.key("l")
        liked = app.wait("like", 5, since, what="the like")
        expect(liked.get("liked") is True and liked.get("post_id") == at.page["post_id"], f"liked: {liked}")
        sent = app.wait("outbox", 20, since, lambda e: e.get("state") == "sent", "the like sent")
        expect(sent.get("action") == "like" and sent.get("post_id") == at.page["post_id"], f"sent: {sent}")
        token = peertube_token(home, at.user)
        expect(rating_on(home, token, at.video["uuid"]) == "like", "the home instance's account holds the like")
        asked = networks.requests(home)[before:]
        searched = [r for r in asked if r["path"] == "/api/v1/search/videos"]
        rated = rate_puts(networks, home, before)
        expect(searched and rated and rated[0].get("status") == 204, f"found by its address, then rated: {asked}")
        on_other = [r for r in networks.requests(other)[other_before:] if r.get("authorization")]
        expect(not on_other, f"the other instance was asked on the account's behalf: {on_other}")

        since = app.cursor()
        ctx.key("l")
        app.wait("outbox", 20, since, lambda e: e.get("state") == "sent" and e.get("action") == "unlike", "the unlike sent")
        expect(rating_on(home, token, at.video["uuid"]) == "none", "the home instance's account no longer likes it")
        log(f"liked and unliked {at.video['uuid']} of {host_of(other)} through {host_of(home)}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_a_like_cut_by_kill9_is_sent_after_the_restart(ctx: Context) -> None:
    """The home instance takes the like's PUT and answers nothing; the app is killed (SIGKILL)
    while it waits. The library holds the like and its outbox row; at the next launch (the
    instance answering again) the like is sent and the account holds it, with one rating
    answered."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        at = signed_in_on_a_remote_page(ctx, networks, "like-kill9")
        app, home = at.app, at.home
        set_faults(home, [{"kind": "stall_silent", "path": "/rate$", "method": "PUT", "seconds": 60}])
        before = len(networks.requests(home))
        since = app.cursor()
        ctx.key("l")
        app.wait("outbox", 10, since, lambda e: e.get("state") == "queued" and e.get("action") == "like", "the like queued")
        deadline = time.monotonic() + 15
        while not rate_puts(networks, home, before) and time.monotonic() < deadline:
            time.sleep(0.1)
        expect(rate_puts(networks, home, before), "the like's PUT reached the instance")
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait(10)
        token = peertube_token(home, at.user)
        expect(rating_on(home, token, at.video["uuid"]) == "none", "the stalled PUT left no rating")
        liked = db_rows(app, f"SELECT liked FROM posts WHERE id = {int(at.page['post_id'])}")
        expect(liked == [(1,)], f"the like kept in the library: {liked}")
        waiting = db_rows(app, "SELECT kind, state FROM outbox")
        expect(waiting == [("rate", "sending")], f"the outbox row the kill left: {waiting}")

        set_faults(home, [])
        before = len(networks.requests(home))
        again = App(ctx, at.args, name="like-kill9-again", env=at.env, data_dir=app.data_dir)
        again.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
        sent = again.wait("outbox", 20, pred=lambda e: e.get("state") == "sent" and e.get("action") == "like",
                          what="the like sent after the restart")
        expect(sent.get("post_id") == at.page["post_id"], f"sent: {sent}")
        expect(rating_on(home, token, at.video["uuid"]) == "like", "the home instance's account holds the like")
        answered = [r for r in rate_puts(networks, home, before) if r.get("status") == 204]
        expect(len(answered) == 1, f"one rating answered after the restart: {answered}")
        rows = db_rows(again, "SELECT kind, state FROM outbox")
        expect(rows == [("rate", "sent")], f"the outbox after the restart: {rows}")
        log(f"like cut by kill -9 at its PUT; sent once after the restart ({len(answered)} answered)")
        quit_app(again)
    finally:
        keyring.stop()
        networks.stop()


OUTBOX_CASES = [
    ("a_like_on_another_instances_video_reaches_the_home_instance", case_a_like_on_another_instances_video_reaches_the_home_instance),
    ("a_like_cut_by_kill9_is_sent_after_the_restart", case_a_like_cut_by_kill9_is_sent_after_the_restart),
]

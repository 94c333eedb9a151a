"""kill -9 at random moments while follows and uploads go to the user's account (issue 23).

Follows: signed in to one fake PeerTube instance, each round opens a channel of the other
instance from Discover's search and presses its page's Follow (following or unfollowing it: a
follow is a state), lets the home instance answer at once, late, with a 503 or not at all (a
seeded choice), and kills the app with SIGKILL 0-1.5 s later. Before the next launch the library
must hold what the window showed; after it (the instance answering again) the outbox drains and
the account must follow exactly the channels the window last showed as followed.

Uploads: the same account, each round records 2 s with the test camera and posts it to the
account's channel; the instance takes it at once, cuts the first chunk halfway and then answers
nothing, answers the upload's start with a 503, or answers nothing to its start (a seeded choice),
and the app is killed 0-2 s after Ctrl+Enter. Before the next launch the library must hold the post
and its upload; after it every post is on the instance exactly once, byte for byte, published.

Counted: what the window showed, what was lost, what the instance holds twice, uploads that went
on from the instance's byte after the restart. `follow_kill9` and `upload_kill9` are
tools/reliability.sh's (FOLLOW_KILL9_ROUNDS, default 12; UPLOAD_KILL9_ROUNDS, default 8; *_SEED);
each writes its figures to $RELIABILITY_RESULTS_DIR/<name>.json.
"""

from __future__ import annotations

import os
import random
import signal
import time

from app import App, quit_app
from app_data import db_rows
from cases_accounts import host_of
from cases_explore import FIRST_ROW, FOLLOW, launch_on_networks, open_discover, search, set_faults
from cases_follows import sign_in, subscriptions_of
from cases_outbox import peertube_token
from cases_outbox_kill9 import drained, outbox_waiting
from cases_upload import choose_channel, local_file, record_to_posting, signed_in_recorder, the_instances_file
from context import Context
from desktop_accounts import Keyring
from network_servers import get_json, start_networks
from outcomes import expect, log, write_findings
from recorder import record_app
from x_input import click

SUBSCRIPTIONS = "/api/v1/users/me/subscriptions"
FOLLOW_ANSWERS = [
    ("at once", []),
    ("late (0.8 s)", [{"kind": "stall_silent", "path": SUBSCRIPTIONS, "seconds": 0.8, "count": 1}]),
    ("503 once", [{"kind": "503", "path": SUBSCRIPTIONS, "count": 1, "retry_after": 1}]),
    ("silent", [{"kind": "stall_silent", "path": SUBSCRIPTIONS, "seconds": 60}]),
]
UPLOAD = "upload-resumable"
UPLOAD_ANSWERS = [
    ("at once", []),
    ("first chunk cut, then silent", [{"kind": "cut_request", "path": UPLOAD, "method": "PUT", "count": 1},
                                      {"kind": "stall_silent", "path": UPLOAD, "method": "PUT", "seconds": 60}]),
    ("503 to the start once", [{"kind": "503", "path": UPLOAD, "method": "POST", "count": 1, "retry_after": 1}]),
    ("silent to the start", [{"kind": "stall_silent", "path": UPLOAD, "method": "POST", "seconds": 60}]),
]


def open_channel(ctx: Context, app: App, name: str) -> str:
    """Discover's search for channels named `name`, the first opened: its handle."""
    open_discover(ctx, app)
    found, _ = search(ctx, app, name, source="channels")
    expect(found["count"] >= 1, f"{name!r} found {found['count']} channels")
    time.sleep(0.8)
    since = app.cursor()
    click(ctx, *FIRST_ROW)
    opened = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
    time.sleep(0.8)
    return str(opened["query"])


def run_follow_kill9(ctx: Context, name: str, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    started = time.monotonic()
    stats: dict = {"rounds": rounds, "seed": seed, "kills": 0, "shown": 0, "lost": [], "not_kept": [],
                   "followed_twice": [], "answers": {}, "refused": []}
    try:
        home, other = networks.peertube
        app = launch_on_networks(ctx, f"{name}-0", networks)
        user = sign_in(ctx, app, networks, home)
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        token = peertube_token(home, user)
        names = sorted({h.split("@")[0].split("_")[0] for h in networks.manifest(other)["channels"]})
        shown: dict[str, bool] = {}  # channel handle -> followed, as the window last showed
        for round_ in range(rounds):
            answer, rules = FOLLOW_ANSWERS[round_] if round_ < len(FOLLOW_ANSWERS) \
                else FOLLOW_ANSWERS[rng.randrange(len(FOLLOW_ANSWERS))]
            stats["answers"][answer] = stats["answers"].get(answer, 0) + 1
            handle = open_channel(ctx, app, names[rng.randrange(len(names))])
            set_faults(home, rules)
            since = app.cursor()
            click(ctx, *FOLLOW)
            queued = app.wait("outbox", 10, since, lambda e: e.get("action") in ("follow", "unfollow")
                              and e.get("state") == "queued", "the follow kept")
            shown[handle] = queued["action"] == "follow"
            stats["shown"] += 1
            time.sleep(rng.uniform(0, 1.5))
            os.kill(app.proc.pid, signal.SIGKILL)
            app.proc.wait(10)
            stats["kills"] += 1
            kept = db_rows(app, "SELECT count(*) FROM subscriptions WHERE channel_name || '@' || channel_host = ?", (handle,))
            if kept != [(1 if shown[handle] else 0,)]:
                stats["not_kept"].append({"round": round_, "channel": handle, "shown": shown[handle], "library": kept})

            set_faults(home, [])
            app = App(ctx, networks.app_args() + [str(c) for c in ctx.fixtures.feed_clips()[:2]],
                      name=f"{name}-{round_ + 1}", data_dir=app.data_dir)
            app.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
            ctx.pointer_into_window()
            expect(drained(app, 40), f"round {round_}: the outbox still holds {outbox_waiting(app)} rows after 40 s")
            follows = subscriptions_of(home, token)
            for channel, followed in shown.items():
                if (channel in follows) != followed:
                    stats["lost"].append({"round": round_, "channel": channel, "shown_followed": followed})
            twice = sorted({c for c in follows if follows.count(c) > 1})
            stats["followed_twice"] = sorted(set(stats["followed_twice"]) | set(twice))
        stats["refused"] = db_rows(app, "SELECT kind, reason FROM outbox WHERE state = 'refused'")
        stats["seconds"] = round(time.monotonic() - started, 1)
        log(f"{stats['kills']} kills while following channels of {host_of(other)} through {host_of(home)}: "
            f"{len(stats['lost'])} lost, {len(stats['not_kept'])} not kept, answers {stats['answers']}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()
    write_findings(name, stats)
    return stats


def published_named(site: str, caption: str) -> int:
    """The instance's videos named `caption`, as it holds them now (not the run's first manifest)."""
    return sum(1 for v in get_json(site + "/__fake/manifest")["videos"] if v.get("name") == caption)


def published(app: App, post_id: int, timeout: float) -> bool:
    """Whether the library holds the post's upload as published on the instance, within `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if db_rows(app, "SELECT state FROM uploads WHERE post_id = ?", (post_id,)) == [("published",)]:
            return True
        time.sleep(0.3)
    return False


def run_upload_kill9(ctx: Context, name: str, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    started = time.monotonic()
    stats: dict = {"rounds": rounds, "seed": seed, "kills": 0, "posted": 0, "lost": [], "not_kept": [],
                   "on_the_instance_twice": [], "not_the_same_bytes": [], "resumed": 0, "answers": {}}
    try:
        app, home, user = signed_in_recorder(ctx, networks, f"{name}-0")
        token = peertube_token(home, user)
        posts: list[tuple[int, str]] = []  # (post id, caption)
        for round_ in range(rounds):
            answer, rules = UPLOAD_ANSWERS[round_] if round_ < len(UPLOAD_ANSWERS) \
                else UPLOAD_ANSWERS[rng.randrange(len(UPLOAD_ANSWERS))]
            stats["answers"][answer] = stats["answers"].get(answer, 0) + 1
            caption = f"Round {round_} of {name}, seed {seed}"
            record_to_posting(ctx, app, caption)
            choose_channel(ctx, app)
            set_faults(home, rules)
            since = app.cursor()
            ctx.key("ctrl+Return")
            posted = app.wait("posted", 20, since, what="the post stored on this computer")
            posts.append((int(posted["post_id"]), caption))
            stats["posted"] += 1
            time.sleep(rng.uniform(0, 2.0))
            os.kill(app.proc.pid, signal.SIGKILL)
            app.proc.wait(10)
            stats["kills"] += 1
            kept = db_rows(app, "SELECT count(*) FROM uploads WHERE post_id = ?", (posts[-1][0],))
            if kept != [(1,)]:
                stats["not_kept"].append({"round": round_, "post": posts[-1][0], "uploads": kept})

            set_faults(home, [])
            app = record_app(ctx, f"{name}-{round_ + 1}", data_dir=app.data_dir)
            app.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
            expect(published(app, posts[-1][0], 60), f"round {round_}'s upload not published 60 s after the restart: "
                   f"{db_rows(app, 'SELECT state, bytes_on_server, total FROM uploads')}")
            went_on = app.find("upload", 0, lambda e: e.get("post_id") == posts[-1][0] and e.get("state") == "sending")
            if went_on and 0 < went_on[0].get("bytes", 0) < went_on[0].get("total", 0):
                stats["resumed"] += 1
            for post_id, text in posts:
                held = published_named(home, text)
                if held == 0:
                    stats["lost"].append({"round": round_, "post": post_id, "caption": text})
                elif held > 1 and post_id not in stats["on_the_instance_twice"]:
                    stats["on_the_instance_twice"].append(post_id)
            rows = db_rows(app, "SELECT remote_id FROM uploads WHERE post_id = ?", (posts[-1][0],))
            if rows and rows[0][0] and the_instances_file(home, token, rows[0][0]) != local_file(app, posts[-1][0]):
                stats["not_the_same_bytes"].append(posts[-1][0])
        stats["seconds"] = round(time.monotonic() - started, 1)
        log(f"{stats['kills']} kills while posting to {host_of(home)}: {len(stats['lost'])} lost, "
            f"{len(stats['on_the_instance_twice'])} twice, {stats['resumed']} resumed from the instance's byte; "
            f"answers {stats['answers']}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()
    write_findings(name, stats)
    return stats


def case_follow_kill9(ctx: Context) -> None:
    env = os.environ
    stats = run_follow_kill9(ctx, "follow_kill9", rounds=int(env.get("FOLLOW_KILL9_ROUNDS", "12")),
                             seed=int(env.get("FOLLOW_KILL9_SEED", "1")))
    expect(not stats["not_kept"], f"shown and not in the library after a kill: {stats['not_kept'][:5]}")
    expect(not stats["lost"], f"shown and not on the account after the restart: {stats['lost'][:5]}")
    expect(not stats["refused"], f"refused by the server: {stats['refused'][:5]}")


def case_upload_kill9(ctx: Context) -> None:
    env = os.environ
    stats = run_upload_kill9(ctx, "upload_kill9", rounds=int(env.get("UPLOAD_KILL9_ROUNDS", "8")),
                             seed=int(env.get("UPLOAD_KILL9_SEED", "1")))
    expect(not stats["not_kept"], f"posted and its upload not in the library after a kill: {stats['not_kept'][:5]}")
    expect(not stats["lost"], f"posted and not on the instance after the restart: {stats['lost'][:5]}")
    expect(not stats["on_the_instance_twice"], f"on the instance twice: {stats['on_the_instance_twice'][:5]}")
    expect(not stats["not_the_same_bytes"], f"not byte for byte the post: {stats['not_the_same_bytes'][:5]}")


KILL9_FOLLOW_UPLOAD_CASES = [("follow_kill9", case_follow_kill9), ("upload_kill9", case_upload_kill9)]

"""kill -9 at random moments while actions go through the outbox (issue 23).

Signed in to one fake PeerTube instance, on a video of a channel followed on another instance,
each round either likes or unlikes it with L (what the window shows is the `like` event) or
writes a comment in its sheet (`comment_added`), lets the home instance answer at once, late,
with a 503 or not at all (a seeded choice), and kills the app with SIGKILL at a seeded random
moment between 0 and 1.5 s later. Before the next launch the library must hold what the window
showed; after it (the instance answering again) the outbox drains and the account on the home
instance must hold every post's last like state and every comment exactly once.

Counted: actions the window showed (each checked), actions lost (the library or, once sent, the
server not holding them), comments the server holds more than once (sent twice), and like requests
the server answered more than once for one action (a like is a state, so a repeat changes
nothing; it is counted, not hidden).

`outbox_kill9_short` runs in CI (4 rounds); `outbox_kill9` is tools/reliability.sh's
(OUTBOX_KILL9_ROUNDS, default 30; OUTBOX_KILL9_SEED). Both write their figures to
$RELIABILITY_RESULTS_DIR/<name>.json.
"""

from __future__ import annotations

import os
import random
import signal
import time

from app import App, quit_app
from app_data import db_rows
from cases_accounts import host_of
from cases_explore import set_faults
from cases_outbox import peertube_token, rate_puts, rating_on, signed_in_on_a_remote_page, to_remote_page
from cases_outbox_comments import count_on
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log, write_findings
from x_input import type_text

# What the rounds write to the home instance.
WRITES = "(/rate|/comment-threads)$"

# How the home instance answers the round's PUT: (name, fault rules for /rate).
ANSWERS = [
    ("at once", []),
    ("late (0.8 s)", [{"kind": "stall_silent", "path": WRITES, "seconds": 0.8, "count": 1}]),
    ("503 once", [{"kind": "503", "path": WRITES, "count": 1, "retry_after": 1}]),
    ("silent", [{"kind": "stall_silent", "path": WRITES, "seconds": 60}]),
]
ACTIONS = ("like", "comment")


def outbox_waiting(app: App) -> int:
    """Outbox rows not yet sent or refused."""
    return db_rows(app, "SELECT count(*) FROM outbox WHERE state NOT IN ('sent', 'refused', 'dropped')")[0][0]


def drained(app: App, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if outbox_waiting(app) == 0:
            return True
        time.sleep(0.2)
    return False


def video_of(networks: FakeNetworks, site: str, remote_id: str) -> dict:
    return next(v for v in networks.manifest(site)["videos"] if remote_id in (v["uuid"], v.get("shortUUID")))


def run_outbox_kill9(ctx: Context, name: str, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    started = time.monotonic()
    stats: dict = {"rounds": rounds, "seed": seed, "kills": 0, "shown": 0, "lost": [], "not_kept": [],
                   "sent_twice": [], "repeated_answers": 0, "answers": {}, "actions": {}, "refused": []}
    try:
        at = signed_in_on_a_remote_page(ctx, networks, name)
        app, home, other = at.app, at.home, at.other
        token = peertube_token(home, at.user)
        shown: dict[int, tuple[str, bool]] = {}  # post id -> (video uuid, liked as the window last showed)
        comments: list[tuple[str, str, int]] = []  # (video uuid, text, comment id here) the window showed
        for round_ in range(rounds):
            page = to_remote_page(ctx, app, other)
            post_id = int(page["post_id"])
            video = video_of(networks, other, str(page["remote_id"]))
            # Each answer and each action once first, then as the seed says.
            answer, rules = ANSWERS[round_] if round_ < len(ANSWERS) else ANSWERS[rng.randrange(len(ANSWERS))]
            action = ACTIONS[round_ % 2] if round_ < len(ANSWERS) else ACTIONS[rng.randrange(len(ACTIONS))]
            stats["answers"][answer] = stats["answers"].get(answer, 0) + 1
            stats["actions"][action] = stats["actions"].get(action, 0) + 1
            set_faults(home, rules)
            before = len(networks.requests(home))
            since = app.cursor()
            if action == "like":
                ctx.key("l")
                like = app.wait("like", 5, since, lambda e: e.get("post_id") == page["post_id"], "the like shown")
                shown[post_id] = (video["uuid"], bool(like.get("liked")))
            else:
                ctx.key("c")
                app.wait("comments_shown", 15, since, lambda e: e.get("post_id") == page["post_id"], "the sheet's comments")
                text = f"round {round_} of {name}, seed {seed}"
                since = app.cursor()
                type_text(ctx, text)
                ctx.key("Return")
                added = app.wait("comment_added", 5, since, what=f"{text!r} written")
                comments.append((video["uuid"], text, int(added["comment_id"])))
            stats["shown"] += 1
            time.sleep(rng.uniform(0, 1.5))
            os.kill(app.proc.pid, signal.SIGKILL)
            app.proc.wait(10)
            stats["kills"] += 1
            if action == "like":
                kept = db_rows(app, f"SELECT liked FROM posts WHERE id = {post_id}")
                if kept != [(1 if shown[post_id][1] else 0,)]:
                    stats["not_kept"].append({"round": round_, "post": post_id, "shown": shown[post_id][1], "library": kept})
            else:
                kept = db_rows(app, f"SELECT count(*) FROM comments WHERE id = {comments[-1][2]}")
                if kept != [(1,)]:
                    stats["not_kept"].append({"round": round_, "comment": comments[-1][1], "library": kept})

            set_faults(home, [])
            app = App(ctx, at.args, name=f"{name}-{round_ + 1}", env=at.env, data_dir=app.data_dir)
            app.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
            ctx.pointer_into_window()
            expect(drained(app, 40), f"round {round_}: the outbox still holds {outbox_waiting(app)} rows after 40 s")
            for post, (uuid, liked) in shown.items():
                held = rating_on(home, token, uuid)
                if held != ("like" if liked else "none"):
                    stats["lost"].append({"round": round_, "post": post, "shown_liked": liked, "server": held})
            for uuid, text, _ in comments:
                held = count_on(home, uuid, text)
                if held == 0:
                    stats["lost"].append({"round": round_, "comment": text})
                elif held > 1 and text not in [t for t in stats["sent_twice"]]:
                    stats["sent_twice"].append(text)
            if action == "like":
                answered = [r for r in rate_puts(networks, home, before) if r.get("status") == 204]
                stats["repeated_answers"] += max(0, len(answered) - 1)
        stats["refused"] = db_rows(app, "SELECT kind, reason FROM outbox WHERE state = 'refused'")
        stats["seconds"] = round(time.monotonic() - started, 1)
        log(f"{stats['kills']} kills ({stats['actions']}) on posts of {host_of(other)} through {host_of(home)}: "
            f"{len(stats['lost'])} lost, {len(stats['not_kept'])} not kept, {len(stats['sent_twice'])} comments "
            f"sent twice, {stats['repeated_answers']} repeated like answers; answers {stats['answers']}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()
    write_findings(name, stats)
    return stats


def expect_nothing_lost(stats: dict) -> None:
    expect(not stats["not_kept"], f"shown and not in the library after a kill: {stats['not_kept'][:5]}")
    expect(not stats["lost"], f"shown and not on the server after the restart: {stats['lost'][:5]}")
    expect(not stats["sent_twice"], f"comments the server holds more than once: {stats['sent_twice'][:5]}")
    expect(not stats["refused"], f"refused by the server: {stats['refused'][:5]}")


def case_outbox_kill9_short(ctx: Context) -> None:
    """CI's rounds: one of each answer, killed at the seed's moments."""
    expect_nothing_lost(run_outbox_kill9(ctx, "outbox_kill9_short", rounds=4, seed=23))


def case_outbox_kill9(ctx: Context) -> None:
    env = os.environ
    expect_nothing_lost(run_outbox_kill9(ctx, "outbox_kill9", rounds=int(env.get("OUTBOX_KILL9_ROUNDS", "30")),
                                         seed=int(env.get("OUTBOX_KILL9_SEED", "1"))))


OUTBOX_KILL9_SHORT_CASES = [("outbox_kill9_short", case_outbox_kill9_short)]
OUTBOX_KILL9_CASES = [("outbox_kill9", case_outbox_kill9)]

"""kill -9 at random moments (issue 13): nothing the window confirmed is lost.

Rounds of: launch on one library -> one action (a like, a follow of a loopback feed, a comment
written, deleted or undone, a profile edit, an import of a few clips, a feed refresh, a remote
video's download, a recording) -> SIGKILL at a random (seeded) moment -> before the next launch:
PRAGMA integrity_check is ok, every action the killed run's events confirmed is in the library,
and no download or recording cut short is taken for a complete file; at the next launch an
interrupted download resumes or restarts and ends with the server's exact bytes, and a recording
that was under way is offered again.

`kill9_short` runs in CI (each kind of action once); `kill9` is tools/reliability.sh's
(KILL9_ROUNDS rounds, KILL9_SEED). Both write their figures to $RELIABILITY_RESULTS_DIR/<name>.json.
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time

from app import App, quit_app
from clips import make_clip
from context import Context
from fault_library import (DOWNLOAD_FEED_SECONDS, EDITOR_DISCARD, RECORDING_KEPT_AFTER_S, Killed, LibraryModel, alive_wait_window,
                           check_cache, comment_delete, comment_undo, distinct_copy, profile_edit)
from feed_server_client import server_requests, start_feed_server
from outcomes import CaseFailed, debug, expect, write_findings
from recorder import open_create, wait_create_page
from screens import CREATE_TAB, HOME_TAB, open_comments, post_comment
from windows import choose_path
from x_input import click

ACTIONS = ("like", "follow", "comment", "profile", "import", "refresh", "download", "record")
# When each kind of action is killed (s after its start): anywhere up to a little past its end
# (KILL_WINDOW), or in its middle (MID_WINDOW: during the typing, the storing, the download).
KILL_WINDOW = {"like": 1.5, "follow": 3.0, "comment": 6.0, "profile": 5.0, "import": 8.0, "refresh": 4.0,
               "download": 5.0, "record": 14.0}
MID_WINDOW = {"like": (0.1, 1.0), "follow": (0.6, 2.0), "comment": (1.0, 4.0), "profile": (1.5, 4.0),
              "import": (3.0, 6.0), "refresh": (0.3, 2.0), "download": (0.8, 2.5), "record": (0.0, 0.0)}
# These happen as the app starts (the refresh at launch, the download of the first post): their
# kill is timed from the launch.
LAUNCH_TIMED = ("refresh", "download")
# The events that say the library took a change.
CONFIRMING = ("like", "comment_added", "comment_deleted", "profile_saved", "feed_refreshed", "import_progress",
              "import_finished", "posted", "record_finished")


class KillRun:
    def __init__(self, ctx: Context, name: str, seed: int, mid_share: float):
        """`mid_share`: the share of rounds killed in the middle of their action (the rest anywhere)."""
        self.ctx, self.name, self.rng = ctx, name, random.Random(seed)
        self.mid_share = mid_share
        self.kill_in_hold = False
        self.seed = seed
        root = ctx.case_tmp / name
        self.data, self.cache = root / "data", root / "cache"
        self.channel = root / "channel"
        self.channel.mkdir(parents=True, exist_ok=True)
        self.no_samples = root / "no-samples"
        self.no_samples.mkdir(exist_ok=True)
        self.local = [make_clip(root / f"local-{i}.mp4", seconds=1, width=180, height=320, color=c)
                      for i, c in enumerate((0x2060C0, 0x30A050, 0xC0A020))]
        for i, color in enumerate((0xC04040, 0x40C040)):
            make_clip(self.channel / f"clip-{i}.mp4", seconds=1, width=180, height=320, color=color)
        # The remote video downloaded in rounds: 3 s of noise, large enough to take seconds.
        self.remote = make_clip(self.channel / "zz-download.mp4", seconds=DOWNLOAD_FEED_SECONDS, pattern="snow",
                                width=320, height=568)
        self.server, self.port = start_feed_server(self.channel)
        self.model = LibraryModel(self.data)
        self.pending_downloads: list[str] = []
        self.leftover_expected: str | None = None
        self.killed_at_us = 0
        self.stats = {"rounds": 0, "kills": 0, "actions": {}, "confirmed": 0, "confirmed_by_kind": {},
                      "lost": [], "integrity_failures": [], "downloads_interrupted": 0, "downloads_resumed": 0,
                      "downloads_restarted": 0, "short_files_taken_whole": [], "recordings_under_way": 0,
                      "recordings_offered": 0, "recordings_not_offered": [], "kill_after_s": [], "round_log": []}

    # -- the rounds
    def setup(self) -> None:
        """A first launch, quit cleanly: the library with the local clips and one followed feed."""
        feed = self.feed_address(0)
        app = self.launch("setup", extra=[feed])
        app.wait("feed_refreshed", 20, pred=lambda e: e.get("url") == feed, what="the first follow")
        quit_app(app)
        self.model.absorb(app.events(), "setup", self.stats)
        self.stats["confirmed"], self.stats["confirmed_by_kind"] = 0, {}

    def feed_address(self, n: int) -> str:
        return f"http://127.0.0.1:{self.port}/feeds/videos.xml?videoChannelId={n}&own=1"

    def launch(self, label: str, extra: list[str] | None = None, first: list[str] | None = None) -> App:
        args = ["--camera", "test", *(first or []), *map(str, self.local), *(extra or [])]
        return App(self.ctx, args, name=f"{self.name}-{label}", data_dir=self.data, cache_dir=self.cache,
                   env={"LOOPFEED_SAMPLES_DIR": str(self.no_samples)})

    def round(self, number: int, kind: str) -> None:
        ctx = self.ctx
        self.stats["rounds"] += 1
        self.stats["actions"][kind] = self.stats["actions"].get(kind, 0) + 1
        download = None
        if kind == "refresh":
            distinct_copy(self.channel / "clip-0.mp4", self.channel / f"clip-n{number:04d}.mp4", number)
        if kind == "download":
            download = f"http://127.0.0.1:{self.port}/slow/zz-download.mp4?round={number}"
            self.model.download_addresses.add(download)
        at_launch = kind in LAUNCH_TIMED
        if at_launch and (self.pending_downloads or self.model.leftover_folders()):
            # What the last kill left is checked in a launch of its own, quit cleanly.
            app = self.launch(f"{number}-check", first=self.pending_downloads)
            app.wait("first_frame", 30, what="a first frame")
            self.verify_in_app(app, self.pending_downloads)
            quit_app(app)
        verify = [] if at_launch else list(self.pending_downloads)
        mid = self.rng.random() < self.mid_share
        delay = self.rng.uniform(*MID_WINDOW[kind]) if mid else self.rng.uniform(0.0, KILL_WINDOW[kind])
        # A recording's middle is its hold, whose start the action knows: it kills there itself.
        self.kill_in_hold = mid and kind == "record"
        if self.kill_in_hold:
            delay = 60.0
        self.stats["kill_after_s"].append(round(delay, 2))
        app = self.launch(str(number), first=verify + ([download] if download else []))
        timer = threading.Timer(delay, lambda: self.kill(app))
        try:
            if at_launch:
                timer.start()
            started = time.monotonic()
            try:
                app.wait("ready", 30, what="ready")
                if not at_launch:
                    app.wait("first_frame", 30, what="a first frame")
                    self.verify_in_app(app, verify)
                    ctx.pointer_into_window()
                    timer.start()
                    started = time.monotonic()
                self.action_started = started
                getattr(self, f"do_{kind}")(app, number)
            except (Killed, CaseFailed) as e:
                if app.alive():
                    timer.cancel()
                    raise CaseFailed(f"round {number} ({kind}) failed before the kill: {e}") from e
            if timer.is_alive() and not self.kill_in_hold:
                timer.join(max(0.0, delay - (time.monotonic() - started)) + 5)
        finally:
            timer.cancel()
            self.kill(app)
            ctx.xdotool("keyup", "r", "mouseup", "1")
        self.stats["kills"] += 1
        events = app.events()
        if download and not self.model.download_done(self.cache, download):
            self.pending_downloads = [download]
            self.stats["downloads_interrupted"] += 1
        self.model.discard_offered()
        self.check(number, kind, events)

    def kill(self, app: App) -> None:
        if app.alive():
            self.killed_at_us = int(time.monotonic() * 1e6)
            try:
                os.kill(app.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        app.proc.wait(10)

    def verify_in_app(self, app: App, downloads: list[str]) -> None:
        """What only a running app shows: a download cut short goes on (or starts over) and ends
        with the server's bytes; a recording cut short is offered on the Create tab."""
        for address in downloads:
            page = app.wait("page", 20, pred=lambda e: e.get("uri") == address, what=f"the page of {address}")
            expect(page.get("cached") is False, f"an interrupted download was taken as complete: {page}")
            app.wait("first_frame", 30, pred=lambda e: e.get("post_id") == page.get("post_id"),
                     what="the interrupted video's first frame")
            deadline = time.monotonic() + 30
            while not self.model.download_done(self.cache, address) and time.monotonic() < deadline:
                time.sleep(0.2)
            expect(self.model.download_done(self.cache, address), f"{address} never finished downloading")
            problem = check_cache(self.cache, {address: self.remote})
            expect(not problem, problem or "")
            path = address.split(str(self.port), 1)[1]
            asked = server_requests(self.port).get(path, [])
            resumed = any(r.startswith("bytes=") and r != "bytes=0-" for r in asked[1:])
            self.stats["downloads_resumed" if resumed else "downloads_restarted"] += 1
            bad = app.find("error", pred=lambda e: e.get("post_id") == page.get("post_id"))
            expect(not bad, f"the resumed download showed an error: {bad}")
        self.pending_downloads = []
        if self.model.leftover_folders():
            # Kept from the killed run: the Create tab offers it; Discard lets it go.
            since = app.cursor()
            click(self.ctx, *CREATE_TAB)
            shown = app.wait_optional("create_page", 20, since, lambda e: e.get("page") == "edit")
            if shown:
                self.stats["recordings_offered"] += 1
                self.model.offered = self.model.leftover_folders()
                time.sleep(0.5)
                click(self.ctx, *EDITOR_DISCARD)
                time.sleep(0.5)
            elif self.leftover_expected:
                self.stats["recordings_not_offered"].append(self.leftover_expected)
            click(self.ctx, *HOME_TAB)
            time.sleep(0.5)
        elif self.leftover_expected:
            self.stats["recordings_not_offered"].append(self.leftover_expected + ", not kept on disk")
        self.leftover_expected = None

    def check(self, number: int, kind: str, events: list[dict]) -> None:
        confirmed = [e["event"] for e in events if e["event"] in CONFIRMING]
        self.stats["round_log"].append([number, kind, self.stats["kill_after_s"][-1], confirmed])
        debug(f"round {number} {kind}: killed after {self.stats['kill_after_s'][-1]} s, confirmed {confirmed}")
        integrity = self.model.integrity()
        if integrity != "ok":
            self.stats["integrity_failures"].append({"round": number, "kind": kind, "result": integrity})
        self.stats["lost"] += self.model.absorb(events, f"round {number} ({kind})", self.stats, kind)
        problem = check_cache(self.cache, {a: self.remote for a in self.model.download_addresses})
        if problem:
            self.stats["short_files_taken_whole"].append({"round": number, "problem": problem})
        self.leftover_expected = self.model.recording_to_offer(events, self.killed_at_us, self.stats)

    # -- the actions (each may be cut short by the kill: Killed or the app's exit)
    def do_like(self, app: App, number: int) -> None:
        for _ in range(self.rng.randint(1, 3)):
            self.ctx.key("l")
            time.sleep(self.rng.uniform(0.05, 0.4))
            if self.rng.random() < 0.3:
                self.ctx.key("Down")
                time.sleep(0.3)

    def do_follow(self, app: App, number: int) -> None:
        self.ctx.key("ctrl+l")
        alive_wait_window(self.ctx, app, "Follow a feed or channel")
        time.sleep(0.3)
        self.ctx.xdotool("type", "--delay", "5", self.feed_address(number))
        self.ctx.key("Return")
        app.wait("feed_refreshed", 15, pred=lambda e: e.get("url") == self.feed_address(number))

    def do_comment(self, app: App, number: int) -> None:
        page = app.find("page")[-1]
        open_comments(self.ctx, f"{self.name}-{number}")
        added = post_comment(self.ctx, app, page["post_id"], f"kill round {number}")
        if self.rng.random() < 0.6:
            comment_delete(self.ctx, app, added["comment_id"])
            if self.rng.random() < 0.6:
                comment_undo(self.ctx, app, added["comment_id"])

    def do_profile(self, app: App, number: int) -> None:
        profile_edit(self.ctx, app, name=f"Killed {number}", bio=f"round {number} " + "z" * self.rng.randint(0, 40))

    def do_import(self, app: App, number: int) -> None:
        folder = self.data.parent / f"import-{number}"
        folder.mkdir()
        for i in range(self.rng.randint(2, 4)):
            distinct_copy(self.local[i % 3], folder / f"take-{i}.mp4", number * 10 + i)
        self.model.import_folders.append(folder)
        self.ctx.key("ctrl+shift+o")
        alive_wait_window(self.ctx, app, "Add a folder of videos")
        choose_path(self.ctx, "Add a folder of videos", folder)
        app.wait("import_finished", 20)

    def do_refresh(self, app: App, number: int) -> None:
        # The refresh at launch is the action; what the feed brings is stored meanwhile.
        app.wait("feed_refreshed", 15, pred=lambda e: e.get("added", 0) > 0)

    def do_download(self, app: App, number: int) -> None:
        address = f"http://127.0.0.1:{self.port}/slow/zz-download.mp4?round={number}"
        deadline = time.monotonic() + 20
        while not self.model.download_done(self.cache, address) and time.monotonic() < deadline:
            if not app.alive():
                raise Killed()
            time.sleep(0.1)

    def do_record(self, app: App, number: int) -> None:
        open_create(self.ctx, app)
        self.ctx.pointer_into_window()
        since = app.cursor()
        self.ctx.xdotool("keydown", "r")
        app.wait("record_started", 10, since)
        if self.kill_in_hold:
            time.sleep(self.rng.uniform(RECORDING_KEPT_AFTER_S + 0.3, RECORDING_KEPT_AFTER_S + 2.0))
            self.stats["kill_after_s"][-1] = round(time.monotonic() - self.action_started, 2)
            self.kill(app)
            raise Killed()
        time.sleep(self.rng.uniform(0.8, 4.0))
        self.ctx.xdotool("keyup", "r")
        app.wait("record_finished", 10, since)
        since = app.cursor()
        self.ctx.key("Return")
        wait_create_page(app, "edit", since)
        self.ctx.key("Return")
        wait_create_page(app, "posting", since)
        time.sleep(0.3)
        self.ctx.xdotool("type", "--delay", "20", f"take {number}")
        self.ctx.key("ctrl+Return")
        app.wait("posted", 20, since)

    def close(self) -> None:
        self.server.terminate()
        self.server.wait(5)


def run_kill9(ctx: Context, name: str, rounds: int, seed: int, every_kind_first: bool, mid_share: float) -> dict:
    run = KillRun(ctx, name, seed, mid_share)
    started = time.monotonic()
    try:
        run.setup()
        kinds = list(ACTIONS)
        run.rng.shuffle(kinds)
        for number in range(1, rounds + 1):
            kind = kinds[number - 1] if every_kind_first and number <= len(kinds) else run.rng.choice(ACTIONS)
            run.round(number, kind)
    finally:
        run.close()
    stats = run.stats
    stats.update({"name": name, "seed": seed, "seconds": round(time.monotonic() - started, 1),
                  "lost_count": len(stats["lost"]), "confirmed_kinds": sorted(stats["confirmed_by_kind"])})
    write_findings(name, stats)
    return stats


def expect_nothing_lost(stats: dict) -> None:
    expect(not stats["integrity_failures"], f"integrity_check failed after a kill: {stats['integrity_failures']}")
    expect(not stats["lost"], f"{len(stats['lost'])} confirmed actions lost: {stats['lost'][:10]}")
    expect(not stats["short_files_taken_whole"], f"a cut download was kept as whole: {stats['short_files_taken_whole']}")
    expect(not stats["recordings_not_offered"],
           f"a recording under way was not offered again: {stats['recordings_not_offered']}")


def case_kill9_short(ctx: Context) -> None:
    """CI's kill -9 rounds: each kind of action once, killed at a seeded random moment in its middle."""
    expect_nothing_lost(run_kill9(ctx, "kill9_short", rounds=len(ACTIONS), seed=13, every_kind_first=True,
                                  mid_share=1.0))


def case_kill9(ctx: Context) -> None:
    """The long run: KILL9_ROUNDS rounds (default 200) from KILL9_SEED (default 1)."""
    env = os.environ
    expect_nothing_lost(run_kill9(ctx, "kill9", rounds=int(env.get("KILL9_ROUNDS", "200")),
                                  seed=int(env.get("KILL9_SEED", "1")), every_kind_first=True, mid_share=0.5))


KILL9_SHORT_CASES = [("kill9_short", case_kill9_short)]
KILL9_CASES = [("kill9", case_kill9)]

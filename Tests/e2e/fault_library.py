"""What the fault cases share: the library as the killed runs confirmed it (LibraryModel), the video
cache's files against the server's, the loopback feed server, and UI steps that give up as soon as
the app is gone (a kill lands in the middle of them). The loopback feed server is the harness's."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import struct
import time
from pathlib import Path

from app import App
from context import Context
from outcomes import CaseFailed
from processes import run
from screens import TAB_X, TAB_Y
from screenshots import bright_box, bright_rows, poll_shot
from x_input import click, type_text

DOWNLOAD_FEED_SECONDS = 3
PROFILE_NAME_ENTRY = (190, 190)   # in the Edit profile dialog at the screen's top-left (no window manager)
PROFILE_BIO = (190, 342)
PROFILE_SAVE = (328, 401)
EDIT_PROFILE_BUTTON = (112, 387)  # on your own profile, 450x800
EDITOR_DISCARD = (53, 714)        # the clip editor's Discard
# A recording under way for this long before a kill has had its moov written (every second) with
# frames in it, even when the machine encodes slower than real time: it must be kept and offered.
RECORDING_KEPT_AFTER_S = 3.0


class Killed(Exception):
    """The app was killed while an action waited for it."""


def distinct_copy(source: Path, target: Path, tag: int) -> Path:
    """A copy of a clip with its own bytes (a `free` box after the movie, which players skip), so the
    library's fingerprint takes it for a new video."""
    payload = f"copy {tag}".encode()
    target.write_bytes(source.read_bytes() + struct.pack(">I", 8 + len(payload)) + b"free" + payload)
    return target


def cache_key(address: str) -> str:
    return hashlib.sha256(address.encode()).hexdigest()


def check_cache(cache: Path, sources: dict[str, Path]) -> str | None:
    """A finished file in the video cache must hold exactly the server's bytes; a cut download may
    only be a `.part`. The problem, or None."""
    for address, source in sources.items():
        finished = cache / "videos" / (cache_key(address) + ".video")
        if finished.exists() and finished.read_bytes() != source.read_bytes():
            return (f"{finished.name} ({address}) is kept as a finished video with {finished.stat().st_size} bytes, "
                    f"the server's file has {source.stat().st_size}")
    return None


def alive_wait_window(ctx: Context, app: App, title: str, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not app.alive():
            raise Killed()
        found = run(["xdotool", "search", "--onlyvisible", "--name", title], env=ctx.session.env, check=False)
        if found.stdout.split():
            return
        time.sleep(0.1)
    raise CaseFailed(f"no window named {title!r} appeared")


def comment_delete(ctx: Context, app: App, comment_id: int) -> None:
    """The trash icon at the end of the newest comment's row (see case_comment_delete_and_undo)."""
    area = (408, 248, 42, 60)
    shot = poll_shot(ctx, "kill-comment-row", lambda s: not app.alive() or bright_box(s, *area, level=120) is not None,
                     8, "the trash button of the new comment")
    if not app.alive():
        raise Killed()
    x0, y0, x1, y1 = bright_box(shot, *area, level=120)
    since = app.cursor()
    click(ctx, (x0 + x1) // 2, (y0 + y1) // 2)
    app.wait("comment_deleted", 3, since, lambda e: e.get("comment_id") == comment_id)


def comment_undo(ctx: Context, app: App, comment_id: int) -> None:
    def undo_found(shot: Path) -> bool:
        runs = bright_rows(shot, 340, 560, 110, 200, level=200)
        return not app.alive() or (bool(runs) and runs[-1][1] - runs[-1][0] < 25)
    shot = poll_shot(ctx, "kill-comment-undo", undo_found, 8, "the Undo button")
    if not app.alive():
        raise Killed()
    ya, yb = bright_rows(shot, 340, 560, 110, 200, level=200)[-1]
    box = bright_box(shot, 340, ya, 110, yb - ya + 1, level=200)
    since = app.cursor()
    click(ctx, (box[0] + box[2]) // 2, (ya + yb) // 2)
    app.wait("comment_added", 3, since, lambda e: e.get("comment_id") == comment_id)


def profile_edit(ctx: Context, app: App, name: str, bio: str, then_wait: bool = True) -> None:
    """Profile tab -> Edit profile -> a new name and bio -> Save."""
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(0.8)
    click(ctx, *EDIT_PROFILE_BUTTON)
    alive_wait_window(ctx, app, "Edit profile")
    time.sleep(0.4)
    click(ctx, *PROFILE_NAME_ENTRY)
    ctx.key("ctrl+a")
    type_text(ctx, name)
    click(ctx, *PROFILE_BIO)
    ctx.key("ctrl+a")
    type_text(ctx, bio)
    since = app.cursor()
    click(ctx, *PROFILE_SAVE)
    if then_wait:
        app.wait("profile_saved", 5, since, what="profile_saved after Save")


class LibraryModel:
    """The library as the killed runs' events confirmed it, checked after every kill.

    After each check the expectations are the library as it is then: a later round may change
    only what its own action touches (an unconfirmed like may have been stored: not a loss), and
    never anything else (a comment confirmed three rounds ago must still be there)."""

    def __init__(self, data: Path):
        self.db = data / "library.sqlite"
        self.recordings = data / "recordings"
        self.comments: dict[int, int] = {}          # confirmed comment id -> its post
        self.liked: dict[int, bool] = {}
        self.profile: tuple | None = None
        self.subscription_posts: dict[str, int] = {}  # feed address -> at least this many posts
        self.post_ids: set[int] = set()
        self.import_folders: list[Path] = []
        self.imported: dict[Path, int] = {}
        self.download_addresses: set[str] = set()
        self.offered: list[Path] = []

    def connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10)

    def integrity(self) -> str:
        con = self.connect()
        try:
            return "; ".join(str(r[0]) for r in con.execute("PRAGMA integrity_check"))
        except sqlite3.DatabaseError as e:
            return f"unreadable: {e}"
        finally:
            con.close()

    def snapshot(self) -> dict:
        return {"subs": dict(self.subscription_posts)}

    def download_done(self, cache: Path, address: str) -> bool:
        return (cache / "videos" / (cache_key(address) + ".video")).exists()

    # -- recordings
    def leftover_folders(self) -> list[Path]:
        """What LeftoverRecordings keeps: clip folders with a segment of at least 1 KiB."""
        return sorted(f for f in self.recordings.glob("clip-*")
                      if any(s.stat().st_size >= 1024 for s in f.glob("seg-*.mp4")))

    def recording_to_offer(self, events: list[dict], killed_at_us: int, stats: dict) -> str | None:
        """Whether the kill left a recording that must be offered again: a segment the window
        confirmed (record_finished) and did not post, or one under way for long enough."""
        started = [i for i, e in enumerate(events) if e["event"] == "record_started"]
        if not started:
            return None
        tail = events[started[-1]:]
        if any(e["event"] == "posted" for e in tail):
            return None
        finished = [e for e in events[started[0]:] if e["event"] == "record_finished"]
        if not any(e["event"] == "record_finished" for e in tail):
            stats["recordings_under_way"] += 1
            under_way_s = (killed_at_us - events[started[-1]]["t_us"]) / 1e6
            if not finished and under_way_s < RECORDING_KEPT_AFTER_S:
                return None
            return f"a recording {under_way_s:.1f} s under way at the kill"
        return f"a saved segment ({finished[-1].get('duration')} s) not yet posted"

    def discard_offered(self) -> None:
        for folder in self.offered:
            shutil.rmtree(folder, ignore_errors=True)
        self.offered = []

    # -- the check after a kill
    def absorb(self, events: list[dict], label: str, stats: dict, kind: str = "setup") -> list[str]:
        """Checks every action `events` confirmed against the library, and what earlier rounds
        confirmed; returns what was lost, and takes the library as the new expectations."""
        lost: list[str] = []
        by_kind = stats["confirmed_by_kind"]

        def confirm(what: str) -> None:
            stats["confirmed"] += 1
            by_kind[what] = by_kind.get(what, 0) + 1
        con = self.connect()
        try:
            likes: dict[int, dict] = {}
            comments: dict[int, dict] = {}
            for e in events:
                if e["event"] == "like":
                    likes[e["post_id"]] = e
                elif e["event"] in ("comment_added", "comment_deleted"):
                    comments[e["comment_id"]] = e
            for post_id, e in likes.items():
                confirm("like")
                row = con.execute("SELECT liked, like_count, subscription_id FROM posts WHERE id = ?", (post_id,)).fetchone()
                if row is None or bool(row[0]) != e["liked"] or (row[2] is None and row[1] != e["like_count"]):
                    lost.append(f"{label}: like {e} but the library has {row}")
            for comment_id, e in comments.items():
                confirm(e["event"])
                row = con.execute("SELECT post_id FROM comments WHERE id = ?", (comment_id,)).fetchone()
                if e["event"] == "comment_added" and (row is None or row[0] != e["post_id"]):
                    lost.append(f"{label}: {e} but the library has {row}")
                if e["event"] == "comment_deleted" and row is not None:
                    lost.append(f"{label}: {e} but the comment is back")
                if e["event"] == "comment_added":
                    self.comments[comment_id] = e["post_id"]
                else:
                    self.comments.pop(comment_id, None)
            for comment_id, post_id in self.comments.items():
                if con.execute("SELECT 1 FROM comments WHERE id = ?", (comment_id,)).fetchone() is None:
                    lost.append(f"{label}: comment {comment_id} confirmed in an earlier round is gone")
            me = con.execute("SELECT handle, name, bio FROM authors WHERE is_self").fetchone()
            saved = [e for e in events if e["event"] == "profile_saved"]
            if saved:
                confirm("profile_saved")
                want = (saved[-1]["handle"], saved[-1]["name"], saved[-1]["bio"])
                if tuple(me or ()) != want:
                    lost.append(f"{label}: profile_saved {want} but the library has {me}")
            elif kind != "profile" and self.profile is not None and tuple(me or ()) != self.profile:
                lost.append(f"{label}: the profile changed from {self.profile} to {me} in a round that did not edit it")
            self.profile = tuple(me or ())
            lost += self.check_posts(con, events, label, confirm, kind)
            liked_now = {pid: bool(l) for pid, l in con.execute("SELECT id, liked FROM posts")}
            if kind != "like":
                changed = [pid for pid, l in self.liked.items() if liked_now.get(pid, l) != l]
                if changed:
                    lost.append(f"{label}: likes of posts {changed} changed in a round that liked nothing")
            self.liked = liked_now
        finally:
            con.close()
        return lost

    def check_posts(self, con: sqlite3.Connection, events: list[dict], label: str, confirm, kind: str) -> list[str]:
        lost: list[str] = []
        for e in events:
            if e["event"] == "posted":
                confirm("posted")
                row = con.execute("SELECT video_uri FROM posts WHERE id = ?", (e["post_id"],)).fetchone()
                path = Path(row[0].replace("file://", "")) if row else None
                if path is None or not path.exists() or path.stat().st_size < 1024:
                    lost.append(f"{label}: posted {e} but the library has {row}")
            if e["event"] == "feed_refreshed" and not e.get("error"):
                sub = con.execute("SELECT id FROM subscriptions WHERE url = ?", (e["url"],)).fetchone()
                if sub is None:
                    lost.append(f"{label}: {e} but no such subscription")
                    continue
                count = con.execute("SELECT count(*) FROM posts WHERE subscription_id = ?", (sub[0],)).fetchone()[0]
                if e.get("added", 0) > 0:
                    confirm("feed_refreshed")
                    if count < self.subscription_posts.get(e["url"], 0) + e["added"]:
                        lost.append(f"{label}: {e} but the feed has {count} posts "
                                    f"(had {self.subscription_posts.get(e['url'], 0)})")
        for url, least in self.subscription_posts.items():
            count = con.execute("SELECT count(*) FROM posts p JOIN subscriptions s ON s.id = p.subscription_id "
                                "WHERE s.url = ?", (url,)).fetchone()[0]
            if count < least:
                lost.append(f"{label}: {url} had {least} posts, now {count}")
        for url, count in con.execute("SELECT s.url, count(p.id) FROM subscriptions s LEFT JOIN posts p "
                                      "ON p.subscription_id = s.id GROUP BY s.id"):
            self.subscription_posts[url] = count
        added = [e.get("added", 0) for e in events if e["event"] in ("import_progress", "import_finished")]
        if added and self.import_folders and kind == "import":
            folder = self.import_folders[-1]
            confirm("import")
            stored = con.execute("SELECT count(*) FROM posts WHERE video_uri LIKE ?",
                                 (folder.as_uri() + "/%",)).fetchone()[0]
            if stored < max(added):
                lost.append(f"{label}: the import confirmed {max(added)} videos of {folder.name}, {stored} are stored")
            self.imported[folder] = stored
        for folder, least in self.imported.items():
            stored = con.execute("SELECT count(*) FROM posts WHERE video_uri LIKE ?", (folder.as_uri() + "/%",)).fetchone()[0]
            if stored < least:
                lost.append(f"{label}: {folder.name} had {least} imported videos, now {stored}")
        ids = {r[0] for r in con.execute("SELECT id FROM posts")}
        gone = self.post_ids - ids
        if gone:
            lost.append(f"{label}: posts {sorted(gone)} vanished")
        self.post_ids = ids
        return lost

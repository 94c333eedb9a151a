"""Read-only or vanished folders (issue 13): the library's folder made read-only, the cache's removed
or made read-only while the app runs, a library folder unplugged. A message in the window, and the
rest keeps working; nothing stored is lost."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

from harness import App, CaseFailed, CaseSkipped, Context, expect, quit_app, wait_started, window_shot
from cases_faults_disk import launch_on
from fault_disks import SmallDisk, expect_plain
from fault_library import distinct_copy


def posts_under(db: Path, folder: Path) -> list[tuple[int, int]]:
    """(id, liked) of the library's posts whose video is in `folder`."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute("SELECT id, liked FROM posts WHERE video_uri LIKE ? ORDER BY id",
                           (folder.as_uri() + "/%",)).fetchall()
    finally:
        con.close()


def case_a_library_folder_unplugged_keeps_its_posts(ctx: Context) -> None:
    """Two library folders: one on a drive that is unplugged (its file system unmounted), one
    removed. The window says each is gone, in plain words; their posts (and a like) stay in the
    library and the feed goes on. Plugged back in, the folder is caught up with and nothing is
    added twice."""
    drive = SmallDisk(ctx, "unplugged-drive", "16m")
    removed = ctx.case_tmp / "removed-folder"
    removed.mkdir()
    clips = ctx.fixtures.solid_clips()
    on_drive = [distinct_copy(clips[i], drive.root / f"drive-{i}.mp4", 700 + i) for i in range(2)]
    distinct_copy(clips[2], removed / "removed-0.mp4", 710)
    data = ctx.case_tmp / "unplugged-library"
    data.mkdir()
    (data / "settings.ini").write_text(f"[io/github/loopfeed/Loopfeed]\nlibrary-folders=['{drive.root}', '{removed}']\n")
    db = data / "library.sqlite"
    try:
        app = launch_on(ctx, "unplugged", data=data)
        wait_started(app)
        done = app.wait("import_finished", 20, what="the library folders caught up with at start")
        expect(done.get("added") == 3, f"the library folders gave {done}")
        ctx.pointer_into_window()
        drive_uri = drive.root.as_uri() + "/"
        for index in range(1, 7):
            since = app.cursor()
            ctx.key("Down")
            page = app.wait("page", 5, since, what=f"page {index}")
            time.sleep(0.4)
            if page.get("uri", "").startswith(drive_uri):
                break
        else:
            raise CaseFailed("no page of the drive's videos")
        since = app.cursor()
        ctx.key("l")
        app.wait("like", 5, since, what="a like of a video on the drive")
        before = posts_under(db, drive.root) + posts_under(db, removed)
        expect(len(before) == 3 and any(liked for _, liked in before), f"the library before unplugging: {before}")

        since = app.cursor()
        drive.close()  # unplugged: its file system is gone from under the app
        shutil.rmtree(removed)
        for folder in (drive.root, removed):
            gone = app.wait("error", 10, since, lambda e, f=folder: e.get("kind") == "library" and str(f) in e.get("message", ""),
                            f"a message that {folder.name} is gone")
            expect_plain(gone.get("message", ""), "is gone")
        window_shot(ctx, "unplugged-message")
        time.sleep(1.5)
        after = posts_under(db, drive.root) + posts_under(db, removed)
        expect(after == before, f"the posts of the folders that went away changed: {before} -> {after}")
        since = app.cursor()
        ctx.key("Down")
        app.wait("page", 5, since, what="a page change after the folders went away")
        expect(app.alive(), "the app exited")

        # Plugged back in: the same files where they were.
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(drive.root)], capture_output=True, text=True)
        expect(made.returncode == 0, f"could not mount the drive again: {made.stderr}")
        for i, path in enumerate(on_drive):
            distinct_copy(clips[i], path, 700 + i)
        since = app.cursor()
        back = app.wait("import_finished", 15, since, what="the drive caught up with once it is back")
        expect(back.get("added") == 0, f"the drive's videos were added again: {back}")
        expect(posts_under(db, drive.root) == posts_under(db, drive.root)[:2] and len(posts_under(db, drive.root)) == 2,
               f"the drive's posts after it came back: {posts_under(db, drive.root)}")
        quit_app(app)
    finally:
        drive.close()


def case_a_read_only_library_still_plays(ctx: Context) -> None:
    """The library's disk read-only at launch (closed with no WAL left, then killed with its WAL
    there: both ways SQLite must read it as it is): the window opens and says changes are not
    kept, the feed plays and pages, a like is refused in plain words, and what was stored
    before (a like, a comment) shows and stays."""
    from harness import open_comments, post_comment
    disk = SmallDisk(ctx, "read-only-disk", "24m")
    data = disk.root / "data"
    try:
        for ending in ("quit", "kill"):
            app = launch_on(ctx, f"read-only-make-{ending}", data=data)
            _, page0 = wait_started(app)
            ctx.pointer_into_window()
            since = app.cursor()
            ctx.key("Down" if ending == "kill" else "l")
            if ending == "kill":
                app.wait("page", 5, since)
                time.sleep(0.4)
                since = app.cursor()
                ctx.key("l")
            liked = app.wait("like", 5, since, what="a like before the disk is made read-only")
            open_comments(ctx, f"read-only-{ending}")
            comment = post_comment(ctx, app, liked["post_id"], f"kept through a read-only disk ({ending})")
            if ending == "quit":
                quit_app(app)
                # Closed by the last connection (as sqlite3 or another program leaves it): no WAL.
                closer = sqlite3.connect(str(data / "library.sqlite"))
                closer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                closer.close()
                expect(not (data / "library.sqlite-wal").exists(), "closing the library left its WAL")
            else:
                app.proc.kill()
                app.proc.wait(5)
                expect((data / "library.sqlite-wal").exists(), "the kill left no WAL to read through")
            disk.read_only(True)
            try:
                again = launch_on(ctx, f"read-only-{ending}", data=data)
                said = again.wait("error", 20, pred=lambda e: e.get("kind") == "storage",
                                  what="the window saying the library can't be written")
                expect_plain(said.get("message", ""), "read-only")
                wait_started(again)
                window_shot(ctx, f"read-only-{ending}-said")
                ctx.pointer_into_window()
                for index in range(1, 3):
                    since = again.cursor()
                    ctx.key("Down")
                    page = again.wait("page", 5, since, what=f"page {index} of a read-only library")
                    time.sleep(0.4)
                    if page["post_id"] == liked["post_id"]:
                        expect(page.get("liked") is True and page.get("comment_count", 0) >= 1,
                               f"the like and comment stored before do not show: {page}")
                since = again.cursor()
                ctx.key("l")
                refusal = again.wait("error", 5, since, lambda e: e.get("kind") == "storage", "a like refused")
                expect_plain(refusal.get("message", ""), "read-only")
                expect(again.alive(), "the app exited on a read-only library")
                quit_app(again)
            finally:
                disk.read_only(False)
            con = sqlite3.connect(f"file:{data / 'library.sqlite'}?mode=ro", uri=True)
            try:
                expect(con.execute("PRAGMA integrity_check").fetchone() == ("ok",), "integrity_check after read-only use")
                expect(con.execute("SELECT liked FROM posts WHERE id = ?", (liked["post_id"],)).fetchone() == (1,),
                       f"the like stored before ({ending}) is gone")
                expect(con.execute("SELECT count(*) FROM comments WHERE id = ?", (comment["comment_id"],)).fetchone() == (1,),
                       f"the comment stored before ({ending}) is gone")
            finally:
                con.close()
    finally:
        disk.close()


DIR_CASES = [
    ("a_library_folder_unplugged_keeps_its_posts", case_a_library_folder_unplugged_keeps_its_posts),
    ("a_read_only_library_still_plays", case_a_read_only_library_still_plays),
]

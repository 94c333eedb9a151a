"""Read-only or vanished folders (issue 13): the library's folder made read-only, the cache's removed
or made read-only while the app runs, a library folder unplugged. A message in the window, and the
rest keeps working; nothing stored is lost."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

from app import App, quit_app
from app_data import read_preferences
from cases_faults_disk import launch_on
from clips import make_clip
from context import Context
from fault_disks import SmallDisk, expect_plain
from fault_library import distinct_copy
from feed import wait_started
from feed_server_client import server_requests, start_feed_server
from outcomes import CaseFailed, CaseSkipped, expect
from screens import open_comments, post_comment
from screenshots import window_shot


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


def bind_read_only(folder: Path) -> None:
    """A read-only bind mount over `folder` (root only): new files there are refused (EROFS), what
    the app already has open stays as it was, as when a folder is made read-only under it."""
    for cmd in (["mount", "--bind", str(folder), str(folder)], ["mount", "-o", "remount,bind,ro", str(folder)]):
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            subprocess.run(["umount", str(folder)], capture_output=True)
            raise CaseSkipped(f"cannot bind-mount {folder} read-only here ({done.stderr.strip()}); run as root")


def is_mount_point(folder: Path) -> bool:
    """Whether something is mounted on `folder`, from the kernel's table: os.path.ismount compares
    devices, and a bind mount of a folder onto itself is on the same device (it said no, and a
    bind still busy was left read-only while the case went on as if it were gone)."""
    target = os.path.realpath(folder)
    with open("/proc/self/mountinfo", encoding="utf-8") as table:
        # The mount point is the fifth field, with spaces and the like written as octal escapes.
        return any(line.split()[4].encode().decode("unicode_escape") == target for line in table)


def unbind(folder: Path) -> None:
    """Takes the read-only bind away. A file the app holds open under it (a still being read)
    makes umount answer EBUSY: tried again for a while, then detached lazily, so the folder's
    own (writable) directory is what every path resolves to from then on."""
    deadline = time.monotonic() + 3
    while subprocess.run(["umount", str(folder)], capture_output=True).returncode != 0:
        if not is_mount_point(folder):
            return
        if time.monotonic() > deadline:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
            return
        time.sleep(0.2)


def page_to(ctx: Context, app: App, uri: str, most: int = 6) -> dict:
    for _ in range(most):
        since = app.cursor()
        ctx.key("Down")
        page = app.wait("page", 5, since, what="the next page")
        time.sleep(0.4)
        if page.get("uri") == uri:
            return page
    raise CaseFailed(f"no page of {uri}")


def case_folders_removed_or_made_read_only_while_running(ctx: Context) -> None:
    """While the app runs: the cache folder removed (it is made again and the next video from
    the web downloads and is kept); then the cache and the library's folder made read-only: the
    window says so, a video from the web still plays (not kept), one already downloading
    finishes playing, the library takes a like (its file is open), a sound setting is refused
    in plain words; writable again, the same setting is kept."""
    remote = ctx.case_tmp / "dirs-remote"
    remote.mkdir()
    for name, color in (("r0", 0xC04040), ("r1", 0x40C040), ("r2", 0x4040C0), ("r3", 0xC0C040)):
        make_clip(remote / f"{name}.mp4", seconds=1, width=180, height=320, color=color)
    make_clip(remote / "slow.mp4", seconds=3, pattern="snow", width=320, height=568)
    server, port = start_feed_server(remote)
    url = lambda name, path="videos": f"http://127.0.0.1:{port}/{path}/{name}.mp4"  # noqa: E731
    data, cache = ctx.case_tmp / "dirs-data", ctx.case_tmp / "dirs-cache"
    try:
        # (the three solid clips come between: nothing remote is fetched ahead of r1)
        app = launch_on(ctx, "cache-removed", data=data, cache=cache, extra=[url("r0")], after=[url("r1")])
        wait_started(app)
        ctx.pointer_into_window()
        shutil.rmtree(cache)
        page = page_to(ctx, app, url("r1"))
        app.wait("first_frame", 15, pred=lambda e: e.get("post_id") == page["post_id"], what="r1 after the cache went")
        deadline = time.monotonic() + 10
        while not list((cache / "videos").glob("*.video")) and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(list((cache / "videos").glob("*.video")), "the video downloaded after the cache folder went was not kept")
        expect(not app.find("error", pred=lambda e: e.get("post_id") == page["post_id"]), "r1 failed after the cache went")
        quit_app(app)

        app = launch_on(ctx, "read-only-dirs", data=data, cache=cache, extra=[url("slow", "slow")], after=[url("r2")])
        page0 = app.wait("page", 20, pred=lambda e: e.get("index") == 0, what="the slow video's page")
        bind_read_only(cache)
        bind_read_only(data)
        try:
            said = app.wait("error", 20, pred=lambda e: e.get("kind") == "cache", what="the cache folder said read-only")
            expect_plain(said.get("message", ""), "can’t be written")
            app.wait("loop", 20, pred=lambda e: e.get("post_id") == page0["post_id"], what="the slow video playing")
            ctx.pointer_into_window()
            since = app.cursor()
            ctx.key("l")
            app.wait("like", 5, since, what="a like, the library's file being open")
            since = app.cursor()
            ctx.key("m")
            refused = app.wait("error", 5, since, lambda e: e.get("kind") == "preferences", "mute refused")
            expect_plain(refused.get("message", ""), "can’t be written")
            page = page_to(ctx, app, url("r2"))
            app.wait("first_frame", 15, pred=lambda e: e.get("post_id") == page["post_id"], what="r2 on a read-only cache")
            time.sleep(1)
            expect(not app.find("error", pred=lambda e: e.get("post_id") in (page["post_id"], page0["post_id"])),
                   f"a video failed on a read-only cache: {app.find('error')}")
            window_shot(ctx, "read-only-dirs")
        finally:
            unbind(data)
            unbind(cache)
        since = app.cursor()
        ctx.key("m")  # sound on (the refused mute held for the run)
        time.sleep(0.4)
        ctx.key("m")  # and off again: kept
        time.sleep(0.5)
        expect(not app.find("error", since), f"mute refused once the folder could be written: {app.find('error', since)}")
        quit_app(app)
        expect(read_preferences(app).get("muted") is True, f"the mute setting: {read_preferences(app)}")
        expect(len(server_requests(port).get("/videos/r2.mp4", [])) == 1, "r2 was fetched more than once")
    finally:
        unbind(data)
        unbind(cache)
        server.terminate()
        server.wait(5)


DIR_CASES = [
    ("a_library_folder_unplugged_keeps_its_posts", case_a_library_folder_unplugged_keeps_its_posts),
    ("a_read_only_library_still_plays", case_a_read_only_library_still_plays),
    ("folders_removed_or_made_read_only_while_running", case_folders_removed_or_made_read_only_while_running),
]

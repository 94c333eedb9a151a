"""A full disk at every write (issue 13): the library, the cache and the preferences on a small
tmpfs filled to the brim, then the action. The window says so in plain words, nothing already
stored is damaged, and the same action works once space is freed. (The recordings' full disk is
cases_recorder's full_disk_keeps_the_clip.)"""

from __future__ import annotations

import time

from app import App, quit_app
from app_data import read_preferences
from clips import make_clip
from context import Context
from fault_disks import SmallDisk, expect_plain, library_check
from fault_library import alive_wait_window, cache_key, distinct_copy, profile_edit
from feed import wait_started
from feed_server_client import start_feed_server
from outcomes import CaseFailed, expect
from screens import HOME_TAB, open_comments, post_comment
from screenshots import window_shot
from windows import choose_path, resize
from x_input import click, type_text

FULL = "disk is full"


def launch_on(ctx: Context, name: str, data=None, cache=None, extra: list[str] | None = None,
              after: list[str] | None = None) -> App:
    """The app on the three solid clips (no samples), `extra` before them and `after` after them."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    clips = [str(c) for c in ctx.fixtures.solid_clips()]
    return App(ctx, [*(extra or []), *clips, *(after or [])], name=name, data_dir=data, cache_dir=cache,
               env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})


def refused(app: App, since: int, kind: str, what: str, shot: str, ctx: Context) -> dict:
    """The `error` event the window wrote for `what`, in plain words; a screenshot of the window."""
    error = app.wait("error", 10, since, lambda e: e.get("kind") == kind, f"an error ({kind}) for {what} on a full disk")
    expect_plain(error.get("message", ""), FULL)
    window_shot(ctx, shot)
    expect(app.alive(), f"the app exited after {what} on a full disk")
    return error


def follow(ctx: Context, app: App, address: str) -> None:
    ctx.key("ctrl+l")
    alive_wait_window(ctx, app, "Follow a feed or channel")
    time.sleep(0.4)
    ctx.xdotool("type", "--delay", "5", address)
    ctx.key("Return")


def add_folder(ctx: Context, app: App, folder) -> None:
    ctx.pointer_into_window()
    ctx.key("ctrl+shift+o")
    choose_path(ctx, "Add a folder of videos", folder)


def case_disk_full_library_writes(ctx: Context) -> None:
    """The library on a full disk: a like, a comment, a profile edit, an import and a follow are
    each refused in plain words (no "SQLite error 13"), the like and comment stored before are
    intact and integrity_check is ok; with space freed each works."""
    disk = SmallDisk(ctx, "library-disk", "24m")
    channel = ctx.case_tmp / "full-channel"
    channel.mkdir(exist_ok=True)
    make_clip(channel / "clip-1.mp4", seconds=1, width=180, height=320, color=0xC04040)
    server, port = start_feed_server(channel)
    folder = ctx.case_tmp / "full-import"
    folder.mkdir(exist_ok=True)
    for i, clip in enumerate(ctx.fixtures.solid_clips()):
        distinct_copy(clip, folder / f"take-{i}.mp4", 900 + i)
    feed = f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=3&own=1"
    try:
        app = launch_on(ctx, "library-full", data=disk.root / "data")
        _, page0 = wait_started(app)
        post_id = page0["post_id"]
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("l")
        app.wait("like", 5, since, what="the like stored before the disk filled")
        open_comments(ctx, "library-full-before")
        kept = post_comment(ctx, app, post_id, "stored before the disk filled")
        ctx.key("Escape")
        time.sleep(0.6)
        disk.fill()

        since = app.cursor()
        ctx.key("Down")
        app.wait("page", 5, since, what="the next page on a full disk")
        time.sleep(0.4)
        since = app.cursor()
        ctx.key("l")
        refused(app, since, "storage", "a like", "library-full-like", ctx)
        open_comments(ctx, "library-full-comment")
        since = app.cursor()
        type_text(ctx, "written on a full disk")
        ctx.key("Return")
        refused(app, since, "storage", "a comment", "library-full-comment-refused", ctx)
        ctx.key("Escape")
        time.sleep(0.6)
        since = app.cursor()
        profile_edit(ctx, app, name="Full Disk", bio="kept in the dialog", then_wait=False)
        refused(app, since, "storage", "a profile edit", "library-full-profile", ctx)
        ctx.key("Escape")
        time.sleep(0.4)
        click(ctx, *HOME_TAB)
        time.sleep(0.5)
        since = app.cursor()
        add_folder(ctx, app, folder)
        refused(app, since, "import", "an import", "library-full-import", ctx)
        since = app.cursor()
        follow(ctx, app, feed)
        refused(app, since, "follow", "a follow", "library-full-follow", ctx)

        result, con = library_check(disk.root / "data" / "library.sqlite")
        try:
            expect(result == "ok", f"integrity_check on the full disk: {result}")
            liked = con.execute("SELECT liked FROM posts WHERE id = ?", (post_id,)).fetchone()
            expect(liked == (1,), f"the like stored before the disk filled reads {liked}")
            text = con.execute("SELECT text FROM comments WHERE id = ?", (kept["comment_id"],)).fetchone()
            expect(text == ("stored before the disk filled",), f"the comment stored before reads {text}")
        finally:
            con.close()

        disk.free()
        since = app.cursor()
        ctx.pointer_into_window()
        ctx.key("l")
        app.wait("like", 5, since, what="the like once space was freed")
        open_comments(ctx, "library-freed-comment")
        since = app.cursor()
        ctx.key("Return")  # the draft stayed in the composer
        app.wait("comment_added", 5, since, what="the comment (its draft kept) once space was freed")
        ctx.key("Escape")
        time.sleep(0.6)
        since = app.cursor()
        profile_edit(ctx, app, name="Full Disk", bio="saved once there was room")
        click(ctx, *HOME_TAB)
        time.sleep(0.5)
        since = app.cursor()
        add_folder(ctx, app, folder)
        done = app.wait("import_finished", 20, since, what="the import once space was freed")
        expect(done.get("added") == 3, f"the import once space was freed: {done}")
        since = app.cursor()
        follow(ctx, app, feed)
        refreshed = app.wait("feed_refreshed", 15, since, what="the follow once space was freed")
        expect(refreshed.get("added") == 1 and not refreshed.get("error"), f"the follow once space was freed: {refreshed}")
        quit_app(app)
        result, con = library_check(disk.root / "data" / "library.sqlite")
        con.close()
        expect(result == "ok", f"integrity_check at the end: {result}")
    finally:
        server.terminate()
        server.wait(5)
        disk.close()


def press_try_again(ctx: Context, app: App, shot: str) -> None:
    """Tab to the error card's Try Again (told by its name in the focus events) and press it."""
    since = app.cursor()
    for _ in range(12):
        ctx.key("Tab")
        time.sleep(0.15)
        focused = app.find("focus", since)
        if focused and focused[-1].get("name") == "Download this video again":
            ctx.key("Return")
            return
    raise CaseFailed(f"Tab never reached Try Again, see {ctx.screenshot(shot)}")


def case_disk_full_cache_writes(ctx: Context) -> None:
    """The cache on a full disk: a download under way stops with a card that says the disk is
    full, and the stills of a grid can't be kept, which the window says once; the video already
    downloaded stays whole. With space freed Try Again finishes the download (the server's exact
    bytes) and the grid's stills are made."""
    disk = SmallDisk(ctx, "cache-disk", "24m")
    remote = ctx.case_tmp / "cache-remote"
    remote.mkdir(exist_ok=True)
    small = make_clip(remote / "a.mp4", seconds=1, width=180, height=320, color=0x4040C0)
    big = make_clip(remote / "b.mp4", seconds=5, pattern="snow", width=320, height=568)
    expect(big.stat().st_size > 1_000_000, f"the big clip has only {big.stat().st_size} bytes")
    server, port = start_feed_server(remote)
    first, second = (f"http://127.0.0.1:{port}/videos/{n}" for n in ("a.mp4", "b.mp4"))
    videos = disk.root / "cache" / "videos"
    try:
        app = launch_on(ctx, "cache-full", cache=disk.root / "cache", extra=[first, second])
        _, page0 = wait_started(app)
        expect(page0.get("uri") == first, f"page 0 is {page0}")
        kept, part = videos / (cache_key(first) + ".video"), videos / (cache_key(second) + ".part")
        deadline = time.monotonic() + 15
        while not (kept.exists() and part.exists() and part.stat().st_size >= 800 * 1024) and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(kept.exists() and part.exists(), f"the first video is not cached and the second not fetched ahead: "
                                                 f"{sorted(p.name for p in videos.iterdir())}")
        time.sleep(0.5)
        disk.fill()

        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("ctrl+f")
        time.sleep(0.3)
        type_text(ctx, "solid")
        refused(app, since, "cache", "the grid's stills", "cache-full-stills", ctx)
        click(ctx, *HOME_TAB)
        time.sleep(0.6)
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("Down")
        page1 = app.wait("page", 5, since, lambda e: e.get("uri") == second, "the second remote video's page")
        card = app.wait("error", 20, since, lambda e: e.get("post_id") == page1["post_id"],
                        "the card of a download that met a full disk")
        expect_plain(card.get("message", ""), FULL)
        window_shot(ctx, "cache-full-download")
        expect(kept.read_bytes() == small.read_bytes(), "the video cached before the disk filled changed")
        expect(not (videos / (cache_key(second) + ".video")).exists(), "a download cut by the full disk was kept as whole")

        disk.free()
        since = app.cursor()
        press_try_again(ctx, app, "cache-freed-no-try-again")
        app.wait("first_frame", 20, since, lambda e: e.get("post_id") == page1["post_id"], "the video after Try Again")
        whole = videos / (cache_key(second) + ".video")
        deadline = time.monotonic() + 20
        while not whole.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(whole.exists() and whole.read_bytes() == big.read_bytes(),
               "the download finished after Try Again is not the server's file")
        ctx.pointer_into_window()
        ctx.key("ctrl+f")
        time.sleep(0.3)
        ctx.key("ctrl+a")
        type_text(ctx, "solid")
        stills = disk.root / "cache" / "thumbnails"
        deadline = time.monotonic() + 15
        while len(list(stills.glob("grid-*.png"))) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(len(list(stills.glob("grid-*.png"))) >= 3,
               f"the grid's stills were not made once space was freed: {sorted(p.name for p in stills.glob('*'))}")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)
        disk.close()


PREFS_15S_CHIP = (270, 591)  # the Preferences window's "Longest clip: 15 s" (under Networks), at the screen's top-left


def case_disk_full_preferences(ctx: Context) -> None:
    """The preferences (DATA/settings.ini) on a full disk: mute, a Preferences change and the
    window's size are each said in the window; with space freed the same actions are kept (the
    same choice again writes what was only held in memory)."""
    disk = SmallDisk(ctx, "prefs-disk", "16m")
    try:
        app = launch_on(ctx, "prefs-full", data=disk.root / "data")
        wait_started(app)
        time.sleep(1.5)  # the window's first size is written (a second after it settles)
        disk.fill()
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("m")
        refused(app, since, "preferences", "mute", "prefs-full-mute", ctx)
        since = app.cursor()
        ctx.key("ctrl+comma")
        alive_wait_window(ctx, app, "Preferences")
        time.sleep(0.6)
        click(ctx, *PREFS_15S_CHIP)
        refused(app, since, "preferences", "the longest clip", "prefs-full-limit", ctx)
        ctx.key("Escape")
        time.sleep(0.5)
        since = app.cursor()
        resize(ctx, 500, 860)
        refused(app, since, "preferences", "the window's size", "prefs-full-size", ctx)

        disk.free()
        since = app.cursor()
        ctx.pointer_into_window()
        ctx.key("m")  # sound on again, kept
        time.sleep(0.3)
        ctx.key("m")  # and off: the file says muted
        ctx.key("ctrl+comma")
        alive_wait_window(ctx, app, "Preferences")
        time.sleep(0.6)
        click(ctx, *PREFS_15S_CHIP)  # the same choice again
        time.sleep(0.3)
        ctx.key("Escape")
        time.sleep(0.5)
        resize(ctx, 520, 880)
        time.sleep(1.6)
        errors = app.find("error", since)
        expect(not errors, f"preferences refused once space was freed: {errors}")
        quit_app(app)
        prefs = read_preferences(app)
        expect(prefs.get("muted") is True and prefs.get("max-recording-seconds") == 15
               and (prefs.get("window-width"), prefs.get("window-height")) == (520, 880),
               f"the preferences kept once space was freed: {prefs}")
    finally:
        disk.close()


DISK_CASES = [
    ("disk_full_library_writes", case_disk_full_library_writes),
    ("disk_full_cache_writes", case_disk_full_cache_writes),
    ("disk_full_preferences", case_disk_full_preferences),
]

"""Cases for adding the user's own videos: a folder dropped on the window with a real drag,
files and a folder chosen with Ctrl+O and Ctrl+Shift+O, copies and repeats skipped."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Callable

from app import App, quit_app
from app_data import db_post_where, db_rows, read_preferences
from cases_reliability import hold_clipboard
from clips import file_uri, make_clip
from context import Context
from feed import expect_page_moves, launch_clips, wait_started
from feed_server_client import server_requests, start_feed_server
from outcomes import CaseFailed, expect
from paths import SYSTEM_PYTHON
from screen_colors import share_near, share_soon
from windows import choose_path, main_window, resize, wait_window, window_open

DRAG_SOURCE = Path(__file__).with_name("drag_source.py")
# GTK's Python bindings are Debian's (python3-gi, gir1.2-gtk-4.0): the system interpreter has them
# (SYSTEM_PYTHON).
ACCENT = 0xFE2C55
BANNER = (20, 16, 400, 30)  # the import banner's box, top of a 450-wide window
DROP_EDGE = (12, 200, 6, 300)  # the drop zone's dashed left edge


def clip_color(index: int) -> int:
    """The solid colour of the import folder's clip number `index`."""
    return (index * 0x2F4A7 + 0x404040) & 0xFFFFFF


def import_folder(ctx: Context, name: str, count: int, colors: int | None = None) -> Path:
    """`count` distinct one-second clips, a copy of the first, and a text file, in a folder of
    this case. Each clip is its own colour, or with `colors`, clip N has the colour of clip
    ((N - 1) % colors) + 1 and distinct bytes (a `free` box after the movie, which players skip),
    so hundreds are made in the time a few take to encode."""
    import struct
    folder = ctx.case_tmp / name
    folder.mkdir(parents=True, exist_ok=True)
    made = min(count, colors or count)
    for index in range(1, made + 1):
        make_clip(folder / f"clip-{index:02d}.mp4", seconds=1, width=180, height=320,
                  color=clip_color(index))
    for index in range(made + 1, count + 1):
        base = (folder / f"clip-{(index - 1) % made + 1:02d}.mp4").read_bytes()
        payload = f"copy {index}".encode()
        (folder / f"clip-{index:03d}.mp4").write_bytes(base + struct.pack(">I", 8 + len(payload)) + b"free" + payload)
    shutil.copy(folder / "clip-01.mp4", folder / "zz copy of clip-01.mp4")
    (folder / "notes.txt").write_text("not a video\n")
    return folder


def case_a_dropped_folder_is_added_with_progress(ctx: Context) -> None:
    """A folder of 200 clips dragged from another program onto the window: the drop zone shows
    while the drag hovers, the banner counts the files, pages keep changing while they import,
    every video is added once (its copy and the text file are not), and the feed starts again
    on the first of them."""
    folder = import_folder(ctx, "dropped", 200, colors=12)
    app, _ = launch_clips(ctx, "drop", count=2)
    wait_started(app)
    source = subprocess.Popen([SYSTEM_PYTHON, str(DRAG_SOURCE), str(folder)], env=ctx.session.env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        wid = wait_window(ctx, "loopfeed-drag-source")
        ctx.xdotool("windowmove", wid, "700", "300")
        time.sleep(0.5)
        since = app.cursor()
        ctx.xdotool("mousemove", "780", "360")
        time.sleep(0.2)
        ctx.xdotool("mousedown", "1")
        for x in (760, 720, 650, 550, 450, 350, 250, 200):
            ctx.xdotool("mousemove", str(x), "400")
            time.sleep(0.08)
        edge = share_soon(ctx, DROP_EDGE, ACCENT, at_least=0.3, tolerance=60)
        hovering = ctx.screenshot("drop-hover")
        ctx.xdotool("mouseup", "1")
        expect(edge > 0.3, f"no drop zone while hovering ({edge:.0%} of its edge is the accent), see {hovering}")
        app.wait("import_progress", 10, since, pred=lambda e: e.get("total") == 201,
                 what="import_progress counting the 201 files that look like videos")
        counting = share_soon(ctx, BANNER, 0x1C1C20, at_least=0.5, tolerance=24)
        counting_shot = ctx.screenshot("drop-counting")
        # Paging while it imports, with the wheel (the drag source's window may have the keyboard):
        # each notch still moves one page and paints its first frame.
        ctx.pointer_into_window()
        moved_during = 0
        for index in (1, 0, 1, 0):
            if app.find("import_finished", since):
                break
            expect_page_moves(app, lambda: ctx.xdotool("click", "5" if index else "4"), index,
                              "a wheel notch during the import", settle=0.3)
            moved_during += 1
        finished = app.wait("import_finished", 90, since, what="import_finished for the dropped folder")
        expect(finished.get("added") == 200 and finished.get("duplicates") == 1 and not finished.get("cancelled"),
               f"the drop added {finished}")
        expect(counting > 0.5, f"no progress banner while importing ({counting:.0%} of it), see {counting_shot}")
        expect(moved_during >= 2, f"only {moved_during} page changes happened during the import")
        page = app.wait("page", 10, since, pred=lambda e: e.get("uri", "").endswith("/clip-01.mp4"),
                        what="the feed starting again on the first dropped clip")
        app.wait("first_frame", 10, since, pred=lambda e: e.get("post_id") == page["post_id"],
                 what="the first dropped clip's first frame")
        shown = share_soon(ctx, (150, 250, 100, 100), clip_color(1), at_least=0.8, tolerance=40)
        expect(shown > 0.8, f"the first dropped clip is not on screen ({shown:.0%}), see {ctx.screenshot('drop-shown')}")
        banner = share_near(ctx, BANNER, 0x1C1C20, tolerance=24)
        shot = ctx.screenshot("drop-done")
        expect(banner > 0.5, f"no result banner ({banner:.0%} of it), see {shot}")
        progress = app.find("import_progress", since)
        expect(len(progress) >= 3 and progress[-1].get("done") == 201, f"progress went {[e.get('done') for e in progress]}")
    finally:
        source.terminate()
        source.wait(5)
    expect(app.alive(), "app exited")
    quit_app(app)


def case_chosen_files_and_folders_are_added_once(ctx: Context) -> None:
    """Ctrl+O adds a chosen file; choosing it again, or a copy of it, adds nothing; Ctrl+Shift+O
    adds a folder's videos. The posts outlive a restart."""
    folder = import_folder(ctx, "chosen", 3)
    app, _ = launch_clips(ctx, "choose", count=1)
    wait_started(app)
    ctx.pointer_into_window()

    since = app.cursor()
    ctx.key("ctrl+o")
    choose_path(ctx, "Add videos", folder / "clip-02.mp4")
    first = app.wait("import_finished", 20, since, what="import_finished after Ctrl+O")
    expect(first.get("added") == 1, f"Ctrl+O added {first}")

    since = app.cursor()
    ctx.key("ctrl+o")
    choose_path(ctx, "Add videos", folder / "clip-02.mp4")
    again = app.wait("import_finished", 20, since, what="import_finished after choosing the same file")
    expect(again.get("added") == 0 and again.get("duplicates") == 1, f"the same file again: {again}")

    since = app.cursor()
    ctx.key("ctrl+shift+o")
    wait_window(ctx, "Add a folder of videos")
    time.sleep(0.5)
    ctx.key("ctrl+l")
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "20", str(folder) + "/")
    time.sleep(1.0)
    # The folder chooser's Add button accepts the folder typed (Return would open it).
    ctx.key("alt+a")
    folder_done = app.wait("import_finished", 30, since, what="import_finished after Ctrl+Shift+O")
    expect(folder_done.get("added") == 2 and folder_done.get("duplicates") == 2,
           f"the folder (clip-02 there already, and a copy of clip-01) gave {folder_done}")
    quit_app(app)

    again_app = App(ctx, [], name="choose-again", data_dir=app.data_dir,
                    env={"LOOPFEED_SAMPLES_DIR": str(ctx.case_tmp / "no-samples")})
    ready = again_app.wait("ready", 20)
    expect(ready.get("posts", 0) >= 4, f"after a restart the feed holds {ready.get('posts')} posts")
    quit_app(again_app)


def case_several_chosen_files_are_added_together(ctx: Context) -> None:
    """Ctrl+O with several files selected (Ctrl+A in the chooser's list, then Open) adds them all
    in one import; the chooser shows only videos (its filter hides the text file)."""
    folder = import_folder(ctx, "several", 3)
    app, _ = launch_clips(ctx, "several", count=1)
    wait_started(app)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("ctrl+o")
    wait_window(ctx, "Add videos")
    time.sleep(0.5)
    ctx.key("ctrl+l")
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "20", str(folder) + "/")
    time.sleep(1.0)
    ctx.key("Return")  # opens the folder; the list then has the focus
    time.sleep(1.5)
    ctx.key("ctrl+a")
    time.sleep(0.5)
    ctx.screenshot("several-selected")
    # Open (Alt+O): Return would activate only the row under the cursor.
    ctx.key("alt+o")
    done = app.wait("import_finished", 30, since, what="import_finished after choosing several files")
    expect(done.get("added") == 3 and done.get("duplicates") == 1,
           f"three clips and a copy of the first, chosen together, gave {done}")
    progress = app.find("import_progress", since)
    expect(progress and progress[-1].get("total") == 4, f"the import counted {progress[-1] if progress else None}")
    quit_app(app)


def case_preferences_are_gsettings_and_the_window_keeps_its_size(ctx: Context) -> None:
    """An earlier Loopfeed's preferences.json is read into GSettings once (and kept aside);
    Ctrl+comma opens Preferences and Escape closes it; the window's size comes back at the next
    launch."""
    data = ctx.case_tmp / "library"
    data.mkdir(parents=True, exist_ok=True)
    (data / "preferences.json").write_text('{"muted": true, "recordingLimitSeconds": 15, "volume": 0.5}')
    app, _ = launch_clips(ctx, "prefs", count=1, data_dir=data)
    wait_started(app)
    ctx.pointer_into_window()
    ctx.key("ctrl+comma")
    wait_window(ctx, "Preferences")
    time.sleep(0.8)
    shot = ctx.screenshot("preferences")
    ctx.key("Escape")
    deadline = time.monotonic() + 5
    while window_open(ctx, "Preferences") and time.monotonic() < deadline:
        time.sleep(0.2)
    expect(not window_open(ctx, "Preferences"), f"Escape did not close Preferences, see {shot}")
    size = resize(ctx, 600, 900)
    expect(size == (600, 900), f"the window is {size} after resizing to 600x900")
    quit_app(app)
    prefs = read_preferences(app)
    expect(prefs.get("muted") is True and prefs.get("max-recording-seconds") == 15 and prefs.get("volume") == 0.5,
           f"preferences.json was not migrated: {prefs}")
    expect((data / "preferences.json.migrated").exists() and not (data / "preferences.json").exists(),
           "the old file is not kept aside as preferences.json.migrated")
    expect((prefs.get("window-width"), prefs.get("window-height")) == (600, 900), f"window size saved as {prefs}")

    again, _ = launch_clips(ctx, "prefs-again", count=1, data_dir=data)
    wait_started(again)
    _, _, width, height = ctx.window_geometry(main_window(ctx))
    expect((width, height) == (600, 900), f"the window came back {width}x{height}, not 600x900")
    quit_app(again)


def case_a_library_folder_follows_its_files(ctx: Context) -> None:
    """A library folder (set in the settings): what is in it joins the feed at start without a
    banner asking anything; a video copied in while the app runs comes next in the feed, after
    the one already waiting below; a video deleted leaves the library."""
    folder = import_folder(ctx, "library-folder", 2)
    (folder / "zz copy of clip-01.mp4").unlink()
    data = ctx.case_tmp / "library"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.ini").write_text(f"[io/github/loopfeed/Loopfeed]\nlibrary-folders=['{folder}']\n")
    app, _ = launch_clips(ctx, "library", count=1, data_dir=data)
    wait_started(app)
    first = app.wait("import_finished", 20, what="the library folder's catching up at start")
    expect(first.get("added") == 2, f"the library folder added {first}")

    since = app.cursor()
    arrived = make_clip(ctx.case_tmp / "arrived.mp4", seconds=1, width=180, height=320, color=0x20C0C0)
    shutil.copy(arrived, folder / "arrived.mp4")
    later = app.wait("import_finished", 15, since, what="import_finished for a video copied into the folder")
    expect(later.get("added") == 1, f"the copied video gave {later}")
    ctx.pointer_into_window()
    ctx.key("Down")
    waiting = app.wait("page", 10, since, what="the next page after the video arrived")
    expect(not waiting.get("uri", "").endswith("/arrived.mp4"),
           "the video that arrived took the place of the one already waiting below")
    since = app.cursor()
    time.sleep(0.4)
    ctx.key("Down")
    page = app.wait("page", 10, since, what="the page after the one that was waiting")
    expect(page.get("uri", "").endswith("/arrived.mp4"), f"the next video is {page.get('uri')}, not the one that arrived")

    (folder / "clip-02.mp4").unlink()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and db_post_where(app, "video_uri", file_uri(folder / "clip-02.mp4")):
        time.sleep(0.2)
    expect(not db_post_where(app, "video_uri", file_uri(folder / "clip-02.mp4")), "the deleted video's post is still in the library")
    expect(app.alive(), "app exited")
    quit_app(app)


def case_a_followed_channel_plays_its_videos(ctx: Context) -> None:
    """Ctrl+L, a PeerTube-like channel feed on 127.0.0.1 (406 without Accept, a torrent beside
    each MP4, an ETag): it is followed, its newest video plays next, and at the next launch the
    refresh is a 304 that adds nothing."""
    folder = ctx.case_tmp / "channel"
    folder.mkdir(parents=True, exist_ok=True)
    colors = {"clip-1": 0xC04040, "clip-2": 0x40C040, "clip-3": 0x4040C0}
    for name, color in colors.items():
        make_clip(folder / f"{name}.mp4", seconds=1, width=180, height=320, color=color)
    server, port = start_feed_server(folder)
    try:
        feed = f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=1"
        import urllib.error
        import urllib.request
        try:
            urllib.request.urlopen(feed, timeout=5)
            raise CaseFailed("the test server served the feed without an Accept header")
        except urllib.error.HTTPError as e:
            expect(e.code == 406, f"the test server answered {e.code} without Accept, not 406")
        app, _ = launch_clips(ctx, "follow", count=1)
        wait_started(app)
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("ctrl+l")
        wait_window(ctx, "Follow a feed or channel")
        time.sleep(0.5)
        ctx.xdotool("type", "--delay", "10", feed)
        ctx.key("Return")
        refreshed = app.wait("feed_refreshed", 15, since, what="feed_refreshed after following the channel")
        expect(refreshed.get("added") == 3 and refreshed.get("items") == 3 and not refreshed.get("error"),
               f"following the channel gave {refreshed}")
        page = app.wait("page", 15, since, pred=lambda e: e.get("uri", "").startswith(f"http://127.0.0.1:{port}/videos/"),
                        what="a page of the followed channel")
        expect(page["uri"].endswith("/clip-3.mp4"), f"the newest video is not shown first: {page['uri']}")
        app.wait("first_frame", 15, since, pred=lambda e: e.get("post_id") == page["post_id"],
                 what="the followed video's first frame")
        shown = share_soon(ctx, (150, 250, 100, 100), colors["clip-3"], at_least=0.8, tolerance=40)
        expect(shown > 0.8, f"the followed video is not on screen ({shown:.0%}), see {ctx.screenshot('followed')}")
        # Following: the channel's picture from its feed beside its name.
        ctx.key("ctrl+shift+l")
        wait_window(ctx, "Following")
        avatar = share_soon(ctx, (28, 36, 20, 24), 0x20A0E0, at_least=0.7, tolerance=40)
        expect(avatar > 0.7, f"the channel's picture is not on the Following page ({avatar:.0%}), see "
                             f"{ctx.screenshot('following-avatar')}")
        ctx.key("Escape")
        time.sleep(0.5)
        asked = server_requests(port)
        videos = {path: ranges for path, ranges in asked.items() if path.startswith("/videos/")}
        expect(len(videos) == 3 and all(len(ranges) == 1 for ranges in videos.values()),
               f"each followed video is fetched once (played or fetched ahead): {videos}")
        expect(not any(path.startswith("/torrents/") for path in asked), f"a torrent was fetched: {asked}")
        quit_app(app)

        again, _ = launch_clips(ctx, "follow-again", count=1, data_dir=app.data_dir)
        wait_started(again)
        later = again.wait("feed_refreshed", 15, what="feed_refreshed at the next launch")
        expect(later.get("added") == 0 and not later.get("error"), f"the refresh at launch gave {later}")
        quit_app(again)
    finally:
        server.terminate()
        server.wait(5)


def case_a_pasted_address_is_followed(ctx: Context) -> None:
    """Ctrl+V on the window (not in a text field) follows the web address on the clipboard;
    text that is not one is refused with a message and nothing is fetched."""
    folder = ctx.case_tmp / "pasted"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "clip-1.mp4", seconds=1, width=180, height=320, color=0xC0C040)
    server, port = start_feed_server(folder)
    clipboard: subprocess.Popen | None = None
    try:
        app, _ = launch_clips(ctx, "paste", count=1)
        wait_started(app)
        ctx.pointer_into_window()

        clipboard = hold_clipboard(ctx, "just some words")
        since = app.cursor()
        ctx.key("ctrl+v")
        time.sleep(1.0)
        expect(not app.find("feed_refreshed", since), "plain words were fetched as an address")
        clipboard.terminate()
        clipboard = hold_clipboard(ctx, f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=9")
        since = app.cursor()
        ctx.key("ctrl+v")
        refreshed = app.wait("feed_refreshed", 15, since, what="feed_refreshed after pasting the address")
        expect(refreshed.get("added") == 1 and not refreshed.get("error"), f"the pasted address gave {refreshed}")
        quit_app(app)
    finally:
        if clipboard:
            clipboard.terminate()
        server.terminate()
        server.wait(5)


def folder_size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.glob("*") if f.is_file())


def case_remote_videos_are_cached_and_play_offline(ctx: Context) -> None:
    """Four videos from a server without byte ranges (as `python3 -m http.server`): each plays,
    loops and is downloaded once (playing and prefetching share the download); the cache stays
    under a small --cache-limit, keeping the posts on screen and next. After a restart with the
    server stopped, the cached posts play and the evicted ones say they are offline, with Try Again."""
    folder = ctx.case_tmp / "remote"
    folder.mkdir(parents=True, exist_ok=True)
    colors = {"a": 0xC04040, "b": 0x40C040, "c": 0x4040C0, "d": 0xC0C040}
    for name, color in colors.items():
        make_clip(folder / f"{name}.mp4", seconds=1, width=180, height=320, color=color)
    largest = max((folder / f"{name}.mp4").stat().st_size for name in colors)
    limit = largest * 5 // 2
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    server, port = start_feed_server(folder)
    addresses = [f"http://127.0.0.1:{port}/plain/{name}.mp4" for name in colors]
    try:
        app = App(ctx, ["--cache-limit", str(limit), *addresses], name="remote",
                  env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        _, page0 = wait_started(app)
        expect(page0.get("uri") == addresses[0] and page0.get("cached") is False,
               f"the first remote page was {page0}")
        ctx.pointer_into_window()
        shown = share_soon(ctx, (150, 250, 100, 100), colors["a"], at_least=0.8, tolerance=40)
        expect(shown > 0.8, f"the remote video is not on screen ({shown:.0%}), see {ctx.screenshot('remote-a')}")
        app.wait("loop", 10, pred=lambda e: e.get("post_id") == page0["post_id"], what="the remote video looping")
        for index in (1, 2, 3):
            page = expect_page_moves(app, lambda: ctx.key("Down"), index, f"Down to remote post {index}")
            expect(page.get("uri") == addresses[index], f"page {index} was {page}")
        asked = server_requests(port)
        for address in addresses:
            path = address.split(str(port), 1)[1]
            expect(len(asked.get(path, [])) == 1, f"{path} was fetched {len(asked.get(path, []))} times: {asked}")
        videos = app.cache_dir / "videos"
        deadline = time.monotonic() + 5
        while folder_size(videos) > limit and time.monotonic() < deadline:
            time.sleep(0.1)
        expect(folder_size(videos) <= limit, f"the cache holds {folder_size(videos)} bytes over its {limit}")
        expect(not list(videos.glob("*.part")), f"unfinished downloads left: {list(videos.glob('*.part'))}")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)

    again = App(ctx, ["--cache-limit", str(limit), *addresses], name="remote-offline", data_dir=app.data_dir,
                cache_dir=app.cache_dir, env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    again.wait("ready", 20)
    first = again.wait("page", 20, pred=lambda e: e.get("index") == 0, what="page 0 offline")
    error = again.wait("error", 10, pred=lambda e: e.get("post_id") == first["post_id"], what="the offline card of an evicted post")
    expect(error.get("kind") == "offline" and "127.0.0.1" in error.get("message", ""), f"the evicted post said {error}")
    ctx.pointer_into_window()
    time.sleep(0.5)
    ctx.screenshot("remote-offline-card")
    for index, cached in ((1, False), (2, True), (3, True)):
        page = expect_page_moves(again, lambda: ctx.key("Down"), index, f"Down to post {index} offline", first_frame=cached)
        expect(page.get("cached") is cached, f"post {index} offline: {page}")
        if not cached:
            again.wait("error", 5, pred=lambda e: e.get("post_id") == page["post_id"] and e.get("kind") == "offline",
                       what=f"post {index}'s offline card")
    shown = share_soon(ctx, (150, 250, 100, 100), colors["d"], at_least=0.8, tolerance=40)
    expect(shown > 0.8, f"the cached video does not play offline ({shown:.0%}), see {ctx.screenshot('remote-offline-d')}")
    quit_app(again)


def case_a_download_cut_short_offers_try_again(ctx: Context) -> None:
    """A server that drops the connection half-way: the page shows the download failed, in plain
    words, with Try Again; pressing it resumes with a Range and the video plays."""
    folder = ctx.case_tmp / "dying"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "cut.mp4", seconds=2, width=180, height=320, color=0x40C0C0)
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    server, port = start_feed_server(folder)
    try:
        address = f"http://127.0.0.1:{port}/die-once/cut.mp4"
        app = App(ctx, [address], name="cut", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        app.wait("ready", 20)
        page = app.wait("page", 20, pred=lambda e: e.get("index") == 0, what="the cut video's page")
        error = app.wait("error", 20, pred=lambda e: e.get("post_id") == page["post_id"], what="the cut download's card")
        expect(error.get("kind") == "network", f"the cut download said {error}")
        for word in ("GStreamer", "soup", "gst", "Internal data stream"):
            expect(word not in error.get("message", ""), f"the card shows library words: {error['message']}")
        ctx.pointer_into_window()
        time.sleep(0.5)
        shot = ctx.screenshot("cut-card")
        # Try Again from the keyboard: Tab to the card's button (told by its name in the focus
        # events), Enter presses it (Space stays play/pause everywhere in the feed).
        since = app.cursor()
        for _ in range(12):
            ctx.key("Tab")
            time.sleep(0.15)
            focused = app.find("focus", since)
            if focused and focused[-1].get("name") == "Download this video again":
                break
        else:
            raise CaseFailed(f"Tab never reached Try Again, see {shot}")
        since = app.cursor()
        ctx.key("Return")
        app.wait("first_frame", 15, since, pred=lambda e: e.get("post_id") == page["post_id"], what="the video after Try Again")
        shown = share_soon(ctx, (150, 250, 100, 100), 0x40C0C0, at_least=0.8, tolerance=40)
        expect(shown > 0.8, f"the video does not play after Try Again ({shown:.0%}), see {ctx.screenshot('cut-retried')}")
        asked = server_requests(port).get("/die-once/cut.mp4", [])
        expect(len(asked) == 2 and asked[1].startswith("bytes=") and asked[1] != "bytes=0-",
               f"Try Again did not resume with a Range: {asked}")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)


def case_every_kind_of_feed_plays_and_bad_ones_are_contained(ctx: Context) -> None:
    """Addresses on the command line of each kind a server on 127.0.0.1 offers: a PeerTube RSS
    channel, a Loops Atom feed, a JSON Feed, a Loops account's JSON pages (two pages through the
    cursor), an HTML page announcing a feed, an OPML list. Each is followed and a video of each
    plays. A hostile feed (file:// and path enclosures, markup and a direction override in its
    title), an 11 MB document and garbage add nothing, say why on their subscription, and break
    nothing else."""
    folder = ctx.case_tmp / "kinds"
    folder.mkdir(parents=True, exist_ok=True)
    colors = {"clip-rss": 0xC04040, "atom-a": 0x40C040, "json-a": 0x4040C0, "loops-a": 0xC0C040, "loops-b": 0xC040C0}
    for name, color in colors.items():
        make_clip(folder / f"{name}.mp4", seconds=1, width=180, height=320, color=color)
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    server, port = start_feed_server(folder)
    base = f"http://127.0.0.1:{port}"
    good = [f"{base}/feeds/videos.xml?videoChannelId=1", f"{base}/page.html", f"{base}/list.opml",
            f"{base}/api/v1/feed/account/42"]
    bad = [f"{base}/hostile.xml", f"{base}/huge.xml", f"{base}/garbage.xml"]
    try:
        local = ctx.fixtures.feed_clips()[:1]
        app = App(ctx, [str(local[0]), *good, *bad], name="kinds", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        # Each followed address moves the feed on to its newest video: no page 0 to wait for.
        app.wait("ready", 20)
        ctx.pointer_into_window()
        # The list's own feed (JSON) is refreshed after it is imported: 4 + 1 + 3 refreshes or refusals.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            refreshed = {e.get("url") for e in app.find("feed_refreshed")}
            if {f"{base}/atom/1.atom", f"{base}/feed.json", good[0], good[3]} <= refreshed:
                break
            time.sleep(0.2)
        refreshed = {e.get("url"): e for e in app.find("feed_refreshed")}
        expect(refreshed.get(good[0], {}).get("added") == 1, f"the PeerTube channel: {refreshed.get(good[0])}")
        expect(refreshed.get(f"{base}/atom/1.atom", {}).get("added") == 1, f"the page's Atom feed: {refreshed}")
        expect(refreshed.get(f"{base}/feed.json", {}).get("added") == 1, f"the OPML's JSON Feed: {refreshed}")
        expect(refreshed.get(good[3], {}).get("added") == 2, f"the Loops account, both pages: {refreshed.get(good[3])}")
        # Whatever a feed says, a followed post plays from the web, never from this machine.
        local_paths = db_rows(app, "SELECT video_uri FROM posts WHERE subscription_id IS NOT NULL "
                                   "AND video_uri NOT LIKE 'http://%' AND video_uri NOT LIKE 'https://%'")
        expect(not local_paths, f"a followed post points at this machine: {local_paths}")
        passwd = db_rows(app, "SELECT video_uri FROM posts WHERE video_uri LIKE '%/etc/passwd%'")
        expect(not passwd, f"a post points at /etc/passwd: {passwd}")
        expect(not any(p.name.endswith((".video", ".part")) and not p.name[:-6].isalnum()
                       for p in (app.cache_dir / "videos").glob("*")), "a cache file named by the feed")
        # From the top, page through the whole feed: a video of each kind plays, on screen.
        wanted = {f"{base}/videos/{name}.mp4": name for name in colors}
        played: set[str] = set()
        ctx.pointer_into_window()
        time.sleep(0.5)
        since = app.cursor()
        ctx.key("Home")
        page = app.wait("page", 5, since, pred=lambda e: e.get("index") == 0, what="the first page after Home")
        for _ in range(12):
            if page.get("uri") in wanted:
                app.wait("first_frame", 15, since, pred=lambda e, p=page: e.get("post_id") == p["post_id"],
                         what=f"the first frame of {wanted[page['uri']]}")
                name = wanted[page["uri"]]
                shown = share_soon(ctx, (150, 250, 100, 100), colors[name], at_least=0.8, tolerance=40)
                expect(shown > 0.8, f"{name} is not on screen ({shown:.0%}), see {ctx.screenshot('kind-' + name)}")
                played.add(page["uri"])
            if set(wanted) <= played:
                break
            since = app.cursor()
            ctx.key("Down")
            try:
                page = app.wait("page", 4, since, what="a page after Down")
            except CaseFailed:
                break  # the end of the feed
            time.sleep(0.3)
        expect(set(wanted) <= played, f"never played: {sorted(set(wanted) - played)}")

        # The bad ones: followed (so their trouble is shown) but nothing added, a reason given.
        ctx.key("ctrl+shift+l")
        wait_window(ctx, "Following")
        time.sleep(0.8)
        ctx.screenshot("kinds-following")
        subscriptions = db_rows(app, "SELECT url, title, last_error, new_count FROM subscriptions")
        by_url = {row[0]: row for row in subscriptions}
        refused = [e for e in app.find("error") if e.get("kind") == "follow"]
        for address in bad:
            row = by_url.get(address)
            if row is None:
                # Refused outright when followed (the huge one and the garbage may be): the window said why.
                expect(any(address in e.get("message", "") for e in refused), f"{address} refused without a word: {refused}")
                continue
            expect(row[3] == 0, f"{address} added {row[3]} posts")
        hostile_row = by_url.get(bad[0])
        expect(hostile_row is not None and "\u202e" not in (hostile_row[1] or ""), f"the hostile title was kept as {hostile_row}")
        errors = [e for e in app.find("error") if e.get("kind") not in ("samples",)
                  and not (e.get("kind") == "follow" and any(a in e.get("message", "") for a in bad)
                           and not any(a in by_url for a in bad if a in e.get("message", "")))]
        expect(not errors, f"errors while following: {errors}")
        ctx.key("Escape")
        expect(app.alive(), "app exited")
        quit_app(app)
    finally:
        server.terminate()
        server.wait(5)


SOURCE_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("a_dropped_folder_is_added_with_progress", case_a_dropped_folder_is_added_with_progress),
    ("chosen_files_and_folders_are_added_once", case_chosen_files_and_folders_are_added_once),
    ("several_chosen_files_are_added_together", case_several_chosen_files_are_added_together),
    ("preferences_are_gsettings_and_the_window_keeps_its_size", case_preferences_are_gsettings_and_the_window_keeps_its_size),
    ("a_library_folder_follows_its_files", case_a_library_folder_follows_its_files),
    ("a_followed_channel_plays_its_videos", case_a_followed_channel_plays_its_videos),
    ("a_pasted_address_is_followed", case_a_pasted_address_is_followed),
    ("remote_videos_are_cached_and_play_offline", case_remote_videos_are_cached_and_play_offline),
    ("a_download_cut_short_offers_try_again", case_a_download_cut_short_offers_try_again),
    ("every_kind_of_feed_plays_and_bad_ones_are_contained", case_every_kind_of_feed_plays_and_bad_ones_are_contained),
]

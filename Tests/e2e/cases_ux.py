"""End-to-end cases: what a new user sees first. Colours, the keyboard, window sizes, counts,
sharing, and the events the app reports about them (issue 9)."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Callable

from app import App, quit_app
from clips import file_uri
from context import Context
from feed import expect_page_moves, launch_lived_in, launch_samples, post_by_someone_else, wait_started
from outcomes import CaseFailed, debug, expect
from processes import end_popen, run
from recorder import ALBUM_BUTTON, SOUND_CHIP, open_create, record_app
from samples import SELF_HANDLE, sample_author, samples_dir
from screen_colors import count, expect_color, grab_colors, is_red, is_white, near, rgb, share_near
from screens import RAIL_AVATAR, TAB_X, TAB_Y, open_comments, sheet_is_open
from screenshots import bright_box, pixel_colors, poll_shot, window_shot
from windows import choose_path, main_window, resize, wait_named
from x_input import click, double_click_here, type_text
from xgrab import Grabber


RAIL_LIKE = (414, 560)         # the rail's heart on a 450x800 window
RAIL_LIKE_BOX = "40x36+394+542"
EDIT_PROFILE_BUTTON = (112, 387)
PROFILE_SAVE_BUTTON = (328, 401)  # in the Edit profile dialog, at the screen's top-left (no window manager)
PROFILE_HANDLE_ENTRY = (190, 259)
PROFILE_NAME_ENTRY = (190, 191)
CHOOSE_SOUND_FILE = (225, 677)  # "Choose a file…" in the recorder's sound sheet
FOLLOW_BUTTON = (225, 388)    # on another author's profile, 450x800
LOOK_NORMAL = (398, 185)
LOOK_WARM = (398, 223)
MUTED_MARK = (14, 14, 36, 36)  # the lasting "sound off" mark, top-left of the video


def launch_solid(ctx: Context, name: str, landscape_first: bool = False,
                 env: dict | None = None) -> tuple[App, list[int]]:
    """Launches on the three solid-colour clips (no samples); returns the colour of each index."""
    clips = ctx.fixtures.solid_clips()
    colors = list(ctx.fixtures.SOLID_COLORS)
    if landscape_first:
        clips = [ctx.fixtures.solid_clips(landscape=True)[0]] + clips
        colors = [colors[0]] + colors
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(c) for c in clips], name=name, env={"LOOPFEED_SAMPLES_DIR": str(no_samples), **(env or {})})
    return app, colors


def edit_profile(ctx: Context, handle: str | None = None, name: str | None = None) -> None:
    """Profile tab -> Edit profile -> (a new name, a new handle) -> Save -> Home."""
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(0.8)
    click(ctx, *EDIT_PROFILE_BUTTON)
    wait_named(ctx, "Edit profile", True)
    time.sleep(0.3)
    if name is not None:
        click(ctx, *PROFILE_NAME_ENTRY)
        ctx.key("ctrl+a")
        type_text(ctx, name)
    if handle is not None:
        click(ctx, *PROFILE_HANDLE_ENTRY)
        ctx.key("ctrl+a")
        type_text(ctx, handle)
    click(ctx, *PROFILE_SAVE_BUTTON)
    wait_named(ctx, "Edit profile", False)
    click(ctx, TAB_X["home"], TAB_Y)
    time.sleep(0.6)


# --------------------------------------------------------------------------------------------

def case_like_is_red_and_icons_white(ctx: Context) -> None:
    """The rail's icons are white over the video, a liked heart is red, and so is the burst."""
    app, _ = launch_samples(ctx, "like-colours")
    wait_started(app)
    ctx.pointer_into_window()
    time.sleep(0.4)
    before = window_shot(ctx, "like-colours-before")
    heart = pixel_colors(before, RAIL_LIKE_BOX)
    expect(count(heart, is_white) > 120,
           f"the rail's heart is not white over the video ({count(heart, is_white)} white pixels), see {before}")
    expect(count(heart, is_red) < 10, f"an unliked heart is red, see {before}")
    since = app.cursor()
    ctx.key("l")
    like = app.wait("like", 3, since, what="like after L")
    expect(like.get("liked") is True, f"L did not like the post: {like}")
    liked = poll_shot(ctx, "like-colours-liked", lambda s: count(pixel_colors(s, RAIL_LIKE_BOX), is_red) > 120, 8,
                      "a red heart on the rail after L")
    expect(count(pixel_colors(liked, RAIL_LIKE_BOX), is_white) < 60, f"the liked heart is still white, see {liked}")
    # The double-click burst: red where the click was, while it grows and fades.
    since = app.cursor()
    ctx.key("l")  # unlike first: a double-click only likes
    app.wait("like", 3, since, lambda e: e.get("liked") is False, "unlike after the second L")
    since = app.cursor()
    ctx.xdotool("mousemove", "200", "300")
    double_click_here(ctx)
    most = 0
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        most = max(most, count(grab_colors(ctx, 140, 240, 120, 120), is_red))
        time.sleep(0.01)
    app.wait("like", 3, since, lambda e: e.get("liked") is True, "like after the double-click")
    debug(f"burst: at most {most} red pixels of 14,400")
    expect(most > 3000, f"no red heart burst where the double-click was: at most {most} red pixels in 120x120")
    expect(app.alive(), "app exited")


def case_comments_open_after_saving_the_profile(ctx: Context) -> None:
    """Profile -> Edit profile -> Save -> Home -> C shows the sheet (it used to only dim the window)."""
    app, _ = launch_samples(ctx, "comments-after-profile")
    wait_started(app)
    open_comments(ctx, "comments-after-profile-first")
    ctx.key("Escape")
    poll_shot(ctx, "comments-after-profile-closed", lambda s: not sheet_is_open(s), 8, "the sheet closing after Esc")
    time.sleep(0.4)
    edit_profile(ctx)
    for attempt in range(2):
        open_comments(ctx, f"comments-after-profile-{attempt}")
        ctx.key("Escape")
        poll_shot(ctx, f"comments-after-profile-{attempt}-closed", lambda s: not sheet_is_open(s), 8,
                  "the sheet closing after Esc")
        time.sleep(0.4)
    expect(app.alive(), "app exited")


def case_tab_reaches_every_control_and_never_moves_the_feed(ctx: Context) -> None:
    """Tab walks the rail, the caption and the five tabs, with a visible focus ring, and never
    scrolls the feed (it used to leave it half a page off with no page change)."""
    app, colors = launch_solid(ctx, "tab-order")
    wait_started(app)
    ctx.pointer_into_window()
    expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down to the second post")
    time.sleep(0.4)
    rail_before = grab_colors(ctx, 380, 470, 70, 270)
    since = app.cursor()
    names: list[str] = []
    for press in range(14):
        ctx.key("Tab")
        focus = app.wait("focus", 2, since, what=f"a focus event after Tab #{press + 1}", count=len(names) + 1)
        names.append(focus.get("name", ""))
        if focus.get("name") == "Like (L)":
            time.sleep(0.2)
            rail_focused = grab_colors(ctx, 380, 470, 70, 270)
            changed = sum(1 for a, b in zip(rail_before, rail_focused) if max(abs(x - y) for x, y in zip(a, b)) > 60)
            expect(changed > 150, f"no visible focus ring on the like button ({changed} pixels changed)")
        # The feed stays put: the top and the middle of the window show the current post (left of
        # Home's For You | Following at the top right).
        expect_color(ctx, (0, 0, 230, 30), colors[1], f"the window's top edge after Tab #{press + 1}",
                     f"tab-order-{press + 1}")
    expect(not app.find("page", since), f"Tab changed the page: {app.find('page', since)}")
    debug("focus order: " + " | ".join(names))
    wanted = ["Like (L)", "Comments (C)", "Home", "Discover", "Create", "Inbox", "Profile"]
    missing = [w for w in wanted if w not in names]
    expect(not missing, f"Tab never reached {missing}; it went {names}")
    expect(any("(@" in n for n in names), f"Tab never reached the author's avatar: {names}")
    expect(any(n.startswith("Share") or n.startswith("Copy") for n in names), f"Tab never reached share: {names}")
    expect(all(n for n in names), f"a focused control has no name: {names}")
    first = names.index("Like (L)")
    expect(first < names.index("Home"), f"the rail should come before the tab bar: {names}")
    expect(app.alive(), "app exited")


def case_window_resizes_freely_and_wide_keeps_the_video(ctx: Context) -> None:
    """The window goes to 1200x700 and back down to 360x640; wide, a portrait video keeps its full height
    centred over a dimmed copy with the rail beside it, and a landscape one fits."""
    app, colors = launch_solid(ctx, "resize", landscape_first=True)
    wait_started(app)
    ctx.pointer_into_window()
    w, h = resize(ctx, 1200, 700)
    expect((w, h) == (1200, 700), f"the window is {w}x{h} after asking for 1200x700")
    # The landscape clip fits the page: full height in the middle, nothing cropped off the top.
    expect_color(ctx, (300, 4, 600, 20), colors[0], "the top of a landscape video in a wide window", "resize-landscape")
    ctx.pointer_into_window()
    expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down to a portrait post")
    time.sleep(0.6)
    shot = ctx.screenshot("resize-wide")
    page_h = 700 - 58
    column = round(page_h * 9 / 16)
    left = (1200 - column) // 2
    expect_color(ctx, (left + 10, 10, column - 20, page_h - 200), colors[1], "the portrait video's column", "resize-wide-column")
    side = grab_colors(ctx, 40, 100, 200, 300)[::7]
    side_mean = sum(sum(p) for p in side) / (3 * len(side))
    column_mean = sum(rgb(colors[1])) / 3
    expect(side_mean < 0.6 * column_mean, f"the sides are not dimmed ({side_mean:.0f} vs {column_mean:.0f}), see {shot}")
    expect(side_mean > 3, f"the sides are black, not a dimmed copy of the video ({side_mean:.1f}), see {shot}")
    rail = bright_box(shot, left + column, 300, 120, page_h - 300)
    expect(rail is not None and rail[0] >= left + column, f"no rail beside the video's column, see {shot}")
    tab_icons = bright_box(shot, 0, page_h + 4, 1200, 40, level=150)
    expect(tab_icons is not None and tab_icons[2] - tab_icons[0] < 700,
           f"the tab bar stretched over the whole width: {tab_icons}, see {shot}")

    w, h = resize(ctx, 360, 640)
    expect((w, h) == (360, 640), f"after being 1200x700 the window only went down to {w}x{h} (asked 360x640)")
    shot = ctx.screenshot("resize-narrow")
    expect_color(ctx, (20, 20, 320, 300), colors[1], "the video in a 360x640 window", "resize-narrow-video")
    rail = bright_box(shot, 280, 300, 80, 300)
    expect(rail is not None and rail[2] < 360, f"no rail inside a 360 px window, see {shot}")
    tabs = bright_box(shot, 0, 640 - 54, 360, 50, level=150)
    expect(tabs is not None and tabs[2] < 360, f"the tab bar is cut off at 360 px: {tabs}, see {shot}")
    w, h = resize(ctx, 450, 800)
    expect((w, h) == (450, 800), f"the window did not go back to 450x800: {w}x{h}")
    ctx.pointer_into_window()
    expect_page_moves(app, lambda: ctx.key("Down"), 2, "Down after the resizes")
    expect(app.alive(), "app exited")


def case_feed_stays_aligned_after_closing_comments(ctx: Context) -> None:
    """Closing the comments sheet on the second and third posts leaves the feed where it was (it used
    to be left ~65 px off, the previous post showing at the top)."""
    app, colors = launch_solid(ctx, "comments-align")
    wait_started(app)
    for index in (1, 2):
        ctx.pointer_into_window()
        expect_page_moves(app, lambda: ctx.key("Down"), index, f"Down to post {index}")
        time.sleep(0.3)
        ctx.key("c")
        time.sleep(0.6)
        ctx.key("Escape")
        expect_color(ctx, (0, 0, 450, 40), colors[index], f"the top edge after closing comments on post {index}",
                     f"comments-align-{index}")
        expect_color(ctx, (0, 300, 300, 200), colors[index], f"the middle after closing comments on post {index}",
                     f"comments-align-mid-{index}")
    expect(app.alive(), "app exited")


def start_fake_file_manager(ctx: Context) -> Path:
    """Runs fake_file_manager.py on the session bus; returns the file its calls are written to."""
    log_path = ctx.case_tmp / "file-manager.jsonl"
    log_path.unlink(missing_ok=True)
    python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3"
    proc = subprocess.Popen([python, str(Path(__file__).with_name("fake_file_manager.py")), str(log_path)], env=ctx.session.env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _started_procs.append(proc)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if log_path.exists() and '"ready"' in log_path.read_text():
            return log_path
        if proc.poll() is not None:
            raise CaseFailed(f"the fake file manager exited: {proc.stderr.read().decode(errors='replace')[-400:]}")
        time.sleep(0.1)
    raise CaseFailed("the fake file manager did not take its name on the bus")


_started_procs: list[subprocess.Popen] = []


def stop_fake_file_manager() -> None:
    while _started_procs:
        end_popen(_started_procs.pop())


def clipboard(ctx: Context, target: str) -> str:
    res = run(["xclip", "-o", "-selection", "clipboard", "-t", target], env=ctx.session.env, check=False, timeout=5)
    return res.stdout if res.returncode == 0 else ""


def case_share_copies_the_file_and_shows_it_in_files(ctx: Context) -> None:
    """S opens the share menu: "Copy video file" puts the file itself on the clipboard (text/uri-list, not a
    path as text), "Show in Files" asks the file manager over D-Bus to show it; each share is counted."""
    calls = start_fake_file_manager(ctx)
    try:
        app, _ = launch_solid(ctx, "share")
        _, page = wait_started(app)
        ctx.pointer_into_window()
        uri = file_uri(Path(ctx.fixtures.solid_clips()[0]))
        since = app.cursor()
        ctx.key("s")
        time.sleep(0.6)
        ctx.key("Down")  # the menu has the keys: this must not page the feed
        time.sleep(0.4)
        expect(not app.find("page", since), f"a key pressed in the share menu paged the feed: {app.find('page', since)}")
        ctx.key("Escape")
        time.sleep(0.4)
        ctx.key("s")
        time.sleep(0.6)
        ctx.key("Return")
        first = app.wait("share", 3, since, what="a share event after S, Enter")
        expect(first.get("method") == "copy_file" and first.get("share_count") == 1, f"unexpected share: {first}")
        targets = clipboard(ctx, "TARGETS").split()
        expect("text/uri-list" in targets and "x-special/gnome-copied-files" in targets,
               f"the clipboard does not hold a file: {targets}")
        expect(clipboard(ctx, "text/uri-list").strip() == uri,
               f"the clipboard's file is {clipboard(ctx, 'text/uri-list')!r}, expected {uri!r}")
        expect(clipboard(ctx, "x-special/gnome-copied-files").split("\n") == ["copy", uri],
               f"a file manager would not paste it: {clipboard(ctx, 'x-special/gnome-copied-files')!r}")
        time.sleep(0.4)
        ctx.key("s")
        time.sleep(0.6)
        ctx.key("Tab")
        time.sleep(0.2)
        ctx.key("Return")
        second = app.wait("share", 3, since, what="a second share event (Show in Files)", count=2)
        expect(second.get("method") == "show_in_files" and second.get("share_count") == 2, f"unexpected share: {second}")
        shown = [json.loads(l) for l in calls.read_text().splitlines() if '"method"' in l]
        expect(shown == [{"method": "ShowItems", "uris": [uri]}], f"the file manager was asked {shown}")
        # The count is stored: it is there when the post comes back.
        ctx.pointer_into_window()
        expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down after sharing")
        back = expect_page_moves(app, lambda: ctx.key("Up"), 0, "Up to the shared post", first_frame=False)
        expect(back.get("share_count") == 2, f"the shared post's page says share_count {back.get('share_count')}")
        expect(app.alive(), "app exited")
    finally:
        stop_fake_file_manager()


def case_a_new_handle_shows_on_your_posts_everywhere(ctx: Context) -> None:
    """After changing your handle to @zoe.t and your name to Zoe, Home shows @zoe.t on your posts
    (it kept showing @you) and their sound is Zoe's original sound (it kept "You")."""
    # Following: the user's own posts, newest first (For You ranks by what is popular).
    app, catalog = launch_lived_in(ctx, "rename", extra=["--feed", "following"])
    _, page = wait_started(app)
    expect(sample_author(catalog, page.get("uri", "")) == SELF_HANDLE, f"the first post is not your own: {page}")
    expect(page.get("author") == SELF_HANDLE, f"page 0 shows {page.get('author')!r}")
    before = mpris_album(ctx)
    expect(before == "Original sound — You", f"your post's sound reads {before!r} before the rename")
    edit_profile(ctx, handle="zoe.t", name="Zoe")
    ctx.pointer_into_window()
    expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down after renaming")
    back = expect_page_moves(app, lambda: ctx.key("Up"), 0, "Up to your post", first_frame=False)
    expect(back.get("author") == "zoe.t", f"Home still shows @{back.get('author')} on your post after the rename")
    after = poll_value(lambda: mpris_album(ctx), lambda album: album == "Original sound — Zoe", 4)
    expect(after == "Original sound — Zoe", f"your older post's sound still reads {after!r} after the rename")
    expect(app.alive(), "app exited")


def mpris_album(ctx: Context) -> str:
    """What the desktop's media controls show as the post's sound (MPRIS xesam:album)."""
    return run(["playerctl", "-p", "loopfeed", "metadata", "xesam:album"], env=ctx.session.env,
               timeout=10, check=False).stdout.strip()


def poll_value(read: Callable[[], str], good: Callable[[str], bool], seconds: float) -> str:
    deadline = time.monotonic() + seconds
    value = read()
    while not good(value) and time.monotonic() < deadline:
        time.sleep(0.2)
        value = read()
    return value


def case_album_still_opens_after_choosing_a_sound_file(ctx: Context) -> None:
    """A sound chosen from a file, then Album: the video chooser opens (Album did nothing for as long as
    the Create page lived)."""
    sound = ctx.fixtures.clip("sound-file", seconds=2)
    app = record_app(ctx, "album-after-sound")
    open_create(ctx, app)
    click(ctx, *SOUND_CHIP)
    time.sleep(0.8)
    click(ctx, *CHOOSE_SOUND_FILE)
    # The shared helper: it waits out the location entry's completion and presses Return again
    # if the first one only accepted it (this case's own copy failed twice on a slow machine).
    choose_path(ctx, "Choose a sound", sound)
    time.sleep(1.5)  # the file is probed
    click(ctx, *ALBUM_BUTTON)
    wait_named(ctx, "Choose a video to post", True)
    time.sleep(0.3)
    ctx.key("Escape")
    wait_named(ctx, "Choose a video to post", False)
    expect(app.alive(), "app exited")


def serve_directory(directory: Path):
    """A plain HTTP server on 127.0.0.1 (no byte ranges, as python's http.server is) in a thread;
    returns (server, base URL). Call server.shutdown() when done."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def case_events_tell_the_truth_about_first_frames(ctx: Context) -> None:
    """A post that fails reports its error and never a first_frame after it; first_frame latencies are
    from the input, never from the launch."""
    clip = ctx.fixtures.solid_clips()[0]
    server, base = serve_directory(clip.parent)
    try:
        url = f"{base}/{clip.name}"
        no_samples = ctx.case_tmp / "no-samples"
        no_samples.mkdir(exist_ok=True)
        app = App(ctx, [url, str(ctx.fixtures.solid_clips()[1]), str(ctx.fixtures.solid_clips()[2])], name="truth",
                  env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
        app.wait("ready", 20)
        ctx.pointer_into_window()
        time.sleep(4)  # the URL's post plays or fails; either way the log must agree with the screen
        for key in ("Down", "Down", "Up", "Up"):  # away from the failed post and back to it
            ctx.key(key)
            time.sleep(0.8)
        time.sleep(1)
        events = app.events()
        errors = {e.get("post_id") for e in events if e["event"] == "error" and e.get("post_id") is not None}
        for index, event in enumerate(events):
            if event["event"] == "first_frame":
                earlier_error = any(e["event"] == "error" and e.get("post_id") == event.get("post_id")
                                    for e in events[:index])
                expect(not earlier_error, f"first_frame for post {event.get('post_id')} after its error: {event}")
                expect(event.get("latency_us", 0) < 5_000_000, f"a first_frame latency of {event.get('latency_us')} us")
        # page_shown: what the user sees, the paint in which the new page covers the middle. It
        # comes with or after that page's first frame, from the same input, and never for a
        # post that failed.
        shown = [(index, e) for index, e in enumerate(events) if e["event"] == "page_shown"]
        expect(len(shown) >= 4, f"{len(shown)} page_shown events for the launch and 4 page changes")
        for index, event in shown:
            expect(event.get("post_id") not in errors, f"page_shown for a post that failed: {event}; its errors: "
                   f"{[e for e in events if e['event'] == 'error' and e.get('post_id') == event.get('post_id')]}")
            frames = [e for e in events[:index] if e["event"] == "first_frame" and e.get("post_id") == event.get("post_id")]
            expect(frames, f"page_shown before any first frame of its post: {event}")
            expect(event.get("latency_us", -1) >= frames[-1].get("latency_us", 0),
                   f"page_shown ({event.get('latency_us')} us) before its first frame ({frames[-1].get('latency_us')} us)")
        # The launch, step by step: each mark once, in order, all before the first post's first frame.
        order = ["main", "gstreamer_ready", "activate", "window_built", "window_mapped"]
        marks = {e.get("mark"): e for e in events if e["event"] == "launch_mark"}
        expect(sorted(marks) == sorted(order), f"launch marks {sorted(marks)}, expected {order}")
        times = [marks[name]["at_us"] for name in order]
        expect(times == sorted(times), f"launch marks out of order: {[(n, marks[n]['at_us']) for n in order]}")
        first = next((e for e in events if e["event"] == "first_frame"), None)
        expect(first is not None and first["t_us"] >= times[-1], f"first_frame {first} before the window was mapped")
        debug(f"posts with errors: {errors}; page_shown latencies (ms): "
              f"{[round(e['latency_us'] / 1000) for _, e in shown]}")
        expect(app.alive(), "app exited")
    finally:
        server.shutdown()


def case_fullscreen_is_the_video_alone(ctx: Context) -> None:
    """F makes the window fullscreen with the video alone (the tab bar went along before); Esc
    brings the window and the tab bar back. Fullscreen needs a window manager: openbox runs for
    this case."""
    if not shutil.which("openbox"):
        raise CaseFailed("openbox is not installed (tools/deps.sh installs it for the tests)")
    wm = subprocess.Popen(["openbox"], env=ctx.session.env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        app, colors = launch_solid(ctx, "fullscreen")
        wait_started(app)
        wid = main_window(ctx)
        ctx.xdotool("windowactivate", "--sync", wid)
        time.sleep(0.5)
        ctx.key("f")
        deadline = time.monotonic() + 5
        while ctx.window_geometry(wid)[2:] != (1280, 1024) and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(ctx.window_geometry(wid)[2:] == (1280, 1024), f"F did not make the window fullscreen: {ctx.window_geometry(wid)}")
        time.sleep(0.8)
        # The column's bottom is the (darkened) blue video, not the black tab bar.
        bottom = grab_colors(ctx, 560, 1024 - 40, 160, 36)[::5]
        blue = sum(1 for r, g, b in bottom if b - r > 30) / len(bottom)
        if blue < 0.8:
            raise CaseFailed(f"the bottom of the screen in fullscreen is not the video ({blue:.0%} blue), "
                             f"see {ctx.screenshot('fullscreen-bottom')}")
        ctx.key("Escape")
        deadline = time.monotonic() + 5
        while ctx.window_geometry(wid)[2:] == (1280, 1024) and time.monotonic() < deadline:
            time.sleep(0.2)
        x, y, w, h = ctx.window_geometry(wid)
        expect((w, h) == (450, 800), f"Esc did not bring the window back: {w}x{h}")
        time.sleep(0.8)
        shot = ctx.screenshot("fullscreen-left")
        tabs = bright_box(shot, x, y + h - 54, w, 50, level=150)
        expect(tabs is not None, f"no tab bar after leaving fullscreen, see {shot}")
        expect(app.alive(), "app exited")
    finally:
        end_popen(wm)


def case_muted_shows_a_lasting_mark(ctx: Context) -> None:
    """M: a "sound off" mark stays on the video for as long as the sound is off (not only a toast)."""
    app, colors = launch_solid(ctx, "muted")
    wait_started(app)
    ctx.pointer_into_window()

    def white_in_mark() -> int:
        return count(grab_colors(ctx, *MUTED_MARK), is_white)

    # The pointer moving in showed the controls, the sound button among them (issue 21): they go
    # 2.5 s after it stops; only the sound-off mark stays.
    time.sleep(3.0)
    expect(white_in_mark() < 5, f"a sound-off mark shows while the sound is on, see {ctx.screenshot('muted-not-yet')}")
    ctx.key("m")
    time.sleep(3.0)  # the toast is gone by now
    expect(white_in_mark() > 40, f"no lasting sound-off mark after M ({white_in_mark()} white pixels), "
                                 f"see {ctx.screenshot('muted-on')}")
    expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down while muted")
    time.sleep(0.3)
    expect(white_in_mark() > 40, f"the sound-off mark is not on the next post, see {ctx.screenshot('muted-next')}")
    ctx.key("m")
    time.sleep(0.5)
    expect(white_in_mark() < 5, f"the sound-off mark stayed after M again, see {ctx.screenshot('muted-off')}")
    expect(app.alive(), "app exited")


def case_the_active_look_is_marked(ctx: Context) -> None:
    """The recorder marks the look in use, Normal included."""
    app = record_app(ctx, "looks")
    open_create(ctx, app)

    def red_at(point: tuple[int, int]) -> bool:
        return count(grab_colors(ctx, point[0] - 20, point[1] - 5, 40, 10), is_red) > 200

    # The camera's first pictures can come before the Create tab's first paint: wait for the screen.
    deadline = time.monotonic() + 8
    while not red_at(LOOK_NORMAL) and time.monotonic() < deadline:
        time.sleep(0.05)
    expect(red_at(LOOK_NORMAL), f"Normal, the look in use, is not marked, see {ctx.screenshot('looks-normal')}")
    click(ctx, *LOOK_WARM)
    time.sleep(0.5)
    expect(red_at(LOOK_WARM) and not red_at(LOOK_NORMAL), f"Warm is not marked alone, see {ctx.screenshot('looks-warm')}")
    expect(app.alive(), "app exited")


def case_messages_speak_the_users_language(ctx: Context) -> None:
    """With a catalog installed next to the binary (<prefix>/share/locale) and LANGUAGE=de, the app's
    messages come from it: a skipped path is reported in German, with its placeholders filled."""
    prefix = ctx.case_tmp / "prefix"
    (prefix / "bin").mkdir(parents=True, exist_ok=True)
    binary = prefix / "bin" / "loopfeed"
    shutil.copy2(ctx.binary, binary)
    messages = prefix / "share" / "locale" / "de" / "LC_MESSAGES"
    messages.mkdir(parents=True, exist_ok=True)
    po = ctx.case_tmp / "de.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Skipped {path}: {reason}"\nmsgstr "Übersprungen: {path} ({reason})"\n', encoding="utf-8")
    run(["msgfmt", "-o", str(messages / "loopfeed.mo"), str(po)])
    missing = ctx.case_tmp / "no such folder"
    saved, ctx.binary = ctx.binary, binary
    try:
        app = App(ctx, [str(missing)], name="german", env={"LANGUAGE": "de", "LC_ALL": "C.UTF-8"})
    finally:
        ctx.binary = saved
    error = app.wait("error", 20, pred=lambda e: e.get("kind") == "path", what="the error for the missing path")
    expect(error.get("message", "").startswith("Übersprungen: ") and str(missing) in error.get("message", ""),
           f"the message is not the German one: {error.get('message')!r}")
    app.wait("ready", 20)
    expect(app.alive(), "app exited")


def case_follow_is_the_accent_colour(ctx: Context) -> None:
    """Follow on someone's profile is the accent red (it was the theme's grey); once followed it is grey."""
    app, catalog = launch_samples(ctx, "follow")
    _, page = wait_started(app)
    ctx.pointer_into_window()
    post_by_someone_else(ctx, app, catalog, page)
    click(ctx, *RAIL_AVATAR)
    time.sleep(1.2)

    def red() -> int:
        return count(grab_colors(ctx, FOLLOW_BUTTON[0] - 40, FOLLOW_BUTTON[1] - 8, 80, 16), is_red)

    expect(red() > 600, f"Follow is not red ({red()} red pixels), see {ctx.screenshot('follow-before')}")
    click(ctx, *FOLLOW_BUTTON)
    time.sleep(0.5)
    expect(red() < 50, f"Following is still red ({red()} red pixels), see {ctx.screenshot('follow-after')}")
    expect(app.alive(), "app exited")


def without_animations(ctx: Context, name: str) -> Path:
    """A config folder whose GTK settings turn animations off (reduced motion): launch with it as
    XDG_CONFIG_HOME."""
    config = ctx.case_tmp / name
    (config / "gtk-4.0").mkdir(parents=True, exist_ok=True)
    (config / "gtk-4.0" / "settings.ini").write_text("[Settings]\ngtk-enable-animations=false\n", encoding="utf-8")
    return config


def sheet_tops_after(ctx: Context, key: str, seconds: float = 0.8) -> list[int | None]:
    """Presses `key` (c opens the comments sheet, Escape closes it) and, from just before it and for
    `seconds` after, reads a column down the middle of the window straight from the X server: for
    each read, the top of the
    sheet (the first of 10 rows in a row as dark as the sheet; the dimmed video above it and every
    solid clip are brighter), or None while no sheet shows. A slide shows tops between its ends."""
    grabber = Grabber(ctx.session.env["DISPLAY"])

    def top() -> int | None:
        data, bpl, _ = grabber.grab(225, 100, 1, 690)
        dark = [max(data[y * bpl], data[y * bpl + 1], data[y * bpl + 2]) < 45 for y in range(690)]
        found = next((y for y in range(690 - 10) if all(dark[y:y + 10])), None)
        return None if found is None else found + 100

    try:
        tops = [top()]  # before the key: where a slide starts from
        ctx.key(key)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            tops.append(top())
    finally:
        grabber.close()
    return tops


def sliding_reads(opening: list[int | None], closing: list[int | None]) -> int:
    """The reads that showed the sheet on its way: neither where it rests when open nor what the
    column showed before it came (the tab bar at the bottom is as dark as the sheet)."""
    before, rest = opening[0], opening[-1]
    if rest is None or rest == before:
        raise CaseFailed(f"the comments sheet never showed after c: tops {opening}")
    return sum(1 for t in opening + closing if t is not None and abs(t - rest) > 6
               and (before is None or abs(t - before) > 6))


def split_screens_after_down(ctx: Context, app: App, colors: list[int], index: int) -> int:
    """Presses Down on page `index` and, for a second, reads two points of the video straight from the
    X server (near the top, and just above the scrim): how many reads showed the old page at the top
    and the new one below it, i.e. the two pages sliding. Waits for the new page's event."""
    grabber = Grabber(ctx.session.env["DISPLAY"])
    old, new = colors[index % len(colors)], colors[(index + 1) % len(colors)]
    splits = 0
    since = app.cursor()
    try:
        ctx.key("Down")
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            data, bpl, bpp = grabber.grab(60, 40, 1, 360)
            top = (data[2], data[1], data[0])
            low = (data[359 * bpl + 2], data[359 * bpl + 1], data[359 * bpl])
            if near(top, old) and near(low, new):
                splits += 1
    finally:
        grabber.close()
    app.wait("page", 5, since, lambda e: e.get("index") == index + 1, f"page {index + 1} after Down")
    return splits


def case_without_animations_a_page_change_is_a_cut(ctx: Context) -> None:
    """With gtk-enable-animations=false (reduced motion) Down puts the next video in place at once: no
    screen in between shows the two pages sliding, as one does with animations on; a double-click
    bursts no heart, and the comments sheet is up or gone at once, where it slides with animations."""
    app, colors = launch_solid(ctx, "animated")
    wait_started(app)
    ctx.pointer_into_window()
    time.sleep(0.5)
    # A loaded machine may paint a slide in few frames: both page changes the three clips allow.
    sliding = 0
    for index in range(2):
        sliding = split_screens_after_down(ctx, app, colors, index)
        if sliding:
            break
    expect(sliding > 0, "with animations on, no read in two page changes showed the pages sliding: "
                        "the check cannot see a slide")
    burst = heart_burst_share(ctx, app)
    expect(burst > 0.03, f"with animations on, a double-click showed no heart burst ({burst:.3f} of the box red): "
                         "the check cannot see one")
    ctx.pointer_into_window()
    slid = sliding_reads(sheet_tops_after(ctx, "c"), sheet_tops_after(ctx, "Escape"))
    expect(slid > 0, "with animations on, no read showed the comments sheet sliding: the check cannot see a slide")
    quit_app(app)

    config = without_animations(ctx, "config")
    app, colors = launch_solid(ctx, "not-animated", env={"XDG_CONFIG_HOME": str(config)})
    wait_started(app)
    ctx.pointer_into_window()
    time.sleep(0.5)
    for index in range(2):
        splits = split_screens_after_down(ctx, app, colors, index)
        expect(splits == 0, f"without animations {splits} reads showed two pages after Down from page {index} "
                            f"(with animations: {sliding})")
        expect(share_near(ctx, (40, 40, 300, 300), colors[index + 1]) > 0.9,
               f"page {index + 1}'s video is not in place, see {ctx.screenshot(f'cut-{index}')}")
    still = heart_burst_share(ctx, app)
    expect(still < 0.005, f"without animations a double-click still burst a heart ({still:.3f} of the box red), "
                          f"see {ctx.screenshot('cut-heart')}")
    ctx.pointer_into_window()
    opening = sheet_tops_after(ctx, "c")
    ctx.screenshot("cut-sheet-open")
    closing = sheet_tops_after(ctx, "Escape")
    slid_off = sliding_reads(opening, closing)
    expect(slid_off == 0, f"without animations {slid_off} reads showed the comments sheet on its way "
                          f"(with animations: {slid}); tops {opening} then {closing}")
    expect(closing[-1] == opening[0], f"the comments sheet is still there after Escape, see {ctx.screenshot('cut-sheet-closed')}")
    expect(app.alive(), "app exited")


def heart_burst_share(ctx: Context, app: App) -> float:
    """Double-clicks the video (it likes) and returns the largest share of the accent red seen
    around the click over the next 0.4 s: a burst of hearts, or nothing with reduced motion."""
    x, y = 220, 300
    ctx.xdotool("mousemove", str(x), str(y))
    since = app.cursor()
    double_click_here(ctx)
    app.wait("like", 3, since, what="like event after a double-click")
    largest = 0.0
    deadline = time.monotonic() + 0.4
    while time.monotonic() < deadline:
        largest = max(largest, share_near(ctx, (x - 60, y - 60, 120, 120), 0xFE2C55, tolerance=60))
    return largest


MUSIC_STRIP = (36, 708, 170, 22)  # the music name's marquee under the caption (450x800 window)


def music_strip_changes(ctx: Context, app: App, name: str) -> float:
    """Launched on one solid clip whose music name is too long to fit: the share of the marquee's
    pixels that differ between two reads a second apart (the video behind it is one colour)."""
    first = grab_colors(ctx, *MUSIC_STRIP)
    time.sleep(1.0)
    second = grab_colors(ctx, *MUSIC_STRIP)
    changed = sum(1 for a, b in zip(first, second) if max(abs(x - y) for x, y in zip(a, b)) > 48)
    ctx.screenshot(name)
    return changed / max(1, len(first))


def launch_long_music(ctx: Context, name: str, env: dict | None = None) -> App:
    """The app on a samples folder of its own: one solid-colour clip with a long music name."""
    samples = ctx.case_tmp / f"samples-{name}"
    (samples / "videos").mkdir(parents=True, exist_ok=True)
    shutil.copy(ctx.fixtures.solid_clips()[1], samples / "videos" / "solid.mp4")
    catalog = {
        "authors": [{"handle": "long.music", "name": "Long Music", "bio": "", "followers": 1, "following": 1,
                     "likes": 1}],
        "posts": [{"file": "videos/solid.mp4", "author": "long.music", "caption": "one line",
                   "music": "A Very Long Song Title That Never Fits — Long Music (original sound)",
                   "created": "2026-11-20T18:03:00Z"}],
        "activity": [],
    }
    (samples / "samples.json").write_text(json.dumps(catalog), encoding="utf-8")
    return App(ctx, [], name=name, env={"LOOPFEED_SAMPLES_DIR": str(samples), **(env or {})})


def case_without_animations_the_music_name_stands_still(ctx: Context) -> None:
    """Reduced motion stops the music name's marquee; with animations it scrolls (the check can
    see it)."""
    app = launch_long_music(ctx, "music-moving")
    wait_started(app)
    time.sleep(0.5)
    moving = music_strip_changes(ctx, app, "music-moving")
    expect(moving > 0.02, f"with animations on the long music name did not scroll ({moving:.3f} of the strip "
                          "changed in a second): the check cannot see the marquee")
    quit_app(app)

    config = without_animations(ctx, "config-still")
    app = launch_long_music(ctx, "music-still", env={"XDG_CONFIG_HOME": str(config)})
    wait_started(app)
    time.sleep(0.5)
    still = music_strip_changes(ctx, app, "music-still")
    expect(still < 0.002, f"without animations the music name still moved ({still:.3f} of the strip changed in a "
                          f"second; {moving:.3f} with animations)")
    expect(app.alive(), "app exited")
    quit_app(app)


def header_pull_changes(ctx: Context, app: App, name: str) -> float:
    """On your profile (the bundled samples), holds a drag down from the header and returns the share
    of the page below the header's top that differs from before: the stretched header pushes the
    page down, or nothing moves."""
    ctx.pointer_into_window()
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(1.5)  # the profile's grid and header pictures come in
    before = grab_colors(ctx, 0, 120, 450, 400)
    ctx.xdotool("mousemove", "225", "200", "mousedown", "1")
    for y in range(210, 400, 15):
        ctx.xdotool("mousemove", "225", str(y))
        time.sleep(0.02)
    time.sleep(0.3)
    during = grab_colors(ctx, 0, 120, 450, 400)
    ctx.screenshot(name)
    ctx.xdotool("mouseup", "1")
    changed = sum(1 for a, b in zip(before, during) if max(abs(x - y) for x, y in zip(a, b)) > 48)
    return changed / max(1, len(before))


def case_without_animations_the_profile_header_does_not_stretch(ctx: Context) -> None:
    """Dragging down on your profile's header stretches it (parallax) with animations on; with
    reduced motion nothing moves."""
    app, _ = launch_samples(ctx, "pull-on")
    wait_started(app)
    stretched = header_pull_changes(ctx, app, "pull-on")
    expect(stretched > 0.05, f"with animations on a drag down did not stretch the header ({stretched:.3f} of the "
                             "page changed): the check cannot see the stretch")
    quit_app(app)

    config = without_animations(ctx, "config-pull")
    app = App(ctx, [], name="pull-off", env={"LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx)),
                                             "XDG_CONFIG_HOME": str(config)})
    wait_started(app)
    still = header_pull_changes(ctx, app, "pull-off")
    expect(still < 0.01, f"without animations a drag down still moved the profile ({still:.3f} of the page "
                         f"changed; {stretched:.3f} with animations)")
    expect(app.alive(), "app exited")
    quit_app(app)


UX_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("like_is_red_and_icons_white", case_like_is_red_and_icons_white),
    ("comments_open_after_saving_the_profile", case_comments_open_after_saving_the_profile),
    ("tab_reaches_every_control_and_never_moves_the_feed", case_tab_reaches_every_control_and_never_moves_the_feed),
    ("window_resizes_freely_and_wide_keeps_the_video", case_window_resizes_freely_and_wide_keeps_the_video),
    ("feed_stays_aligned_after_closing_comments", case_feed_stays_aligned_after_closing_comments),
    ("share_copies_the_file_and_shows_it_in_files", case_share_copies_the_file_and_shows_it_in_files),
    ("a_new_handle_shows_on_your_posts_everywhere", case_a_new_handle_shows_on_your_posts_everywhere),
    ("album_still_opens_after_choosing_a_sound_file", case_album_still_opens_after_choosing_a_sound_file),
    ("events_tell_the_truth_about_first_frames", case_events_tell_the_truth_about_first_frames),
    ("fullscreen_is_the_video_alone", case_fullscreen_is_the_video_alone),
    ("muted_shows_a_lasting_mark", case_muted_shows_a_lasting_mark),
    ("the_active_look_is_marked", case_the_active_look_is_marked),
    ("messages_speak_the_users_language", case_messages_speak_the_users_language),
    ("follow_is_the_accent_colour", case_follow_is_the_accent_colour),
    ("without_animations_a_page_change_is_a_cut", case_without_animations_a_page_change_is_a_cut),
    ("without_animations_the_music_name_stands_still", case_without_animations_the_music_name_stands_still),
    ("without_animations_the_profile_header_does_not_stretch",
     case_without_animations_the_profile_header_does_not_stretch),
]

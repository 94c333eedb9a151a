"""End-to-end cases for the player's controls (issue 21): the progress bar seeks where it is clicked,
the volume slider is remembered, the "+" on a creator's avatar follows them, fullscreen is the video
alone (#5), and a video without sound has no music line (#12)."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from app import App, quit_app
from app_data import db_rows, read_preferences
from cases_access import A11Y_ENV, a11y_bus_address, on_screen, probe_tree
from clips import make_clip
from context import Context
from feed import launch_samples, post_by_someone_else, wait_started
from outcomes import CaseFailed, expect
from processes import end_popen, run
from screen_colors import count, grab_colors, is_red
from screens import RAIL_AVATAR
from windows import main_window
from x_input import click

# The default 450x800 window: the video ends above the tab bar; the bar is a 24 px strip along its
# bottom, the volume slider (96 px) right of the sound button at the video's top-left.
BAR_Y = 736
VOLUME_SLIDER = (52, 148, 30)  # its left and right ends, its middle's y
FOLLOW_BADGE = (RAIL_AVATAR[0], RAIL_AVATAR[1] + 22)


def launch(ctx: Context, name: str, clips: list[Path], data_dir: Path | None = None, read_aloud: bool = False) -> App:
    """The app on `clips` alone (no samples); `read_aloud`: its accessible tree readable over AT-SPI."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    env = {"LOOPFEED_SAMPLES_DIR": str(no_samples), **(A11Y_ENV if read_aloud else {})}
    app = App(ctx, [str(c) for c in clips], name=name, data_dir=data_dir, env=env)
    if read_aloud:
        a11y_bus_address(ctx)
    return app


def silent_clip(path: Path, seconds: int = 2, color: int = 0x2060C0) -> Path:
    """A portrait H.264 MP4 of one colour with no sound track at all."""
    run(["gst-launch-1.0", "-q", "-e", "videotestsrc", f"num-buffers={seconds * 30}", "pattern=solid-color",
         f"foreground-color={0xFF000000 | color}", "!", "video/x-raw,width=320,height=568,framerate=30/1,format=I420",
         "!", "x264enc", "speed-preset=ultrafast", "!", "h264parse", "!", "mp4mux", "!", "filesink", f"location={path}"],
        timeout=60)
    if not path.exists():
        raise CaseFailed(f"could not generate {path}")
    return path


def showing(tree: dict, name: str, size: tuple[int, int] = (450, 800)) -> list[dict]:
    """The nodes called `name` shown on the page on screen (GTK 4.8 under Xvfb never says "showing";
    the feed's other pages are laid out off the window)."""
    return [n for n in tree["nodes"] if n.get("name") == name and "visible" in n.get("states", []) and on_screen(n, *size)]


def labelled(tree: dict) -> list[tuple]:
    """What the tree names, for a failure's message."""
    return [(n.get("role"), n.get("name"), n.get("states")) for n in tree["nodes"] if n.get("name")]


def case_a_click_on_the_progress_bar_seeks_there(ctx: Context) -> None:
    """The pointer over the video shows the bar along its bottom; a click at four fifths of it moves
    the 10 s loop to about 8 s (the seek event, and MPRIS's Position)."""
    clip = make_clip(ctx.case_tmp / "ten-seconds.mp4", seconds=10, width=320, height=568, color=0x2060C0)
    app = launch(ctx, "seek-bar", [clip])
    _, page = wait_started(app)
    ctx.wait_mpris()
    ctx.pointer_into_window()
    time.sleep(0.3)
    ctx.screenshot("seek-bar-shown")
    since = app.cursor()
    click(ctx, int(450 * 0.8), BAR_Y)
    seek = app.wait("seek", 3, since, pred=lambda e: e.get("post_id") == page["post_id"], what="a seek from the bar")
    expect(abs(seek["to_ms"] - 8000) < 700 and seek["duration_ms"] == 10000, f"the click at 80% sought to {seek}")
    time.sleep(0.3)
    position = float(ctx.playerctl("position"))
    expect(7.5 <= position < 10.0, f"MPRIS says the loop is at {position:.2f} s after the seek to 8 s")
    time.sleep(0.6)
    expect(ctx.playerctl("status") == "Playing", "the click on the bar also paused the video")
    quit_app(app)


def case_the_volume_slider_is_remembered(ctx: Context) -> None:
    """The slider beside the sound button sets the volume (a quarter of it here); the next launch
    starts at that volume (the preferences and MPRIS's Volume)."""
    clip = ctx.fixtures.solid_clips()[0]
    app = launch(ctx, "volume", [clip])
    wait_started(app)
    ctx.wait_mpris()
    ctx.pointer_into_window()
    time.sleep(0.3)
    left, right, y = VOLUME_SLIDER
    since = app.cursor()
    click(ctx, left + (right - left) // 4, y)
    volume = app.wait("volume", 3, since, what="the volume from the slider")
    shot = ctx.screenshot("volume-slider")
    expect(0.1 <= volume["level"] <= 0.4 and not volume["muted"], f"a click at a quarter of the slider set {volume}, see {shot}")
    quit_app(app)
    kept = float(read_preferences(app).get("volume", "1"))
    expect(abs(kept - volume["level"]) < 0.01, f"the preferences keep the volume {kept}, not {volume['level']}")

    again = launch(ctx, "volume-again", [clip], data_dir=app.data_dir)
    wait_started(again)
    ctx.wait_mpris()
    said = float(ctx.playerctl("volume"))
    expect(abs(said - volume["level"]) < 0.01, f"the next launch's volume is {said}, not {volume['level']}")
    quit_app(again)


def case_the_plus_on_a_creators_avatar_follows_them(ctx: Context) -> None:
    """A creator the user does not follow has a red + across their avatar's lower edge; pressing it
    follows them (the library's follows) and the + goes."""
    if not ctx.samples_exist():
        raise CaseFailed("the bundled samples are missing (tools/make-samples.sh)")
    app, catalog = launch_samples(ctx, "follow-badge")
    _, page = wait_started(app)
    _, page = post_by_someone_else(ctx, app, catalog, page)
    ctx.wait_mpris()
    time.sleep(0.8)
    x, y = FOLLOW_BADGE
    red = count(grab_colors(ctx, x - 6, y - 4, 12, 8), is_red)
    expect(red > 30, f"no red + on the creator's avatar ({red} red pixels), see {ctx.screenshot('follow-badge')}")
    since = app.cursor()
    click(ctx, x, y)
    followed = app.wait("follow", 3, since, what="a follow from the +")
    expect(followed["following"] and followed["handle"] == page["author"], f"the + gave {followed} on {page}")
    rows = db_rows(app, "SELECT count(*) FROM follows f JOIN authors a ON a.id = f.author_id WHERE a.handle = ?",
                   (page["author"],))
    expect(rows == [(1,)], f"the library does not follow {page['author']}: {rows}")
    time.sleep(1.0)
    status = ctx.playerctl("status")
    expect(status == "Playing", f"the press on the + also paused the video ({status})")
    left = count(grab_colors(ctx, x - 6, y - 4, 12, 8), is_red)
    expect(left < 5, f"the + stayed after following ({left} red pixels), see {ctx.screenshot('follow-badge-after')}")
    quit_app(app)


def case_fullscreen_shows_the_video_alone(ctx: Context) -> None:
    """#5: F, with a window manager: the rail, the caption and the music line go (screen readers
    see them hidden too); F again brings them back."""
    if not shutil.which("openbox"):
        raise CaseFailed("openbox is not installed (tools/deps.sh installs it for the tests)")
    wm = subprocess.Popen(["openbox"], env=ctx.session.env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        app = launch(ctx, "fullscreen-alone", ctx.fixtures.solid_clips(), read_aloud=True)
        wait_started(app)
        wid = main_window(ctx)
        ctx.xdotool("windowactivate", "--sync", wid)
        before = probe_tree(ctx, app, ["Home"])
        expect(showing(before, "Like, 0 likes") and showing(before, "Author @local"),
               f"the rail or the author is not on the page before fullscreen: {labelled(before)}")
        ctx.key("f")
        deadline = time.monotonic() + 5
        while ctx.window_geometry(wid)[2:] != (1280, 1024) and time.monotonic() < deadline:
            time.sleep(0.2)
        expect(ctx.window_geometry(wid)[2:] == (1280, 1024), f"F did not make the window fullscreen: {ctx.window_geometry(wid)}")
        time.sleep(0.8)
        shot = ctx.screenshot("fullscreen-alone")
        during = probe_tree(ctx, app, ["Home"])
        left = [name for name in ("Like, 0 likes", "Author @local", "Share, 0 shares", "Music: Original sound")
                if showing(during, name, (1280, 1024))]
        expect(not left, f"fullscreen still shows {left}, see {shot}")
        ctx.key("f")
        time.sleep(1.0)
        after = probe_tree(ctx, app, ["Home"])
        expect(showing(after, "Like, 0 likes"), f"the rail did not come back, see {ctx.screenshot('fullscreen-back')}")
        quit_app(app)
    finally:
        end_popen(wm)


def case_a_video_without_sound_has_no_music_line(ctx: Context) -> None:
    """#12: a video with no sound track credits no sound (no "Original sound" line); the next one,
    with sound, has its line."""
    silent = silent_clip(ctx.case_tmp / "silent.mp4")
    app = launch(ctx, "silent", [silent, ctx.fixtures.solid_clips()[1]], read_aloud=True)
    wait_started(app)
    time.sleep(0.8)
    tree = probe_tree(ctx, app, ["Home"])
    music = showing(tree, "Original sound") + showing(tree, "Music: Original sound")
    expect(not music, f"the silent video has a music line: {music}, see {ctx.screenshot('silent-music')}")
    since = app.cursor()
    ctx.pointer_into_window()
    ctx.key("Down")
    app.wait("first_frame", 10, since, pred=lambda e: e.get("index") == 1, what="the next post's first frame")
    time.sleep(0.8)
    after = probe_tree(ctx, app, ["Home"])
    expect(showing(after, "Original sound") or showing(after, "Music: Original sound"),
           f"the video with sound has no music line: {labelled(after)}, see {ctx.screenshot('sound-music')}")
    quit_app(app)


PLAYER_CONTROL_CASES = [
    ("a_click_on_the_progress_bar_seeks_there", case_a_click_on_the_progress_bar_seeks_there),
    ("the_volume_slider_is_remembered", case_the_volume_slider_is_remembered),
    ("the_plus_on_a_creators_avatar_follows_them", case_the_plus_on_a_creators_avatar_follows_them),
    ("fullscreen_shows_the_video_alone", case_fullscreen_shows_the_video_alone),
    ("a_video_without_sound_has_no_music_line", case_a_video_without_sound_has_no_music_line),
]

"""End-to-end cases: hold to record, edit and post."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Callable

from app import App, quit_app
from app_data import db_post, read_preferences
from clips import audio_rms, discoverer_seconds
from context import Context
from feed import wait_started
from outcomes import CaseSkipped, debug, expect
from recorder import (ALBUM_BUTTON, ALLOW_COMMENTS_SWITCH, EDIT_SPEED_BUTTON, EDIT_TEXT_BUTTON, LIMIT_15S_CHIP,
                      SAVE_COPY_SWITCH, SOUND_CHIP, SOUND_ROW_RULE_30, TIMER_BUTTON, hold_r, open_create, record_app,
                      wait_create_page)
from samples import samples_dir
from screens import CREATE_TAB, HOME_TAB
from windows import choose_path
from x_input import click



def case_hold_r_records_and_posts(ctx: Context) -> None:
    """With --camera test: holding R ~2 s records a ~2 s segment with video and audio; a second
    hold of ~1 s appends one; Enter joins them, a caption and Ctrl+Enter post a ~3 s clip; after
    a restart it is the first post."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, ["--camera", "test"], name="record", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    app.wait("ready", 20)
    ctx.pointer_into_window()
    durations = []
    for hold in (2.0, 1.0):
        since = app.cursor()
        ctx.xdotool("keydown", "r")
        app.wait("record_started", 10, since, what="record_started after holding R")
        time.sleep(hold)
        ctx.xdotool("keyup", "r")
        finished = app.wait("record_finished", 10, since, what="record_finished after releasing R")
        durations.append(finished.get("duration", 0))
        if hold == 2.0:
            seconds, report = discoverer_seconds(finished.get("path", ""))
            expect("H.264" in report and "AAC" in report, f"segment lacks H.264 video or AAC audio:\n{report}")
            expect(abs(seconds - 2.0) < 0.6, f"gst-discoverer says {seconds:.2f} s for a 2 s hold")
        time.sleep(0.5)
    expect(abs(durations[0] - 2.0) < 0.5 and abs(durations[1] - 1.0) < 0.5, f"segment durations {durations}")
    ctx.key("Return")  # Next: join the segments into the editor
    time.sleep(0.2)
    # Typing right away starts the caption, whether the join is still running (what is typed
    # is kept) or the editor is up (the posting page opens with it): the issue's "Enter, a
    # caption, Ctrl+Enter", at a person's pace.
    ctx.xdotool("type", "--delay", "40", "first take #e2e")
    since = app.cursor()
    ctx.key("ctrl+Return")
    posted = app.wait("posted", 10, since, what="posted after Ctrl+Enter")
    # The new post is shown first; its first frame is timed from then, not from the launch.
    shown = app.wait("first_frame", 10, since, lambda e: e.get("post_id") == posted["post_id"],
                     "first_frame of the new post")
    expect(shown.get("latency_us", 0) < 5_000_000, f"first_frame latency after posting: {shown.get('latency_us')} us")
    caption = db_post(app, posted["post_id"]).get("caption")
    expect(caption == "first take #e2e", f"caption stored as {caption!r}")
    quit_app(app)
    videos = sorted((app.data_dir / "videos").glob("*.mp4"))
    expect(len(videos) == 1, f"expected one posted video in the data dir, found {videos}")
    seconds, report = discoverer_seconds(str(videos[0]))
    expect("H.264" in report and "AAC" in report, f"posted clip lacks video or audio:\n{report}")
    expect(abs(seconds - sum(durations)) < 0.8, f"posted clip is {seconds:.2f} s, segments add up to {sum(durations):.2f} s")
    again = App(ctx, ["--camera", "test"], name="record-again", data_dir=app.data_dir,
                env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    first = again.wait("page", 20, pred=lambda e: e.get("index") == 0, what="page index 0 after restart")
    expect(first.get("post_id") == posted.get("post_id"),
           f"first post after restart is {first.get('post_id')}, expected the posted {posted.get('post_id')}")
    quit_app(again)


def case_timer_records_hands_free(ctx: Context) -> None:
    """Timer 3 s: a tap of R counts down, records without holding, and the next tap stops."""
    app = record_app(ctx, "timer")
    open_create(ctx, app)
    click(ctx, *TIMER_BUTTON)  # off -> 3 s
    time.sleep(0.3)
    since = app.cursor()
    pressed = time.monotonic()
    ctx.key("r")
    started = app.wait("record_started", 8, since, what="record_started after the countdown")
    waited = time.monotonic() - pressed
    expect(waited >= 2.7, f"recording started {waited:.2f} s after the tap; the timer is 3 s")
    time.sleep(1.5)
    expect(not app.find("record_finished", since), "the hands-free segment ended without a second tap")
    ctx.key("r")
    finished = app.wait("record_finished", 8, since, what="record_finished after the second tap")
    expect(1.2 < finished.get("duration", 0) < 2.6, f"hands-free segment lasted {finished.get('duration')} s")
    expect(started["t_us"] < finished["t_us"], "events out of order")
    quit_app(app)


def case_edit_then_post_with_options(ctx: Context) -> None:
    """Record 2 s, 2x speed and text in the editor, comments off and a copy to ~/Videos on the
    posting page: the posted clip is rendered (about 1 s, with video and audio), the row keeps
    the choices and a cover, and the copy is in the videos folder."""
    home = ctx.case_tmp / "home"
    home.mkdir(exist_ok=True)
    app = record_app(ctx, "edit", {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")})
    finished = hold_r(ctx, app, 2.0)
    since = app.cursor()
    ctx.key("Return")  # join -> editor
    wait_create_page(app, "edit", since)
    time.sleep(0.3)
    click(ctx, *EDIT_SPEED_BUTTON)  # 1x -> 2x
    time.sleep(0.3)
    click(ctx, *EDIT_TEXT_BUTTON)
    time.sleep(0.5)
    ctx.xdotool("type", "--delay", "30", "<b>not bold</b> & fine")
    ctx.key("Return")  # closes the text field
    time.sleep(0.5)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("Return")  # Next -> posting page
    wait_create_page(app, "posting", since)
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "30", "sped up @pixel.garden #e2e")
    click(ctx, *ALLOW_COMMENTS_SWITCH)
    click(ctx, *SAVE_COPY_SWITCH)
    time.sleep(2.0)  # the cover frames
    since = app.cursor()
    ctx.key("ctrl+Return")
    rendered = app.wait("clip_rendered", 30, since, what="clip_rendered after Ctrl+Enter")
    posted = app.wait("posted", 10, since, what="posted after the render")
    row = db_post(app, posted["post_id"])
    expect(row.get("allow_comments") == 0, f"allow_comments stored as {row.get('allow_comments')}")
    expect(row.get("caption") == "sped up @pixel.garden #e2e", f"caption stored as {row.get('caption')!r}")
    expect(bool(row.get("cover_uri")), "no cover stored")
    cover = Path(row["cover_uri"].replace("file://", ""))
    expect(cover.exists() and cover.stat().st_size > 500, f"cover file {cover} missing")
    video = Path(row["video_uri"].replace("file://", ""))
    seconds, report = discoverer_seconds(str(video))
    expect("H.264" in report and "AAC" in report, f"rendered clip lacks video or audio:\n{report}")
    expect(abs(seconds - finished["duration"] / 2) < 0.4,
           f"2x of a {finished['duration']:.2f} s clip should be about {finished['duration'] / 2:.2f} s, is {seconds:.2f} s")
    copies = list((home / "Videos").glob("Loopfeed *.mp4"))
    expect(len(copies) == 1, f"expected one copy in {home / 'Videos'}, found {copies}")
    debug(f"render took {rendered.get('render_us', 0) / 1e6:.2f} s")
    quit_app(app)


def case_full_disk_keeps_the_clip(ctx: Context) -> None:
    """The data dir on a small tmpfs that is filled up before posting: Post says the disk is
    full, the clip stays on the posting page, and after space is freed Post works."""
    mount = ctx.case_tmp / "small-disk"
    mount.mkdir(exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12m", "tmpfs", str(mount)], capture_output=True, text=True)
    if r.returncode != 0:
        raise CaseSkipped(f"cannot mount a tmpfs here ({r.stderr.strip()})")
    try:
        app = record_app(ctx, "disk", data_dir=mount / "data")
        hold_r(ctx, app, 2.0)
        since = app.cursor()
        ctx.key("Return")
        wait_create_page(app, "edit", since)
        ctx.key("Return")
        wait_create_page(app, "posting", since)
        time.sleep(0.3)
        ctx.xdotool("type", "--delay", "30", "no room")
        filler = mount / "filler"
        subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
        since = app.cursor()
        ctx.key("ctrl+Return")
        err = app.wait("error", 10, since, lambda e: e.get("kind") == "posting", "a posting error on a full disk")
        expect("disk is full" in err.get("message", ""), f"the error says {err.get('message')!r}")
        expect(not app.find("posted", since), "posted on a full disk")
        expect(app.alive(), "the app exited on a full disk")
        clips = list((mount / "data" / "recordings").glob("clip-*/clip.mp4"))
        expect(len(clips) == 1, f"the recorded clip is gone: {clips}")
        filler.unlink()
        since = app.cursor()
        ctx.key("ctrl+Return")
        app.wait("posted", 10, since, what="posted after freeing space")
        quit_app(app)
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def case_album_video_is_posted(ctx: Context) -> None:
    """Album: a video file picked in the file chooser is edited and posted like a recording."""
    source = ctx.fixtures.clip("album-source", seconds=3, pattern="pinwheel", width=360, height=640)
    app = record_app(ctx, "album")
    open_create(ctx, app)
    click(ctx, *ALBUM_BUTTON)

    since = app.cursor()
    choose_path(ctx, "Choose a video to post", source)
    wait_create_page(app, "edit", since)  # the file probed, the editor open
    time.sleep(0.3)
    ctx.pointer_into_window()
    ctx.key("Return")  # editor -> posting
    wait_create_page(app, "posting", since)
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "30", "from my album")
    since = app.cursor()
    ctx.key("ctrl+Return")
    app.wait("clip_rendered", 30, since, what="clip_rendered for the album video")
    posted = app.wait("posted", 10, since, what="posted for the album video")
    row = db_post(app, posted["post_id"])
    seconds, report = discoverer_seconds(row["video_uri"].replace("file://", ""))
    expect("H.264" in report and abs(seconds - 3.0) < 0.4, f"posted album video is {seconds:.2f} s:\n{report}")
    expect(source.exists(), "the picked file was touched")
    quit_app(app)


def case_leaving_mid_hold_keeps_the_segment(ctx: Context) -> None:
    """Home clicked while R is held: the segment is finished and kept, and back on + it is
    joined and posted with the length that was recorded."""
    app = record_app(ctx, "leave")
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    app.wait("record_started", 10, since, what="record_started after holding R")
    time.sleep(1.5)
    click(ctx, *HOME_TAB)
    finished = app.wait("record_finished", 8, since, what="record_finished after leaving the tab")
    ctx.xdotool("keyup", "r")
    expect(1.0 < finished.get("duration", 0) < 2.5, f"segment lasted {finished.get('duration')} s")
    time.sleep(0.5)
    click(ctx, *CREATE_TAB)
    time.sleep(2.0)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("Return")  # join
    wait_create_page(app, "edit", since)
    ctx.key("Return")  # posting page
    wait_create_page(app, "posting", since)
    time.sleep(0.3)
    since = app.cursor()
    ctx.key("ctrl+Return")
    posted = app.wait("posted", 15, since, what="posted after coming back")
    row = db_post(app, posted["post_id"])
    seconds, report = discoverer_seconds(row["video_uri"].replace("file://", ""))
    expect(abs(seconds - finished["duration"]) < 0.6,
           f"posted {seconds:.2f} s for a {finished['duration']:.2f} s segment:\n{report}")
    quit_app(app)


def case_limit_stops_by_itself(ctx: Context) -> None:
    """The 15 s limit chip: a hold of R longer than that stops by itself at 15 s, and the
    limit is remembered."""
    app = record_app(ctx, "limit")
    open_create(ctx, app)
    click(ctx, *LIMIT_15S_CHIP)
    time.sleep(0.3)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    app.wait("record_started", 10, since, what="record_started after holding R")
    finished = app.wait("record_finished", 22, since, what="record_finished at the limit, R still held")
    ctx.xdotool("keyup", "r")
    expect(14.5 < finished.get("duration", 0) < 15.6, f"stopped after {finished.get('duration')} s, the limit is 15 s")
    quit_app(app)
    limit = read_preferences(app).get("max-recording-seconds")
    expect(limit == 15, f"max-recording-seconds saved as {limit}")


def case_killed_mid_recording_is_recovered(ctx: Context) -> None:
    """kill -9 while R is held: at the next start the clip is kept, opening + offers it, and it
    posts with what was recorded before the kill."""
    app = record_app(ctx, "crash")
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    app.wait("record_started", 10, since, what="record_started after holding R")
    # 5 s: the file holds what the encoder had written by the last moov update, and a machine
    # that encodes 720p slower than real time is seconds behind the camera.
    time.sleep(5.0)
    app.proc.kill()
    app.proc.wait(5)
    ctx.xdotool("keyup", "r")
    segments = list((app.data_dir / "recordings").glob("clip-*/seg-*.mp4"))
    expect(len(segments) == 1, f"expected the killed segment on disk, found {segments}")
    again = record_app(ctx, "crash-again", data_dir=app.data_dir)
    since = again.cursor()
    click(ctx, *CREATE_TAB)
    wait_create_page(again, "edit", since)  # the leftover is joined into the editor
    time.sleep(0.3)
    ctx.pointer_into_window()
    ctx.xdotool("type", "--delay", "40", "saved from a crash")
    since = again.cursor()
    ctx.key("ctrl+Return")
    posted = again.wait("posted", 15, since, what="posted from the recovered clip")
    row = db_post(again, posted["post_id"])
    seconds, report = discoverer_seconds(row["video_uri"].replace("file://", ""))
    expect("H.264" in report and seconds > 1.5, f"the recovered clip is {seconds:.2f} s:\n{report}")
    expect(row.get("caption") == "saved from a crash", f"caption stored as {row.get('caption')!r}")
    quit_app(again)


def case_sound_is_mixed_into_the_post(ctx: Context) -> None:
    """A bundled sound chosen before recording plays while recording and is mixed into the
    posted clip: the post names it, the clip is rendered, and its sound is far louder than the
    test tone's ticks alone."""
    if samples_dir(ctx) is None:
        raise CaseSkipped("no bundled samples (and so no bundled sounds)")
    app = App(ctx, ["--camera", "test"], name="sound")
    app.wait("ready", 20)
    ctx.pointer_into_window()
    open_create(ctx, app)
    click(ctx, *SOUND_CHIP)
    time.sleep(0.8)
    click(ctx, *SOUND_ROW_RULE_30)
    time.sleep(0.5)
    ctx.pointer_into_window()
    finished = hold_r(ctx, app, 2.0)
    segment_copy = ctx.case_tmp / "segment.mp4"
    shutil.copy(finished["path"], segment_copy)
    since = app.cursor()
    ctx.key("Return")  # join -> editor
    wait_create_page(app, "edit", since)
    ctx.key("Return")  # posting page
    wait_create_page(app, "posting", since)
    time.sleep(0.3)
    since = app.cursor()
    ctx.key("ctrl+Return")
    app.wait("clip_rendered", 30, since, what="clip_rendered: a sound means a render")
    posted = app.wait("posted", 10, since, what="posted with the sound")
    row = db_post(app, posted["post_id"])
    expect(row.get("music") == "Rule 30 — Pixel Garden", f"music stored as {row.get('music')!r}")
    posted_rms = audio_rms(Path(row["video_uri"].replace("file://", "")))
    segment_rms = audio_rms(segment_copy)
    debug(f"audio RMS: recorded {segment_rms:.4f}, posted {posted_rms:.4f}")
    expect(posted_rms > 2 * segment_rms and posted_rms > 0.02,
           f"the posted sound (RMS {posted_rms:.4f}) is not louder than the recording alone ({segment_rms:.4f})")
    quit_app(app)

def case_no_camera_records_nothing(ctx: Context) -> None:
    """A camera that isn't there: holding R says so, records nothing, and the app keeps running."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, ["--camera", "/dev/video-none"] + [str(c) for c in ctx.fixtures.feed_clips()[:2]], name="nocam",
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    wait_started(app)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    time.sleep(1.0)
    ctx.xdotool("keyup", "r")
    app.wait("error", 5, since, lambda e: e.get("kind") == "camera", "an error event of kind camera")
    time.sleep(0.5)
    expect(not app.find("record_started", since), "record_started without a camera")
    expect(app.alive(), "the app exited after R without a camera")
    quit_app(app)


RECORDER_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("hold_r_records_and_posts", case_hold_r_records_and_posts),
    ("no_camera_records_nothing", case_no_camera_records_nothing),
    ("timer_records_hands_free", case_timer_records_hands_free),
    ("edit_then_post_with_options", case_edit_then_post_with_options),
    ("full_disk_keeps_the_clip", case_full_disk_keeps_the_clip),
    ("album_video_is_posted", case_album_video_is_posted),
    ("leaving_mid_hold_keeps_the_segment", case_leaving_mid_hold_keeps_the_segment),
    ("limit_stops_by_itself", case_limit_stops_by_itself),
    ("killed_mid_recording_is_recovered", case_killed_mid_recording_is_recovered),
    ("sound_is_mixed_into_the_post", case_sound_is_mixed_into_the_post),
]

"""End-to-end cases for bad input (issue 13): hostile text and paths never freeze, scramble or
vanish from the window."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

from app import App, quit_app
from app_data import db_comments
from context import Context
from feed import launch_clips, wait_started
from outcomes import expect
from screens import open_comments
from screenshots import poll_shot, region_stats, window_shot


def hold_clipboard(ctx: Context, text: str) -> subprocess.Popen:
    """Owns the CLIPBOARD selection with `text` until terminated (what copying in another app does).
    In the foreground (-quiet): xclip's default forks a holder that outlives terminate(), and the
    next cases' Ctrl+V pasted an address an earlier case had copied."""
    holder = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-loops", "0"], env=ctx.session.env,
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    holder.stdin.write(text.encode())
    holder.stdin.close()
    time.sleep(0.3)
    return holder


SHEET_HEADER_LEFT = "110x24+20+218"  # the open sheet's header, left of "1 comment" (450x800 window)
COMPOSER_FIELD = "120x24+160+752"    # the composer's text field, right of its placeholder


def case_a_huge_paste_is_cut_to_the_comment_limit(ctx: Context) -> None:
    """100,000 pasted characters once froze the window for about 20 s and pushed the comments sheet
    away with the focus left in it. Now what goes over 2,000 characters is cut off as it arrives."""
    app, _ = launch_clips(ctx, "huge-paste", count=2)
    _, page0 = wait_started(app)
    post_id = page0.get("post_id")
    open_comments(ctx, "huge_paste")
    pasted = ("0123456789 abcdefghij " * 5000)[:100_000]
    clipboard = hold_clipboard(ctx, pasted)
    try:
        since = app.cursor()
        started = time.monotonic()
        ctx.key("ctrl+v")
        notice = app.wait("notice", 5, since, lambda e: "2,000" in str(e.get("message", "")) or
                          "2000" in str(e.get("message", "")), "a notice that the paste was cut to 2,000 characters")
        expect("98,000" in notice["message"] or "98000" in notice["message"],
               f"the notice does not say how much was left out: {notice}")
        # The window answers at once: Enter posts the comment.
        ctx.key("Return")
        added = app.wait("comment_added", 5, since, lambda e: e.get("post_id") == post_id,
                         "comment_added after the paste + Enter")
        answered_s = time.monotonic() - started
        expect(answered_s < 5, f"paste + Enter took {answered_s:.1f} s")
    finally:
        clipboard.terminate()
    # The sheet is still up, with its text field in the window. Its body is full of the posted
    # text now, so the sheet is known by its header (left of its title: the sheet's plain grey)
    # and by the composer's field at the bottom (lighter than the sheet, with its placeholder).
    def sheet_still_up(shot: Path) -> bool:
        header_mean, header_sd = region_stats(shot, SHEET_HEADER_LEFT)
        field_mean, _ = region_stats(shot, COMPOSER_FIELD)
        return 0.04 < header_mean < 0.18 and header_sd < 0.03 and field_mean > header_mean + 0.02
    poll_shot(ctx, "huge_paste-sheet-still-open", sheet_still_up, 5, "the comments sheet after the paste")
    window_shot(ctx, "huge_paste-after")
    expect(app.alive(), "app exited")
    quit_app(app)
    rows = [r for r in db_comments(app) if r[0] == added.get("comment_id")]
    expect(len(rows) == 1, f"comment {added.get('comment_id')} not stored: {db_comments(app)}")
    expect(rows[0][2] == pasted[:2000].strip(), f"stored {len(rows[0][2])} characters, expected the first 2,000")


def case_skipped_paths_are_said_in_the_window_on_one_line(ctx: Context) -> None:
    """A path that can't be opened was only on stderr, and a name with a line break split the
    message in two (a crafted name could fake a line of its own)."""
    good = ctx.fixtures.clip("feed-a", seconds=2, pattern="smpte")
    missing = ctx.case_tmp / "gone\nloopfeed: all is fine.mp4"
    app = App(ctx, [str(missing), str(good)], name="skipped-path")
    app.wait("first_frame", 20, pred=lambda e: e.get("index") == 0, what="first_frame index 0")
    notice = app.wait("notice", 5, pred=lambda e: "gone" in e.get("message", ""),
                      what="a notice in the window about the skipped path")
    escaped = str(missing).replace("\n", "\\n")
    expect(escaped in notice.get("message", ""), f"the notice does not name {escaped!r}: {notice}")
    window_shot(ctx, "skipped_path-toast")
    lines = app.stderr().splitlines()
    expect(not any(line.startswith("loopfeed: all is fine") for line in lines),
           f"the name's second line reached stderr as a line of its own:\n{app.stderr()}")
    expect(any(escaped in line for line in lines), f"stderr does not name {escaped!r} on one line:\n{app.stderr()}")
    expect(app.alive(), "app exited")


def case_a_stopped_process_does_not_mark_a_good_video_broken(ctx: Context) -> None:
    """After the process stood still for 5 s (SIGSTOP, SIGCONT) a good clip once got "This video
    is incomplete" for the rest of the session: the frames late by then were dropped, and the
    pass that stopped short was taken for a truncated file."""
    clip = ctx.fixtures.clip("feed-a", seconds=2, pattern="smpte")
    app = App(ctx, [str(clip)], name="stopped")
    ff = app.wait("first_frame", 20, pred=lambda e: e.get("index") == 0, what="first_frame index 0")
    post_id = ff.get("post_id")
    app.wait("loop", 10, pred=lambda e: e.get("post_id") == post_id, what="a first loop")
    for round_ in range(2):
        app.proc.send_signal(signal.SIGSTOP)
        time.sleep(5)
        since = app.cursor()
        app.proc.send_signal(signal.SIGCONT)
        app.wait("loop", 15, since, lambda e: e.get("post_id") == post_id, f"a loop after stop {round_ + 1}",
                 count=3)
    errors = app.find("error", pred=lambda e: e.get("post_id") == post_id)
    expect(not errors, f"a good clip was marked broken after the process stood still: {errors}")
    expect(app.alive(), "app exited")


RELIABILITY_CASES = [
    ("a_stopped_process_does_not_mark_a_good_video_broken", case_a_stopped_process_does_not_mark_a_good_video_broken),
    ("a_huge_paste_is_cut_to_the_comment_limit", case_a_huge_paste_is_cut_to_the_comment_limit),
    ("skipped_paths_are_said_in_the_window_on_one_line", case_skipped_paths_are_said_in_the_window_on_one_line),
]

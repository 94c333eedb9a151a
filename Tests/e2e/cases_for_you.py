"""End-to-end cases for Home's For You and Following (issue 24): the switch at the top of Home by a
click and by T, Following only what the user follows and ending with "You’re all caught up",
`--feed following` starting there, Why this video? saying a reason, and Not interested taking the
post out of For You at once."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from app import App
from app_data import db_rows
from cases_accounts import open_preferences, tab_to
from context import Context
from feed import dismiss_welcome, launch_lived_in, launch_samples, wait_started
from outcomes import debug, expect
from samples import SELF_HANDLE
from screenshots import window_shot
from windows import resize
from x_input import click

# The switch at the top right of Home at 450x800 (clear of the sound control at the top left).
FOR_YOU_BUTTON = (300, 24)
FOLLOWING_BUTTON = (390, 24)


def home_feed(app: App, since: int, kind: str, what: str) -> dict:
    return app.wait("home_feed", 8, since=since, pred=lambda e: e.get("kind") == kind, what=what)


def first_page_after(app: App, since: int, what: str) -> dict:
    return app.wait("page", 10, since=since, pred=lambda e: e.get("index") == 0, what=what)


def case_the_home_switch_works_by_click_and_key(ctx: Context) -> None:
    """Home opens on For You; a click on Following shows only the user's own posts (the lived-in
    samples follow no one), T goes back to For You, and a click on For You after T again too."""
    app, _ = launch_lived_in(ctx, "home-switch")
    _, page0 = wait_started(app)
    home_feed(app, 0, "for-you", "Home on For You at launch")
    dismiss_welcome(ctx, app)
    window_shot(ctx, "for-you-home")
    since = app.cursor()
    click(ctx, *FOLLOWING_BUTTON)
    home_feed(app, since, "following", "Following after a click on it")
    page = first_page_after(app, since, "Following's first page")
    expect(page.get("author") == SELF_HANDLE, f"Following starts with someone else's post: {page}")
    time.sleep(0.5)
    window_shot(ctx, "following-home")
    since = app.cursor()
    ctx.key("t")
    home_feed(app, since, "for-you", "For You after T")
    back = first_page_after(app, since, "For You's first page again")
    expect(back.get("post_id") == page0.get("post_id"), f"For You did not start over: {back} after {page0}")
    since = app.cursor()
    ctx.key("t")
    home_feed(app, since, "following", "Following after T")
    since = app.cursor()
    click(ctx, *FOR_YOU_BUTTON)
    home_feed(app, since, "for-you", "For You after a click on it")


def case_following_ends_with_all_caught_up(ctx: Context) -> None:
    """`--feed following` opens Home on Following: the user's two posts, newest first, and a third
    press says "You’re all caught up" and stays on the last."""
    app, _ = launch_lived_in(ctx, "following-ends", extra=["--feed", "following"])
    _, page0 = wait_started(app)
    home_feed(app, 0, "following", "Home on Following with --feed following")
    expect(page0.get("author") == SELF_HANDLE, f"Following's first post is not the user's: {page0}")
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("Down")
    page1 = app.wait("page", 8, since=since, pred=lambda e: e.get("index") == 1, what="Following's second post")
    expect(page1.get("author") == SELF_HANDLE, f"Following's second post is not the user's: {page1}")
    since = app.cursor()
    ctx.key("Down")
    app.wait("notice", 8, since=since, pred=lambda e: e.get("message") == "You’re all caught up",
             what="You’re all caught up after the last post")
    time.sleep(0.3)
    window_shot(ctx, "following-caught-up")
    expect(not app.find("page", since), f"a page after the end of Following: {app.find('page', since)}")


def case_why_this_video_shows_a_reason(ctx: Context) -> None:
    """W over a For You post opens Why this video? with its reason in words."""
    app, _ = launch_samples(ctx, "why-video")
    _, page0 = wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("w")
    why = app.wait("why", 8, since=since, what="Why this video?")
    expect(why.get("post_id") == page0.get("post_id"), f"the reasons are not the post's on screen: {why}")
    expect(why.get("reasons") in ("New in your library", "New from a channel you follow"),
           f"not a reason in words: {why}")
    time.sleep(0.5)
    window_shot(ctx, "why-this-video")
    ctx.key("Escape")


def case_not_interested_takes_the_post_out(ctx: Context) -> None:
    """N on a For You post keeps a not_interested signal and the next post takes its place; the post is
    not shown again when For You starts over (T twice)."""
    app, _ = launch_samples(ctx, "not-interested")
    _, page0 = wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("n")
    app.wait("interest", 8, since=since, pred=lambda e: e.get("action") == "not_interested" and e.get("kept"),
             what="the not_interested signal kept")
    page = first_page_after(app, since, "the post after the one dismissed")
    expect(page.get("post_id") != page0.get("post_id"), f"the dismissed post is still on screen: {page}")
    time.sleep(0.4)
    window_shot(ctx, "not-interested-undo")
    for key in ("t", "t"):
        since = app.cursor()
        ctx.key(key)
        app.wait("home_feed", 8, since=since)
    again = first_page_after(app, since, "For You's first page again")
    expect(again.get("post_id") != page0.get("post_id"), f"For You shows the dismissed post again: {again}")


def case_home_looks_right_narrow_and_wide(ctx: Context) -> None:
    """Screenshots of Home with its switch at 360x640 and 1200x700 (looked at by a person)."""
    app, _ = launch_samples(ctx, "home-sizes")
    wait_started(app)
    dismiss_welcome(ctx, app)
    for width, height in ((360, 640), (1200, 700)):
        resize(ctx, width, height)
        # The pointer over the video shows the sound control and its slider at the top left.
        ctx.xdotool("mousemove", "60", "30")
        time.sleep(0.8)
        ctx.screenshot(f"home-switch-{width}x{height}")




THEMED_POSTS = 300   # a quarter of them #snow, a quarter #golf, the rest a tag each
LINGERED, SKIPPED = "snow", "golf"


def themed_samples(ctx: Context) -> tuple[Path, dict[str, str]]:
    """A samples folder of the case's own: 300 posts by 60 creators over the three feed clips (2 s
    each), each creator on one theme; returns (folder, each post's stored address → its theme)."""
    folder = ctx.case_tmp / "themed-samples"
    gen = folder / "gen"
    gen.mkdir(parents=True, exist_ok=True)
    clips = ctx.fixtures.feed_clips()
    authors = [{"handle": f"maker{k}", "name": f"Maker {k}", "bio": "", "followers": 10, "following": 1, "likes": 100}
               for k in range(60)]
    posts, themes = [], {}
    for i in range(THEMED_POSTS):
        link = gen / f"p{i}.mp4"
        if not link.exists():
            os.symlink(clips[i % len(clips)], link)
        theme = {0: LINGERED, 1: SKIPPED}.get(i % 4, f"clip{i}")
        created = datetime(2026, 12, 3, tzinfo=timezone.utc) - timedelta(minutes=i)
        posts.append({"file": f"gen/p{i}.mp4", "author": f"maker{i % 60}", "caption": f"take {i} #{theme}",
                      "music": "", "width": 320, "height": 568, "duration": 2.0, "likes": 50, "shares": 0,
                      "created": created.strftime("%Y-%m-%dT%H:%M:%SZ")})
        themes[f"bundle:gen/p{i}.mp4"] = theme
    (folder / "samples.json").write_text(json.dumps({"authors": authors, "posts": posts}), encoding="utf-8")
    return folder, themes


def case_for_you_learns_a_lingered_theme(ctx: Context) -> None:
    """The issue's scripted user: on For You (`--feed for-you`, ranked from the first post) they watch
    every #snow post to the end and skip every #golf one at once, for 40 swipes; in the next 30 posts
    #snow is at least twice as frequent as in the pool (a quarter), and Why this video? names it."""
    folder, themes = themed_samples(ctx)
    app = App(ctx, ["--feed", "for-you"], name="scripted-user", env={"LOOPFEED_SAMPLES_DIR": str(folder)})
    wait_started(app)
    ctx.pointer_into_window()
    page = app.find("page", pred=lambda e: e.get("index") == 0)[0]
    shown: list[str] = []
    why: dict | None = None
    for swipe in range(70):
        theme = themes.get(page.get("uri", ""), "?")
        shown.append(theme)
        if theme == LINGERED:
            app.wait("loop", 10, since=app.cursor() - 40, pred=lambda e: e.get("post_id") == page.get("post_id"),
                     what=f"a whole pass of #{LINGERED} post {page.get('post_id')}")
            if swipe >= 40 and why is None:
                since = app.cursor()
                ctx.key("w")
                why = app.wait("why", 5, since=since, what="Why this video?")
                ctx.key("Escape")
                time.sleep(0.2)
        since = app.cursor()
        ctx.key("Down")
        page = app.wait("page", 10, since=since, what=f"the page after swipe {swipe + 1}")
    later = shown[40:]
    share = later.count(LINGERED) / len(later)
    debug(f"themes shown: {' '.join(shown)}")
    expect(share >= 0.5, f"#{LINGERED} is {share:.0%} of the 30 posts after 40 swipes, not twice its quarter of the "
                         f"pool: {later}")
    expect(why is not None and f"#{LINGERED}" in why.get("reasons", ""),
           f"Why this video? does not name #{LINGERED}: {why}")
    kept = app.find("interest", pred=lambda e: e.get("action") == "watched" and e.get("kept"))
    expect(len(kept) >= 60, f"only {len(kept)} watch signals were kept in the library")


def case_your_interests_are_listed_and_erased(ctx: Context) -> None:
    """Two likes make interests; Preferences → Your interests lists the liked posts' hashtags, and Erase
    all leaves no signal in the library."""
    app, _ = launch_samples(ctx, "your-interests")
    _, page0 = wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    for swipe in range(2):
        since = app.cursor()
        ctx.key("l")
        app.wait("interest", 5, since=since, pred=lambda e: e.get("action") == "liked" and e.get("kept"),
                 what=f"like {swipe + 1} kept")
        since = app.cursor()
        ctx.key("Down")
        app.wait("page", 8, since=since)
    time.sleep(0.3)
    expect(db_rows(app, "SELECT count(*) FROM interest_signals")[0][0] >= 2, "the likes are not in the library")
    open_preferences(ctx, app)
    tab_to(ctx, app, "Learn from what I watch")
    time.sleep(0.5)
    ctx.screenshot("your-interests")
    labels = [e.get("name", "") for e in app.find("focus")]
    tab_to(ctx, app, "Erase all")
    forget = [n for n in (e.get("name", "") for e in app.find("focus")) if n.startswith("Forget #")]
    expect(forget, f"no hashtag among Your interests (focus went {labels})")
    ctx.key("space")
    deadline = time.monotonic() + 5
    while db_rows(app, "SELECT count(*) FROM interest_signals")[0][0] and time.monotonic() < deadline:
        time.sleep(0.1)
    expect(db_rows(app, "SELECT count(*) FROM interest_signals")[0][0] == 0, "signals are left after Erase all")
    time.sleep(0.3)
    ctx.screenshot("your-interests-erased")


FOR_YOU_CASES = [
    ("the_home_switch_works_by_click_and_key", case_the_home_switch_works_by_click_and_key),
    ("following_ends_with_all_caught_up", case_following_ends_with_all_caught_up),
    ("why_this_video_shows_a_reason", case_why_this_video_shows_a_reason),
    ("not_interested_takes_the_post_out", case_not_interested_takes_the_post_out),
    ("home_looks_right_narrow_and_wide", case_home_looks_right_narrow_and_wide),
    ("for_you_learns_a_lingered_theme", case_for_you_learns_a_lingered_theme),
    ("your_interests_are_listed_and_erased", case_your_interests_are_listed_and_erased),
]

"""End-to-end cases for Home's For You and Following (issue 24): the switch at the top of Home by a
click and by T, Following only what the user follows and ending with "You’re all caught up",
`--feed following` starting there, Why this video? saying a reason, and Not interested taking the
post out of For You at once; fresh candidates from the networks the user reads ranked into For You,
never into Following."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from app import App, quit_app
from app_data import db_rows
from cases_accounts import open_preferences, tab_to
from context import Context
from feed import dismiss_welcome, launch_lived_in, launch_samples, wait_started
from network_servers import FakeNetworks, start_networks
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
    samples follow no one), T goes back to For You, from its first page again (without the post
    just seen: For You shows nothing already watched), and a click on For You after T again too."""
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
    expect(back.get("post_id") != page0.get("post_id"), f"For You shows the post just seen again: {back}")
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
    expect(why.get("reasons", "").split(" | ")[0] in ("Popular among your videos", "New in your library",
                                                      "New from a channel you follow"),
           f"not a reason in words: {why}")
    time.sleep(0.5)
    window_shot(ctx, "why-this-video")
    ctx.key("Escape")


def case_not_interested_takes_the_post_out(ctx: Context) -> None:
    """N on a For You post keeps a not_interested signal and the next post slides in to take its place
    (shots of the slide); the post is not shown again when For You starts over (T twice)."""
    app, _ = launch_samples(ctx, "not-interested")
    _, page0 = wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    time.sleep(0.5)
    since = app.cursor()
    ctx.key("n")
    # The post slides away as on a page change (looked at by a person: the next post comes up from
    # below over these shots).
    for shot in range(4):
        window_shot(ctx, f"not-interested-slide-{shot}")
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


def first_posts(app: App, event: dict) -> list[str]:
    """The stored addresses of the posts a `home_feed` event starts with, in order."""
    ids = [int(i) for i in event.get("posts", "").split()]
    addresses = dict(db_rows(app, "SELECT id, video_uri FROM posts"))
    return [addresses.get(i, f"?{i}") for i in ids]


def case_erase_all_makes_for_you_a_new_users(ctx: Context) -> None:
    """Erasing is proven: a new user's For You (a fresh library of 300 themed posts) is read from its
    `home_feed` event; on a second library the user likes #snow posts until For You, started over,
    leads with #snow; Preferences → Your interests → Erase all leaves no row in the library's signals
    and For You starts over with exactly the new user's posts in the new user's order."""
    folder, themes = themed_samples(ctx)
    env = {"LOOPFEED_SAMPLES_DIR": str(folder)}
    fresh = App(ctx, [], name="erase-new-user", env=env)
    wait_started(fresh)
    new_user = first_posts(fresh, home_feed(fresh, 0, "for-you", "a new user's For You"))
    expect(len(new_user) >= 10, f"a new user's For You starts with {new_user}")
    quit_app(fresh)
    app = App(ctx, [], name="erase-all", env=env)
    _, page = wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    expect(first_posts(app, home_feed(app, 0, "for-you", "For You at launch")) == new_user,
           "two fresh libraries of the same posts start For You differently")
    liked = 0
    for swipe in range(16):
        if themes.get(page.get("uri", "")) == LINGERED:
            since = app.cursor()
            ctx.key("l")
            app.wait("interest", 5, since=since, pred=lambda e: e.get("action") == "liked" and e.get("kept"),
                     what=f"the like of #{LINGERED} post {page.get('post_id')}")
            liked += 1
        if liked == 4:
            break
        since = app.cursor()
        ctx.key("Down")
        page = app.wait("page", 10, since=since, what=f"the page after swipe {swipe + 1}")
    expect(liked == 4, f"only {liked} #{LINGERED} posts to like in 16 swipes")
    for key in ("t", "t"):
        since = app.cursor()
        ctx.key(key)
        started = app.wait("home_feed", 8, since=since, what="Home switched by T")
    taste = [themes.get(uri, "?") for uri in first_posts(app, started)]
    debug(f"For You after {liked} likes: {' '.join(taste)}")
    expect(started.get("kind") == "for-you" and taste[:10].count(LINGERED) >= 5,
           f"For You does not lead with #{LINGERED} after the likes: {taste}")
    expect(db_rows(app, "SELECT count(*) FROM interest_signals")[0][0] >= liked, "the likes are not in the library")
    open_preferences(ctx, app)
    tab_to(ctx, app, "Erase all")
    since = app.cursor()
    ctx.key("space")
    erased = home_feed(app, since, "for-you", "For You started over after Erase all")
    left = db_rows(app, "SELECT action, post_id FROM interest_signals")
    expect(left == [], f"signals are left in the library after Erase all: {left}")
    after = first_posts(app, erased)
    expect(after == new_user, f"For You after Erase all is not a new user's:\n{after}\nnot\n{new_user}")
    ctx.key("Escape")
    time.sleep(0.8)
    window_shot(ctx, "for-you-after-erase-all")
    time.sleep(0.5)
    left = db_rows(app, "SELECT action, post_id FROM interest_signals")
    expect(all(action == "watched" for action, _ in left) and len(left) <= 1,
           f"more than the post on screen's watching was kept after Erase all: {left}")


def launch_reading_networks(ctx: Context, name: str, networks: FakeNetworks, feed: str) -> App:
    """The app on two generated clips, reading the fake instances, Home on `feed`."""
    app = App(ctx, networks.app_args() + ["--feed", feed] + [str(c) for c in ctx.fixtures.feed_clips()[:2]], name=name)
    wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    return app


def network_pages(app: App, since: int, hosts: set[str]) -> list[dict]:
    return app.find("page", since, lambda e: e.get("remote_host") in hosts)


def case_for_you_ranks_candidates_from_the_networks(ctx: Context) -> None:
    """Two fake PeerTube instances read, `--feed for-you`: a few seconds after launch the instances are
    asked for their trending, hot and newest videos; within ~10 s paging down For You reaches one of
    them, and Why this video? says where it is popular (or new) or that it is something new."""
    networks = start_networks(peertube=2, loops=0, index=False)
    try:
        hosts = {site.split("://", 1)[1] for site in networks.peertube}
        app = launch_reading_networks(ctx, "for-you-candidates", networks, "for-you")
        expect(not app.find("explore_results", 0, lambda e: e.get("scope") == "for_you"),
               "the networks were asked for candidates before the first frame")
        app.wait("explore_results", 12, 0, lambda e: e.get("scope") == "for_you" and e.get("count", 0) > 0,
                 "candidates from the instances")
        deadline = time.monotonic() + 10
        found: list[dict] = []
        while not found and time.monotonic() < deadline:
            since = app.cursor()
            ctx.key("Down")
            time.sleep(0.6)
            found = network_pages(app, since, hosts)
        expect(found, f"no post from {sorted(hosts)} in For You within 10 s of paging: "
                      f"{[(e.get('index'), e.get('uri', '')[-40:]) for e in app.find('page')]}")
        page = found[0]
        site = next(s for s in networks.peertube if s.endswith(page["remote_host"]))
        listed = {v["uuid"] for v in networks.manifest(site)["videos"]}
        expect(page.get("remote_id") in listed, f"the post is not one of {site}'s videos: {page}")
        asked = [r for r in networks.requests(site) if r["path"] == "/api/v1/videos"]
        expect(any("trending" in r.get("query", "") for r in asked), f"{site} was not asked for its trending: {asked}")
        time.sleep(0.5)
        since = app.cursor()
        ctx.key("w")
        why = app.wait("why", 5, since=since, what="Why this video? on a candidate")
        reasons = why.get("reasons", "")
        expect(f"on {page['remote_host']}" in reasons or "Something new for you" in reasons,
               f"Why this video? does not say where the candidate came from: {why}")
        time.sleep(0.3)
        window_shot(ctx, "for-you-candidate-why")
        ctx.key("Escape")
        kinds = db_rows(app, "SELECT discovered FROM posts WHERE id = ?", (page["post_id"],))
        expect(kinds == [(1,)], f"the candidate is not kept as a discovered post: {kinds}")
    finally:
        networks.stop()


def case_following_never_shows_candidates(ctx: Context) -> None:
    """The same instances read with `--feed following`: once they were asked, Following is still only
    the user's own two posts, and it ends."""
    networks = start_networks(peertube=2, loops=0, index=False)
    try:
        hosts = {site.split("://", 1)[1] for site in networks.peertube}
        app = launch_reading_networks(ctx, "following-no-candidates", networks, "following")
        app.wait("explore_results", 12, 0, lambda e: e.get("scope") == "for_you" and e.get("count", 0) > 0,
                 "candidates from the instances")
        time.sleep(1.5)
        for _ in range(4):
            ctx.key("Down")
            time.sleep(0.5)
        expect(not network_pages(app, 0, hosts), f"Following showed a post from the networks: {network_pages(app, 0, hosts)}")
        expect(app.find("notice", 0, lambda e: e.get("message") == "You’re all caught up"),
               "Following did not end with You’re all caught up")
    finally:
        networks.stop()


FOR_YOU_CASES = [
    ("the_home_switch_works_by_click_and_key", case_the_home_switch_works_by_click_and_key),
    ("following_ends_with_all_caught_up", case_following_ends_with_all_caught_up),
    ("why_this_video_shows_a_reason", case_why_this_video_shows_a_reason),
    ("not_interested_takes_the_post_out", case_not_interested_takes_the_post_out),
    ("home_looks_right_narrow_and_wide", case_home_looks_right_narrow_and_wide),
    ("for_you_learns_a_lingered_theme", case_for_you_learns_a_lingered_theme),
    ("your_interests_are_listed_and_erased", case_your_interests_are_listed_and_erased),
    ("erase_all_makes_for_you_a_new_users", case_erase_all_makes_for_you_a_new_users),
    ("for_you_ranks_candidates_from_the_networks", case_for_you_ranks_candidates_from_the_networks),
    ("following_never_shows_candidates", case_following_never_shows_candidates),
]

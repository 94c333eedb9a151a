"""End-to-end cases for the first minutes of a new user (issue 21): a first launch that pretends
nothing, an Undo that is never lost, an opaque comments sheet, a file chooser whose Enter takes what
is selected, and links in comments."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from app import App, quit_app
from app_data import db_comments, db_rows
from clips import make_clip
from context import Context
from feed import launch_clips, launch_samples, wait_started
from outcomes import expect
from screen_colors import grab_colors
from screens import TAB_X, TAB_Y
from screenshots import window_shot
from windows import wait_named
from x_input import click, click_here, type_text

# The welcome card over Home's top (450x800): a stretch of its background right of its buttons,
# the colour of that background, and its close button.
WELCOME_CARD = (300, 122, 120, 30)
WELCOME_COLOR = (28, 28, 32)
WELCOME_CLOSE = (407, 38)
# The comments sheet at 450x800: the first comment's text and trash, the undo bar and its button,
# a stretch of sheet with nothing on it, and the comment field right of its placeholder.
FIRST_COMMENT_TEXT_Y = 286
FIRST_COMMENT_TRASH = (421, 273)
UNDO_BAR_TEXT = (200, 719)
UNDO_BUTTON = (390, 719)
EMPTY_SHEET = (40, 440, 370, 200)
COMPOSER_FIELD = (200, 764, 150, 10)
SHEET_COLOR = (0x18, 0x18, 0x1C)
# The file chooser (no window manager: at the screen's top-left): its list's first row.
CHOOSER_FIRST_FILE = (220, 82)
FIELD_COLOR = (0x2C, 0x2C, 0x31)


def share_of(colors: list[tuple[int, int, int]], want: tuple[int, int, int], tolerance: int) -> float:
    return sum(1 for c in colors if max(abs(a - b) for a, b in zip(c, want)) <= tolerance) / max(1, len(colors))


def case_a_first_launch_pretends_nothing(ctx: Context) -> None:
    """A new user's library: the samples are their creators' posts (none is the user's), each post's
    comment count is the comments under it, the Inbox and the user's profile are empty, and a welcome
    card on Home says what the videos are and how to get more; it goes when closed and does not come
    back at the next launch."""
    data = ctx.case_tmp / "data"
    app, catalog = launch_samples(ctx, "first-launch", data_dir=data)
    _, page = wait_started(app)
    app.wait("notice", 5, pred=lambda e: e.get("message") == "Welcome to Loopfeed", what="the welcome")
    ctx.pointer_into_window()
    card = share_of(grab_colors(ctx, *WELCOME_CARD), WELCOME_COLOR, 12)
    window_shot(ctx, "first-launch-welcome")
    expect(card > 0.9, f"no welcome card over Home ({card:.2f} of where it would be is its colour)")

    expect(page.get("author") != "you", f"the first post is the user's: {page}")
    wanted = {"bundle:" + p["file"]: len(p.get("comments_sample", [])) for p in catalog["posts"]}
    for index in range(4):
        if index:
            page = _next_page(ctx, app, index)
        expect(page.get("comment_count") == wanted.get(page.get("uri")),
               f"post {index} says {page.get('comment_count')} comments over {wanted.get(page.get('uri'))} there are")

    mine = db_rows(app, "SELECT COUNT(*) FROM posts p JOIN authors a ON a.id = p.author_id WHERE a.is_self = 1")
    activity = db_rows(app, "SELECT COUNT(*) FROM activity")
    you = db_rows(app, "SELECT followers, following, likes FROM authors WHERE is_self = 1")
    expect(mine == [(0,)], f"the library holds {mine} posts of the user's")
    expect(activity == [(0,)], f"the Inbox holds {activity} items")
    expect(you == [(0, 0, 0)], f"the user's profile counts (followers, following, likes) are {you}")

    click(ctx, *WELCOME_CLOSE)
    time.sleep(0.5)
    gone = share_of(grab_colors(ctx, *WELCOME_CARD), WELCOME_COLOR, 12)
    window_shot(ctx, "first-launch-closed")
    expect(gone < 0.5, f"the welcome card stayed after Close ({gone:.2f} of it still there)")
    quit_app(app)

    again, _ = launch_samples(ctx, "second-launch", data_dir=data)
    wait_started(again)
    time.sleep(1.0)
    expect(not again.find("notice", pred=lambda e: e.get("message") == "Welcome to Loopfeed"),
           "the welcome came back at the second launch")
    expect(again.alive(), "app exited")


def _next_page(ctx: Context, app: App, index: int) -> dict:
    since = app.cursor()
    ctx.key("Down")
    page = app.wait("page", 5, since, lambda e: e.get("index") == index, f"page {index}")
    # Until the slide is over: a click on the welcome card while the feed still slides under it
    # was lost now and then (the card kept the focus ring, not the press).
    app.wait("page_shown", 5, since, lambda e: e.get("index") == index, f"page {index} on screen")
    return page


def open_comments_and_post(ctx: Context, app: App, text: str) -> int:
    """C, the text, Enter: returns the new comment's id."""
    ctx.pointer_into_window()
    ctx.key("c")
    time.sleep(0.8)
    since = app.cursor()
    type_text(ctx, text)
    ctx.key("Return")
    added = app.wait("comment_added", 5, since, what="the comment posted")
    time.sleep(0.4)
    return added["comment_id"]


def case_an_undo_is_never_lost(ctx: Context) -> None:
    """Deleting a comment offers Undo, which waits while the pointer rests on it: an Undo clicked
    after 7 s with the pointer on it brings the comment back (the undo went after 5 s whatever
    the pointer did). Left alone, it goes 5 s after it showed and the comment with it, and the
    keyboard focus is in the comment field, not on a control behind the sheet."""
    app, _ = launch_clips(ctx, "undo")
    wait_started(app)
    comment = open_comments_and_post(ctx, app, "keep me")
    since = app.cursor()
    click(ctx, *FIRST_COMMENT_TRASH)
    app.wait("comment_deleted", 3, since, lambda e: e.get("comment_id") == comment, "the deletion")
    ctx.xdotool("mousemove", *map(str, UNDO_BAR_TEXT))
    time.sleep(7.0)
    window_shot(ctx, "undo-held")
    click(ctx, *UNDO_BUTTON)
    app.wait("comment_added", 3, since, lambda e: e.get("comment_id") == comment,
             "the comment back after Undo, the pointer having rested on it for 7 s")
    expect([c for c in db_comments(app) if c[0] == comment], "the undone comment is not in the library")

    time.sleep(0.5)
    since = app.cursor()
    click(ctx, *FIRST_COMMENT_TRASH)
    app.wait("comment_deleted", 3, since, lambda e: e.get("comment_id") == comment, "the second deletion")
    ctx.xdotool("mousemove", "200", "400")
    time.sleep(6.5)
    expect(not app.find("comment_added", since), "the comment came back by itself")
    expect(not [c for c in db_comments(app) if c[0] == comment], "the deleted comment is still in the library")
    focus = app.find("focus", since)
    expect(focus and focus[-1].get("widget") == "GtkTextView",
           f"after the deletion the focus is on {focus[-1] if focus else None}, not the comment field")
    expect(app.alive(), "app exited")


def case_the_comments_sheet_is_opaque(ctx: Context) -> None:
    """Over a white video, the open sheet and its comment field are their own colours: nothing of
    the video, the caption or the rail shows through them."""
    white = ctx.fixtures.clip("white", seconds=2, color=0xFFFFFF, width=320, height=568)
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(white)], name="opaque", env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    wait_started(app)
    ctx.pointer_into_window()
    ctx.key("c")
    time.sleep(1.0)
    window_shot(ctx, "opaque-sheet")

    def off(colors: list[tuple[int, int, int]], want: tuple[int, int, int]) -> int:
        return sum(1 for c in colors if max(abs(a - b) for a, b in zip(c, want)) > 2)

    sheet = grab_colors(ctx, *EMPTY_SHEET)
    field = grab_colors(ctx, *COMPOSER_FIELD)
    expect(off(sheet, SHEET_COLOR) == 0, f"{off(sheet, SHEET_COLOR)} of {len(sheet)} sheet pixels are not the sheet's "
                                         f"colour: the white video shows through (e.g. {sheet[len(sheet) // 2]})")
    expect(off(field, FIELD_COLOR) == 0, f"{off(field, FIELD_COLOR)} of {len(field)} pixels of the comment field are "
                                         f"not its colour (e.g. {field[len(field) // 2]})")
    expect(app.alive(), "app exited")


def case_the_file_chooser_takes_every_selected_file(ctx: Context) -> None:
    """Ctrl+O opens in ~/Videos (not Recent): Ctrl+A and Enter add every video there (Enter added
    one). Then Ctrl+O, Ctrl+L, a folder's path and Enter open that folder, and a file clicked, Ctrl+A
    and Enter add its videos too."""
    own = Path(tempfile.mkdtemp(prefix="chooser-", dir=ctx.case_tmp))
    home = own / "home"
    videos = home / "Videos"
    videos.mkdir(parents=True)
    other = own / "more videos"
    other.mkdir()
    for index, color in enumerate((0x804020, 0x208040, 0x402080)):
        make_clip(videos / f"mine-{index}.mp4", seconds=1, color=color, width=320, height=568)
    for index, color in enumerate((0x606020, 0x206060)):
        make_clip(other / f"more-{index}.mp4", seconds=1, color=color, width=320, height=568)
    no_samples = own / "no-samples"
    no_samples.mkdir()
    app = App(ctx, [str(ctx.fixtures.solid_clips()[0])], name="chooser",
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples), "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")})
    # Now and then (2 runs in 7 of this build; none in 6 under gdb) GTK 4.8 warns of two GtkButtons snapshotted before
    # they were allocated while its file chooser changes folder; not yet traced to a widget of
    # ours or GTK's own. Every other case still fails on it.
    app.tolerated_stderr = ("Trying to snapshot GtkButton",)
    wait_started(app)
    ctx.pointer_into_window()

    since = app.cursor()
    ctx.key("ctrl+o")
    wait_named(ctx, "Add videos", True)
    time.sleep(1.0)
    ctx.key("ctrl+a")
    time.sleep(0.3)
    window_shot(ctx, "chooser-videos")
    ctx.key("Return")
    done = app.wait("import_finished", 15, since, what="the import of ~/Videos")
    expect(done.get("added") == 3, f"Ctrl+A, Enter in ~/Videos added {done.get('added')} of its 3 videos")
    wait_named(ctx, "Add videos", False)

    since = app.cursor()
    ctx.pointer_into_window()
    ctx.key("ctrl+o")
    wait_named(ctx, "Add videos", True)
    time.sleep(1.0)
    ctx.key("ctrl+l")
    time.sleep(0.3)
    type_text(ctx, str(other) + "/")
    time.sleep(0.6)
    ctx.key("Return")
    time.sleep(1.0)
    expect(not app.find("import_finished", since), "Enter on a typed folder's path took the folder as the choice")
    click(ctx, *CHOOSER_FIRST_FILE)
    time.sleep(0.3)
    ctx.key("ctrl+a")
    time.sleep(0.3)
    window_shot(ctx, "chooser-typed-folder")
    ctx.key("Return")
    done = app.wait("import_finished", 15, since, what="the import of the typed folder's videos")
    expect(done.get("added") == 2, f"the typed folder's 2 videos: {done.get('added')} added")
    expect(app.alive(), "app exited")


def case_a_hashtag_in_a_comment_is_a_link(ctx: Context) -> None:
    """A #hashtag in a comment is a link, as in captions: clicking it searches it in Discover."""
    app, _ = launch_clips(ctx, "comment-link")
    wait_started(app)
    open_comments_and_post(ctx, app, "#snowfall is lovely")
    since = app.cursor()
    click(ctx, 90, FIRST_COMMENT_TEXT_Y)
    search = app.wait("search", 4, since, what="a search after clicking the comment's #hashtag")
    expect(search.get("query") == "#snowfall", f"the comment's hashtag searched {search.get('query')!r}")
    window_shot(ctx, "comment-link-search")
    click(ctx, TAB_X["home"], TAB_Y)
    expect(app.alive(), "app exited")


def case_the_welcome_closes_while_the_feed_slides(ctx: Context) -> None:
    """Close on the welcome card clicked while the feed slides to the next video under it puts the
    card away, every time."""
    lost = 0
    for round_ in range(6):
        app, _ = launch_samples(ctx, f"slide-close-{round_}", data_dir=ctx.case_tmp / f"data{round_}")
        wait_started(app)
        app.wait("notice", 5, pred=lambda e: e.get("message") == "Welcome to Loopfeed", what="the welcome")
        ctx.pointer_into_window()
        time.sleep(0.3)
        since = app.cursor()
        ctx.xdotool("mousemove", *map(str, WELCOME_CLOSE))
        time.sleep(0.1)
        ctx.key("Down")
        click_here(ctx)
        app.wait("page_shown", 5, since, lambda e: e.get("index") == 1, "page 1 on screen")
        time.sleep(0.4)
        left = share_of(grab_colors(ctx, *WELCOME_CARD), WELCOME_COLOR, 12)
        if left > 0.5:
            lost += 1
            window_shot(ctx, f"slide-close-{round_}")
        quit_app(app)
    expect(lost == 0, f"Close clicked during the slide was lost {lost} times in 6")


FIRST_MINUTES_CASES = [
    ("a_first_launch_pretends_nothing", case_a_first_launch_pretends_nothing),
    ("the_welcome_closes_while_the_feed_slides", case_the_welcome_closes_while_the_feed_slides),
    ("an_undo_is_never_lost", case_an_undo_is_never_lost),
    ("the_comments_sheet_is_opaque", case_the_comments_sheet_is_opaque),
    ("the_file_chooser_takes_every_selected_file", case_the_file_chooser_takes_every_selected_file),
    ("a_hashtag_in_a_comment_is_a_link", case_a_hashtag_in_a_comment_is_a_link),
]


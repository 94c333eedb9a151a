"""End-to-end cases for what is drawn over the video (issue 21 #7, #14, #15): the focused caption
link's ring is around that link (white with a dark edge), the band behind the caption fades in with
no edge on a bright video, and the music line's scroller takes no focus."""

from __future__ import annotations

import time
from typing import Callable

from app import App, quit_app
from cases_access import A11Y_ENV, a11y_bus_address, probe_tree
from cases_player_controls import launch, silent_clip
from context import Context
from feed import dismiss_welcome, launch_samples, wait_started
from outcomes import expect
from samples import samples_dir
from screen_colors import grab_colors

WIDTH = 450


def luminance(pixel: tuple[int, int, int]) -> float:
    r, g, b = pixel
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def case_the_band_behind_the_caption_has_no_edge(ctx: Context) -> None:
    """On a white video the band that keeps the caption readable darkens the picture row by row
    from nothing, never with a step (#14: it was a hard-edged band on bright videos)."""
    clip = silent_clip(ctx.case_tmp / "white.mp4", color=0xFFFFFF)
    app = launch(ctx, "band", [clip])
    wait_started(app)
    time.sleep(1.0)
    ctx.xdotool("mousemove", "440", "5")  # the controls stay hidden; nothing over the column read
    time.sleep(3.0)
    top, bottom = 300, 712
    column = grab_colors(ctx, 4, top, 1, bottom - top)
    values = [luminance(p) for p in column]
    steps = [abs(b - a) for a, b in zip(values, values[1:])]
    shot = ctx.screenshot("band-white")
    expect(values[0] > 240, f"the top of the column is not the white video ({values[0]:.0f}), see {shot}")
    expect(values[-1] < values[0] - 40, f"no band darkens the bottom ({values[0]:.0f} to {values[-1]:.0f}), see {shot}")
    worst = max(steps)
    expect(worst <= 8, f"the band has an edge: {worst:.0f} levels between two rows at y={top + steps.index(worst)}, "
                       f"see {shot}")
    # A band that starts as a straight ramp still shows where it starts (the eye sees the kink as
    # a line): its darkening must ease in, turning by less than 0.3 levels a row within 16 rows.
    window = 16
    slope = [(values[i + window] - values[i]) / window for i in range(len(values) - window)]
    turns = [abs(slope[i + window] - slope[i]) for i in range(len(slope) - window)]
    sharpest = max(turns)
    expect(sharpest < 0.3, f"the band starts with a kink at y={top + turns.index(sharpest)} ({sharpest:.2f} levels a row "
                           f"within {window} rows): it does not fade in, see {shot}")
    quit_app(app)


def case_the_music_scroller_takes_no_focus(ctx: Context) -> None:
    """No focusable control without a name on the feed, the music line's scroller among them (#15):
    it scrolls a name for the eyes, and a screen reader met it as an unnamed scroll pane."""
    app = App(ctx, [], name="scroller", env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx))})
    wait_started(app)
    a11y_bus_address(ctx)
    dismiss_welcome(ctx, app)
    time.sleep(1.0)
    tree = probe_tree(ctx, app, ["Home"])
    unnamed = [(n["role"], n["path"]) for n in tree["nodes"]
               if "focusable" in n.get("states", []) and not n.get("name") and n.get("role") != "frame"]
    scrollers = [n for n in tree["nodes"] if n.get("role") == "scroll pane" and "focusable" in n.get("states", [])]
    expect(not scrollers, f"a scroll pane takes the focus on the feed: {[(n['name'], n['path']) for n in scrollers]}")
    expect(not unnamed, f"focusable controls without a name on the feed: {unnamed}")
    quit_app(app)


def focus_first_link(ctx: Context, app: App) -> dict:
    """Tabs from the feed to the first caption link; its focus event."""
    for _ in range(25):
        since = app.cursor()
        ctx.key("Tab")
        event = app.wait("focus", 3, since, what="the focus moving on Tab")
        if event.get("link"):
            return event
    raise AssertionError("Tab never reached a caption link")


def changed_box(before: list, after: list, width: int, changed: Callable[[tuple, tuple], bool]) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1) of the pixels that changed between two grabs of a region."""
    xs, ys = [], []
    for i, (a, b) in enumerate(zip(before, after)):
        if changed(a, b):
            xs.append(i % width)
            ys.append(i // width)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def case_the_first_caption_link_has_its_own_ring(ctx: Context) -> None:
    """Tab to the caption's first link: a ring appears around that link alone (not the caption's
    whole box, #7), white with a dark edge so it reads on a light video too."""
    app, _ = launch_samples(ctx, "link-ring")
    wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    time.sleep(0.5)
    event = focus_first_link(ctx, app)
    box = (max(0, event["x"] - 4), max(0, event["y"] - 2), event["width"] + 8, event["height"] + 4)
    time.sleep(0.4)
    ringed = grab_colors(ctx, *box)
    shot = ctx.screenshot("link-ring-focused")
    since = app.cursor()
    ctx.key("shift+Tab")
    app.wait("focus", 3, since, what="the focus back off the link")
    time.sleep(0.4)
    bare = grab_colors(ctx, *box)
    # The ring's white and its dark edge (the video under the caption may move: only what turned
    # white, or turned near black, is the ring).
    lighter = changed_box(bare, ringed, box[2], lambda a, b: luminance(b) > 235 and luminance(a) < 150)
    darker = changed_box(bare, ringed, box[2], lambda a, b: luminance(b) < 45 and luminance(a) > 90)
    expect(lighter is not None, f"no ring appeared in the caption's box when its link {event['link']!r} took the focus, see {shot}")
    ring_width = lighter[2] - lighter[0]
    expect(ring_width < 0.75 * event["width"],
           f"the ring goes round {ring_width} px of a caption {event['width']} px wide: round the caption, not its link "
           f"{event['link']!r}, see {shot}")
    expect(darker is not None, f"the ring has no dark edge (it would not show on a light video), see {shot}")
    quit_app(app)




def row_luminance(ctx: Context, y: int, x0: int = 0, x1: int = 440) -> list[float]:
    return [luminance(p) for p in grab_colors(ctx, x0, y, x1 - x0, 1)]


def field_edge(values: list[float]) -> tuple[float, float]:
    """Along a row through a field from the dialog's left: (its left edge's brightness against the
    dialog's, its inside's against the dialog's)."""
    outside = values[0]
    start = next(i for i in range(1, len(values)) if abs(values[i] - outside) > 4)
    inside = sorted(values[start + 2:start + 8])[3]  # before the text (it starts 9 px in)
    return values[start] - outside, inside - outside


def case_the_bio_field_looks_like_the_fields_above_it(ctx: Context) -> None:
    """Edit profile: the Bio field is one box with a thin border like the Name field above it, not
    a grey box without one whose text runs over its edge (#14)."""
    from cases_ux import EDIT_PROFILE_BUTTON
    from windows import wait_named
    from screens import TAB_X, TAB_Y
    from x_input import click
    app, _ = launch_samples(ctx, "bio-field")
    wait_started(app)
    dismiss_welcome(ctx, app)
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(0.8)
    click(ctx, *EDIT_PROFILE_BUTTON)
    wait_named(ctx, "Edit profile", True)
    time.sleep(0.6)
    shot = ctx.screenshot("bio-field")
    # Rows through the middle of each: the Name field's at 190, the Bio field's at 342.
    name_edge, name_inside = field_edge(row_luminance(ctx, 190))
    bio_edge, bio_inside = field_edge(row_luminance(ctx, 342))
    expect(abs(name_edge) > 6, f"the Name field shows no edge ({name_edge:.0f}), see {shot}")
    expect(abs(bio_edge - name_edge) < 8 and abs(bio_inside - name_inside) < 6,
           f"the Bio field (edge {bio_edge:+.0f}, inside {bio_inside:+.0f} against the dialog) does not look like the "
           f"Name field (edge {name_edge:+.0f}, inside {name_inside:+.0f}), see {shot}")
    quit_app(app)


OVERLAY_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("the_band_behind_the_caption_has_no_edge", case_the_band_behind_the_caption_has_no_edge),
    ("the_music_scroller_takes_no_focus", case_the_music_scroller_takes_no_focus),
    ("the_first_caption_link_has_its_own_ring", case_the_first_caption_link_has_its_own_ring),
    ("the_bio_field_looks_like_the_fields_above_it", case_the_bio_field_looks_like_the_fields_above_it),
]

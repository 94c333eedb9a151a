"""Where the app's screens put things in the default 450x800 window (the tab bar, a post's overlay,
a profile, Discover's grid, the comments sheet), and opening and using the comments sheet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from screenshots import poll_shot, region_stats
from x_input import type_text

if TYPE_CHECKING:
    from app import App
    from context import Context

TAB_X = {"home": 44, "discover": 134, "create": 225, "inbox": 315, "profile": 405}
TAB_Y = 775
HOME_TAB = (44, 770)
CREATE_TAB = (225, 765)
AUTHOR_LABEL = (40, 655)      # the bold "@handle" line of a post with a two-line caption
RAIL_AVATAR = (414, 497)
BACK_BUTTON = (24, 24)
GRID_TOP = 134                # Discover on this computer: the first row of tiles, under the search field, the scope and the tags
TILE_W, TILE_H = 150, 194
SHEET_BODY = "450x110+0+600"  # the lower part of the open comments sheet: empty up to five comments


def discover_tiles(shot: Path, count: int = 6) -> list[bool]:
    """Whether each of the first `count` grid cells holds a tile (not uniform background)."""
    out = []
    for i in range(count):
        x, y = (i % 3) * TILE_W, GRID_TOP + (i // 3) * TILE_H
        _, sd = region_stats(shot, f"{TILE_W - 4}x{TILE_H - 4}+{x + 2}+{y + 2}")
        out.append(sd > 0.02)
    return out


def sheet_is_open(shot: Path) -> bool:
    mean, sd = region_stats(shot, SHEET_BODY)
    return 0.04 < mean < 0.18 and sd < 0.03


def open_comments(ctx: Context, name: str) -> Path:
    """`c` with the pointer over the video; waits until the sheet covers the lower part of the window."""
    ctx.pointer_into_window()
    ctx.key("c")
    # Returns as soon as the sheet is up; the limit allows for a slow machine's first seconds.
    return poll_shot(ctx, f"{name}-sheet-open", sheet_is_open, 8, "the comments sheet after `c`")


def post_comment(ctx: Context, app: App, post_id: int, text: str) -> dict:
    since = app.cursor()
    type_text(ctx, text)
    ctx.key("Return")
    return app.wait("comment_added", 3, since, lambda e: e.get("post_id") == post_id,
                    f"comment_added for post {post_id} after typing {text!r} + Enter")

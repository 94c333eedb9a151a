"""Clicks and typing through xdotool, as a person would give them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from context import Context


# How long a click holds the button, as a hand does (about 0.1 s). xdotool's own click releases
# at once, and then a click could be lost: when the layout under the pointer changes with the
# press (a row growing as its picture comes), GTK 4 synthesizes a motion from the pointer's state
# at the next frame; the X server had the button up already, and a motion without the button
# resets the press's gesture (the press was seen, the click never came: 2 of 47 inbox runs under
# load, the GtkGestureClick's "cancel" just after "pressed").
HOLD_SECONDS = "0.07"


def click(ctx: Context, x: int, y: int) -> None:
    ctx.xdotool("mousemove", str(x), str(y), "sleep", "0.05", "mousedown", "1", "sleep", HOLD_SECONDS, "mouseup", "1")


def click_here(ctx: Context) -> None:
    """A click where the pointer is, held as `click`'s."""
    ctx.xdotool("mousedown", "1", "sleep", HOLD_SECONDS, "mouseup", "1")


def double_click_here(ctx: Context) -> None:
    """Two clicks where the pointer is, 80 ms apart, each held as `click`'s: xdotool's own
    `click --repeat 2` releases at once, and the first press could then be reset as above
    (the like's burst grows under the pointer), leaving the second a single click that pauses."""
    ctx.xdotool("mousedown", "1", "sleep", HOLD_SECONDS, "mouseup", "1", "sleep", "0.08",
                "mousedown", "1", "sleep", HOLD_SECONDS, "mouseup", "1")


def type_text(ctx: Context, text: str) -> None:
    """Types `text` with xdotool. A character missing from the keymap (✓, ü) is typed by remapping a spare
    keycode for the press; GTK reads the keymap lazily, and with xdotool's default 12 ms the mapping is
    often undone before GTK looks it up, which drops the character. So those go one at a time, slowly."""
    run_ascii = ""
    for ch in text:
        if ch.isascii() and ch != "\n":
            run_ascii += ch
            continue
        if run_ascii:
            ctx.xdotool("type", "--delay", "20", run_ascii)
            run_ascii = ""
        if ch == "\n":
            ctx.key("shift+Return")
        else:
            ctx.xdotool("type", "--delay", "300", ch)
    if run_ascii:
        ctx.xdotool("type", "--delay", "20", run_ascii)

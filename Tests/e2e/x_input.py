"""Clicks and typing through xdotool, as a person would give them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from context import Context


def click(ctx: Context, x: int, y: int) -> None:
    ctx.xdotool("mousemove", str(x), str(y), "sleep", "0.05", "click", "1")


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

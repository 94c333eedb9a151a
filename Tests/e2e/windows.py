"""The session's windows by their titles (no window manager: the X server places and sizes them),
the main window's size, and typing a path into a file chooser."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from outcomes import CaseFailed, expect
from processes import run

if TYPE_CHECKING:
    from context import Context


def window_open(ctx: Context, title: str) -> bool:
    return bool(run(["xdotool", "search", "--onlyvisible", "--name", title], env=ctx.session.env, check=False).stdout.split())


def wait_window(ctx: Context, title: str, timeout: float = 15) -> str:
    """The id of the first visible window named `title`, waited for."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = run(["xdotool", "search", "--onlyvisible", "--name", title], env=ctx.session.env, check=False).stdout.split()
        if found:
            return found[0]
        time.sleep(0.2)
    raise CaseFailed(f"no window named {title!r} appeared")


def wait_named(ctx: Context, title: str, shown: bool, timeout: float = 15) -> None:
    """Waits until a window named `title` is shown (or gone, `shown` false)."""
    deadline = time.monotonic() + timeout
    while window_open(ctx, title) != shown and time.monotonic() < deadline:
        time.sleep(0.2)
    expect(window_open(ctx, title) == shown, f"the {title!r} window {'did not open' if shown else 'stayed open'}")


def main_window(ctx: Context) -> str:
    for wid in ctx.window_ids():
        name = run(["xdotool", "getwindowname", wid], env=ctx.session.env, check=False).stdout.strip()
        if name == "Loopfeed":
            return wid
    raise CaseFailed("no Loopfeed window")


def resize(ctx: Context, width: int, height: int) -> tuple[int, int]:
    """Resizes the main window (no window manager: the X server just does it) and waits for GTK to
    settle; returns the size the window has then."""
    wid = main_window(ctx)
    ctx.xdotool("windowsize", wid, str(width), str(height))
    deadline = time.monotonic() + 3
    size = (0, 0)
    while time.monotonic() < deadline:
        time.sleep(0.3)
        _, _, w, h = ctx.window_geometry(wid)
        if (w, h) == size:
            break
        size = (w, h)
    time.sleep(0.5)
    _, _, w, h = ctx.window_geometry(wid)
    return w, h


def choose_path(ctx: Context, title: str, path: Path) -> None:
    """Types `path` into the open file chooser titled `title` and accepts it. GTK's location entry
    completes on its own timer; a Return that lands while the completion is being inserted only
    accepts the completion (seen once under load), as it would for a person, who then presses
    Return again."""
    wait_window(ctx, title)
    time.sleep(0.5)
    ctx.key("ctrl+l")
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "20", str(path))
    time.sleep(1.0)
    ctx.key("Return")
    deadline = time.monotonic() + 15
    pressed_again = False
    while window_open(ctx, title) and time.monotonic() < deadline:
        time.sleep(0.2)
        if not pressed_again and time.monotonic() > deadline - 10:
            ctx.key("Return")
            pressed_again = True
    expect(not window_open(ctx, title), f"the chooser {title!r} stayed open after choosing {path}")

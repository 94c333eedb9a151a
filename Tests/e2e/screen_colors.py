"""Colours read straight from the X server (XGetImage, xgrab.py: a region in a few ms, where a
screenshot takes 0.4 s), for what lasts under a second, and the colour checks the cases share."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from outcomes import CaseFailed
from xgrab import Grabber

if TYPE_CHECKING:
    from context import Context

RGB = tuple[int, int, int]


def grab_colors(ctx: Context, x: int, y: int, w: int, h: int) -> list[RGB]:
    """The RGB pixels of a screen region, read straight from the X server."""
    grabber = Grabber(ctx.session.env["DISPLAY"])
    try:
        data, bpl, bpp = grabber.grab(x, y, w, h)
    finally:
        grabber.close()
    return [(data[r * bpl + c * bpp + 2], data[r * bpl + c * bpp + 1], data[r * bpl + c * bpp])
            for r in range(h) for c in range(w)]


def rgb(color: int) -> RGB:
    return (color >> 16) & 0xFF, (color >> 8) & 0xFF, color & 0xFF


def near(pixel: RGB, color: int, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb(color)))


def is_red(pixel: RGB) -> bool:
    """The like red (#fe2c55), as drawn over any frame: strongly red, little green."""
    r, g, b = pixel
    return r > 190 and g < 90 and b < 130 and r - g > 130


def is_white(pixel: RGB) -> bool:
    return min(pixel) > 225


def count(pixels: list[RGB], pred: Callable[[RGB], bool]) -> int:
    return sum(1 for p in pixels if pred(p))


def share_near(ctx: Context, geometry: tuple[int, int, int, int], color: int, tolerance: int = 40) -> float:
    """The share of a screen region's pixels (sampled every 4 px) within `tolerance` of `color`."""
    x, y, w, h = geometry
    pixels = grab_colors(ctx, x, y, w, h)[::4]
    return sum(1 for p in pixels if near(p, color, tolerance)) / max(1, len(pixels))


def share_soon(ctx: Context, geometry: tuple[int, int, int, int], color: int, at_least: float,
               tolerance: int = 40, timeout: float = 3.0) -> float:
    """`share_near`, polled until it reaches `at_least` (the frame or the widget has been painted)
    or `timeout` passes; the last share either way."""
    deadline = time.monotonic() + timeout
    while True:
        share = share_near(ctx, geometry, color, tolerance)
        if share >= at_least or time.monotonic() > deadline:
            return share
        time.sleep(0.05)


def expect_color(ctx: Context, geometry: tuple[int, int, int, int], color: int, what: str, shot_name: str,
                 minimum: float = 0.9) -> None:
    share = share_soon(ctx, geometry, color, at_least=minimum)
    if share < minimum:
        shot = ctx.screenshot(shot_name)
        raise CaseFailed(f"{what}: only {share:.0%} of {geometry} is #{color:06x}, see {shot}")

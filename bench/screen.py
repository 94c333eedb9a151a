"""Issue 25's criterion for "the new video is over the middle": the mean colour of a box 1/6 x 1/10
of the window at its centre (75x80 in the 450x800 window) is the video's colour, each channel within
MEAN_TOLERANCE. Stricter than "over half of a 150x200 box shows it" (the bench's criterion until
issue 25): while a page slides, the middle's mean is a blend of the two videos until the new one
covers all of it. Steps 1, 1b and 8 use it, for Loopfeed and for mpv alike."""
from __future__ import annotations

WIN_W, WIN_H = 450, 800
BOX_W, BOX_H = WIN_W // 6, WIN_H // 10
BOX = (WIN_W // 2 - BOX_W // 2, WIN_H // 2 - BOX_H // 2, BOX_W, BOX_H)
# A white ball crossing the box moves the mean by about 20 (it covers ~7 % of it); half of the box
# still showing the previous video moves it by half the distance between the two colours.
MEAN_TOLERANCE = 32
CRITERION = (f"the mean colour of a {BOX_W}x{BOX_H} box at the window's centre (1/6 x 1/10 of the window) "
             f"is the video's colour, each channel within {MEAN_TOLERANCE}")


def middle_mean(grabber) -> tuple[float, float, float]:
    pixels = grabber.sample(*BOX, step=5)
    n = len(pixels)
    return (sum(p[0] for p in pixels) / n, sum(p[1] for p in pixels) / n, sum(p[2] for p in pixels) / n)


def mean_is(mean: tuple[float, float, float], rgb: tuple[int, int, int], tol: int = MEAN_TOLERANCE) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(mean, rgb))


def middle_is(grabber, rgb: tuple[int, int, int]) -> bool:
    """The video of colour `rgb` covers the middle of the window (issue 25's criterion)."""
    return mean_is(middle_mean(grabber), rgb)

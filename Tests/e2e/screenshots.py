"""Screenshots (ImageMagick's `import`) and what the cases read from them: a region's gray level and
spread, the difference of two shots, the bright parts and each pixel's colour."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from outcomes import CaseFailed
from processes import run

if TYPE_CHECKING:
    from context import Context

VIDEO_AREA = "450x540+0+60"  # x 0..450, y 60..600: away from the text overlay and the tab bar


def window_shot(ctx: Context, name: str) -> Path:
    """A screenshot of just the main window (450x800 at 0,0): smaller and faster to compare than the whole
    root window; the coordinates stay the screen's."""
    ctx.artifacts.mkdir(parents=True, exist_ok=True)
    path = ctx.artifacts / f"{name}.png"
    run(["import", "-window", "root", "-crop", "450x800+0+0", "+repage", str(path)], env=ctx.session.env, timeout=20)
    return path


def poll_shot(ctx: Context, name: str, check: Callable[[Path], bool], timeout: float, what: str,
              interval: float = 0.1) -> Path:
    """Screenshots until `check(shot)` holds; the last one stays as the artifact `name`."""
    deadline = time.monotonic() + timeout
    while True:
        shot = window_shot(ctx, name)
        if check(shot):
            return shot
        if time.monotonic() > deadline:
            raise CaseFailed(f"{what} not seen within {timeout:g}s, see {shot}")
        time.sleep(interval)


def region_stats(shot: Path, geometry: str) -> tuple[float, float]:
    """Gray mean and standard deviation of a region (WxH+X+Y) of a screenshot, 0..1."""
    out = run(["convert", str(shot), "-crop", geometry, "+repage", "-colorspace", "gray",
               "-format", "%[fx:mean] %[fx:standard_deviation]", "info:"], timeout=20).stdout.split()
    return float(out[0]), float(out[1])


def region_difference(a: Path, b: Path, geometry: str) -> float:
    """Mean gray difference of the same region (WxH+X+Y) of two screenshots, 0..1."""
    out = run(["convert", str(a), str(b), "-crop", geometry, "+repage", "-compose", "difference",
               "-composite", "-colorspace", "gray", "-format", "%[fx:mean]", "info:"], timeout=20).stdout
    return float(out.strip())


def pixel_colors(shot: Path, geometry: str) -> list[tuple[int, int, int]]:
    """The RGB pixels of a region (WxH+X+Y) of a screenshot."""
    res = subprocess.run(["convert", str(shot), "-crop", geometry, "+repage", "-depth", "8", "rgb:-"],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    if res.returncode != 0:
        raise CaseFailed(f"could not read pixels of {shot}: {res.stderr.decode(errors='replace')[-300:]}")
    data = res.stdout
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data) - 2, 3)]


def gray_bytes(shot: Path, x: int, y: int, w: int, h: int) -> bytes:
    """The 8-bit gray pixels of a region of a screenshot, row by row."""
    res = subprocess.run(["convert", str(shot), "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-colorspace", "gray",
                          "-depth", "8", "gray:-"], stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    if res.returncode != 0 or len(res.stdout) != w * h:
        raise CaseFailed(f"could not read pixels of {shot}: {res.stderr.decode(errors='replace')[-300:]}")
    return res.stdout


def bright_box(shot: Path, x: int, y: int, w: int, h: int, level: int = 190) -> tuple[int, int, int, int] | None:
    """Bounding box (x0, y0, x1, y1, screen coordinates) of the pixels brighter than `level` (0..255) in
    the region, or None."""
    data = gray_bytes(shot, x, y, w, h)
    xs, ys = [], []
    for row in range(h):
        line = data[row * w:(row + 1) * w]
        for col, v in enumerate(line):
            if v > level:
                xs.append(col)
                ys.append(row)
    if not xs:
        return None
    return x + min(xs), y + min(ys), x + max(xs), y + max(ys)


def bright_rows(shot: Path, x: int, y: int, w: int, h: int, level: int = 190, gap: int = 4) -> list[tuple[int, int]]:
    """Vertical runs (y0, y1, screen coordinates) of rows that hold a pixel brighter than `level`; runs
    closer than `gap` rows are joined (the lines of a label or an icon)."""
    data = gray_bytes(shot, x, y, w, h)
    lit = [any(v > level for v in data[r * w:(r + 1) * w]) for r in range(h)]
    runs: list[list[int]] = []
    for r, on in enumerate(lit):
        if not on:
            continue
        if runs and r - runs[-1][1] <= gap:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return [(y + a, y + b) for a, b in runs]

"""End-to-end cases: the two frame paths (issue 12). The GL path (GStreamer converts on the GPU,
GTK draws the texture, turned and scaled while drawing) must show what the memory path shows:
SMPTE bars in the same colours and a rotated clip the same way up. The feed's cases also run
with LOOPFEED_VIDEO_PATH=gl (run_e2e.py --video-path gl --group feed)."""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Callable

from app import App
from clips import make_clip
from context import Context
from feed import expect_page_moves, wait_started
from outcomes import CaseFailed, expect
from processes import run
from screenshots import pixel_colors

# videotestsrc's SMPTE bars, left to right: white, yellow, cyan, green, magenta, red, blue.
SMPTE_BARS = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255)]


def rotate_mp4(path: Path, quarter_turns: int) -> None:
    """Writes a rotation into the video track's header (its tkhd display matrix), as phones do:
    qtdemux reads it as the image-orientation tag (mp4mux in 1.22 writes no tag of its own)."""
    a, b, c, d = {1: (0, 1, -1, 0), 2: (-1, 0, 0, -1), 3: (0, -1, 1, 0)}[quarter_turns % 4]
    data = bytearray(path.read_bytes())

    def boxes(start: int, end: int):
        i = start
        while i + 8 <= end:
            size, kind = struct.unpack(">I4s", data[i:i + 8])
            header = 8
            if size == 1:
                size, header = struct.unpack(">Q", data[i + 8:i + 16])[0], 16
            elif size == 0:
                size = end - i
            yield kind, i + header, i + size
            i += size

    for kind, body, end in boxes(0, len(data)):
        if kind != b"moov":
            continue
        for trak_kind, trak, trak_end in boxes(body, end):
            if trak_kind != b"trak":
                continue
            children = {k: (b, e) for k, b, e in boxes(trak, trak_end)}
            mdia = children.get(b"mdia")
            handlers = [bytes(data[b + 8:b + 12]) for k, b, _ in boxes(*mdia) if k == b"hdlr"] if mdia else []
            if b"tkhd" not in children or handlers != [b"vide"]:
                continue
            tkhd = children[b"tkhd"][0]
            matrix = tkhd + 4 + (32 if data[tkhd] == 1 else 20) + 8 + 8
            data[matrix:matrix + 36] = struct.pack(">9i", a << 16, b << 16, 0, c << 16, d << 16, 0, 0, 0, 1 << 30)
            path.write_bytes(bytes(data))
            return
    raise CaseFailed(f"no video track header in {path}")


def orientation_of(path: Path) -> str:
    out = run(["gst-discoverer-1.0", "-v", str(path)], timeout=30).stdout
    found = [line.split(":", 1)[1].strip() for line in out.splitlines() if "image orientation" in line]
    return found[0] if found else ""


def bars_clips(ctx: Context) -> tuple[Path, Path]:
    """Still SMPTE bars, portrait; and the same bars landscape, tagged (by its track matrix) to be
    turned a quarter clockwise, so they show portrait with the bars as stripes down the right."""
    bars = ctx.fixtures.clip("bars-still", seconds=2, pattern="smpte", speed=0)
    rotated = ctx.fixtures.root / "bars-rotate-90.mp4"
    if not rotated.exists():
        make_clip(rotated, seconds=2, pattern="smpte", speed=0, width=568, height=320)
        rotate_mp4(rotated, 1)
    orientation = orientation_of(rotated)
    expect(orientation == "rotate-90", f"the rotated clip's orientation tag did not survive: {orientation!r}")
    return bars, rotated


# Where to read the pictures in a 450x800 window: a 320x568 video covers the 450x742 page at
# 1.406x, 28 px cropped off its top, and the scrim darkens the page's lower 45 %.
BAR_POINTS = [(round(450 * (2 * i + 1) / 14), 150) for i in range(7)]
# Turned a quarter clockwise, the bars run down the right two thirds: white at the top.
STRIPE_POINTS = [(300, round(81 * (i + 0.5) * 1.406) - 28 + (12 if i == 0 else 0)) for i in range(4)]


def picture_colors(ctx: Context, label: str, path: str, bars: Path, rotated: Path,
                   env: dict, platform: str = "") -> tuple[list, list, App]:
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(bars), str(rotated)], name=f"paths-{label}",
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples), "LOOPFEED_VIDEO_PATH": path, **env})
    wait_started(app)
    renderer = app.wait("renderer", 5)
    expect(renderer.get("video_path") == path, f"asked for the {path} path, the app took {renderer}")
    expect(platform in str(renderer.get("video_reason")), f"{label}: GTK's GL is not {platform}: {renderer}")
    time.sleep(1.0)
    shot = ctx.screenshot(f"video_paths_{label}_bars")
    first = [pixel_colors(shot, f"1x1+{x}+{y}")[0] for x, y in BAR_POINTS]
    ctx.pointer_into_window()
    expect_page_moves(app, lambda: ctx.key("Down"), 1, "Down to the rotated clip")
    time.sleep(1.0)
    shot = ctx.screenshot(f"video_paths_{label}_rotated")
    second = [pixel_colors(shot, f"1x1+{x}+{y}")[0] for x, y in STRIPE_POINTS]
    fallbacks = app.find("video_path")
    expect(not fallbacks, f"{label}: the {path} path fell back: {fallbacks}")
    return first, second, app


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


# The memory path; the GL path as GTK 4.8 sets up GL under Xvfb (GLX); and the GL path over EGL
# (GDK_DEBUG=gl-egl), which GTK uses where EGL works on X11 and on Wayland: the two ways GTK's
# context is wrapped for GStreamer on X11.
RUNS = [("memory", "memory", {}, ""), ("gl", "gl", {}, ""), ("gl-egl", "gl", {"GDK_DEBUG": "gl-egl"}, "EGL on X11")]


def case_video_paths_agree(ctx: Context) -> None:
    """SMPTE bars and a rotate-90 clip through the memory path and the GL path (GLX and EGL): the
    same colours (red not swapped with blue) at the same places, the rotated clip the same way up."""
    bars, rotated = bars_clips(ctx)
    results = {}
    for label, path, env, platform in RUNS:
        first, second, app = picture_colors(ctx, label, path, bars, rotated, env, platform)
        results[label] = first + second
        app.stop()
    for label, points in results.items():
        for i, (seen, want) in enumerate(zip(points[:7], SMPTE_BARS)):
            expect(close(seen, want, 60), f"{label}: bar {i} at {BAR_POINTS[i]} is {seen}, expected {want} "
                                          f"(see video_paths_{label}_bars.png)")
        for i, (seen, want) in enumerate(zip(points[7:], SMPTE_BARS)):
            expect(close(seen, want, 60), f"{label}: rotated stripe {i} at {STRIPE_POINTS[i]} is {seen}, "
                                          f"expected {want} (see video_paths_{label}_rotated.png)")
        for i, (m, g) in enumerate(zip(results["memory"], points)):
            expect(close(m, g, 40), f"point {i}: memory {m} against {label} {g}")


VIDEO_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("video_paths_agree", case_video_paths_agree),
]

# The cases that show, page and loop video: run_e2e.py --group feed runs them (CI runs them again
# with --video-path gl).
FEED_GROUP = [
    "launch_shows_video", "keyboard_pages", "loops", "bad_paths", "corrupt_file_error_card", "quit_cleanly",
    "wheel_pages", "drag_pages", "click_pauses", "mpris_next_previous", "end_of_feed",
    "double_click_likes_and_survives_restart", "window_resizes_freely_and_wide_keeps_the_video",
    "events_tell_the_truth_about_first_frames", "fullscreen_is_the_video_alone",
    "without_animations_a_page_change_is_a_cut", "watched_loops_and_skips",
]

"""The recorder (the Create tab): where its controls are, launching on it with the test camera,
holding R, and waiting for its pages."""

from __future__ import annotations

import time
from pathlib import Path

from app import App
from context import Context
from processes import run
from screenshots import poll_shot

# The recorder's controls, in the 450x800 window (the rail on the right, the bar at the bottom).
TIMER_BUTTON = (398, 147)
EDIT_TEXT_BUTTON = (398, 32)
EDIT_SPEED_BUTTON = (398, 108)
ALLOW_COMMENTS_SWITCH = (408, 353)
SAVE_COPY_SWITCH = (408, 388)
ALBUM_BUTTON = (48, 677)
LIMIT_15S_CHIP = (166, 568)
SOUND_CHIP = (225, 29)
SOUND_ROW_RULE_30 = (100, 590)


def record_app(ctx: Context, name: str, extra_env: dict | None = None, data_dir: Path | None = None,
               camera: str = "test") -> App:
    """The app with --camera test (or `camera`: test-noise records noise, ~0.28 MB a second) and
    no samples (a small, quick library), already on Create."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    env = {"LOOPFEED_SAMPLES_DIR": str(no_samples)}
    env.update(extra_env or {})
    app = App(ctx, ["--camera", camera], name=name, env=env, data_dir=data_dir)
    app.wait("ready", 20)
    ctx.pointer_into_window()
    return app


def hold_r(ctx: Context, app: App, seconds: float) -> dict:
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    app.wait("record_started", 10, since, what="record_started after holding R")
    time.sleep(seconds)
    ctx.xdotool("keyup", "r")
    return app.wait("record_finished", 10, since, what="record_finished after releasing R")


def open_create(ctx: Context, app: App, timeout: float = 15, camera: str = "test") -> dict:
    """A tap of R (too short to record) opens Create; returns once its camera (`camera`, as
    record_app was given it) shows live pictures."""
    since = app.cursor()
    ctx.key("r")
    live = app.wait("camera_live", timeout, since, what="the camera live after a tap of R opened Create")

    def preview_shown(shot: Path) -> bool:
        # Over most of the page, the test camera's purple background (#3a0ca3), or the noise
        # camera's grey snow (no colour, mid grey on average, far from even): the Create tab is
        # painted and laid out, so its buttons are where the cases click.
        out = run(["convert", str(shot), "-crop", "300x500+75+150", "+repage", "-format",
                   "%[fx:mean.r] %[fx:mean.g] %[fx:mean.b] %[fx:standard_deviation]", "info:"], timeout=20).stdout.split()
        r, g, b, spread = (float(v) for v in out)
        if camera == "test-noise":
            return max(r, g, b) - min(r, g, b) < 0.05 and 0.3 < g < 0.7 and spread > 0.08
        return b - g > 0.3 and b > r

    poll_shot(ctx, "create-opened", preview_shown, 8, "the camera's preview on the Create tab")
    return live


def wait_create_page(app: App, page: str, since: int, timeout: float = 20) -> dict:
    """Waits for the Create tab to show `page` (camera, missing, edit, posting) after `since`."""
    return app.wait("create_page", timeout, since, pred=lambda e: e.get("page") == page,
                    what=f"the Create tab's {page} page")

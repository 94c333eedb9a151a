"""End-to-end cases: what a new user sees first. Colours, the keyboard, window sizes, counts,
sharing, and the events the app reports about them (issue 9)."""

from __future__ import annotations

from harness import *  # noqa: F401,F403 (the cases share the harness's names)

sys.path.insert(0, str(REPO_ROOT / "bench"))
from xgrab import Grabber  # noqa: E402 (XGetImage over ctypes: a region in a few ms, where `import` takes 0.4 s)

RAIL_LIKE = (414, 560)         # the rail's heart on a 450x800 window
RAIL_LIKE_BOX = "40x36+394+542"
EDIT_PROFILE_BUTTON = (112, 387)
PROFILE_SAVE_BUTTON = (328, 401)  # in the Edit profile dialog, at the screen's top-left (no window manager)


def pixel_colors(shot: Path, geometry: str) -> list[tuple[int, int, int]]:
    """The RGB pixels of a region (WxH+X+Y) of a screenshot."""
    res = subprocess.run(["convert", str(shot), "-crop", geometry, "+repage", "-depth", "8", "rgb:-"],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    if res.returncode != 0:
        raise CaseFailed(f"could not read pixels of {shot}: {res.stderr.decode(errors='replace')[-300:]}")
    data = res.stdout
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data) - 2, 3)]


def grab_colors(ctx: Context, x: int, y: int, w: int, h: int) -> list[tuple[int, int, int]]:
    """The RGB pixels of a screen region, read straight from the X server (for what lasts under a second)."""
    grabber = Grabber(ctx.session.env["DISPLAY"])
    try:
        data, bpl, bpp = grabber.grab(x, y, w, h)
    finally:
        grabber.close()
    return [(data[r * bpl + c * bpp + 2], data[r * bpl + c * bpp + 1], data[r * bpl + c * bpp])
            for r in range(h) for c in range(w)]


def is_red(rgb: tuple[int, int, int]) -> bool:
    """The like red (#fe2c55), as drawn over any frame: strongly red, little green."""
    r, g, b = rgb
    return r > 190 and g < 90 and b < 130 and r - g > 130


def is_white(rgb: tuple[int, int, int]) -> bool:
    return min(rgb) > 225


def count(pixels: list[tuple[int, int, int]], pred: Callable[[tuple[int, int, int]], bool]) -> int:
    return sum(1 for p in pixels if pred(p))


def window_visible(ctx: Context, title: str) -> bool:
    for wid in ctx.window_ids():
        name = run(["xdotool", "getwindowname", wid], env=ctx.session.env, check=False).stdout.strip()
        if name == title:
            return True
    return False


def wait_window(ctx: Context, title: str, shown: bool, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while window_visible(ctx, title) != shown:
        if time.monotonic() > deadline:
            raise CaseFailed(f"the {title!r} window is {'not ' if shown else 'still '}shown after {timeout:g}s")
        time.sleep(0.1)


# --------------------------------------------------------------------------------------------

def case_like_is_red_and_icons_white(ctx: Context) -> None:
    """The rail's icons are white over the video, a liked heart is red, and so is the burst."""
    app, _ = launch_samples(ctx, "like-colours")
    wait_started(app)
    ctx.pointer_into_window()
    time.sleep(0.4)
    before = window_shot(ctx, "like-colours-before")
    heart = pixel_colors(before, RAIL_LIKE_BOX)
    expect(count(heart, is_white) > 120,
           f"the rail's heart is not white over the video ({count(heart, is_white)} white pixels), see {before}")
    expect(count(heart, is_red) < 10, f"an unliked heart is red, see {before}")
    since = app.cursor()
    ctx.key("l")
    like = app.wait("like", 3, since, what="like after L")
    expect(like.get("liked") is True, f"L did not like the post: {like}")
    liked = poll_shot(ctx, "like-colours-liked", lambda s: count(pixel_colors(s, RAIL_LIKE_BOX), is_red) > 120, 3,
                      "a red heart on the rail after L")
    expect(count(pixel_colors(liked, RAIL_LIKE_BOX), is_white) < 60, f"the liked heart is still white, see {liked}")
    # The double-click burst: red where the click was, while it grows and fades.
    since = app.cursor()
    ctx.key("l")  # unlike first: a double-click only likes
    app.wait("like", 3, since, lambda e: e.get("liked") is False, "unlike after the second L")
    since = app.cursor()
    ctx.xdotool("mousemove", "200", "300", "click", "--repeat", "2", "--delay", "80", "1")
    most = 0
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        most = max(most, count(grab_colors(ctx, 140, 240, 120, 120), is_red))
        time.sleep(0.01)
    app.wait("like", 3, since, lambda e: e.get("liked") is True, "like after the double-click")
    debug(f"burst: at most {most} red pixels of 14,400")
    expect(most > 3000, f"no red heart burst where the double-click was: at most {most} red pixels in 120x120")
    expect(app.alive(), "app exited")


def case_comments_open_after_saving_the_profile(ctx: Context) -> None:
    """Profile -> Edit profile -> Save -> Home -> C shows the sheet (it used to only dim the window)."""
    app, _ = launch_samples(ctx, "comments-after-profile")
    wait_started(app)
    open_comments(ctx, "comments-after-profile-first")
    ctx.key("Escape")
    poll_shot(ctx, "comments-after-profile-closed", lambda s: not sheet_is_open(s), 3, "the sheet closing after Esc")
    time.sleep(0.4)
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(0.8)
    click(ctx, *EDIT_PROFILE_BUTTON)
    wait_window(ctx, "Edit profile", True)
    time.sleep(0.3)
    click(ctx, *PROFILE_SAVE_BUTTON)
    wait_window(ctx, "Edit profile", False)
    click(ctx, TAB_X["home"], TAB_Y)
    time.sleep(0.6)
    for attempt in range(2):
        open_comments(ctx, f"comments-after-profile-{attempt}")
        ctx.key("Escape")
        poll_shot(ctx, f"comments-after-profile-{attempt}-closed", lambda s: not sheet_is_open(s), 3,
                  "the sheet closing after Esc")
        time.sleep(0.4)
    expect(app.alive(), "app exited")


UX_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("like_is_red_and_icons_white", case_like_is_red_and_icons_white),
    ("comments_open_after_saving_the_profile", case_comments_open_after_saving_the_profile),
]

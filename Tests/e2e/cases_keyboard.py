"""End-to-end case for the keyboard alone (issue 13): from launch, Tab, Shift+Tab, the arrows, Enter,
Space and Esc reach every action on every screen, and the focus can always be seen.

The app says where the focus went (`focus` events: the control, its box in its window, the focused
link of a caption, whether GTK shows the ring); the screen says whether it can be seen: around the
focused control's box the pixels differ from the screen before the key (the ring the theme draws,
white on the feed), read with XGetImage. The pointer rests in a corner and never clicks.
"""

from __future__ import annotations

import subprocess
import time
import urllib.parse
from typing import Callable

from app import App
from cases_access import follow_server
from context import Context
from feed import expect_page_moves
from outcomes import CaseFailed, debug, expect, write_findings
from recorder import wait_create_page
from samples import SELF_HANDLE, lived_in_samples, samples_catalog
from windows import wait_window
from x_input import type_text
from xgrab import Grabber

POINTER_REST = (5, 5)        # inside the main window and every dialog (both at the screen's top-left)
GRAB = (0, 0, 640, 900)      # the part of the screen the windows cover
RING_BAND = 4                # px either side of a control's edge where its focus ring is drawn
RING_MIN_SHARE = 0.06        # of the band's pixels must change for the ring to count as seen
INSIDE_MIN_SHARE = 0.005     # of a box's pixels must change when the ring is drawn inside it (a caption's
                             # link, the record button)
WHITE = 220                  # every channel at least this: the theme's white ring
CHANGED = 48                 # a pixel counts as changed when a channel moved this much
NAVIGATION_KEYS = {"Tab", "shift+Tab", "Up", "Down", "Left", "Right"}
BANNER_SECONDS = 6.0         # how long the banner under the window's top says what an import or follow did
RING_FADE_IN = 0.05          # s after the app tells the move (it tells once painted; the ring has no fade)


class KeyWalk:
    """Presses keys one at a time and keeps every focus stop with how visible its ring was."""

    def __init__(self, ctx: Context, app: App):
        self.ctx, self.app = ctx, app
        self.grabber = Grabber(ctx.session.env["DISPLAY"])
        self.origins: dict[str, tuple[int, int]] = {}
        self.stops: list[dict] = []
        self.image = self.grab()
        self.current: dict | None = None

    def close(self) -> None:
        self.grabber.close()

    def grab(self) -> tuple[bytes, int, int]:
        return self.grabber.grab(*GRAB)

    def origin(self, window: str) -> tuple[int, int]:
        """Where a window (by title) sits on the screen."""
        if window not in self.origins:
            wid = wait_window(self.ctx, window, 5)
            x, y, _, _ = self.ctx.window_geometry(wid)
            self.origins[window] = (x, y)
        return self.origins[window]

    def pixel(self, image: tuple[bytes, int, int], x: int, y: int) -> tuple[int, int, int]:
        data, bpl, bpp = image
        o = y * bpl + x * bpp
        return data[o + 2], data[o + 1], data[o]

    def ring_share(self, stop: dict, before: tuple[bytes, int, int], after: tuple[bytes, int, int]) -> float:
        """The share of pixels around the control's edge (inside its box for a caption's link) that the
        key changed."""
        ox, oy = self.origin(stop.get("window") or "Loopfeed")
        x, y, w, h = stop["x"] + ox, stop["y"] + oy, stop["width"], stop["height"]
        if w <= 0 or h <= 0:
            return 0.0
        points = []
        if stop.get("link") or stop["widget"] == "GtkDrawingArea":
            b = RING_BAND  # (the caption's own ring is just outside it)
            points = [(px, py) for py in range(y - b, y + h + b) for px in range(x - b, x + w + b)]
        else:
            b = RING_BAND
            for py in range(y - b, y + h + b):
                for px in range(x - b, x + w + b):
                    inside = x + b <= px < x + w - b and y + b <= py < y + h - b
                    if not inside:
                        points.append((px, py))
        points = [(px, py) for px, py in points if 0 <= px < GRAB[2] and 0 <= py < GRAB[3]]
        last = self.current
        if last is not None and all(last.get(k) == stop.get(k) for k in ("window", "x", "y", "width", "height")):
            # The row scrolled the next control to where the last one was: the ring stayed where it
            # was, so it is looked for as the theme draws it, white.
            whites = sum(1 for px, py in points if min(self.pixel(after, px, py)) >= WHITE)
            return whites / max(1, len(points))
        changed = sum(1 for px, py in points
                      if max(abs(a - c) for a, c in zip(self.pixel(before, px, py), self.pixel(after, px, py))) > CHANGED)
        return changed / max(1, len(points))

    def key(self, key: str, settle: float = 0.3) -> dict | None:
        """Presses `key`; the focus stop it led to (None when the focus did not move). The app tells a
        focus move once it has painted it: a move along the screen is read as soon as it is told; a
        key that changes the screen gets `settle` seconds."""
        since = self.app.cursor()
        self.ctx.key(key)
        if key in NAVIGATION_KEYS:
            self.app.wait_optional("focus", 1.5, since)
            time.sleep(RING_FADE_IN)
        else:
            time.sleep(settle)
        events = self.app.find("focus", since)
        image = self.grab()
        stop = None
        if events:
            stop = dict(events[-1], key=key)
            stop["ring"] = round(self.ring_share(stop, self.image, image), 3)
            # A caption's link or the drawn record button: its ring is a small part of the whole box.
            inside = stop.get("link") or stop["widget"] == "GtkDrawingArea"
            # Only a move along the screen compares with the screen before: Enter and Esc change
            # the screen (the control they focus is checked when Tab comes to it).
            stop["moved"] = key in NAVIGATION_KEYS
            least = INSIDE_MIN_SHARE if inside else RING_MIN_SHARE
            stop["seen"] = not stop["moved"] or stop["ring"] >= least
            if not stop["seen"]:
                # A loaded machine (CI) may show the paint the app told a moment after the grab.
                time.sleep(0.3)
                image = self.grab()
                stop["ring"] = round(self.ring_share(stop, self.image, image), 3)
                stop["seen"] = stop["ring"] >= least
            if not stop["seen"]:
                stop["shots"] = [self.save(self.image, f"keys-{len(self.stops)}-before"),
                                 self.save(image, f"keys-{len(self.stops)}-after")]
            self.stops.append(stop)
            self.current = stop
        self.image = image
        return stop

    def save(self, image: tuple[bytes, int, int], name: str) -> str:
        """A grab as a PNG among the artifacts (for a stop whose ring was not seen)."""
        data, bpl, bpp = image
        path = self.ctx.artifacts / f"{name}.png"
        self.ctx.artifacts.mkdir(parents=True, exist_ok=True)
        subprocess.run(["convert", "-size", f"{bpl // bpp}x{GRAB[3]}", "-depth", "8", "bgra:-", "-alpha", "off",
                        "-crop", f"{GRAB[2]}x{GRAB[3]}+0+0", str(path)], input=data, capture_output=True, timeout=20)
        return str(path)

    def rest(self, seconds: float = 0.3) -> None:
        """Lets the screen settle (a page opened) and takes it as the picture before the next key."""
        time.sleep(seconds)
        self.image = self.grab()

    @staticmethod
    def ident(stop: dict) -> tuple:
        # (Not where it is: a row that scrolls moves its controls as Tab goes along it; but two
        # controls without a name, two switches, are told apart by where they are.)
        where = () if stop["name"] else (stop["x"], stop["y"])
        return (stop.get("window"), stop["widget"], stop["name"], stop.get("link", "")) + where

    def cycle(self, screen: str, limit: int = 45, key: str = "Tab") -> list[dict]:
        """Tab until the focus comes back to the first control it reached: the screen's stops in order."""
        seen: list[dict] = []
        for _ in range(limit):
            stop = self.key(key)
            expect(stop is not None, f"{screen}: {key} moved the focus nowhere after {[s['name'] for s in seen]}")
            # Back at a stop already made: round. (Not only the first: the focus a screen opens
            # with may be outside the Tab cycle, such as a control of the page just left.)
            if any(self.ident(stop) == self.ident(s) for s in seen[:-1]) or (seen and self.ident(stop) == self.ident(seen[0])):
                break
            if seen and self.ident(stop) == self.ident(seen[-1]):
                continue  # (a key that only moved inside a control)
            seen.append(dict(stop, screen=screen))
        else:
            raise CaseFailed(f"{screen}: {limit} presses of {key} never came back round: {[s['name'] for s in seen]}")
        debug(f"{screen}: " + " | ".join(f"{s['widget']}:{s['name'][:30]}:{s.get('link', '')}:{s['ring']}" for s in seen))
        return seen

    def to(self, screen: str, pred: Callable[[dict], bool], what: str, limit: int = 45, key: str = "Tab") -> dict:
        """Tab (or `key`) until the focus is on the control `pred` picks."""
        if self.current is not None and pred(self.current):
            return self.current
        names = []
        for _ in range(limit):
            stop = self.key(key)
            if stop is not None:
                names.append(stop["name"])
                if pred(stop):
                    return stop
        raise CaseFailed(f"{screen}: Tab never reached {what}; it went {names}")


def named(text: str) -> Callable[[dict], bool]:
    return lambda s: text in s["name"]


def expect_reached(screen: str, stops: list[dict], wanted: list[str]) -> None:
    names = [s["name"] for s in stops]
    missing = [w for w in wanted if not any(w in n for n in names)]
    expect(not missing, f"{screen}: Tab never reached {missing}; it went {names}")


def enter_and_wait(walk: KeyWalk, event: str, what: str, pred: Callable[[dict], bool] | None = None,
                   key: str = "Return", timeout: float = 10) -> dict:
    since = walk.app.cursor()
    walk.key(key)
    return walk.app.wait(event, timeout, since, pred, what)


def feed_screen(walk: KeyWalk, ctx: Context, app: App) -> None:
    # Paused, the page stands still: what the keys change is all that changes.
    ctx.key("space")
    walk.rest(0.6)
    stops = walk.cycle("feed")
    expect_reached("feed", stops, ["(@", "Open profile", "Like (L)", "Comments (C)", "Share (S)", "Home", "Discover",
                                   "Create", "Inbox", "Profile"])
    expect(any(s.get("link", "").startswith("hashtag:") for s in stops), f"feed: Tab never reached a caption's "
                                                                         f"#hashtag: {[s['name'] for s in stops]}")
    back = walk.key("shift+Tab")
    expect(back is not None and back["name"] != walk.stops[-2]["name"], "feed: Shift+Tab did not go back")
    walk.to("feed", named("Like (L)"), "the like button")
    liked = enter_and_wait(walk, "like", "a like after Enter on the like button")
    expect(liked.get("liked") is True, f"Enter on the like button: {liked}")
    enter_and_wait(walk, "like", "an unlike after Enter again", pred=lambda e: e.get("liked") is False)
    # Share: the menu takes the focus, the arrows walk it, Esc closes it.
    walk.to("feed", named("Share (S)"), "the share button")
    first = walk.key("Return")
    expect(first is not None and first["name"] != "Share (S)", f"Enter on share: the menu took no focus ({first})")
    down = walk.key("Down")
    expect(down is not None and down["name"] != first["name"], f"Down in the share menu: {down}")
    walk.key("Escape")
    walk.rest(0.4)
    # Comments: Enter opens the sheet on its text field; Tab reaches Post; Enter posts.
    walk.to("feed", named("Comments (C)"), "the comments button")
    since = app.cursor()
    walk.key("Return")
    field = app.wait("focus", 5, since, lambda e: e.get("widget") == "GtkTextView",
                     "the comments sheet open with the focus in its text field")
    type_text(ctx, "typed with the keyboard alone")
    walk.rest(0.2)
    post = walk.key("Tab")
    expect(post is not None and "Post" in post["name"], f"Tab from the comment field went to {post} ({field})")
    back = walk.key("shift+Tab")
    expect(back is not None and back["widget"] == "GtkTextView", f"Shift+Tab from Post went to {back}")
    walk.key("Tab")
    enter_and_wait(walk, "comment_added", "comment_added after Enter on Post")
    walk.key("Escape")
    walk.rest(0.8)
    # The avatar and the @author open the profile; Esc comes back.
    for who in ("(@", "Open profile"):
        walk.to("feed", named(who), f"the {who} control")
        walk.key("Return")
        walk.rest(0.8)
        if who == "(@":
            expect_reached("a creator's profile", walk.cycle("a creator's profile"), ["Back", "Follow", "Videos"])
        else:
            walk.to("a creator's profile", named("Back (Esc)"), "Back", key="shift+Tab")
        walk.key("Escape")
        walk.rest(0.8)
    # A caption's #hashtag: Enter searches it in Discover.
    link = walk.to("feed", lambda s: s.get("link", "").startswith("hashtag:"), "a caption's #hashtag")
    walk.key("Return")
    walk.rest(1.0)
    tag = urllib.parse.unquote(link["link"].split(":", 1)[1]).lower()
    tiles = [s for s in walk.cycle("discover from a hashtag") if s["widget"] == "GtkButton" and "#" in s["name"]
             and not s["name"].startswith("#")]
    expect(tiles and all(tag in s["name"].lower() for s in tiles),
           f"Enter on #{tag}: Discover shows {[s['name'] for s in tiles]}")


def discover_and_inbox(walk: KeyWalk, ctx: Context, app: App) -> None:
    walk.to("discover", lambda s: s["widget"] == "GtkText", "the search field")
    type_text(ctx, "snow")
    walk.rest(0.8)
    result = walk.to("discover", lambda s: "snow" in s["name"].lower() and s["widget"] == "GtkButton",
                     "a result of the search")
    page = enter_and_wait(walk, "page", f"a page of the results after Enter on {result['name']!r}")
    walk.rest(0.6)
    walk.to("the results feed", named("Back (Esc)"), "Back", key="shift+Tab")
    walk.key("Escape")
    walk.rest(0.6)
    walk.to("tab bar", lambda s: s["name"] == "Inbox", "the Inbox tab")
    walk.key("Return")
    walk.rest(0.8)
    rows = [s for s in walk.cycle("inbox") if s["widget"] == "GtkButton" and s["y"] < 740]
    expect(rows, "inbox: Tab reached no item")
    item = walk.to("inbox", lambda s: s["widget"] == "GtkButton" and s["y"] < 740 and "commented" in s["name"],
                   "an Inbox comment")
    since = app.cursor()
    walk.key("Return")
    app.wait("page", 10, since, what=f"the post of {item['name']!r} after Enter")
    app.wait("focus", 5, since, lambda e: e.get("widget") == "GtkTextView", "the comments of the Inbox item")
    walk.key("Escape")
    walk.rest(0.5)
    walk.key("Escape")
    walk.rest(0.6)
    _ = page


def profile_screen(walk: KeyWalk, ctx: Context, app: App) -> None:
    walk.to("tab bar", lambda s: s["name"] == "Profile", "the Profile tab")
    walk.key("Return")
    walk.rest(0.8)
    stops = walk.cycle("profile")
    expect_reached("profile", stops, ["Edit profile", "Videos", "Liked"])
    walk.to("profile", named("Edit profile"), "Edit profile")
    since = app.cursor()
    walk.key("Return")
    app.wait("focus", 5, since, lambda e: e.get("window") == "Edit profile", "the focus in the Edit profile dialog")
    walk.rest(0.4)
    dialog = walk.cycle("edit profile")
    expect(len(dialog) >= 4, f"edit profile: Tab reached only {[s['name'] for s in dialog]}")
    walk.key("Escape")
    walk.rest(0.6)
    tile = walk.to("profile", lambda s: s["widget"] == "GtkButton" and 430 < s["y"] < 740 and s["height"] > 100,
                   "a video of the grid")
    enter_and_wait(walk, "page", f"the feed of the grid after Enter on {tile['name']!r}")
    walk.key("Escape")
    walk.rest(0.6)


def create_screens(walk: KeyWalk, ctx: Context, app: App) -> None:
    walk.to("tab bar", lambda s: s["name"] == "Create", "the Create tab")
    since = app.cursor()
    walk.key("Return")
    app.wait("camera_live", 15, since, what="the camera on Create")
    walk.rest(0.8)
    stops = walk.cycle("create")
    expect_reached("create", stops, ["Add a sound", "Flip", "Speed", "Timer", "Normal", "Mirror", "15s", "Pick a video file"])
    walk.to("create", lambda s: s["widget"] == "GtkDrawingArea", "the record button")
    since = app.cursor()
    ctx.xdotool("keydown", "space")
    app.wait("record_started", 10, since, what="record_started while Space is held on the record button")
    time.sleep(1.4)
    ctx.xdotool("keyup", "space")
    app.wait("record_finished", 10, since, what="record_finished after Space is released")
    walk.rest(0.4)
    since = app.cursor()
    walk.key("Return")
    wait_create_page(app, "edit", since)
    walk.rest(0.8)
    editor = walk.cycle("editor")
    expect_reached("editor", editor, ["Text", "Sound", "Speed", "Trim", "Discard", "Next"])
    walk.to("editor", named("Next (Enter)"), "Next")
    since = app.cursor()
    walk.key("Return")
    wait_create_page(app, "posting", since)
    app.wait("focus", 5, since, lambda e: e.get("widget") in ("GtkText", "GtkTextView"), "the focus in the caption")
    type_text(ctx, "posted with keys #keyboard")
    walk.rest(0.4)
    posting = walk.cycle("posting")
    expect_reached("posting", posting, ["Back", "Post (Ctrl+Enter)"])
    expect(sum(1 for s in posting if s["widget"] == "GtkSwitch") == 2, f"posting: Tab reached "
                                                                        f"{[s['widget'] for s in posting]}")
    walk.to("posting", named("Post (Ctrl+Enter)"), "Post")
    enter_and_wait(walk, "posted", "posted after Enter on Post", timeout=30)
    walk.rest(1.0)


def following_window(walk: KeyWalk, ctx: Context, app: App) -> None:
    since = app.cursor()
    ctx.key("ctrl+shift+l")
    app.wait("focus", 5, since, lambda e: e.get("window") == "Following", "the focus in Following")
    walk.rest(0.4)
    stops = walk.cycle("following")
    expect_reached("following", stops, ["Refresh", "Unsubscribe", "Refresh all", "Import OPML", "Export OPML"])
    walk.to("following", lambda s: s["name"] == "Refresh", "the channel's Refresh")
    enter_and_wait(walk, "feed_refreshed", "feed_refreshed after Enter on Refresh")
    walk.key("Escape")
    walk.rest(0.4)


def to_a_post_with_hashtags(ctx: Context, app: App, catalog: dict | None = None) -> None:
    """Down until the page shows a sample by someone else (a creator, whose profile can be followed)
    whose caption has a #hashtag (the followed channel's video and the user's own may come first)."""
    catalog = catalog or samples_catalog(ctx)
    captions = {"bundle:" + p["file"]: p.get("caption", "") for p in catalog["posts"] if p["author"] != SELF_HANDLE}
    time.sleep(1.0)
    for _ in range(6):
        page = app.find("page")[-1]
        if "#" in captions.get(page.get("uri", ""), ""):
            return
        expect_page_moves(app, lambda: ctx.key("Down"), page["index"] + 1, f"Down from post {page['index']}")
    raise CaseFailed("no post by someone else with a #hashtag among the first six")


def case_keyboard_alone_reaches_every_action(ctx: Context) -> None:
    """From launch and with the keys alone, every action on every screen: the rail, the @author, a
    caption's #hashtag, the share menu, the comments and their Post, the tabs, Discover's search and
    a result, an Inbox item, Edit profile and the grid, recording, editing and posting, Following. At
    every stop GTK shows the focus and the screen changes around the focused control."""
    server, feed = follow_server(ctx)
    walk = None
    try:
        # A user with posts of their own and activity in the Inbox (the bundled samples have none).
        samples, catalog = lived_in_samples(ctx)
        app = App(ctx, ["--camera", "test", feed], name="keys", env={"LOOPFEED_SAMPLES_DIR": str(samples)})
        app.wait("first_frame", 30, what="a first frame")
        app.wait("feed_refreshed", 20, what="the followed channel's first refresh")
        followed_at = time.monotonic()
        ctx.xdotool("mousemove", *map(str, POINTER_REST))
        time.sleep(0.8)
        to_a_post_with_hashtags(ctx, app, catalog)
        # The banner saying what the follow brought leaves after 6 s and the screen below it moves
        # up: a focus stop told just before would be looked for where its control no longer is.
        time.sleep(max(0.0, followed_at + BANNER_SECONDS + 0.5 - time.monotonic()))
        walk = KeyWalk(ctx, app)
        feed_screen(walk, ctx, app)
        discover_and_inbox(walk, ctx, app)
        profile_screen(walk, ctx, app)
        create_screens(walk, ctx, app)
        following_window(walk, ctx, app)
        debug("every stop: " + " | ".join(f"{s.get('window')}:{s['widget']}:{s['name'][:24]}:{s['ring']}" for s in walk.stops))
        hidden = [s for s in walk.stops if not s.get("visible")]
        faint = [s for s in walk.stops if not s["seen"]]
        checked = sum(1 for s in walk.stops if s["moved"])
        debug(f"{len(walk.stops)} stops, {checked} of them moves along a screen checked for a ring")
        report = lambda ss: "\n  ".join(f"{s.get('window')}: {s['widget']} {s['name'][:40]!r} {s.get('link', '')} at "
                                        f"{s['x']},{s['y']} {s['width']}x{s['height']} after {s['key']}: ring {s['ring']}"
                                        f"{' (see ' + ', '.join(s['shots']) + ')' if s.get('shots') else ''}"
                                        for s in ss)
        write_findings("keyboard_walk", {
            "stops": len(walk.stops), "moves_checked": checked, "hidden": len(hidden), "ring_not_seen": len(faint),
            "windows": sorted({str(s.get("window")) for s in walk.stops}),
            "keys": sorted({str(s["key"]) for s in walk.stops})})
        expect(not hidden, f"GTK showed no focus on {len(hidden)} of {len(walk.stops)} stops:\n  {report(hidden)}")
        expect(not faint, f"no focus ring seen around {len(faint)} of {len(walk.stops)} stops:\n  {report(faint)}")
        expect(app.alive(), "app exited")
    finally:
        if walk is not None:
            walk.close()
        server.terminate()


KEYBOARD_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("keyboard_alone_reaches_every_action", case_keyboard_alone_reaches_every_action),
]

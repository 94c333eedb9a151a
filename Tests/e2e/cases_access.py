"""End-to-end cases for accessibility (issue 13): what a screen reader gets over AT-SPI on every screen,
the state changes it hears, the keyboard alone, and large text.

The app runs with GTK's AT-SPI backend on (the harness turns it off for every other case): GTK 4.8
asks the session bus for org.a11y.Bus, which D-Bus activates (at-spi2-core's bus launcher, a second
bus for accessibility with the registry on it); atspi_probe.py reads the tree and the events over it
with python3-gi's Atspi, on the system's Python.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path
from typing import Callable

from app import App
from clips import make_clip
from context import Context
from feed import dismiss_welcome
from feed_server_client import start_feed_server
from outcomes import CaseFailed, debug, expect, write_findings
from paths import SYSTEM_PYTHON
from processes import run
from recorder import hold_r, open_create, record_app, wait_create_page
from samples import samples_dir
from screens import RAIL_AVATAR, TAB_X, TAB_Y, open_comments, sheet_is_open
from screenshots import poll_shot
from windows import wait_window
from x_input import click

PROBE = Path(__file__).with_name("atspi_probe.py")
# GTK's AT-SPI backend instead of none (the harness's default).
A11Y_ENV = {"GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"}

# What a person operates: these roles need a name that says what they do.
INTERACTIVE_ROLES = {
    "push button", "toggle button", "check box", "radio button", "entry", "text", "password text", "link",
    "slider", "spin button", "menu item", "check menu item", "radio menu item", "list item", "combo box",
    "switch", "page tab", "toggle button", "search",
}
# Roles that say nothing about what a control does: a focusable node with one is a control a
# screen reader cannot name the kind of (a drawing area is an image to it).
GENERIC_ROLES = {"filler", "panel", "unknown", "image", "canvas", "drawing area", "redundant object", "invalid"}
# GTK 4.8 names a node after its widget type when it has nothing better ("GtkLabel", "GtkOverlay").
TYPE_NAME = re.compile(r"^(Gtk|Lf|Gdk|Adw)[A-Z][A-Za-z]*$")


def a11y_bus_address(ctx: Context) -> str:
    """The accessibility bus's address, from org.a11y.Bus on the session bus (activated on first use)."""
    res = run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
               "--method", "org.a11y.Bus.GetAddress"], env=ctx.session.env, timeout=20, check=False)
    expect(res.returncode == 0 and "unix:" in res.stdout,
           f"no accessibility bus on the session bus (org.a11y.Bus): {res.stdout.strip()} {res.stderr.strip()}")
    return res.stdout.strip()


def probe_tree(ctx: Context, app: App, pages: list[str], window: str | None = None) -> dict:
    """The app's accessible tree as atspi_probe.py reads it (see there)."""
    args = [SYSTEM_PYTHON, str(PROBE), "tree", str(app.proc.pid)]
    if window:
        args += ["--window", window]
    for page in pages:
        args += ["--page", page]
    res = run(args, env=ctx.session.env, timeout=90, check=False)
    try:
        out = json.loads(res.stdout)
    except json.JSONDecodeError:
        raise CaseFailed(f"atspi_probe.py tree gave no JSON ({res.returncode}): {res.stdout[-500:]} {res.stderr[-1500:]}")
    expect("error" not in out, f"atspi_probe.py: {out.get('error')}")
    return out


def on_screen(node: dict, width: int, height: int) -> bool:
    box = node.get("extents")
    if not box:
        return False
    x, y, w, h = box
    return w > 0 and h > 0 and x < width and y < height and x + w > 0 and y + h > 0


def unnamed(node: dict) -> bool:
    name = node["name"].strip()
    return not name or bool(TYPE_NAME.match(name))


def describe(node: dict, nodes: list[dict]) -> str:
    """A node as the failure names it: role, where it is, and the text inside it."""
    inside = [n["name"] for n in nodes if n["path"].startswith(node["path"] + "/") and n["role"] == "label"
              and not unnamed(n)]
    text = f" showing {inside[0]!r}" if inside else ""
    tip = f" (tooltip {node['description']!r})" if node["description"] else ""
    return f"{node['role']} at {node['extents']}{text}{tip}, path {node['path']}"


def audit(nodes: list[dict], width: int = 450, height: int = 800) -> tuple[list[str], list[dict]]:
    """(problems, the controls looked at) among the nodes on screen: an interactive role without a
    name, a focusable node with a generic role, a button that can be neither focused nor pressed."""
    problems: list[str] = []
    controls: list[dict] = []
    for node in nodes:
        if not on_screen(node, width, height):
            continue
        role, states = node["role"], set(node["states"])
        focusable = "focusable" in states
        if role == "text" and not ({"editable", "focusable"} & states):
            continue
        if role in INTERACTIVE_ROLES:
            controls.append(node)
            if unnamed(node):
                problems.append("no name: " + describe(node, nodes))
            if role in ("push button", "toggle button") and not focusable and not node["actions"]:
                problems.append("cannot be focused or pressed: " + describe(node, nodes))
        elif focusable and role in GENERIC_ROLES:
            controls.append(node)
            problems.append(f"no role (a {role}): " + describe(node, nodes))
    return problems, controls


class Screens:
    """Walks one app through the screens and audits each; the findings are kept by screen."""

    def __init__(self, ctx: Context, app: App):
        self.ctx, self.app = ctx, app
        self.results: dict[str, dict] = {}

    def check(self, screen: str, pages: list[str], window: str | None = None, size: tuple[int, int] = (450, 800),
              must_have: tuple[str, ...] = ()) -> list[dict]:
        out = probe_tree(self.ctx, self.app, pages, window)
        self.ctx.artifacts.mkdir(parents=True, exist_ok=True)
        (self.ctx.artifacts / f"atspi-{screen.replace(' ', '_')}.json").write_text(json.dumps(out, indent=1, ensure_ascii=False))
        problems, controls = audit(out["nodes"], *size)
        names = [c["name"] for c in controls]
        for wanted in must_have:
            if not any(wanted in n for n in names):
                problems.append(f"no control named like {wanted!r} (the walk did not reach the screen?); "
                                f"controls: {names}")
        self.results[screen] = {"controls": len(controls), "problems": problems, "names": names}
        debug(f"{screen}: {len(controls)} controls: {names}")
        return controls

    def failures(self) -> list[str]:
        return [f"{screen}: {p}" for screen, r in self.results.items() for p in r["problems"]]


def follow_server(ctx: Context) -> tuple[subprocess.Popen, str]:
    """feed_server.py over one small clip: (the server, a channel feed's address to follow)."""
    folder = ctx.case_tmp / "a11y-channel"
    folder.mkdir(parents=True, exist_ok=True)
    make_clip(folder / "clip-1.mp4", seconds=1, width=180, height=320, color=0x40A0C0)
    server, port = start_feed_server(folder)
    return server, f"http://127.0.0.1:{port}/feeds/videos.xml?videoChannelId=3"


def walk_every_screen(ctx: Context, app: App, screens: Screens) -> None:
    """Feed, comments, profile, a creator's profile, Discover, Inbox, Create, the editor, posting and
    Following, each audited as it shows."""
    # (The followed channel's video may come in before or after the first frame, and shows first.)
    app.wait("first_frame", 30, what="a first frame")
    app.wait("feed_refreshed", 20, what="the followed channel's first refresh")
    ctx.pointer_into_window()
    time.sleep(0.5)
    screens.check("feed", ["Home"], must_have=("Like", "Comments", "Share", "Home"))
    open_comments(ctx, "a11y")
    time.sleep(0.4)
    screens.check("comments", ["Home"], must_have=("Close comments", "Comment text", "Post comment"))
    ctx.key("Escape")
    poll_shot(ctx, "a11y-sheet-closed", lambda s: not sheet_is_open(s), 8, "the sheet closing after Esc")
    # The post on screen is the followed channel's: its avatar opens the channel's page on its
    # network (the feed server is no instance, so the page says it could not be read).
    click(ctx, *RAIL_AVATAR)
    time.sleep(1.0)
    screens.check("channel page", ["Channel"], must_have=("Back",))
    ctx.key("Escape")
    time.sleep(0.6)
    click(ctx, TAB_X["profile"], TAB_Y)
    time.sleep(1.0)
    screens.check("profile", ["Profile"], must_have=("Edit profile", "Videos"))
    click(ctx, TAB_X["discover"], TAB_Y)
    time.sleep(1.0)
    screens.check("discover", ["Discover"], must_have=("Search",))
    click(ctx, TAB_X["inbox"], TAB_Y)
    time.sleep(1.0)
    screens.check("inbox", ["Inbox"], must_have=("Inbox",))
    since = app.cursor()
    click(ctx, TAB_X["create"], TAB_Y)
    app.wait("camera_live", 15, since, what="the test camera live on Create")
    time.sleep(0.8)
    screens.check("create", ["Create", "Camera"], must_have=("Record", "Flip"))
    ctx.pointer_into_window()
    hold_r(ctx, app, 1.5)
    since = app.cursor()
    ctx.key("Return")
    wait_create_page(app, "edit", since)
    time.sleep(0.8)
    screens.check("editor", ["Create", "Edit"], must_have=("Next", "Trim"))
    since = app.cursor()
    ctx.key("Return")
    wait_create_page(app, "posting", since)
    time.sleep(0.8)
    screens.check("posting", ["Create", "Post"], must_have=("Caption", "Post the video"))
    ctx.key("ctrl+shift+l")
    wait_window(ctx, "Following")
    time.sleep(0.8)
    screens.check("following", [], window="Following", must_have=("Refresh", "Unsubscribe"))
    ctx.key("Escape")


def case_screen_reader_names_every_control(ctx: Context) -> None:
    """Every control on every screen has a name and a role a screen reader can say, read over AT-SPI
    as Orca reads it: a button drawn by hand (the record button) used to be an image to it."""
    server, feed = follow_server(ctx)
    try:
        app = App(ctx, ["--camera", "test", feed], name="a11y-tree",
                  env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx) or "")})
        a11y_bus_address(ctx)
        screens = Screens(ctx, app)
        walk_every_screen(ctx, app, screens)
        failures = screens.failures()
        counts = ", ".join(f"{s} {r['controls']}" for s, r in screens.results.items())
        write_findings("a11y_tree", {"screens": {s: r["controls"] for s, r in screens.results.items()},
                                     "unnamed": failures})
        expect(not failures, f"{len(failures)} controls a screen reader cannot name ({counts}):\n  "
                             + "\n  ".join(failures))
        expect(app.alive(), "app exited")
    finally:
        server.terminate()


class EventWatch:
    """atspi_probe.py watch: the events the app sends over AT-SPI while the case acts."""

    def __init__(self, ctx: Context, app: App):
        self.proc = subprocess.Popen([SYSTEM_PYTHON, str(PROBE), "watch", str(app.proc.pid)], env=ctx.session.env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
        first = self.proc.stdout.readline()
        expect('"listening"' in first, f"atspi_probe.py watch did not start: {first!r}")

    def stop(self) -> list[dict]:
        self.proc.terminate()
        try:
            out, _ = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate(timeout=5)
        return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def heard(events: list[dict], kind: str, pred: Callable[[dict], bool]) -> list[dict]:
    return [e for e in events if e.get("type") == kind and pred(e)]


def case_screen_reader_hears_state_changes(ctx: Context) -> None:
    """What a screen reader hears when something changes: liking (the like button's pressed state),
    pausing and playing (the video's description) and recording (the record button's pressed state),
    and the focus moving with Tab."""
    app = record_app(ctx, "a11y-states", extra_env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx) or "")})
    app.wait("first_frame", 20, what="a first frame")
    # A first launch's welcome card is first in reading order: put away, Tab starts at Home's
    # For You | Following switch, the top of the window.
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    # A screen reader reads the tree first (GTK sends events only for what a reader has looked at).
    probe_tree(ctx, app, ["Home"])
    watch = EventWatch(ctx, app)
    try:
        for key, what in (("l", "like"), ("l", "like"), ("space", None), ("space", None), ("Tab", None)):
            since = app.cursor()
            ctx.key(key)
            if what:
                app.wait(what, 3, since, what=f"a {what} event after {key}")
            time.sleep(0.6)
        # Create: a reader looks at the new screen too, then R is held.
        open_create(ctx, app)
        probe_tree(ctx, app, ["Create", "Camera"])
        hold_r(ctx, app, 1.2)
        time.sleep(0.8)
    finally:
        events = watch.stop()
    debug("AT-SPI events: " + " | ".join(json.dumps(e, ensure_ascii=False) for e in events))
    said = f"; the reader heard: {[(e['type'], e.get('detail1'), e.get('name'), e.get('description')) for e in events]}"
    like = heard(events, "object:state-changed:pressed", lambda e: e["role"] == "push button" and "ike" in e["name"])
    expect([e["detail1"] for e in like][:2] == [1, 0], f"liking and unliking: pressed changes {like}{said}")
    video = [e["description"] for e in heard(events, "object:property-change:accessible-description",
                                             lambda e: e["role"] == "image" and e["name"].startswith("Video"))]
    # (Going to Create for the recording pauses it again.)
    expect(video[:2] == ["Paused", "Playing"], f"Space twice: the video's description went {video}{said}")
    focus = heard(events, "object:state-changed:focused", lambda e: e["detail1"] == 1)
    expect(focus and focus[0]["role"] == "push button" and focus[0]["name"] == "For You feed",
           f"Tab: focus went to {focus[:1]}{said}")
    record = heard(events, "object:state-changed:pressed", lambda e: e["name"].startswith("Record"))
    write_findings("a11y_states", {"like": [e["detail1"] for e in like][:2], "video": video[:2],
                                   "focus": focus[0]["name"] if focus else None,
                                   "record": [e["detail1"] for e in record], "events": len(events)})
    expect([e["detail1"] for e in record] == [1, 0] and record[0]["role"] == "push button",
           f"holding R: the record button's pressed state went {record}{said}")
    expect(app.alive(), "app exited")


ACCESS_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("screen_reader_names_every_control", case_screen_reader_names_every_control),
    ("screen_reader_hears_state_changes", case_screen_reader_hears_state_changes),
]

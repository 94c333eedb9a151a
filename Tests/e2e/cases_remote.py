"""Cases for a post from a network: a channel followed on the loopback fake PeerTube instances
(Tests/servers), its post's real comment thread in the comments sheet, and a server that fails
halfway through it."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from typing import Callable

from app import App, quit_app
from cases_access import A11Y_ENV, a11y_bus_address, probe_tree
from cases_large_text import shown_labels
from context import Context
from outcomes import CaseFailed, expect
from paths import REPO_ROOT
from windows import resize
from x_input import click, type_text

SERVE = REPO_ROOT / "Tests" / "servers" / "serve.py"


class FakeNetworks:
    """serve.py's PeerTube instances (and one Loops server) on 127.0.0.2... for one case."""

    def __init__(self, ctx: Context, peertube: int = 2, loops: int = 1) -> None:
        self.proc = subprocess.Popen(["python3", str(SERVE), "--peertube", str(peertube), "--loops", str(loops),
                                      "--no-index", "--first-address", "127.0.0.2"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=open(ctx.case_tmp / "fake-networks.stderr", "w"), text=True)
        line = self.proc.stdout.readline()
        if not line:
            self.proc.kill()
            raise CaseFailed(f"serve.py printed nothing, see {ctx.case_tmp / 'fake-networks.stderr'}")
        self.sites = json.loads(line)

    def peertube(self, index: int = 0) -> str:
        return self.sites["peertube"][index]

    def get(self, url: str) -> dict:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return json.loads(answer.read())

    def faults(self, site: str, method: str, rules: list[dict] | None = None) -> None:
        body = json.dumps({"rules": rules or []}).encode() if rules is not None else None
        request = urllib.request.Request(site + "/__fake/faults", data=body, method=method,
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).read()

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def named(nodes: list[dict], text: str, role: str | None = None) -> list[dict]:
    return [n for n in nodes if text in n["name"] and (role is None or n["role"] == role)]


def press(ctx: Context, node: dict) -> None:
    """A click in the middle of an accessible node's box (its screen extents)."""
    x, y, w, h = node["extents"]
    click(ctx, x + w // 2, y + h // 2)


def wait_nodes(ctx: Context, app: App, found: Callable[[list[dict]], bool], timeout: float, what: str,
               name: str) -> list[dict]:
    """The accessible tree, read again until `found` holds of it."""
    deadline = time.monotonic() + timeout
    while True:
        nodes = probe_tree(ctx, app, ["Home"])["nodes"]
        if found(nodes):
            (ctx.artifacts / f"atspi-{name}.json").write_text(json.dumps(nodes, indent=1, ensure_ascii=False))
            return nodes
        if time.monotonic() > deadline:
            ctx.artifacts.mkdir(parents=True, exist_ok=True)
            (ctx.artifacts / f"atspi-{name}.json").write_text(json.dumps(nodes, indent=1, ensure_ascii=False))
            raise CaseFailed(f"{what} not seen over AT-SPI within {timeout:g}s, see atspi-{name}.json and "
                             f"{ctx.screenshot(name)}")
        time.sleep(0.5)


def case_a_remote_post_shows_its_network_thread(ctx: Context) -> None:
    """A followed PeerTube channel's post: `c` shows the instance's real thread (comments_shown),
    most answered first on request, a thread's replies with a reply to a reply and a deleted
    comment, named over AT-SPI; then the server fails halfway (500 on the next page): the sheet
    says so with Try again, the app keeps working, and Try again brings the page."""
    networks = FakeNetworks(ctx)
    try:
        site = networks.peertube(0)
        app, page = _launch(ctx, networks, "remote-thread")
        post_id = page["post_id"]
        since = app.cursor()
        ctx.pointer_into_window()
        ctx.key("c")
        shown = app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id,
                         what="comments_shown for the remote post")
        expect(shown.get("remote", 0) >= 10 and shown.get("local") == 0, f"the first page showed {shown}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Top", "push button")), 10, "the Top order", "remote-newest")
        ctx.screenshot("remote-thread-newest-450x800")

        since = app.cursor()
        press(ctx, named(nodes, "Top", "push button")[0])
        top = app.wait("comments_shown", 10, since, pred=lambda e: e.get("post_id") == post_id,
                       what="comments_shown after choosing Top")
        expect(top.get("remote", 0) >= 10, f"the Top order showed {top}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "View 3 replies")), 10,
                           "the most answered thread's 'View 3 replies'", "remote-top")
        press(ctx, named(nodes, "View 3 replies")[0])
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "A reply to the first reply")), 10,
                           "the thread's replies", "remote-replies")
        for text in ("Agreed, first reply", "A reply to the first reply", "Thanks, the author here",
                     "This comment was deleted.", "Hide replies"):
            expect(named(nodes, text), f"{text!r} is not in the sheet over AT-SPI, see atspi-remote-replies.json")
        first = named(nodes, "Agreed, first reply")[0]["extents"]
        nested = named(nodes, "A reply to the first reply")[0]["extents"]
        expect(nested[0] > first[0], f"the reply to a reply ({nested}) is not indented under what it answers ({first})")
        handles = [n["name"] for n in nodes if n["name"].startswith("@") and "@127.0.0." in n["name"]]
        expect(handles, "no author shown as name@host")
        ctx.screenshot("remote-thread-replies-450x800")

        # The server fails from here on: the next page is a 500.
        networks.faults(site, "POST", [{"kind": "500", "path": "/comment-threads$"}])
        since = app.cursor()
        ctx.pointer_into_window()
        for _ in range(40):
            ctx.xdotool("mousemove", "225", "600", "click", "5")
        failed = app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id,
                          what="comments_shown after the failed page")
        expect(failed.get("remote", 0) >= top.get("remote", 0) + 4, f"after the failure the sheet shows {failed}, before {top}")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "The comments could not be loaded")), 10,
                           "the failure said in the sheet", "remote-failed")
        retry = [n for n in named(nodes, "Try again", "push button") if n["extents"] and n["extents"][2] > 0]
        expect(retry, "no Try again button under the failure")
        ctx.screenshot("remote-thread-failed-450x800")
        expect(app.alive(), "the app exited after the server failed")

        networks.faults(site, "DELETE")
        since = app.cursor()
        press(ctx, retry[-1])
        again = app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id,
                         what="comments_shown after Try again")
        expect(again.get("remote", 0) > failed.get("remote", 0), f"Try again showed {again}, before {failed}")

        # Hostile text (markup, bidi overrides, control characters, 100,000-character names) in the
        # other order: shown as text, the app keeps working.
        networks.faults(site, "POST", [{"kind": "hostile_text", "path": "/comment-threads$"}])
        for _ in range(60):
            ctx.xdotool("mousemove", "225", "600", "click", "4")
        time.sleep(0.5)
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Newest", "push button")), 10, "the Newest order",
                           "remote-before-hostile")
        since = app.cursor()
        press(ctx, named(nodes, "Newest", "push button")[0])
        hostile = app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id,
                           what="comments_shown of the hostile page")
        expect(hostile.get("local") == 0, f"the hostile page showed {hostile}")
        # Commenters whose names are no names are left out and counted; what is shown is text.
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "could not be read")), 10,
                           "the unreadable comments counted", "remote-hostile")
        expect(not named(nodes, "No comments yet"), "comments that could not be read were called none")
        expect(not named(nodes, "The comments could not be loaded"), "the hostile page was refused as a failure")
        expect(all(len(n["name"]) <= 20_000 for n in nodes), "a 100,000-character name reached the screen whole")
        ctx.screenshot("remote-thread-hostile-450x800")
        networks.faults(site, "DELETE")
        expect(app.alive(), "the app exited on hostile text")

        # A comment typed here stays here, and says so.
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Comment text")), 10, "the composer", "remote-composer")
        press(ctx, named(nodes, "Comment text")[0])
        since = app.cursor()
        type_text(ctx, "typed on this computer")
        ctx.key("Return")
        app.wait("comment_added", 5, since, pred=lambda e: e.get("post_id") == post_id, what="the comment typed here")
        wait_nodes(ctx, app, lambda n: bool(named(n, "Only on this computer")), 10,
                   "the typed comment marked as only on this computer", "remote-typed")
        ctx.screenshot("remote-thread-typed-450x800")

        resize(ctx, 1200, 700)
        time.sleep(1.0)
        ctx.screenshot("remote-thread-1200x700")
        quit_app(app)
    finally:
        networks.stop()


def case_a_loops_post_shows_its_comments_and_replies(ctx: Context) -> None:
    """A followed Loops account's post: its comments (comments_shown), a comment's replies three
    at a time (More replies), a deleted reply shown as deleted."""
    networks = FakeNetworks(ctx, peertube=0, loops=1)
    try:
        site = networks.sites["loops"][0]
        profile = networks.get(site + "/__fake/manifest")["profiles"][0]
        app, page = _launch(ctx, networks, "loops-thread", site, f"{site}/api/v1/feed/account/{profile['id']}")
        post_id = page["post_id"]
        since = app.cursor()
        ctx.pointer_into_window()
        ctx.key("c")
        shown = app.wait("comments_shown", 15, since, pred=lambda e: e.get("post_id") == post_id,
                         what="comments_shown for the Loops post")
        expect(shown.get("remote", 0) >= 2, f"the Loops post's comments showed {shown}")
        nodes = wait_nodes(ctx, app, lambda n: any("replies" in x["name"] and x["name"].startswith("View")
                                                   and x["role"] == "push button" for x in n), 10,
                           "a comment's 'View … replies'", "loops-comments")
        expect(not named(nodes, "Top", "push button"), "Loops lists newest first only, yet an order is offered")
        view = [x for x in nodes if x["name"].startswith("View") and "replies" in x["name"] and x["role"] == "push button"]
        # The comment with the most replies (seven, one deleted), reached with Tab alone and opened
        # with Enter: Loops gives them three at a time.
        most = max(view, key=lambda x: int(x["name"].split()[1]))["name"]
        for _ in range(30):
            since = app.cursor()
            ctx.key("Tab")
            focus = app.wait("focus", 3, since, what="the focus moving on Tab")
            if focus.get("name") == most:
                break
        else:
            raise CaseFailed(f"Tab never reached {most!r}")
        ctx.key("Return")
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "More replies", "push button")), 10,
                           "More replies under the first three", "loops-replies")
        press(ctx, named(nodes, "More replies", "push button")[0])
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Reply 4 to comment")), 10, "the next replies",
                           "loops-more-replies")
        expect(named(nodes, "This comment was deleted."), "the deleted reply is not shown as deleted")
        ctx.screenshot("loops-thread-450x800")
        expect(app.alive(), "app exited")
        quit_app(app)
    finally:
        networks.stop()


CAPTION_LINES = {"en": ("Hello from the loop", "The cat looks outside", "Here it comes again", "And once more"),
                 "fr": ("Bonjour de la boucle", "Le chat regarde dehors", "Et ça recommence", "Encore une fois")}


def case_captions_show_over_a_peertube_video(ctx: Context) -> None:
    """A followed PeerTube video with English and French captions: V shows them over the video
    (in the user's language: LANGUAGE=fr), the cues change as it plays, CC picks English from its
    menu, V hides them, and the next launch remembers they were off; each choice a `captions` event."""
    networks = FakeNetworks(ctx, peertube=2, loops=0)
    try:
        app, page = _launch(ctx, networks, "captions", env={"LANGUAGE": "fr", "LANG": "en_US.UTF-8"})
        post_id = page["post_id"]
        nodes = wait_nodes(ctx, app, lambda n: bool(named(n, "Captions, off", "push button")), 10,
                           "the CC control of a video with captions", "captions-cc")
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("v")
        shown = app.wait("captions", 5, since, pred=lambda e: e.get("post_id") == post_id, what="captions after V")
        expect(shown.get("shown") is True and shown.get("language") == "fr", f"V gave {shown}")
        seen: set[str] = set()
        deadline = time.monotonic() + 10
        while len(seen) < 2 and time.monotonic() < deadline:
            nodes = probe_tree(ctx, app, ["Home"])["nodes"]
            seen |= {line for line in CAPTION_LINES["fr"] if named(nodes, line, "label")}
            time.sleep(0.3)
        expect(len(seen) >= 2, f"the French cues did not follow the video (seen {seen}), see {ctx.screenshot('captions-fr')}")
        ctx.screenshot("captions-fr-450x800")
        cc = named(nodes, "Captions, on", "push button")
        expect(cc, "the CC control does not say captions are on")
        since = app.cursor()
        press(ctx, cc[0])
        # The menu opens on the language showing (Off, English, French): Up, Enter.
        app.wait("focus", 5, since, pred=lambda e: "French" in e.get("name", ""), what="the CC menu on French")
        since = app.cursor()
        ctx.key("Up")
        app.wait("focus", 5, since, pred=lambda e: "English" in e.get("name", ""), what="Up to English")
        ctx.key("Return")
        english_at = since
        english = app.wait("captions", 5, since, pred=lambda e: e.get("post_id") == post_id, what="captions after English")
        expect(english.get("language") == "en" and english.get("shown") is True, f"English gave {english}")
        wait_nodes(ctx, app, lambda n: any(named(n, line, "label") for line in CAPTION_LINES["en"]), 10,
                   "an English cue", "captions-en")
        app.wait("loop", 8, english_at, pred=lambda e: e.get("post_id") == post_id,
                 what="the video looping on after the CC menu (not paused by it)")
        for width, height in ((1200, 700), (360, 640)):
            resize(ctx, width, height)
            time.sleep(1.0)
            shot = ctx.screenshot(f"captions-en-{width}x{height}")
            deadline = time.monotonic() + 6
            shown: list[dict] = []
            while not shown and time.monotonic() < deadline:
                shown = [label for label in shown_labels(app, f"captions at {width}x{height}")
                         if label["text"] in CAPTION_LINES["en"]]
                time.sleep(0.2)
            expect(shown, f"no English caption shown at {width}x{height}, see {shot}")
            cut = [label for label in shown if label["clipped"]]
            expect(not cut, f"the caption is cut off at {width}x{height}: {cut}, see {shot}")
            expect(all(label["x"] >= 0 and label["x"] + label["width"] <= width for label in shown),
                   f"the caption pokes past the window at {width}x{height}: {shown}, see {shot}")
        ctx.pointer_into_window()
        since = app.cursor()
        ctx.key("v")
        off = app.wait("captions", 5, since, pred=lambda e: e.get("post_id") == post_id, what="captions after V again")
        expect(off.get("shown") is False, f"V again gave {off}")
        quit_app(app)
        again = App(ctx, app.cmd[app.cmd.index("--events") + 2:], name="captions-again", data_dir=app.data_dir,
                    env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(ctx.case_tmp / "no-samples")})
        host = networks.peertube(0).removeprefix("http://")
        again.wait("first_frame", 30, what="the next launch's first frame")
        for _ in range(3):
            if any(host in e.get("uri", "") for e in again.find("page")):
                break
            since = again.cursor()
            ctx.pointer_into_window()
            ctx.key("Down")
            again.wait("page", 5, since, what="the next page")
        expect(any(host in e.get("uri", "") for e in again.find("page")), "the channel's video is not in the feed again")
        time.sleep(1.0)
        nodes = wait_nodes(ctx, again, lambda n: bool(named(n, "Captions, off", "push button")), 20,
                           "the CC control, off as it was left", "captions-again")
        expect(not any(named(nodes, line, "label") for lines in CAPTION_LINES.values() for line in lines),
               "captions show though they were switched off")
        quit_app(again)
    finally:
        networks.stop()


def _launch(ctx: Context, networks: FakeNetworks, name: str, site: str | None = None,
            feed: str | None = None, env: dict | None = None) -> tuple[App, dict]:
    if site is None:
        site = networks.peertube(0)
        manifest = networks.get(site + "/__fake/manifest")
        channel = next(v["channel"] for v in manifest["videos"] if v.get("rich_comments")).split("@")[0]
        feed = f"{site}/feeds/videos.xml?videoChannelName={channel}"
    clips = ctx.fixtures.feed_clips()[:1]
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [*map(str, clips), feed], name=name, env={**A11Y_ENV, "LOOPFEED_SAMPLES_DIR": str(no_samples), **(env or {})})
    a11y_bus_address(ctx)
    refreshed = app.wait("feed_refreshed", 30, what="the followed channel's first refresh")
    expect(not refreshed.get("error") and refreshed.get("added", 0) > 0, f"following {feed} gave {refreshed}")
    host = site.removeprefix("http://")
    page = app.wait("page", 20, pred=lambda e: host in e.get("uri", "") or e.get("remote_host") == host,
                    what="a page of the followed channel")
    app.wait("first_frame", 20, pred=lambda e: e.get("post_id") == page["post_id"], what="the channel's first frame")
    return app, page


REMOTE_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("a_remote_post_shows_its_network_thread", case_a_remote_post_shows_its_network_thread),
    ("a_loops_post_shows_its_comments_and_replies", case_a_loops_post_shows_its_comments_and_replies),
    ("captions_show_over_a_peertube_video", case_captions_show_over_a_peertube_video),
]

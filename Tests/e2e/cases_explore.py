"""Discover over the networks, in the real window: the loopback fakes of two PeerTube instances,
a Loops server and the search index (network_servers.py) searched for a word and a #tag, a
trending result opened as a feed and paged past its first page of results and back, a channel
opened and followed, the vertical filter and the sensitive videos it hides."""

from __future__ import annotations

import json
import statistics
import time
import urllib.request
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs

from app import App
from app_data import db_rows
from cases_access import A11Y_ENV, Screens, a11y_bus_address, probe_tree
from context import Context
from feed import dismiss_welcome, wait_started
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log
from samples import samples_dir
from screenshots import pixel_colors, poll_shot, region_stats, window_shot
from windows import resize
from x_input import click, type_text

SEARCH = (200, 26)  # Discover's search field, at 450x800
TILE = (75, 300)  # the first tile of the grid under the chips before anything is typed
FIRST_ROW = (200, 215)  # the first channel of a search with no videos ("alice")
FOLLOW = (224, 307)  # a channel page's Follow, at 450x800
BLOCKED = {"landscape_web", "long", "live", "nsfw"}  # what the default filter keeps out


def launch_on_networks(ctx: Context, name: str, networks: FakeNetworks, env: dict | None = None) -> App:
    """The app on two generated clips, reading every site of `networks` and only them."""
    app = App(ctx, networks.app_args() + [str(c) for c in ctx.fixtures.feed_clips()[:2]], name=name, env=env)
    wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    return app


def open_discover(ctx: Context, app: App) -> dict:
    """Ctrl+F: Discover with the trending shelf loaded; its explore_results event."""
    since = app.cursor()
    ctx.key("ctrl+f")
    return app.wait("explore_results", 10, since, lambda e: e.get("source") == "trending",
                    "explore_results for the trending shelf")


def search(ctx: Context, app: App, text: str, source: str = "search") -> tuple[dict, float]:
    """Types `text` into the emptied search field: its explore_results event and the seconds
    from the last key to it (the pause before asking included)."""
    click(ctx, *SEARCH)
    ctx.key("ctrl+a")
    ctx.key("BackSpace")
    since = app.cursor()
    type_text(ctx, text)
    typed = time.monotonic()
    found = app.wait("explore_results", 10, since, lambda e: e.get("query") == text and e.get("source") == source,
                     f"explore_results ({source}) for {text!r}")
    return found, time.monotonic() - typed


def searched(networks: FakeNetworks, site: str, path: str) -> list[dict]:
    """The queries `site` was asked at `path`."""
    return [parse_qs(r["query"]) for r in networks.requests(site) if r["path"] == path]


def kinds_by_id(networks: FakeNetworks) -> dict[str, str]:
    """Every video the fakes hold (PeerTube uuid, Loops id) → its kind ("nsfw" for Loops' sensitive)."""
    kinds = {}
    for site in networks.peertube:
        kinds.update({v["uuid"]: v["kind"] for v in networks.manifest(site)["videos"]})
    for site in networks.loops:
        kinds.update({v["id"]: "nsfw" if v["sensitive"] else "loops" for v in networks.manifest(site)["videos"]})
    return kinds


def tiles_shown(shot: Path, top: int) -> bool:
    """The first tile of a grid starting at `top` shows a still (not the page's black)."""
    return region_stats(shot, f"140x150+5+{top + 10}")[0] > 0.15


def rows_shown(shot: Path) -> bool:
    """The first channel's row is drawn under the chips (its name and handle on the black)."""
    return region_stats(shot, "350x50+5+192")[1] > 0.08


def focused_tile_shown(shot: Path) -> bool:
    """The grid shows a focused tile: the focus ring's white edge runs most of a tile's width (no
    text on a tile is that long)."""
    width, top, height = 450, 238, 506
    pixels = pixel_colors(shot, f"{width}x{height}+0+{top}")
    for y in range(height):
        run_length = 0
        for r, g, b in pixels[y * width:(y + 1) * width]:
            run_length = run_length + 1 if min(r, g, b) > 230 else 0
            if run_length > 120:
                return True
    return False


def case_a_word_and_a_tag_are_searched_across_the_networks(ctx: Context) -> None:
    networks = start_networks(peertube=2, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-search", networks)
        shelf = open_discover(ctx, app)
        expect(shelf["count"] > 0, f"the trending shelf is empty: {shelf}")
        poll_shot(ctx, "explore-discover-before", lambda s: tiles_shown(s, 238), 8, "the trending shelf's stills")
        # One of Loops' explore tags: its feed in the grid.
        since = app.cursor()
        click(ctx, 43, 212)
        tagged = app.wait("explore_results", 10, since, lambda e: e.get("source") == "tag", "explore_results for a tag chip")
        expect(tagged["query"].startswith("#") and tagged["count"] > 0, f"the first tag chip showed {tagged}")
        since = app.cursor()
        click(ctx, 50, 128)
        app.wait("explore_results", 10, since, lambda e: e.get("source") == "trending", "the trending shelf chosen again")
        timings = []
        for _ in range(3):
            found, seconds = search(ctx, app, "cats")
            timings.append(seconds)
            search(ctx, app, "river")
        expect(found["count"] > 0 and found["failures"] == 0, f"\"cats\" found nothing: {found}")
        for site in networks.peertube + [networks.search_index]:
            asked = searched(networks, site, "/api/v1/search/videos")
            expect(any(q.get("search") == ["cats"] for q in asked), f"{site} was not asked for \"cats\": {asked}")
        poll_shot(ctx, "explore-discover-after", lambda s: tiles_shown(s, 154), 8, "stills for \"river\"")
        resize(ctx, 1200, 700)
        time.sleep(1.5)
        ctx.screenshot("explore-discover-after-1200x700")
        resize(ctx, 450, 800)
        time.sleep(1)
        log(f"typing to results on loopback (GTK's 100 ms pause included): "
                f"{', '.join(f'{t * 1000:.0f} ms' for t in timings)}")

        tag, _ = search(ctx, app, "#cats")
        expect(tag["count"] > 0, f"\"#cats\" found nothing: {tag}")
        for site in networks.peertube:
            asked = searched(networks, site, "/api/v1/videos") + searched(networks, site, "/api/v1/search/videos")
            expect(any(q.get("tagsOneOf") == ["cats"] for q in asked), f"{site} was not asked for the tag cats: {asked}")
        loops_asked = [r["path"] for r in networks.requests(networks.loops[0])]
        expect(any("cats" in p for p in loops_asked), f"Loops' tag feed was not asked for cats: {loops_asked}")

        # A person's name finds their channels (none of their videos has it), which open their page.
        people, _ = search(ctx, app, "alice", source="channels")
        expect(people["count"] >= 2, f"\"alice\" found {people['count']} channels")
        poll_shot(ctx, "explore-people", rows_shown, 5, "the channels found for \"alice\"")
        since = app.cursor()
        click(ctx, *FIRST_ROW)
        app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
        poll_shot(ctx, "explore-channel-from-search", lambda s: region_stats(s, "100x20+174+300")[0] > 0.2, 8,
                  "the channel page's Follow button")
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def case_a_result_opens_as_a_feed_that_pages_past_its_first_page(ctx: Context) -> None:
    networks = start_networks(peertube=2, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-feed", networks)
        shelf = open_discover(ctx, app)
        first_page = shelf["total"]
        expect(shelf["hidden"] > 0, f"the default filter hid nothing of the trending shelf: {shelf}")
        poll_shot(ctx, "explore-shelf", lambda s: tiles_shown(s, 238), 8, "the trending shelf's stills")
        since = app.cursor()
        click(ctx, *TILE)
        opened = app.wait("page", 10, since, what="a page for the first trending tile")
        expect(opened.get("remote_host") and opened.get("remote_id"), f"the page has no remote identity: {opened}")
        window_shot(ctx, "explore-results-feed")
        kinds = kinds_by_id(networks)
        seen = [opened["remote_id"]]
        waits = []
        for n in range(first_page + 2):
            since = app.cursor()
            pressed = time.monotonic()
            ctx.key("Down")
            page = app.wait("page", 15, since, what=f"page {n + 1} of the results feed")
            waits.append(time.monotonic() - pressed)
            expect(page.get("remote_host"), f"page {n + 1} has no remote_host: {page}")
            seen.append(page["remote_id"])
        second = app.find("explore_results", 0, lambda e: e.get("source") == "trending" and e.get("page") == 2)
        expect(second, "paging past the last result did not load the next page of results")
        expect(len(set(seen)) == len(seen), f"a result came twice: {seen}")
        shown = [kinds.get(i, "?") for i in seen]
        expect(not BLOCKED & set(shown), f"the feed showed what the filter keeps out: {shown}")
        log(f"paging through remote results: p95 {statistics.quantiles(waits, n=20)[-1] * 1000:.0f} ms "
                f"over {len(waits)} pages")
        # Esc: the grid, scrolled to the last result watched (27 pages on: rows below the first screen).
        ctx.key("Escape")
        poll_shot(ctx, "explore-back-to-grid", focused_tile_shown, 5,
                  "the grid scrolled to the last result watched, its tile focused")
        for site in networks.peertube:
            asked = searched(networks, site, "/api/v1/videos")
            expect(asked and all(q.get("nsfw") == ["false"] for q in asked),
                   f"{site} was asked for videos without hiding the sensitive ones: {asked}")

        # Any shape lets the landscape ones in.
        since = app.cursor()
        click(ctx, 57, 170)
        wider = app.wait("explore_results", 10, since, lambda e: e.get("source") == "trending", "the shelf with Any shape")
        expect(wider["hidden"] < shelf["hidden"], f"Any shape hid as much: {wider} vs {shelf}")
        resize(ctx, 1200, 700)
        time.sleep(1.5)
        ctx.screenshot("explore-discover-before-1200x700")
        since = app.cursor()
        click(ctx, 200, 300)
        app.wait("first_frame", 10, since, what="a result's first frame at 1200x700")
        time.sleep(0.5)
        ctx.screenshot("explore-results-feed-1200x700")
        resize(ctx, 450, 800)
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def case_a_channel_is_opened_and_followed(ctx: Context) -> None:
    networks = start_networks(peertube=2, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-channel", networks)
        open_discover(ctx, app)
        people, _ = search(ctx, app, "alice", source="channels")
        expect(people["count"] >= 2, f"\"alice\" found {people['count']} channels")
        poll_shot(ctx, "explore-people", rows_shown, 5, "the channels found for \"alice\"")
        since = app.cursor()
        click(ctx, *FIRST_ROW)
        videos = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
        expect(videos["count"] > 0, f"the channel shows no videos: {videos}")
        poll_shot(ctx, "explore-channel", lambda s: tiles_shown(s, 340), 8, "the channel's stills")
        click(ctx, *FOLLOW)
        deadline = time.monotonic() + 15
        rows: list[tuple] = []
        while time.monotonic() < deadline and not rows:
            rows = db_rows(app, "SELECT url FROM subscriptions")
            time.sleep(0.2)
        expect(rows and "/feeds/videos" in rows[0][0], f"Follow kept no subscription to the channel's feed: {rows}")
        window_shot(ctx, "explore-channel-followed")
        resize(ctx, 1200, 700)
        time.sleep(1.5)
        ctx.screenshot("explore-channel-1200x700")
        resize(ctx, 450, 800)
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def case_discover_chip_rows_are_one_tab_stop_each(ctx: Context) -> None:
    networks = start_networks(peertube=1, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-tabs", networks)
        open_discover(ctx, app)
        click(ctx, *SEARCH)
        names = []
        for _ in range(6):
            since = app.cursor()
            ctx.key("Tab")
            focus = app.wait("focus", 3, since, what="focus after Tab")
            names.append(f"{focus['widget']}:{focus['name']}")
        # Where to look, which videos, the filters, the tags: one stop each, then the first tile.
        expect(names[:3] == ["GtkButton:Networks", "GtkButton:Trending", "GtkButton:Any shape"]
               and names[3].startswith("GtkButton:#") and not names[4].startswith("GtkButton:#"),
               f"the chip rows are not one Tab stop each: {names}")
        log(f"Tab from the search field: {names}")
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def case_a_persons_name_finds_their_profile_on_this_computer(ctx: Context) -> None:
    """No network read (the index off): Discover looks on this computer, where a person's name
    finds them above the videos, and their row opens their profile."""
    app = App(ctx, ["--search-index", "off"], name="explore-people",
              env={"LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx))})
    wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    ctx.key("ctrl+f")
    time.sleep(0.5)
    since = app.cursor()
    type_text(ctx, "Hana")
    people = app.wait("explore_results", 5, since, lambda e: e.get("scope") == "local" and e.get("source") == "people"
                     and e.get("query") == "Hana",
                      "explore_results with the people named Hana")
    expect(people["count"] == 1, f"\"Hana\" found {people['count']} people")
    time.sleep(1)
    window_shot(ctx, "explore-people-here")
    expect(app.alive(), "app exited")


def case_discover_on_the_networks_names_every_control(ctx: Context) -> None:
    """Over AT-SPI: Discover's network half (chips, shelf, tiles) and a channel's page name
    every control and give each a role."""
    networks = start_networks(peertube=2, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-a11y", networks, env=A11Y_ENV)
        a11y_bus_address(ctx)
        open_discover(ctx, app)
        poll_shot(ctx, "explore-a11y-discover", lambda s: tiles_shown(s, 238), 8, "the trending shelf's stills")
        screens = Screens(ctx, app)
        screens.check("explore discover", ["Discover"], must_have=("Search", "Look on the networks", "Trending videos", "any shape", "Videos tagged #"))
        search(ctx, app, "alice", source="channels")
        poll_shot(ctx, "explore-a11y-people", rows_shown, 5, "the channels found for \"alice\"")
        screens.check("explore channels", ["Discover"], must_have=("Alice",))
        since = app.cursor()
        click(ctx, *FIRST_ROW)
        app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's videos")
        time.sleep(0.8)
        screens.check("channel", ["Channel"], must_have=("Follow", "Back"))
        failures = screens.failures()
        expect(not failures, "; ".join(failures))
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def set_faults(site: str, rules: list[dict]) -> None:
    """Replaces `site`'s fault rules (Tests/servers/faults.py's kinds)."""
    request = urllib.request.Request(site + "/__fake/faults", data=json.dumps({"rules": rules}).encode(), method="PUT",
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=5).read()


def case_servers_that_fail_are_said_and_the_rest_still_answers(ctx: Context) -> None:
    """A search while one instance answers 500, the other garbage and the index hostile text (every
    name 100,000 characters of markup, bidi overrides and control characters): each failing server
    said in plain words above the results and the unreadable results counted, Loops' results shown,
    one opened and played, and the window never stalls."""
    networks = start_networks(peertube=2, loops=1)
    try:
        app = launch_on_networks(ctx, "explore-faults", networks, env=A11Y_ENV)
        open_discover(ctx, app)
        search_path = "^/api/v1/search/videos"
        set_faults(networks.peertube[0], [{"kind": "500", "path": search_path}])
        set_faults(networks.peertube[1], [{"kind": "garbage", "path": search_path}])
        set_faults(networks.search_index, [{"kind": "hostile_text", "path": search_path}])
        found, _ = search(ctx, app, "cats")
        hosts = [site.removeprefix("http://") for site in networks.peertube]
        deadline = time.monotonic() + 8
        lines: list[str] = []
        while time.monotonic() < deadline:
            nodes = probe_tree(ctx, app, ["Discover"])["nodes"]
            lines = [n["name"] for n in nodes if n.get("role") == "label" and any(h in n.get("name", "") for h in hosts)]
            if len(lines) >= 2:
                break
            time.sleep(0.5)
        shot = window_shot(ctx, "explore-faults")
        expect(found["count"] > 0, f"nothing shown though the index answered: {found}, {lines}, see {shot}")
        expect(found.get("failures", 0) == 2, f"the two failing servers are not counted: {found}")
        said = "\n".join(lines)
        expect(f"{hosts[0]} said no" in said, f"the 500 is not said in plain words: {lines}, see {shot}")
        expect(f"{hosts[1]} answered something that isn’t what its API sends" in said,
               f"the garbage is not said: {lines}, see {shot}")
        expect(found.get("unreadable", 0) > 0 and "could not be read and are left out" in said,
               f"the index's hostile results are not counted and said: {found}, {lines}, see {shot}")
        since = app.cursor()
        click(ctx, 75, 340)  # the first tile, under the three lines said above the grid
        opened = app.wait("page", 10, since, what="a page for the first result")
        app.wait("first_frame", 20, since, lambda e: e.get("post_id") == opened["post_id"], "the result playing")
        expect(not app.find("stall"), f"the main loop stalled: {app.find('stall')}")
    finally:
        networks.stop()


EXPLORE_CASES: list[tuple[str, Callable[[Context], None]]] = [
    ("explore_word_and_tag_across_networks", case_a_word_and_a_tag_are_searched_across_the_networks),
    ("explore_result_feed_pages_past_first_page", case_a_result_opens_as_a_feed_that_pages_past_its_first_page),
    ("explore_channel_opened_and_followed", case_a_channel_is_opened_and_followed),
    ("explore_chip_rows_one_tab_stop", case_discover_chip_rows_are_one_tab_stop_each),
    ("explore_screen_reader_names_every_control", case_discover_on_the_networks_names_every_control),
    ("explore_person_name_finds_their_profile", case_a_persons_name_finds_their_profile_on_this_computer),
    ("explore_failing_servers_are_said", case_servers_that_fail_are_said_and_the_rest_still_answers),
]

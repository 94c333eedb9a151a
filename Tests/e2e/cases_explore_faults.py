"""End-to-end cases for Explore when servers misbehave (issue 22): one instance stalls (answers
nothing) and another answers 429 with Retry-After, while the user browses Discover and types a
search. The window says which server failed and why, the other servers' results are shown without
waiting for the bad ones, a result still opens, pages and closes with Esc, and the busy server is
asked nothing before the time it gave."""

from __future__ import annotations

import time

from cases_access import A11Y_ENV, probe_tree
from cases_explore import launch_on_networks, search, set_faults, tiles_shown
from context import Context
from network_servers import FakeNetworks, start_networks
from outcomes import expect
from screenshots import poll_shot, window_shot
from x_input import click

RETRY_AFTER = 6  # seconds the busy instance asks for
LISTS = "^/api/v1/(videos|search/videos|search/video-channels)$"
# From a question to its results on screen, with one server silent: well under the client's 10 s
# answer time, which a round waiting for every server would take.
PROMPT_SECONDS = 4.0


def said_lines(ctx: Context, app, hosts: list[str], wanted: int = 2, timeout: float = 8) -> list[str]:
    """Discover's labels naming any of `hosts`, once `wanted` of them are there (or the time is up)."""
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < deadline:
        nodes = probe_tree(ctx, app, ["Discover"])["nodes"]
        lines = [n["name"] for n in nodes if n.get("role") == "label" and any(h in n.get("name", "") for h in hosts)]
        if len({h for h in hosts for line in lines if h in line}) >= wanted:
            break
        time.sleep(0.5)
    return lines


def pauses_kept(networks: FakeNetworks, site: str) -> list[str]:
    """Each request the busy site got sooner after a 429 than the Retry-After it gave."""
    log = [r for r in networks.requests(site) if not r["path"].startswith("/__fake/")]
    broken = []
    for answered, later in zip(log, log[1:]):
        if answered.get("status") == 429 and later["time"] < answered["time"] + RETRY_AFTER - 0.2:
            broken.append(f"{later['path']} at +{later['time'] - answered['time']:.2f}s after a 429")
    return broken


def case_a_stalled_and_a_busy_server_are_said_and_the_rest_is_shown(ctx: Context) -> None:
    networks = start_networks(peertube=2, loops=1)
    stalled, busy = networks.peertube
    hosts = [site.removeprefix("http://") for site in networks.peertube]
    try:
        set_faults(stalled, [{"kind": "stall_silent", "path": LISTS, "seconds": 60}])
        set_faults(busy, [{"kind": "429", "path": LISTS, "retry_after": RETRY_AFTER}])
        app = launch_on_networks(ctx, "explore-stall-429", networks, env=A11Y_ENV)

        # Browsing: Discover's shelf before anything is typed.
        since = app.cursor()
        asked = time.monotonic()
        ctx.key("ctrl+f")
        shelf = app.wait("explore_results", 15, since, lambda e: e.get("source") == "trending", "the trending shelf")
        waited = time.monotonic() - asked
        lines = said_lines(ctx, app, hosts)
        shot = window_shot(ctx, "explore-stall-429-shelf")
        expect(waited < PROMPT_SECONDS, f"the shelf waited {waited:.1f}s for the silent and the busy server, see {shot}")
        expect(shelf["count"] > 0, f"the shelf shows nothing from the servers that answered: {shelf}, see {shot}")
        expect(shelf.get("failures", 0) == 2, f"the two failing servers are not counted: {shelf}")
        said = "\n".join(lines)
        expect(hosts[0] in said and hosts[1] in said, f"the failing servers are not named in the window: {lines}, see {shot}")

        # Typing a search, while the busy server's pause may still run.
        found, took = search(ctx, app, "cats")
        lines = said_lines(ctx, app, hosts)
        shot = window_shot(ctx, "explore-stall-429-search")
        expect(took < PROMPT_SECONDS + 1, f"the search waited {took:.1f}s for the silent and the busy server, see {shot}")
        expect(found["count"] > 0, f"the index's and Loops' results are not shown: {found}, see {shot}")
        expect(found.get("failures", 0) == 2, f"the two failing servers are not counted: {found}")
        said = "\n".join(lines)
        expect(hosts[0] in said and hosts[1] in said, f"the failing servers are not named after the search: {lines}, see {shot}")

        # The app keeps working: a result opens, pages on, and Esc brings the grid back.
        since = app.cursor()
        click(ctx, 75, 340)
        opened = app.wait("page", 10, since, what="a page for the first result")
        app.wait("first_frame", 20, since, lambda e: e.get("post_id") == opened["post_id"], "the result playing")
        since = app.cursor()
        ctx.key("Down")
        app.wait("page", 10, since, lambda e: e.get("post_id") != opened["post_id"], "the next result's page")
        ctx.key("Escape")
        poll_shot(ctx, "explore-stall-429-back", lambda s: tiles_shown(s, 238), 5, "the results grid after Esc")
        expect(not app.find("stall"), f"the main loop stalled: {app.find('stall')}")

        # The busy server was left alone for the time it asked, every time it asked.
        time.sleep(1.0)
        broken = pauses_kept(networks, busy)
        expect(not broken, f"the busy server was asked before its Retry-After ran out: {broken}")
        expect(any(r.get("status") == 429 for r in networks.requests(busy)), "the busy server never answered 429")
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


EXPLORE_FAULT_CASES = [
    ("explore_stalled_and_busy_servers_are_said", case_a_stalled_and_a_busy_server_are_said_and_the_rest_is_shown),
]

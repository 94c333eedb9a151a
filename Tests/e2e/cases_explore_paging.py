"""End-to-end cases for a network channel's page (issue 22): its grid of videos loads the next
page of the API (PeerTube's start/count, Loops' cursor) as it is scrolled with the wheel, seen in
the events, the fakes' request logs and on screen."""

from __future__ import annotations

import time
from urllib.parse import parse_qs

from cases_explore import FIRST_ROW, launch_on_networks, open_discover, rows_shown, search, tiles_shown
from context import Context
from network_servers import start_networks
from outcomes import expect
from screenshots import poll_shot, region_difference, region_stats, window_shot
from x_input import click

# 160 videos an instance: each of its four channels holds 40 (some live or sensitive, not
# listed), more than the app's page of 20.
VIDEOS_PER_INSTANCE = 160
# The page's lowest row of tiles, just above the tab bar, once scrolled to the bottom.
LOW_TILES = "420x120+10+600"


def channel_video_requests(networks, site: str) -> list[dict]:
    return [r for r in networks.requests(site) if r["path"].startswith("/api/v1/video-channels/") and r["path"].endswith("/videos")]


def scroll_until_next_page(ctx: Context, app) -> tuple[dict | None, object]:
    """Wheel down over the grid until the channel's second page comes (or 20 s): its event, and the
    last screenshot taken before it (the grid's old end)."""
    ctx.pointer_into_window()
    ctx.xdotool("mousemove", "225", "500")  # over the grid
    since = app.cursor()
    second = None
    old_end = None
    deadline = time.monotonic() + 20
    while second is None and time.monotonic() < deadline:
        ctx.xdotool("click", "--repeat", "3", "--delay", "60", "5")
        time.sleep(0.3)
        found = app.find("explore_results", since, lambda e: e.get("source") == "channel" and e.get("page") == 2)
        second = found[0] if found else None
        if second is None:
            old_end = window_shot(ctx, "channel-paging-old-end")
    return second, old_end


def case_a_loops_profiles_grid_loads_more_as_it_scrolls(ctx: Context) -> None:
    """A Loops profile of 14 videos (10 a page): scrolled to the end, its grid asks the next page by
    the cursor the first gave, and shows it."""
    networks = start_networks(peertube=1, loops=1, index=False)
    try:
        app = launch_on_networks(ctx, "loops-paging", networks)
        open_discover(ctx, app)
        people, _ = search(ctx, app, "looper", source="channels")
        expect(people["count"] >= 1, f"\"looper\" found {people['count']} profiles")
        poll_shot(ctx, "loops-paging-people", rows_shown, 5, "the profile found for \"looper\"")
        since = app.cursor()
        click(ctx, *FIRST_ROW)
        first = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the profile's first page")
        poll_shot(ctx, "loops-paging-top", lambda s: tiles_shown(s, 340), 8, "the profile's stills")
        asked = [r for r in networks.requests(networks.loops[0]) if r["path"].startswith("/api/v1/feed/account/")]
        expect(len(asked) == 1 and "cursor=" not in asked[0]["query"], f"the first page was asked as {asked}")
        second, _ = scroll_until_next_page(ctx, app)
        expect(second is not None, f"scrolling to the grid's end loaded no more, see {window_shot(ctx, 'loops-paging-end')}")
        expect(second["total"] > first["total"], f"the second page added nothing: {first} then {second}")
        asked = [r for r in networks.requests(networks.loops[0]) if r["path"].startswith("/api/v1/feed/account/")]
        expect(len(asked) == 2 and "cursor=" in asked[1]["query"], f"the next page was not asked by its cursor: {asked}")
        for _ in range(6):
            ctx.xdotool("click", "--repeat", "3", "--delay", "60", "5")
        poll_shot(ctx, "loops-paging-more", lambda s: region_stats(s, LOW_TILES)[1] > 0.08, 8,
                  "the next page's stills at the bottom of the grid")
        expect(app.alive(), "app exited")
    finally:
        networks.stop()


def case_a_channels_grid_loads_more_as_it_scrolls(ctx: Context) -> None:
    networks = start_networks(peertube=1, loops=0, index=False, videos_per_instance=VIDEOS_PER_INSTANCE)
    try:
        app = launch_on_networks(ctx, "channel-paging", networks)
        open_discover(ctx, app)
        people, _ = search(ctx, app, "alice", source="channels")
        expect(people["count"] >= 1, f"\"alice\" found {people['count']} channels")
        poll_shot(ctx, "channel-paging-people", rows_shown, 5, "the channels found for \"alice\"")
        since = app.cursor()
        click(ctx, *FIRST_ROW)
        first = app.wait("explore_results", 10, since, lambda e: e.get("source") == "channel", "the channel's first page")
        expect(first.get("page") == 1 and first["count"] >= 12, f"the channel's first page: {first}")
        poll_shot(ctx, "channel-paging-top", lambda s: tiles_shown(s, 340), 8, "the channel's stills")
        asked = channel_video_requests(networks, networks.peertube[0])
        expect(len(asked) == 1 and parse_qs(asked[0]["query"]).get("start", ["0"]) == ["0"],
               f"the first page was asked as {asked}")
        expect(not app.find("explore_results", since, lambda e: e.get("source") == "channel" and e.get("page") == 2),
               "the next page came before any scroll")

        second, old_end = scroll_until_next_page(ctx, app)
        expect(second is not None, f"scrolling to the grid's end loaded no more, see {window_shot(ctx, 'channel-paging-end')}")
        expect(second["total"] > first["total"], f"the second page added nothing: {first} then {second}")
        asked = channel_video_requests(networks, networks.peertube[0])
        expect(len(asked) == 2 and parse_qs(asked[1]["query"]).get("start") == ["20"],
               f"the next page was not asked from where the first ended: {[a['query'] for a in asked]}")
        # The new tiles are under the old ones: scrolled to the very end, the lowest row shows stills.
        for _ in range(6):
            ctx.xdotool("click", "--repeat", "3", "--delay", "60", "5")
        shot = poll_shot(ctx, "channel-paging-more", lambda s: region_stats(s, LOW_TILES)[1] > 0.08, 8,
                         "the next page's stills at the bottom of the grid")
        moved = region_difference(old_end, shot, "450x600+0+140") if old_end else 0.0
        expect(moved > 0.02, f"the grid's end looks as it did before the next page ({moved:.3f}): "
                             f"see {old_end} and {shot}")
        expect(app.alive(), "app exited")
        ctx.key("Escape")
        time.sleep(0.5)
        expect(app.alive(), f"app exited after Esc, see {shot}")
    finally:
        networks.stop()


EXPLORE_PAGING_CASES = [
    ("channel_grid_loads_more_as_it_scrolls", case_a_channels_grid_loads_more_as_it_scrolls),
    ("loops_profile_grid_loads_more_as_it_scrolls", case_a_loops_profiles_grid_loads_more_as_it_scrolls),
]

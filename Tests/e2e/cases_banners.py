"""The window's banners (the import's, the upload's) stack at its top without covering each
other or Home's For You | Following switch, at 360x640 and 1200x700: a post uploading to the
account's channel ("Processing on the server") and a notice of the import's banner (Ctrl+V with
no address on the clipboard) at once, on Home."""

from __future__ import annotations

import time
import urllib.request

from app import App, quit_app
from cases_access import A11Y_ENV, a11y_bus_address
from cases_accounts import fill_sign_in, host_of, open_preferences, users
from cases_outbox_marks import wait_nodes
from cases_reliability import hold_clipboard
from cases_remote import named
from cases_upload import choose_channel, post_and_wait_uploaded, record_to_posting
from context import Context
from desktop_accounts import Keyring
from network_servers import start_networks
from outcomes import CaseFailed, expect, log
from recorder import record_app
from windows import resize

NOTICE = "The clipboard holds no web address to follow."


def bottom(node: dict) -> int:
    return node["extents"][1] + node["extents"][3]


def notice_and_switch(ctx: Context, app: App, name: str) -> list[dict]:
    """Home's accessible tree with the import's notice (Ctrl+V with no address on the clipboard)
    and the switch in it. The notice lasts 6 s and one read of the tree can take seconds on a
    loaded machine: it is asked for again before each read."""
    deadline = time.monotonic() + 20
    # Words, not an address, on the clipboard, whatever an earlier case or app left there.
    words = hold_clipboard(ctx, "no address here")
    try:
        return _notice_and_switch(ctx, app, name, deadline)
    finally:
        words.terminate()
        words.wait(5)


def _notice_and_switch(ctx: Context, app: App, name: str, deadline: float) -> list[dict]:
    while True:
        ctx.key("ctrl+v")
        time.sleep(0.3)
        try:
            return wait_nodes(ctx, app, lambda n: bool(named(n, NOTICE)) and bool(named(n, "For You feed")), 0,
                              "the import's notice over Home", name)
        except CaseFailed:
            if time.monotonic() > deadline:
                raise


def case_the_banners_stack_below_each_other_and_above_homes_switch(ctx: Context) -> None:
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        home = networks.peertube[0]
        user, _ = users(networks, home)
        app = record_app(ctx, "banners", extra_env=dict(A11Y_ENV))
        a11y_bus_address(ctx)
        open_preferences(ctx, app)
        fill_sign_in(ctx, app, home, user["username"], user["password"])
        ctx.key("Return")
        app.wait("signed_in", 15, pred=lambda e: e.get("host") == host_of(home), what="signed_in to the instance")
        ctx.key("Escape")
        time.sleep(0.8)
        ctx.pointer_into_window()
        record_to_posting(ctx, app, "Banners over Home")
        choose_channel(ctx, app)
        time.sleep(0.5)
        # Long on "Processing on the server": the upload's banner stays while the sizes are looked at.
        urllib.request.urlopen(urllib.request.Request(home + "/__fake/auth", data=b'{"processing_seconds": 25}',
                                                      method="POST"), timeout=5).read()
        post_and_wait_uploaded(ctx, app)
        ctx.key("Escape")
        time.sleep(0.5)
        for width, height in ((360, 640), (1200, 700)):
            resize(ctx, width, height)
            time.sleep(0.8)
            ctx.pointer_into_window()
            nodes = notice_and_switch(ctx, app, f"banners-{width}x{height}")
            shot = ctx.screenshot(f"banners-home-switch-{width}x{height}")
            notice = named(nodes, NOTICE)[0]
            upload = [n for n in nodes if n["role"] == "label" and "server" in n["name"].lower() and n is not notice]
            switch = named(nodes, "For You feed", "push button")[0]
            expect(upload, f"the upload's banner is not shown: {[n['name'] for n in nodes if n['role'] == 'label'][:30]}")
            expect(bottom(notice) <= upload[0]["extents"][1] or bottom(upload[0]) <= notice["extents"][1],
                   f"the banners overlap at {width}x{height}: {notice['extents']} {upload[0]['extents']} ({shot})")
            expect(switch["extents"][1] >= max(bottom(notice), bottom(upload[0])),
                   f"Home's switch is covered at {width}x{height}: {switch['extents']} under {notice['extents']} "
                   f"{upload[0]['extents']} ({shot})")
            log(f"{width}x{height}: banners end at {max(bottom(notice), bottom(upload[0]))}, the switch at {switch['extents'][1]}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


BANNER_CASES = [
    ("the_banners_stack_below_each_other_and_above_homes_switch",
     case_the_banners_stack_below_each_other_and_above_homes_switch),
]

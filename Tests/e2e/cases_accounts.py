"""Accounts (issue 23): signing in from Preferences to the loopback fakes of PeerTube and Loops,
with a keyring (gnome-keyring) and a stand-in browser in the case's desktop. Two PeerTube
instances signed in by typing (one asks for its two-factor code), a wrong password and a wrong
code said in plain words, sign-out revoking the token on the instance (its request log), a
restart finding the account signed in (its tokens in the keyring, nothing of them in the
library), and Loops signed in through the browser."""

from __future__ import annotations

import os
import signal
import time

from app import App, quit_app
from app_data import db_rows
from cases_access import A11Y_ENV, Screens, a11y_bus_address
from context import Context
from desktop_accounts import FakeBrowser, Keyring, secrets_in_files
from feed import dismiss_welcome, wait_started
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log
from windows import wait_window
from x_input import type_text

ADDRESS = "Server address, like tube.example"  # the sign-in form's fields, as the focus events name them
USERNAME = "Username"
PASSWORD = "Password"
CODE = "Two-factor code"


def launch(ctx: Context, name: str, env: dict | None = None, data_dir=None) -> App:
    app = App(ctx, [str(c) for c in ctx.fixtures.feed_clips()[:2]], name=name, env=env, data_dir=data_dir)
    wait_started(app)
    dismiss_welcome(ctx, app)
    ctx.pointer_into_window()
    return app


def open_preferences(ctx: Context, app: App) -> None:
    ctx.key("ctrl+comma")
    wait_window(ctx, "Preferences")
    time.sleep(0.8)


def tab_to(ctx: Context, app: App, name: str, key: str = "Tab", limit: int = 60) -> dict:
    """Presses `key` until the focus is on the control named `name` in Preferences."""
    for _ in range(limit):
        since = app.cursor()
        ctx.key(key)
        app.wait_optional("focus", 1.5, since)
        moved = app.find("focus", since)
        if moved and moved[-1].get("name") == name and moved[-1].get("window") == "Preferences":
            return moved[-1]
    raise AssertionError(f"{name!r} was not reached with {key}")


def fill_sign_in(ctx: Context, app: App, site: str, username: str, password: str) -> None:
    """From the open Preferences: the sign-in form's address, username and password typed (the
    focus left in the password field; Return is the case's)."""
    tab_to(ctx, app, ADDRESS)
    type_text(ctx, site)
    ctx.key("Tab")
    type_text(ctx, username)
    ctx.key("Tab")
    type_text(ctx, password)


def retype(ctx: Context, text: str) -> None:
    ctx.key("ctrl+a")
    ctx.key("BackSpace")
    type_text(ctx, text)


def said(app: App, words: str, timeout: float = 10) -> bool:
    """Whether Preferences shows a label holding `words` (the app's labels, asked with SIGUSR2)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        since = app.cursor()
        os.kill(app.proc.pid, signal.SIGUSR2)
        app.wait("labels_shown", 5, since, what="the labels after SIGUSR2")
        if any(words in label.get("text", "") and label.get("window") == "Preferences" for label in app.find("label", since)):
            return True
        time.sleep(0.4)
    return False


def host_of(site: str) -> str:
    return site.split("://", 1)[1].rstrip("/")


def users(networks: FakeNetworks, site: str) -> tuple[dict, dict]:
    """The instance's first user (a password only) and its first with two-factor authentication."""
    listed = networks.manifest(site)["users"]
    return next(u for u in listed if not u["otp"]), next(u for u in listed if u["otp"])


def case_sign_in_to_two_instances_sign_out_and_restart(ctx: Context) -> None:
    """Two instances signed in from Preferences by typing: a wrong password first (said plainly),
    the second account's two-factor code asked for (a wrong one said plainly); the first signed out
    (its token revoked on the instance); after a restart the second is signed in still, from the
    keyring, and the library holds no password."""
    networks = start_networks(peertube=2, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        first, second = networks.peertube
        plain, _ = users(networks, first)
        _, guarded = users(networks, second)
        app = launch(ctx, "accounts")
        open_preferences(ctx, app)

        fill_sign_in(ctx, app, first, plain["username"], "not-the-password")
        ctx.key("Return")
        expect(said(app, "The username or password is not right"), "a wrong password is said plainly")
        ctx.screenshot("accounts-wrong-password")
        expect(not app.find("signed_in"), "no sign-in with a wrong password")
        since = app.cursor()
        retype(ctx, plain["password"])
        ctx.key("Return")
        signed = app.wait("signed_in", 15, since, lambda e: e.get("host") == host_of(first), "signed_in to the first instance")
        expect(signed.get("kind") == "peertube" and not signed.get("session_only"), f"kept in the keyring: {signed}")
        expect(said(app, f"{plain['username']}@{host_of(first)}"), "the account listed as name@host")

        tab_to(ctx, app, ADDRESS, key="shift+Tab")
        retype(ctx, second)
        ctx.key("Tab")
        retype(ctx, guarded["username"])
        ctx.key("Tab")
        retype(ctx, guarded["password"])
        ctx.key("Return")
        expect(said(app, "This account asks for the code from its two-factor app"), "the two-factor code asked for")
        time.sleep(0.5)  # the code's field takes the focus
        type_text(ctx, "000000")
        ctx.key("Return")
        expect(said(app, "That two-factor code is not right"), "a wrong code is said plainly")
        since = app.cursor()
        retype(ctx, guarded["otp"])
        ctx.key("Return")
        app.wait("signed_in", 15, since, lambda e: e.get("host") == host_of(second), "signed_in to the second instance")
        rows = db_rows(app, "SELECT origin, username FROM accounts ORDER BY origin")
        expect(rows == [(first, plain["username"]), (second, guarded["username"])], f"the library's accounts: {rows}")
        ctx.screenshot("accounts-two-signed-in")

        networks_log = networks.requests(first)
        since = app.cursor()
        tab_to(ctx, app, f"Sign out of {plain['username']}@{host_of(first)}", key="shift+Tab")
        ctx.key("Return")
        out = app.wait("signed_out", 15, since, what="signed_out of the first instance")
        expect(out == {**out, "host": host_of(first), "kind": "peertube"}, f"signed_out: {out}")
        revoked = [r for r in networks.requests(first)[len(networks_log):]
                   if r["method"] == "POST" and r["path"] == "/api/v1/users/revoke-token"]
        expect(len(revoked) == 1 and revoked[0].get("status") == 200 and revoked[0].get("authorization"),
               f"the token revoked on the instance: {revoked}")
        rows = db_rows(app, "SELECT origin FROM accounts")
        expect(rows == [(second,)], f"the first account forgotten in the library: {rows}")
        for event in app.find("signed_in") + app.find("signed_out"):
            expect(set(event) <= {"event", "t_us", "host", "kind", "restored", "session_only"}, f"nothing more told: {event}")
        quit_app(app)
        leaked = secrets_in_files(app.dir, [plain["password"], guarded["password"]])
        expect(not leaked, f"a password written to {leaked}")

        again = launch(ctx, "accounts-again", data_dir=app.data_dir)
        restored = again.wait("signed_in", 15, pred=lambda e: e.get("host") == host_of(second),
                              what="the second account signed in after the restart")
        expect(restored.get("restored") is True, f"found in the keyring at launch: {restored}")
        expect(not again.find("signed_in", pred=lambda e: e.get("host") == host_of(first)), "the signed-out account stays out")
        log(f"signed in to {host_of(first)} and {host_of(second)}; signed out of the first; the second kept")
        quit_app(again)
    finally:
        keyring.stop()
        networks.stop()


def case_loops_signs_in_through_the_browser(ctx: Context) -> None:
    """Loops: its address asked as a PeerTube instance is said to be none; as Loops, Preferences
    sends the user to the server's authorize page in the browser (a stand-in that follows its
    redirect back to Loopfeed's listener on 127.0.0.1, which shows it a page) and the account is
    signed in with one code exchanged; over AT-SPI, every control of Preferences is named."""
    networks = start_networks(peertube=0, loops=1, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    browser = FakeBrowser(ctx.case_tmp / "desktop")
    try:
        site = networks.loops[0]
        app = launch(ctx, "accounts-loops", env={**browser.env, **A11Y_ENV})
        a11y_bus_address(ctx)
        open_preferences(ctx, app)
        tab_to(ctx, app, ADDRESS)
        type_text(ctx, site)
        ctx.key("Tab")
        type_text(ctx, "someone")
        ctx.key("Tab")
        type_text(ctx, "a-password")
        ctx.key("Return")
        expect(said(app, f"{host_of(site)} is not a PeerTube server"), "a Loops server asked as PeerTube is said plainly")
        tab_to(ctx, app, "Loops", key="shift+Tab")
        ctx.key("space")
        tab_to(ctx, app, ADDRESS)
        expect(said(app, "Continue in your browser"), "Loops' button says where the sign-in goes on")
        since = app.cursor()
        ctx.key("Return")
        signed = app.wait("signed_in", 30, since, lambda e: e.get("host") == host_of(site), "signed_in to Loops")
        expect(signed.get("kind") == "loops", f"signed_in: {signed}")
        visits = browser.visits()
        expect(len(visits) == 1 and visits[0]["opened"].startswith(site + "/oauth/authorize?"),
               f"the browser opened the authorize page: {visits}")
        expect(visits[0].get("ended", "").startswith("http://127.0.0.1:") and visits[0].get("status") == 200,
               f"and came back to the listener: {visits}")
        tokens = [r for r in networks.requests(site) if r["path"] == "/oauth/token"]
        expect(len(tokens) == 1 and tokens[0].get("status") == 200, f"one code exchanged: {tokens}")
        rows = db_rows(app, "SELECT origin, network FROM accounts")
        expect(rows == [(site, "loops")], f"the library's accounts: {rows}")
        time.sleep(0.5)
        screens = Screens(ctx, app)
        screens.check("preferences accounts", [], window="Preferences", size=(440, 600),
                      must_have=("Sign out of", "Sign in to a PeerTube instance", "Sign in to a Loops server",
                                 "Server address"))
        failures = screens.failures()
        expect(not failures, "; ".join(failures))
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_without_a_keyring_an_account_lasts_this_session(ctx: Context) -> None:
    """No session bus, so no keyring: signing in says so, the account holds for this run
    (session_only) and is not written to the library; the next launch is signed out."""
    networks = start_networks(peertube=1, loops=0, index=False)
    try:
        site = networks.peertube[0]
        plain, _ = users(networks, site)
        no_bus = {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={ctx.case_tmp / 'no-bus-here'}"}
        app = launch(ctx, "accounts-no-keyring", env=no_bus)
        open_preferences(ctx, app)
        since = app.cursor()
        fill_sign_in(ctx, app, site, plain["username"], plain["password"])
        ctx.key("Return")
        signed = app.wait("signed_in", 15, since, lambda e: e.get("host") == host_of(site), "signed_in without a keyring")
        expect(signed.get("session_only") is True, f"for this session only: {signed}")
        expect(said(app, "No password keyring answers on this desktop"), "the missing keyring is said")
        expect(said(app, "until Loopfeed closes"), "the account is listed as lasting until Loopfeed closes")
        expect(db_rows(app, "SELECT origin FROM accounts") == [], "not written to the library")
        quit_app(app)
        again = launch(ctx, "accounts-no-keyring-again", env=no_bus, data_dir=app.data_dir)
        time.sleep(1.5)
        expect(not again.find("signed_in"), f"signed out at the next launch: {again.find('signed_in')}")
        quit_app(again)
    finally:
        networks.stop()


ACCOUNTS_CASES = [
    ("sign_in_to_two_instances_sign_out_and_restart", case_sign_in_to_two_instances_sign_out_and_restart),
    ("loops_signs_in_through_the_browser", case_loops_signs_in_through_the_browser),
    ("without_a_keyring_an_account_lasts_this_session", case_without_a_keyring_an_account_lasts_this_session),
]

"""Posting a recording to a PeerTube channel (issue 23): signed in to the fake instance from
Preferences, a clip recorded with the test camera is posted to the account's channel from the
posting page; the fake cuts the upload's connection halfway (or the app is killed with SIGKILL
while a chunk is under way) and the upload goes on from the byte the instance has, not from the
start; the instance's file is then byte for byte the post's file, and it is published."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import time
import urllib.request
from pathlib import Path

from app import App, quit_app
from app_data import db_post, db_rows
from cases_accounts import fill_sign_in, host_of, open_preferences, users
from cases_explore import set_faults
from cases_outbox import peertube_token
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, get_json, start_networks
from outcomes import expect, log
from recorder import hold_r, open_create, record_app, wait_create_page
from windows import resize

UPLOAD_PATH = "/api/v1/videos/upload-resumable"


def signed_in_recorder(ctx: Context, networks: FakeNetworks, name: str, camera: str = "test",
                       data_dir: Path | None = None) -> tuple[App, str, dict]:
    """The recorder app (record_app's `camera`, `data_dir`), signed in to the first instance from
    Preferences."""
    home = networks.peertube[0]
    user, _ = users(networks, home)
    app = record_app(ctx, name, data_dir=data_dir, camera=camera)
    open_preferences(ctx, app)
    fill_sign_in(ctx, app, home, user["username"], user["password"])
    ctx.key("Return")
    app.wait("signed_in", 15, pred=lambda e: e.get("host") == host_of(home), what="signed_in to the instance")
    ctx.key("Escape")
    time.sleep(0.8)
    ctx.pointer_into_window()
    return app, home, user


def record_to_posting(ctx: Context, app: App, caption: str) -> None:
    """A 2 s recording, joined into the editor, then the posting page with `caption` typed."""
    open_create(ctx, app)
    hold_r(ctx, app, 2.0)
    time.sleep(0.5)
    since = app.cursor()
    ctx.key("Return")  # join into the editor
    wait_create_page(app, "edit", since)
    time.sleep(0.5)
    ctx.key("Return")  # editor -> posting
    wait_create_page(app, "posting", since)
    time.sleep(0.5)
    ctx.xdotool("type", "--delay", "30", caption)


def choose_channel(ctx: Context, app: App) -> dict:
    """Tabs to the posting page's destinations (one Tab stop, on "This computer only"), Right to
    the account's channel, Space presses it."""
    for _ in range(30):
        since = app.cursor()
        ctx.key("Tab")
        app.wait_optional("focus", 1.5, since)
        moved = app.find("focus", since)
        if moved and moved[-1].get("name") == "This computer only":
            since = app.cursor()
            ctx.key("Right")
            channel = app.wait("focus", 3, since, what="the focus on the next destination")
            expect("@" in channel.get("name", ""), f"the next destination is no account's channel: {channel}")
            ctx.key("space")
            return channel
    ctx.screenshot("upload-no-channel")
    names = [e.get("name") for e in app.find("focus")][-40:]
    raise AssertionError(f"the posting page offered no destinations (focus went to {names})")


def post_and_wait_uploaded(ctx: Context, app: App, timeout: float = 60) -> tuple[dict, dict]:
    """Ctrl+Enter: the `posted` event and the `upload` event of it reaching processing."""
    since = app.cursor()
    ctx.key("ctrl+Return")
    posted = app.wait("posted", 20, since, what="the post stored on this computer")
    processing = app.wait("upload", timeout, since, lambda e: e.get("state") == "processing",
                          "the upload on the instance (processing)")
    return posted, processing


def the_instances_file(site: str, token: str, uuid: str) -> bytes:
    """The uploaded video's web file as the instance serves it."""
    request = urllib.request.Request(f"{site}/api/v1/videos/{uuid}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        video = json.loads(answer.read())
    url = video["files"][0]["fileUrl"]
    with urllib.request.urlopen(url, timeout=20) as answer:
        return answer.read()


def local_file(app: App, post_id: int) -> bytes:
    return Path(db_post(app, post_id)["video_uri"].replace("file://", "")).read_bytes()


def uploads_started(networks: FakeNetworks, site: str) -> list[dict]:
    return [r for r in networks.requests(site) if r["method"] == "POST" and r["path"] == UPLOAD_PATH]


def check_on_the_instance(app: App, networks: FakeNetworks, home: str, user: dict, post_id: int) -> bytes:
    """The library's upload row and the instance's file, the same bytes as the local post's."""
    rows = db_rows(app, "SELECT remote_id, total FROM uploads WHERE post_id = ?", (post_id,))
    expect(len(rows) == 1 and rows[0][0], f"the upload in the library: {rows}")
    served = the_instances_file(home, peertube_token(home, user), rows[0][0])
    local = local_file(app, post_id)
    expect(served == local, f"the instance's file ({len(served)} bytes) is not the post's ({len(local)} bytes)")
    expect(len(uploads_started(networks, home)) == 1, f"the upload was begun again: {uploads_started(networks, home)}")
    page = db_post(app, post_id).get("page_url") or ""
    expect(page.startswith(home + "/w/"), f"the local post links to its page on the instance: {page!r}")
    return local


def case_a_post_to_a_channel_resumes_after_a_cut_connection(ctx: Context) -> None:
    """Posted to the account's channel with the first chunk's connection cut halfway (the fake
    keeps the half it got): the app asks the instance where it is and sends the rest from there;
    the instance's file is byte for byte the local post's; "Processing on the server" until it is
    published; the banner and the posting page seen at two window sizes."""
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        app, home, user = signed_in_recorder(ctx, networks, "upload-cut")
        record_to_posting(ctx, app, "Low tide at the pier #sea #e2e")
        choose_channel(ctx, app)
        time.sleep(0.5)
        for width, height in ((360, 640), (1200, 700)):
            resize(ctx, width, height)
            ctx.screenshot(f"upload-posting-page-{width}x{height}")
        # Long enough on "Processing on the server" to see the banner at both sizes.
        urllib.request.urlopen(urllib.request.Request(home + "/__fake/auth", data=b'{"processing_seconds": 8}',
                                                      method="POST"), timeout=5).read()
        set_faults(home, [{"kind": "cut_request", "path": "upload-resumable", "method": "PUT", "count": 1}])
        posted, processing = post_and_wait_uploaded(ctx, app)
        for width, height in ((1200, 700), (360, 640)):
            resize(ctx, width, height)
            ctx.screenshot(f"upload-banner-processing-{width}x{height}")
        events = [e for e in app.find("upload") if e.get("post_id") == posted["post_id"]]
        waited = [e for e in events if e.get("state") == "waiting"]
        expect(waited, f"the cut connection was not seen: {events}")
        after = events[events.index(waited[0]) + 1:]
        resumed = next((e for e in after if e.get("state") == "sending"), None)
        total = processing["total"]
        expect(resumed is not None and 0 < resumed["bytes"] < total,
               f"after the cut it went on from the instance's byte, not from 0: {after}")
        published = app.wait("upload", 30, pred=lambda e: e.get("state") == "published", what="the video published")
        local = check_on_the_instance(app, networks, home, user, posted["post_id"])
        uuid = db_rows(app, "SELECT remote_id FROM uploads")[0][0]
        video = json.loads(urllib.request.urlopen(f"{home}/api/v1/videos/{uuid}", timeout=5).read())
        expect((video["name"], video["tags"], video["privacy"]["id"]) == ("Low tide at the pier #sea #e2e", ["sea", "e2e"], 1),
               f"the caption as the video's title and tags, public: {video['name']!r} {video['tags']} {video['privacy']}")
        cover = Path(db_post(app, posted["post_id"])["cover_uri"].replace("file://", "")).read_bytes()
        thumbnails = get_json(home + "/__fake/manifest")["thumbnails"]
        expect(thumbnails.get(uuid) == hashlib.sha256(cover).hexdigest(), f"the chosen cover as the thumbnail: {thumbnails}")
        log(f"{len(local)} bytes posted; cut, resumed from byte {resumed['bytes']}; {published['state']}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


def case_an_upload_cut_by_kill9_resumes_after_the_restart(ctx: Context) -> None:
    """The first chunk is cut halfway and the instance then answers nothing to the next request;
    the app is killed (SIGKILL) while it waits. The library holds the upload (its address on the
    instance); at the next launch it asks the instance where it is and sends the rest from that
    byte: the instance's file is byte for byte the local post's, begun once."""
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        app, home, user = signed_in_recorder(ctx, networks, "upload-kill9")
        record_to_posting(ctx, app, "Before the kill")
        choose_channel(ctx, app)
        set_faults(home, [{"kind": "cut_request", "path": "upload-resumable", "method": "PUT", "count": 1},
                          {"kind": "stall_silent", "path": "upload-resumable", "method": "PUT", "seconds": 60}])
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 20, since, what="the post stored on this computer")
        app.wait("upload", 20, since, lambda e: e.get("state") == "waiting", "the cut seen")
        deadline = time.monotonic() + 15
        puts = []
        while len(puts) < 2 and time.monotonic() < deadline:
            puts = [r for r in networks.requests(home) if r["method"] == "PUT" and r["path"] == UPLOAD_PATH]
            time.sleep(0.1)
        expect(len(puts) >= 2, f"the request after the cut reached the instance: {puts}")
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait(10)
        rows = db_rows(app, "SELECT state, session_url, bytes_on_server, total FROM uploads")
        expect(len(rows) == 1 and rows[0][1], f"the upload row the kill left: {rows}")
        total = rows[0][3]

        set_faults(home, [])
        again = record_app(ctx, "upload-kill9-again", data_dir=app.data_dir)
        again.wait("signed_in", 15, pred=lambda e: e.get("restored") is True, what="the account found in the keyring")
        resumed = again.wait("upload", 30, pred=lambda e: e.get("state") == "sending" and e.get("bytes", 0) > 0,
                             what="the upload going on after the restart")
        expect(0 < resumed["bytes"] < total, f"after the restart it went on from the instance's byte: {resumed}")
        again.wait("upload", 30, pred=lambda e: e.get("state") == "published", what="the video published")
        local = check_on_the_instance(again, networks, home, user, posted["post_id"])
        log(f"{len(local)} bytes; killed mid-upload, resumed from byte {resumed['bytes']} after the restart")
        quit_app(again)
    finally:
        keyring.stop()
        networks.stop()


UPLOAD_CASES = [
    ("a_post_to_a_channel_resumes_after_a_cut_connection", case_a_post_to_a_channel_resumes_after_a_cut_connection),
    ("an_upload_cut_by_kill9_resumes_after_the_restart", case_an_upload_cut_by_kill9_resumes_after_the_restart),
]

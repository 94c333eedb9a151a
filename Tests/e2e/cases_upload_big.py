"""A 20 MB recording posted to a PeerTube channel with the connection cut halfway (issue 23's
test list): the noise camera (`--camera test-noise`, which x264 cannot compress) recorded until the
clip passes 20 MB, posted to the account's channel over a slow link (each chunk answered 2 s late),
the third 4 MiB chunk cut halfway. The upload goes on from the byte the instance has, not from 0;
the instance's file is byte for byte the post's, and it is published. In the long group only
(`--group long`, tools/reliability.sh): the recording alone takes over a minute."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from app import App, quit_app
from app_data import db_rows
from cases_explore import set_faults
from cases_outbox import peertube_token
from cases_upload import (UPLOAD_PATH, check_on_the_instance, choose_channel, local_file, signed_in_recorder,
                          the_instances_file)
from context import Context
from desktop_accounts import Keyring
from network_servers import FakeNetworks, start_networks
from outcomes import expect, log, write_findings
from recorder import open_create, wait_create_page
from windows import resize

CHUNK = 4 << 20  # UploadService's chunk
CUT_AT = 2 * CHUNK  # the third chunk's first byte
KEPT = CUT_AT + CHUNK // 2  # what the instance keeps of the cut chunk (half)
BIG = 20_000_000
# The clip on disk while R is held: past this, the posted file (the segment, finished) is past BIG.
RECORDED_ENOUGH = 20_500_000
# The 3-minute limit (the default, 1 minute, gives ~17 MB of noise).
LONGEST_LIMIT = 180
CHUNK_ANSWERED_AFTER = 2.0


def record_until(ctx: Context, app: App, size: int) -> dict:
    """Holds R until the clip's segment on disk has `size` bytes (before the 3-minute limit)."""
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    try:
        app.wait("record_started", 10, since, what="record_started after holding R")
        deadline = time.monotonic() + LONGEST_LIMIT - 10
        written = 0
        while written < size and time.monotonic() < deadline:
            time.sleep(1)
            written = max((p.stat().st_size for p in (app.data_dir / "recordings").glob("clip-*/seg-*.mp4")), default=0)
        expect(written >= size, f"{written} bytes recorded in {LONGEST_LIMIT - 10} s, not {size}: is the camera noise?")
    finally:
        ctx.xdotool("keyup", "r")
    return app.wait("record_finished", 15, since, what="record_finished after releasing R")


def to_posting(ctx: Context, app: App, caption: str) -> dict:
    """A recording of RECORDED_ENOUGH bytes joined into the editor, then the posting page with
    `caption` typed."""
    open_create(ctx, app, camera="test-noise")
    finished = record_until(ctx, app, RECORDED_ENOUGH)
    time.sleep(0.5)
    since = app.cursor()
    ctx.key("Return")  # join into the editor
    wait_create_page(app, "edit", since, timeout=60)
    time.sleep(0.5)
    ctx.key("Return")  # editor -> posting
    wait_create_page(app, "posting", since, timeout=60)
    time.sleep(0.5)
    ctx.xdotool("type", "--delay", "30", caption)
    return finished


def chunk_puts(networks: FakeNetworks, site: str) -> list[dict]:
    return [r for r in networks.requests(site) if r["method"] == "PUT" and r["path"] == UPLOAD_PATH]


def check_events(events: list[dict], total: int, waited: dict, resumed: dict) -> None:
    """The upload events: one total, the wait at the cut chunk's first byte, then on from the
    byte the instance kept, never from 0."""
    expect(all(e["total"] == total for e in events), f"the events' totals: {sorted({e['total'] for e in events})}")
    expect(waited["bytes"] == CUT_AT, f"waiting after the cut with {waited['bytes']} bytes sent, not {CUT_AT}")
    expect(resumed["bytes"] == KEPT, f"went on from byte {resumed['bytes']}, not the {KEPT} the instance has")
    after = events[events.index(waited):]
    expect(all(e["bytes"] >= CUT_AT for e in after), f"started again from 0 after the cut: {[e['bytes'] for e in after]}")


def check_requests(puts: list[dict], total: int) -> None:
    """The instance's log: the third chunk cut, a status check, the next chunk from the byte the
    instance kept; every other byte sent once, in order."""
    ranges = [p["content_range"] for p in puts]
    cut = [i for i, p in enumerate(puts) if p["fault"] == "cut_request"]
    expect(len(cut) == 1 and ranges[cut[0]] == f"bytes {CUT_AT}-{CUT_AT + CHUNK - 1}/{total}", f"the third chunk cut: {ranges}")
    expect(f"bytes */{total}" in ranges[cut[0] + 1:], f"no status check after the cut: {ranges}")
    sent = [r for r in ranges[cut[0] + 1:] if "*" not in r]
    expect(sent and sent[0].startswith(f"bytes {KEPT}-"), f"the chunk after the cut: {sent[:1]}, not from {KEPT}")
    firsts = [int(r.split()[1].split("-")[0]) for r in ranges if "*" not in r]
    expect(firsts == [0, CHUNK, CUT_AT] + list(range(KEPT, total, CHUNK)),
           f"every byte sent once, in order, but the cut chunk's second half: {ranges}")


def case_a_20mb_recording_resumes_after_a_cut_connection(ctx: Context) -> None:
    """~75 s of the noise camera (over 20 MB) posted to the account's channel; the instance
    answers each chunk 2 s late and cuts the third halfway (it keeps 2 MiB of it). The app asks
    the instance where it is (a status check, `bytes */TOTAL`) and sends the rest from byte
    10 MiB; the upload events say so (waiting at 8 MiB, sending again from 10 MiB, never from 0);
    the banner shows the percentage and the time left mid-upload (a screenshot at 360x640); the
    instance's file is byte for byte (sha256) the post's, begun once, published."""
    networks = start_networks(peertube=1, loops=0, index=False)
    keyring = Keyring(ctx, ctx.case_tmp / "desktop")
    try:
        data = ctx.case_tmp / "big-recording-data"
        data.mkdir(parents=True, exist_ok=True)
        (data / "settings.ini").write_text(f"[io/github/loopfeed/Loopfeed]\nmax-recording-seconds={LONGEST_LIMIT}\n")
        app, home, user = signed_in_recorder(ctx, networks, "upload-big", camera="test-noise", data_dir=data)
        finished = to_posting(ctx, app, "Twenty megabytes of snow #e2e")
        choose_channel(ctx, app)
        time.sleep(0.5)
        resize(ctx, 360, 640)  # the narrowest window: where the banner's words would be cut
        set_faults(home, [{"kind": "cut_request", "path": "upload-resumable", "method": "PUT", "skip": 2, "count": 1},
                          {"kind": "late", "path": "upload-resumable", "method": "PUT", "seconds": CHUNK_ANSWERED_AFTER}])
        since = app.cursor()
        ctx.key("ctrl+Return")
        posted = app.wait("posted", 30, since, what="the post stored on this computer")
        mine = lambda e: e.get("post_id") == posted["post_id"]  # noqa: E731
        waited = app.wait("upload", 60, since, lambda e: mine(e) and e.get("state") == "waiting", "the cut seen")
        resumed = app.wait("upload", 60, since, lambda e: mine(e) and e.get("state") == "sending"
                           and e.get("bytes", 0) > waited["bytes"], "the upload going on after the cut")
        # One chunk later the banner has a rate, so a time left; the next answer is 2 s away.
        app.wait("upload", 30, since, lambda e: mine(e) and e.get("state") == "sending"
                 and e.get("bytes", 0) > resumed["bytes"], "a chunk sent after the cut")
        banner = ctx.screenshot("upload-big-banner-mid-upload-360x640")
        processing = app.wait("upload", 90, since, lambda e: mine(e) and e.get("state") == "processing",
                              "the upload on the instance (processing)")
        app.wait("upload", 60, since, lambda e: mine(e) and e.get("state") == "published", "the video published")

        total = processing["total"]
        local = local_file(app, posted["post_id"])
        uuid = db_rows(app, "SELECT remote_id FROM uploads WHERE post_id = ?", (posted["post_id"],))[0][0]
        digest = hashlib.sha256(local).hexdigest()
        served = hashlib.sha256(the_instances_file(home, peertube_token(home, user), uuid)).hexdigest()
        write_findings("upload_big", {
            "bytes": total, "seconds_recorded": finished.get("duration"), "chunk_answered_after": CHUNK_ANSWERED_AFTER,
            "cut_at": CUT_AT, "kept": KEPT, "resumed_from": resumed["bytes"],
            "upload_seconds": (processing["t_us"] - posted["t_us"]) / 1e6,
            "content_ranges": [p["content_range"] for p in chunk_puts(networks, home)],
            "sha256": digest, "same_sha256": served == digest, "banner": Path(banner).name})
        expect(total >= BIG, f"the recording is {total} bytes ({finished.get('duration')} s), not 20 MB")
        check_events([e for e in app.find("upload", since) if mine(e)], total, waited, resumed)
        check_requests(chunk_puts(networks, home), total)
        expect(len(local) == total, f"the post's file is {len(local)} bytes, the upload {total}")
        expect(served == digest, f"the instance's file (sha256 {served}) is not the post's ({digest})")
        check_on_the_instance(app, networks, home, user, posted["post_id"])
        log(f"{total} bytes ({finished.get('duration')} s of noise), sha256 {digest[:16]}… on the instance; "
            f"cut at {CUT_AT}, resumed from {resumed['bytes']}; banner {Path(banner).name}")
        quit_app(app)
    finally:
        keyring.stop()
        networks.stop()


UPLOAD_BIG_CASES = [
    ("a_20mb_recording_resumes_after_a_cut_connection", case_a_20mb_recording_resumes_after_a_cut_connection),
]

#!/usr/bin/env python3
"""End-to-end tests for Loopfeed: drive the real binary under a private headless session.

Sets up Xvfb + a private D-Bus session bus + PulseAudio (null sink/source) unless
--reuse-display is given, then runs each case against a fresh data dir and cache dir,
watching the app's --events JSON-lines log, pressing keys with xdotool and checking
screenshots with ImageMagick.

    python3 Tests/e2e/run_e2e.py [--binary PATH] [--only a,b] [--group feed] [--video-path gl|memory]
                                 [--artifacts DIR] [--reuse-display]

The cases are in cases_*.py, each module's list of (name, function) named below; what they share\n(the session, the app, screenshots, ...) is in the modules docs/ARCHITECTURE.md lists.
Python 3.11 standard library only. External tools: Xvfb, dbus-daemon, pulseaudio, pactl,
xdotool, xdpyinfo, ImageMagick (import, convert), gst-launch-1.0.
"""

from __future__ import annotations

import argparse
import traceback
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.dont_write_bytecode = True  # nothing written into the source tree

from cases_access import ACCESS_CASES  # noqa: E402
from cases_explore import EXPLORE_CASES  # noqa: E402
from cases_explore_faults import EXPLORE_FAULT_CASES  # noqa: E402
from cases_explore_paging import EXPLORE_PAGING_CASES  # noqa: E402
from cases_accounts import ACCOUNTS_CASES  # noqa: E402
from cases_outbox import OUTBOX_CASES  # noqa: E402
from cases_outbox_comments import OUTBOX_COMMENT_CASES  # noqa: E402
from cases_outbox_marks import OUTBOX_MARK_CASES  # noqa: E402
from cases_banners import BANNER_CASES  # noqa: E402
from cases_outbox_kill9 import OUTBOX_KILL9_CASES, OUTBOX_KILL9_SHORT_CASES  # noqa: E402
from cases_kill9_follows_uploads import KILL9_FOLLOW_UPLOAD_CASES  # noqa: E402
from cases_follows import FOLLOWS_CASES  # noqa: E402
from cases_upload import UPLOAD_CASES  # noqa: E402
from cases_upload_big import UPLOAD_BIG_CASES  # noqa: E402
from cases_upload_loops import UPLOAD_LOOPS_CASES  # noqa: E402
from cases_server_down import SERVER_DOWN_CASES  # noqa: E402
from cases_faults import KILL9_CASES, KILL9_SHORT_CASES  # noqa: E402
from cases_faults_dirs import DIR_CASES  # noqa: E402
from cases_faults_disk import DISK_CASES  # noqa: E402
from cases_faults_services import SERVICE_CASES  # noqa: E402
from cases_feed import FEED_CASES, LAUNCH_CASES  # noqa: E402
from cases_first_minutes import FIRST_MINUTES_CASES  # noqa: E402
from cases_followed_channels import FOLLOWED_CHANNEL_CASES  # noqa: E402
from cases_for_you import FOR_YOU_CASES  # noqa: E402
from cases_keyboard import KEYBOARD_CASES  # noqa: E402
from cases_large_text import LARGE_TEXT_CASES  # noqa: E402
from cases_large_text_networks import LARGE_TEXT_NETWORK_CASES  # noqa: E402
from cases_media import MEDIA_CASES  # noqa: E402
from cases_network_playback import NETWORK_PLAYBACK_CASES  # noqa: E402
from cases_overlay import OVERLAY_CASES  # noqa: E402
from cases_player_controls import PLAYER_CONTROL_CASES  # noqa: E402
from cases_recorder import RECORDER_CASES  # noqa: E402
from cases_reliability import RELIABILITY_CASES  # noqa: E402
from cases_remote import REMOTE_CASES  # noqa: E402
from cases_scale import SCALE_CASES, SCALE_SHORT_CASES  # noqa: E402
from cases_soak import SOAK_CASES, SOAK_SHORT_CASES  # noqa: E402
from cases_sources import SOURCE_CASES  # noqa: E402
from cases_ux import UX_CASES  # noqa: E402
from cases_video import FEED_GROUP, VIDEO_CASES  # noqa: E402
from clips import Fixtures  # noqa: E402
from context import Context  # noqa: E402
from outcomes import CaseFailed, CaseSkipped, debug, indent, log  # noqa: E402
from paths import REPO_ROOT  # noqa: E402
from session import Session  # noqa: E402


CASES: list[tuple[str, Callable[[Context], None]]] = [
    *LAUNCH_CASES,
    *RECORDER_CASES,
    *FEED_CASES,
    *UX_CASES,
    *FIRST_MINUTES_CASES,
    *FOLLOWED_CHANNEL_CASES,
    *FOR_YOU_CASES,
    *PLAYER_CONTROL_CASES,
    *SOURCE_CASES,
    *NETWORK_PLAYBACK_CASES,
    *OVERLAY_CASES,
    *EXPLORE_CASES,
    *EXPLORE_PAGING_CASES,
    *EXPLORE_FAULT_CASES,
    *ACCOUNTS_CASES,
    *OUTBOX_CASES,
    *OUTBOX_COMMENT_CASES,
    *OUTBOX_MARK_CASES,
    *BANNER_CASES,
    *FOLLOWS_CASES,
    *UPLOAD_CASES,
    *UPLOAD_LOOPS_CASES,
    *SERVER_DOWN_CASES,
    *REMOTE_CASES,
    *VIDEO_CASES,
    *RELIABILITY_CASES,
    *MEDIA_CASES,
    *ACCESS_CASES,
    *KEYBOARD_CASES,
    *LARGE_TEXT_CASES,
    *LARGE_TEXT_NETWORK_CASES,
    *SOAK_SHORT_CASES,
    *SCALE_SHORT_CASES,
    *KILL9_SHORT_CASES,
    *OUTBOX_KILL9_SHORT_CASES,
    *DISK_CASES,
    *DIR_CASES,
    *SERVICE_CASES,
]

# The long runs (tools/reliability.sh): never part of a default run, only of `--group long`.
# Their sizes come from the environment, and each writes its figures as JSON into
# $RELIABILITY_RESULTS_DIR for docs/RELIABILITY.md.
LONG_CASES: list[tuple[str, Callable[[Context], None]]] = [
    *SOAK_CASES,
    *SCALE_CASES,
    *KILL9_CASES,
    *OUTBOX_KILL9_CASES,
    *KILL9_FOLLOW_UPLOAD_CASES,
    *UPLOAD_BIG_CASES,
]

# What docs/RELIABILITY.md reports besides the long runs, by its sections: CI runs these too, and
# the long group runs them again so the report says how each went on the same build.
REPORTED: dict[str, list[str]] = {
    "faults": [n for n, _ in DISK_CASES + DIR_CASES + SERVICE_CASES + SERVER_DOWN_CASES] + ["killed_mid_recording_is_recovered",
                                                                         "full_disk_keeps_the_clip"],
    "bad_input": [n for n, _ in MEDIA_CASES + RELIABILITY_CASES] + ["every_kind_of_feed_plays_and_bad_ones_are_contained",
                                                                    "corrupt_file_error_card", "bad_paths"],
    "access": [n for n, _ in ACCESS_CASES + KEYBOARD_CASES + LARGE_TEXT_CASES + LARGE_TEXT_NETWORK_CASES]
    + ["tab_reaches_every_control_and_never_moves_the_feed", "without_animations_a_page_change_is_a_cut",
       "without_animations_the_music_name_stands_still", "without_animations_the_profile_header_does_not_stretch"],
}

# Named groups of cases (--group).
GROUPS: dict[str, list[str]] = {"feed": FEED_GROUP,
                                "long": [n for n, _ in LONG_CASES] + [n for names in REPORTED.values() for n in names]}
ALL_CASES = CASES + LONG_CASES
assert all(n in dict(ALL_CASES) for names in GROUPS.values() for n in names), "a group names an unknown case"


def video_path_problems(ctx: Context, wanted: str) -> list[str]:
    """With --video-path, every app the case launched (unless it chose a path itself) must have
    taken that path and kept it: a silent fallback would test the other path."""
    problems = []
    for app in ctx.apps:
        if "LOOPFEED_VIDEO_PATH" in app.env and app.env["LOOPFEED_VIDEO_PATH"] != wanted:
            continue
        try:
            events = app.events()
        except CaseFailed as e:
            problems.append(str(e))
            continue
        for e in events:
            if e["event"] == "renderer" and e.get("video_path") != wanted:
                problems.append(f"asked for the {wanted} path, the app took {e.get('video_path')}: {e.get('video_reason')}")
            if e["event"] == "video_path":
                problems.append(f"a player left the {wanted} path: {e.get('reason')}")
    return problems


# --------------------------------------------------------------------------------------------

def default_binary() -> Path:
    candidate = REPO_ROOT / ".build" / "debug" / "loopfeed"
    if candidate.exists():
        return candidate
    try:
        r = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
        if r.returncode == 0 and r.stdout.strip():
            return Path(r.stdout.strip()) / "loopfeed"
    except (OSError, subprocess.TimeoutExpired):
        pass
    return candidate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", type=Path, default=None, help="loopfeed binary (default: the debug build)")
    parser.add_argument("--only", default="", help="comma-separated case names")
    parser.add_argument("--group", choices=sorted(GROUPS), help="a named group of cases (feed: the cases that show video)")
    parser.add_argument("--video-path", choices=["gl", "memory"],
                        help="run the app with LOOPFEED_VIDEO_PATH set, and fail a case whose app took the other path")
    parser.add_argument("--artifacts", type=Path, default=Path("/tmp/loopfeed-e2e"), help="screenshots and logs")
    parser.add_argument("--reuse-display", action="store_true",
                        help="use the DISPLAY / DBUS_SESSION_BUS_ADDRESS (and audio) already set up")
    parser.add_argument("--keep-temp", action="store_true", help="keep the per-run temp dir (events, stderr)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="run the binary in place instead of a private copy (a rebuild during the run then "
                             "changes the app under test)")
    opts = parser.parse_args()

    binary = (opts.binary or default_binary()).resolve()
    if not os.access(binary, os.X_OK):
        print(f"loopfeed binary not found: {binary}", file=sys.stderr)
        return 2
    selected = CASES
    if opts.group:
        selected = [(n, f) for n, f in ALL_CASES if n in GROUPS[opts.group]]
    if opts.only:
        names = [n.strip() for n in opts.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in dict(ALL_CASES)]
        if unknown:
            print(f"unknown case(s): {', '.join(unknown)}; known: {', '.join(n for n, _ in ALL_CASES)}", file=sys.stderr)
            return 2
        selected = [(n, f) for n, f in (ALL_CASES if not opts.group else selected) if n in names]

    def on_signal(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    session = Session(opts.reuse_display)
    ctx = None
    passed = failed = 0
    t_start = time.monotonic()
    try:
        session.start()
        opts.artifacts.mkdir(parents=True, exist_ok=True)
        fixtures = Fixtures(Path(tempfile.mkdtemp(prefix="loopfeed-e2e-clips-")))
        ctx = Context(binary, session, opts.artifacts, fixtures)
        if opts.video_path:
            ctx.app_env["LOOPFEED_VIDEO_PATH"] = opts.video_path
        if not opts.no_snapshot:
            ctx.snapshot_binary()
        debug(f"binary {binary}; samples {'present' if ctx.samples_exist() else 'absent'}")
        for name, func in selected:
            t0 = time.monotonic()
            reason = None
            skipped = None
            try:
                func(ctx)
            except CaseFailed as e:
                reason = str(e)
            except CaseSkipped as e:
                skipped = str(e)
            except subprocess.TimeoutExpired as e:
                reason = f"tool timed out: {e}"
            except Exception as e:  # a case's own mistake fails that case, never the run
                reason = f"the case raised {type(e).__name__}: {e}\n" + indent(traceback.format_exc(), 1500)
            path_problems = video_path_problems(ctx, opts.video_path) if opts.video_path else []
            if path_problems and reason is None and skipped is None:
                reason = "\n".join(path_problems)
            problems = ctx.cleanup_apps()
            if problems and reason is None and skipped is None:
                reason = "\n".join(problems)
            elif problems and reason is not None:
                reason += "\n" + "\n".join(problems)
            elif reason is not None:
                # Show the app's stderr with every failure.
                pass
            dt = time.monotonic() - t0
            if skipped is not None:
                log(f"SKIP {name}: {skipped}")
            elif reason is None:
                passed += 1
                log(f"PASS {name} ({dt:.1f}s)")
            else:
                failed += 1
                log(f"FAIL {name}: {reason} ({dt:.1f}s)")
                for f in sorted(ctx.case_tmp.glob("lf-*/stderr.txt"), key=lambda p: p.stat().st_mtime)[-2:]:
                    text = f.read_text(errors="replace")
                    if text.strip() and "stderr of" not in reason:
                        log(f"  stderr ({f.parent.name}):\n{indent(text, 2500)}")
            # Keep this case's logs next to the screenshots.
            for d in ctx.case_tmp.glob("lf-*"):
                dest = opts.artifacts / "logs" / name / d.name
                dest.mkdir(parents=True, exist_ok=True)
                for f in ("events.jsonl", "stderr.txt"):
                    if (d / f).exists():
                        shutil.copy(d / f, dest / f)
                shutil.rmtree(d, ignore_errors=True)
    except KeyboardInterrupt:
        log("interrupted")
        failed += 1
    finally:
        if ctx is not None:
            ctx.cleanup_apps()
            if not opts.keep_temp:
                shutil.rmtree(ctx.case_tmp, ignore_errors=True)
                shutil.rmtree(ctx.fixtures.root, ignore_errors=True)
        session.stop()
    log(f"total {time.monotonic() - t_start:.1f}s")
    log(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

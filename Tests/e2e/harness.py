"""Compatibility only: every name the one-file harness (up to issue 20) had, re-exported from the
module that holds it now, so that a case written against it (`from harness import X`, or `*`)
still runs. New code imports from those modules (session, app, context, feed, screenshots, ...;
docs/ARCHITECTURE.md lists them). Remove once nothing imports harness."""

# The standard-library names the old file's `from harness import *` handed on.
import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from app import FORBIDDEN_STDERR, App, expect_no_stall, named_stack, quit_app
from app_data import db_comments, db_post, db_post_where, db_rows, read_preferences
from clips import Fixtures, audio_rms, discoverer_seconds, file_uri, make_clip
from context import WINDOW_POINT, Context
from feed import (expect_no_page, expect_page_moves, launch_clips, launch_feed, launch_samples,
                  post_by_someone_else, wait_started)
from feed_server_client import server_requests, start_feed_server
from outcomes import CaseFailed, CaseSkipped, debug, expect, indent, log, write_findings
from paths import REPO_ROOT, SYSTEM_PYTHON
from processes import end_pid, end_popen, run
from recorder import (ALBUM_BUTTON, ALLOW_COMMENTS_SWITCH, EDIT_SPEED_BUTTON, EDIT_TEXT_BUTTON,
                      LIMIT_15S_CHIP, SAVE_COPY_SWITCH, SOUND_CHIP, SOUND_ROW_RULE_30, TIMER_BUTTON, hold_r,
                      open_create, record_app, wait_create_page)
from samples import SELF_HANDLE, expected_matches, sample_author, samples_catalog, samples_dir
from screens import (AUTHOR_LABEL, BACK_BUTTON, CREATE_TAB, GRID_TOP, HOME_TAB, RAIL_AVATAR, SHEET_BODY,
                     TAB_X, TAB_Y, TILE_H, TILE_W, discover_tiles, open_comments, post_comment, sheet_is_open)
from screenshots import (VIDEO_AREA, bright_box, bright_rows, poll_shot, region_difference,
                         region_stats, window_shot)
from session import AUDIO_SINK, Session
from windows import choose_path, wait_window, window_open
from x_input import click, type_text

SCRIPT = Path(__file__).resolve()

__all__ = [
    "ast", "json", "os", "shutil", "signal", "subprocess", "sys", "tempfile", "time", "Path", "Callable",
    "FORBIDDEN_STDERR", "App", "expect_no_stall", "named_stack", "quit_app", "db_comments", "db_post",
    "db_post_where", "db_rows", "read_preferences", "Fixtures", "audio_rms", "discoverer_seconds", "file_uri",
    "make_clip", "WINDOW_POINT", "Context", "expect_no_page", "expect_page_moves", "launch_clips",
    "launch_feed", "launch_samples", "post_by_someone_else", "wait_started", "server_requests",
    "start_feed_server", "CaseFailed", "CaseSkipped", "debug", "expect", "indent", "log", "write_findings",
    "REPO_ROOT", "SYSTEM_PYTHON", "end_pid", "end_popen", "run", "ALBUM_BUTTON", "ALLOW_COMMENTS_SWITCH",
    "EDIT_SPEED_BUTTON", "EDIT_TEXT_BUTTON", "LIMIT_15S_CHIP", "SAVE_COPY_SWITCH", "SOUND_CHIP",
    "SOUND_ROW_RULE_30", "TIMER_BUTTON", "hold_r", "open_create", "record_app", "wait_create_page",
    "SELF_HANDLE", "expected_matches", "sample_author", "samples_catalog", "samples_dir", "AUTHOR_LABEL",
    "BACK_BUTTON", "CREATE_TAB", "GRID_TOP", "HOME_TAB", "RAIL_AVATAR", "SHEET_BODY", "TAB_X", "TAB_Y",
    "TILE_H", "TILE_W", "discover_tiles", "open_comments", "post_comment", "sheet_is_open", "VIDEO_AREA",
    "bright_box", "bright_rows", "poll_shot", "region_difference", "region_stats", "window_shot", "AUDIO_SINK",
    "Session", "choose_path", "wait_window", "window_open", "click", "type_text", "SCRIPT",
]

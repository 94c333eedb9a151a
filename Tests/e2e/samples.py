"""The bundled sample posts (data/samples): where they are, their catalogue, who wrote them and
which of them a search finds."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from outcomes import CaseSkipped
from paths import REPO_ROOT

if TYPE_CHECKING:
    from context import Context

SELF_HANDLE = "you"


def samples_dir(ctx: Context) -> Path | None:
    """The bundled samples: what the snapshot found (LOOPFEED_SAMPLES_DIR), else the repository's."""
    for cand in (ctx.app_env.get("LOOPFEED_SAMPLES_DIR"), str(REPO_ROOT / "data" / "samples")):
        if cand and (Path(cand) / "samples.json").exists():
            return Path(cand)
    return None


def samples_catalog(ctx: Context) -> dict:
    d = samples_dir(ctx)
    if d is None:
        raise CaseSkipped("no bundled samples (set LOOPFEED_SAMPLES_DIR)")
    return json.loads((d / "samples.json").read_text())


def sample_author(catalog: dict, uri: str) -> str | None:
    """The sample post's author handle for a `page.uri` like `bundle:videos/x.mp4`."""
    for post in catalog.get("posts", []):
        if uri == "bundle:" + post["file"]:
            return post["author"]
    return None


def expected_matches(catalog: dict, word: str) -> list[str]:
    """The sample posts (their `page.uri`) whose caption or music names `word`."""
    word = word.lower().lstrip("#")
    return ["bundle:" + p["file"] for p in catalog["posts"]
            if word in (p.get("caption", "") + " " + p.get("music", "")).lower()]


# What a user who has posted and been answered has, beside the bundled samples (which hold no post
# and no activity of the user's): two posts of their own and the Inbox's likes, comments and follows.
OWN_POSTS = [
    {"file": "videos/13-first-loop.mp4", "author": SELF_HANDLE, "caption": "my first loop, be nice #firstpost #gradient #loop",
     "music": "", "width": 720, "height": 1280, "duration": 6.0, "likes": 37, "shares": 0,
     "created": "2026-11-30T20:14:00Z"},
    {"file": "videos/14-desk-life.mp4", "author": SELF_HANDLE, "caption": "the game of life runs on my desk now #gameoflife",
     "music": "", "width": 720, "height": 1280, "duration": 6.0, "likes": 212, "shares": 0,
     "created": "2026-12-01T09:41:00Z"},
]
OWN_ACTIVITY = [
    {"kind": "like", "actor": "aurora.waves", "post": "videos/13-first-loop.mp4", "text": None, "created": "2026-11-30T20:31:00Z"},
    {"kind": "comment", "actor": "pixel.garden", "post": "videos/13-first-loop.mp4", "text": "welcome!! the colours are lovely",
     "created": "2026-11-30T21:02:00Z"},
    {"kind": "follow", "actor": "pixel.garden", "post": None, "text": None, "created": "2026-11-30T21:03:00Z"},
    {"kind": "like", "actor": "hana.loops", "post": "videos/14-desk-life.mp4", "text": None, "created": "2026-12-01T10:05:00Z"},
    {"kind": "comment", "actor": "mo.makes", "post": "videos/14-desk-life.mp4", "text": "glider gun when?",
     "created": "2026-12-01T11:20:00Z"},
    {"kind": "follow", "actor": "neon.nomad", "post": None, "text": None, "created": "2026-12-01T18:10:00Z"},
]


def lived_in_samples(ctx: Context) -> tuple[Path, dict]:
    """A samples folder of the case's own: the bundled media and catalogue, where two clips are the
    user's own posts (the newest two) and the Inbox holds activity on them. Returns (folder, catalogue)."""
    bundled = samples_dir(ctx)
    if bundled is None:
        raise CaseSkipped("no bundled samples (set LOOPFEED_SAMPLES_DIR)")
    folder = ctx.case_tmp / "lived-in-samples"
    folder.mkdir(exist_ok=True)
    for entry in bundled.iterdir():
        if entry.is_dir() and not (folder / entry.name).exists():
            os.symlink(entry, folder / entry.name)
    catalog = json.loads((bundled / "samples.json").read_text())
    own = {p["file"] for p in OWN_POSTS}
    catalog["posts"] = [p for p in catalog["posts"] if p["file"] not in own] + OWN_POSTS
    catalog["activity"] = OWN_ACTIVITY
    (folder / "samples.json").write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    return folder, catalog

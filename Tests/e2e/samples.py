"""The bundled sample posts (data/samples): where they are, their catalogue, who wrote them and
which of them a search finds."""

from __future__ import annotations

import json
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

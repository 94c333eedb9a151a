"""Launching the app on a feed (the samples or generated clips), waiting for its first page, and
checking that an input moves exactly one page, or none."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable

from app import App
from context import Context
from outcomes import expect
from samples import SELF_HANDLE, lived_in_samples, sample_author, samples_catalog, samples_dir
from x_input import click


def launch_feed(ctx: Context, name: str, extra: list[str] | None = None) -> tuple[App, int]:
    """Launches on the bundled samples if present (else on generated clips); returns (app, min posts)."""
    if ctx.samples_exist():
        args, minimum = [], 12
    else:
        clips = ctx.fixtures.feed_clips()
        args, minimum = [str(c) for c in clips], len(clips)
    return App(ctx, (extra or []) + args, name=name), minimum


def launch_clips(ctx: Context, name: str, count: int = 3, data_dir: Path | None = None) -> tuple[App, list[Path]]:
    """Launches on the generated feed clips only: LOOPFEED_SAMPLES_DIR names an empty dir, so the
    samples don't join the feed (the app reports an error event `samples` for that, which is fine)."""
    clips = ctx.fixtures.feed_clips()[:count]
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(c) for c in clips], name=name, data_dir=data_dir,
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    return app, clips


def launch_samples(ctx: Context, name: str, data_dir: Path | None = None) -> tuple[App, dict]:
    """Launches on the bundled samples only (no paths): LOOPFEED_SAMPLES_DIR names them explicitly, so a
    copied binary finds them too. Returns (app, samples.json)."""
    catalog = samples_catalog(ctx)
    app = App(ctx, [], name=name, data_dir=data_dir, env={"LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx))})
    return app, catalog


def launch_lived_in(ctx: Context, name: str, data_dir: Path | None = None,
                    extra: list[str] | None = None) -> tuple[App, dict]:
    """Launches on the samples with two posts of the user's own and activity on them in the Inbox
    (samples.lived_in_samples). Returns (app, its catalogue)."""
    folder, catalog = lived_in_samples(ctx)
    app = App(ctx, extra or [], name=name, data_dir=data_dir, env={"LOOPFEED_SAMPLES_DIR": str(folder)})
    return app, catalog


WELCOME_CLOSE = (407, 38)  # the first launch's welcome card's close button, at 450x800


def dismiss_welcome(ctx: Context, app: App) -> None:
    """Closes the first launch's welcome card over Home (a case comparing Home's pixels before and
    after another page would see it go: leaving Home puts it away)."""
    if app.find("notice", pred=lambda e: e.get("message") == "Welcome to Loopfeed"):
        click(ctx, *WELCOME_CLOSE)
        time.sleep(0.3)


def wait_started(app: App) -> tuple[dict, dict]:
    """Waits for `ready` and the first frame of page 0; returns (ready, page 0 event)."""
    ready = app.wait("ready", 20)
    page0 = app.wait("page", 20, pred=lambda e: e.get("index") == 0, what="page index 0")
    app.wait("first_frame", 20, pred=lambda e: e.get("index") == 0, what="first_frame index 0")
    return ready, page0


def expect_page_moves(app: App, action: Callable[[], None], index: int, label: str,
                      first_frame: bool = True, settle: float = 0.5) -> dict:
    """Runs `action`, waits for the page event of `index` (and its first frame), then checks that the
    input moved exactly one page: one page event and nothing more within `settle` s."""
    since = app.cursor()
    action()
    page = app.wait("page", 5, since, lambda e: e.get("index") == index, f"page index {index} after {label}")
    if first_frame:
        app.wait("first_frame", 5, since, lambda e: e.get("index") == index and e.get("post_id") == page.get("post_id"),
                 f"first_frame index {index} after {label}")
    time.sleep(settle)  # also lets the 150 ms snap animation finish before the next paging input
    pages = app.find("page", since)
    expect(len(pages) == 1, f"{label} moved {len(pages)} pages (expected exactly one, to index {index}): "
                            + " | ".join(json.dumps(e) for e in pages))
    return page


def expect_no_page(app: App, action: Callable[[], None], label: str, settle: float = 0.8) -> None:
    since = app.cursor()
    action()
    time.sleep(settle)
    pages = app.find("page", since)
    expect(not pages, f"{label} changed the page: " + " | ".join(json.dumps(e) for e in pages))


def post_by_someone_else(ctx: Context, app: App, catalog: dict, page: dict,
                         wanted: Callable[[dict], bool] | None = None) -> tuple[int, dict]:
    """Pages down from `page` (index 0) to the first sample post whose author is not you (and that
    `wanted`, given the catalogue's post, accepts); returns (index, its page event)."""
    def fits(page: dict) -> bool:
        if sample_author(catalog, page.get("uri", "")) in (SELF_HANDLE, None):
            return False
        post = next((p for p in catalog["posts"] if "bundle:" + p["file"] == page.get("uri")), None)
        return wanted is None or (post is not None and wanted(post))

    index = 0
    while not fits(page):
        expect(index < 8, f"no fitting post by another author among the first {index + 1}: {page}")
        index += 1
        page = expect_page_moves(app, lambda: ctx.key("Down"), index, f"Down to post {index}")
    return index, page

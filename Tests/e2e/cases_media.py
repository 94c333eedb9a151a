"""Bad media (issue 13): every item of the generated corpus (media_corpus.py), opened the ways a
user opens videos, plays or shows an error card with a plain reason within 5 s of its page
becoming current; never a crash, a hang or a page left on its spinner, and the next Down still
works. Files that are not videos to begin with (a FIFO, /dev/zero, an empty or unreadable file)
never reach a player: named on the command line, the window says why they were skipped.

Three ways in: the command line (`bad_media_from_the_command_line`), a library folder imported
at start (`bad_media_imported`, the same import Ctrl+O and drops use), and posts whose files
were swapped for a FIFO, a device, a folder or an unreadable file after they were added
(`files_swapped_after_import_show_why`). Each writes what every item gave (what the user saw,
and how long after its page became current) to $RELIABILITY_RESULTS_DIR/<case>.json when that
is set, which docs/RELIABILITY.md's table is made from.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from app import App, expect_no_stall, quit_app
from clips import make_clip
from context import Context
from media_corpus import EITHER, ERROR, PLAYS, SKIPPED, Item, make_corpus, remove_corpus, unreadable_target
from outcomes import CaseFailed, expect, write_findings
from screenshots import bright_rows, poll_shot, region_stats

# The bound: a page becomes current -> its first frame or its error card.
SETTLE_S = 5.0
# Words that are GStreamer's or the kernel's, never a sentence for people.
JARGON = ("gst-", "gst_", "demux", "stream error", "internal data", "caps", "negotiat", "errno", "(null)", "0x")
CARD_TEXT = "450x260+0+300"  # the middle of the page, where the error card's title and reason are


def file_uri(path: Path) -> str:
    """The URI a post gets for `path`: absolute, its links not resolved (harness.file_uri resolves
    them, and a link to /dev/zero is not the post's address)."""
    return Path(os.path.abspath(path)).as_uri()


def corpus(ctx: Context) -> list[Item]:
    """The corpus, made once per run (about 4 s) and shared by the cases."""
    cached = getattr(ctx.fixtures, "media_corpus", None)
    if cached is None:
        root = ctx.fixtures.root / "corpus"
        if root.exists():
            remove_corpus(root)
        cached = make_corpus(root)
        ctx.fixtures.media_corpus = cached
    return cached


def no_samples(ctx: Context) -> dict:
    folder = ctx.case_tmp / "no-samples"
    folder.mkdir(exist_ok=True)
    return {"LOOPFEED_SAMPLES_DIR": str(folder)}


def plain_message(message: str) -> bool:
    low = message.lower()
    return bool(message.strip()) and not any(word in low for word in JARGON)


def settle(app: App, page: dict) -> dict:
    """Waits for the page's first frame or its error; returns what the user got and when, in ms
    after the page event on the app's own clock."""
    post_id = page.get("post_id")
    deadline = time.monotonic() + SETTLE_S + 3  # the app's clock decides; this only stops waiting
    while time.monotonic() < deadline:
        for ev in app.events():
            if ev.get("post_id") != post_id or ev["t_us"] < page["t_us"]:
                continue
            if ev["event"] in ("first_frame", "error"):
                return {"outcome": "first frame" if ev["event"] == "first_frame" else "error card",
                        "ms": round((ev["t_us"] - page["t_us"]) / 1000), "message": ev.get("message", ""),
                        "kind": ev.get("kind", "")}
        if not app.alive():
            raise CaseFailed(f"the app died ({app.proc.returncode}) on {page.get('uri')}{app.recent_events()}")
        time.sleep(0.05)
    return {"outcome": "spinner", "ms": None, "message": "", "kind": ""}


def page_through(ctx: Context, app: App, count: int, label: str, card_shots: dict[str, str] | None = None,
                 names: dict[str, str] | None = None) -> list[dict]:
    """Settles the current post, then Down to the next, through `count` posts. `card_shots` (uri ->
    name): for these, the error card is read from the screen."""
    ctx.pointer_into_window()
    seen = []
    page = app.wait("page", 20, pred=lambda e: e.get("index") == 0, what="page index 0")
    for index in range(count):
        result = settle(app, page)
        result.update(uri=page.get("uri"), post_id=page.get("post_id"), index=index,
                      item=(names or {}).get(page.get("uri", ""), page.get("uri", "")))
        seen.append(result)
        shot = (card_shots or {}).get(page.get("uri", ""))
        if shot and result["outcome"] == "error card":
            expect_error_card(ctx, shot)
        if index + 1 < count:
            since = app.cursor()
            ctx.key("Down")
            page = app.wait("page", 5, since, lambda e: e.get("index") == index + 1,
                            f"page {index + 1} after Down on {result['item']} ({label})")
    return seen


def expect_error_card(ctx: Context, name: str) -> None:
    """The error card is on screen: lines of light text (its title and reason) over the page's
    dark background in the middle of the window, and no video behind them."""
    def card(shot: Path) -> bool:
        mean, _ = region_stats(shot, CARD_TEXT)
        return mean < 0.25 and len(bright_rows(shot, 0, 300, 450, 260, level=170)) >= 2
    poll_shot(ctx, f"media-card-{name}", card, 3, f"the error card of {name}")


def judge(items: dict[str, Item], seen: list[dict]) -> list[str]:
    """What the cases require of every post: settled within 5 s, a plain reason on a card, and
    the outcome the corpus expects where it is certain."""
    problems = []
    for result in seen:
        item = items.get(result["uri"])
        name = result["item"]
        if result["ms"] is None:
            problems.append(f"{name}: neither a first frame nor an error card within {SETTLE_S:g} s (a spinner)")
            continue
        if result["ms"] > SETTLE_S * 1000:
            problems.append(f"{name}: {result['outcome']} only after {result['ms']} ms")
        if result["outcome"] == "error card" and not plain_message(result["message"]):
            problems.append(f"{name}: the card's reason is not plain words: {result['message']!r}")
        want = item.expect if item else EITHER
        got = PLAYS if result["outcome"] == "first frame" else ERROR
        if want in (PLAYS, ERROR) and got != want:
            problems.append(f"{name}: expected it to {'play' if want == PLAYS else 'fail'}, got "
                            f"{result['outcome']} {result['message']!r}")
    return problems


def write_results(name: str, rows: list[dict], **extra) -> None:
    write_findings(name, {"name": name, "rows": rows, **extra})


def report(seen: list[dict]) -> None:
    for r in seen:
        ms = f"{r['ms']} ms" if r["ms"] is not None else "-"
        print(f"    {r['item']:28} {r['outcome']:12} {ms:>8}  {r['message']}", flush=True)


def by_uri(items: list[Item]) -> dict[str, Item]:
    """Items by the URI their post has (a folder's by its clip's)."""
    out = {file_uri(item.path): item for item in items}
    folder = next(i for i in items if i.name == "looping-folder")
    out[file_uri(folder.path / "inside.mp4")] = folder
    return out


def case_bad_media_from_the_command_line(ctx: Context) -> None:
    """Every corpus item named on the command line: what is not a video file is skipped with a
    word in the window; every post then pages to a first frame or an error card within 5 s."""
    items = corpus(ctx)
    app = App(ctx, [str(item.path) for item in items], name="bad-media-args", env=no_samples(ctx))
    app.wait("ready", 30)
    uris = by_uri(items)
    names = {uri: item.name for uri, item in uris.items()}
    shots = {file_uri(i.path): i.name for i in items if i.name in ("random-bytes.mp4", "sparse-2gb.mp4")}
    seen = page_through(ctx, app, len([i for i in items if i.expect != SKIPPED]), "command line", shots, names)
    problems = judge(uris, seen)
    notices = [line for e in app.find("notice") for line in e.get("message", "").split("\n")]
    skipped = []
    for item in items:
        if item.expect == SKIPPED:
            said = next((line for line in notices if str(item.path) in line), None)
            skipped.append({"item": item.name, "outcome": "skipped (notice)", "ms": None,
                            "message": said.replace(str(item.path), item.name) if said else ""})
            if said is None:
                problems.append(f"{item.name}: skipped without a word in the window (notices: {notices})")
    seen_uris = {r["uri"] for r in seen}
    for item in items:
        if item.expect != SKIPPED and file_uri(item.path) not in seen_uris and item.name != "looping-folder":
            problems.append(f"{item.name}: never became a post")
    report(seen + skipped)
    write_results("bad_media_from_the_command_line", seen + skipped, what={i.name: i.what for i in items})
    expect_no_stall(app)
    expect(app.alive(), "app exited")
    expect(not problems, "\n".join(problems))
    quit_app(app)


def case_bad_media_imported(ctx: Context) -> None:
    """The corpus folder as a library folder: the import at start takes the videos it can read
    (skipping what is not a video without a word, counting what looks like one but is not) in
    bounded time, and every post it made pages to a first frame or an error card within 5 s."""
    items = corpus(ctx)
    root = items[0].path.parent
    data = ctx.case_tmp / "imported-library"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.ini").write_text(f"[io/github/loopfeed/Loopfeed]\nlibrary-folders=['{root}']\n")
    started = time.monotonic()
    app = App(ctx, [], name="bad-media-import", data_dir=data, env=no_samples(ctx))
    done = app.wait("import_finished", 60, what="the library folder's import")
    import_s = time.monotonic() - started
    uris = by_uri(items)
    names = {uri: item.name for uri, item in uris.items()}
    added = done.get("added", 0)
    expect(added > 0, f"the import added nothing: {done}")
    # The feed starts again on the first new post once the import ends.
    app.wait("page", 10, pred=lambda e: e.get("index") == 0 and e["t_us"] >= done["t_us"], what="the feed on the import")
    seen = page_through(ctx, app, added, "imported", None, names)
    problems = judge(uris, seen)
    posted = [r["uri"] for r in seen]
    expect(len(posted) == len(set(posted)), f"a file became two posts: {sorted(posted)}")
    for item in items:
        if item.expect == SKIPPED and file_uri(item.path) in posted:
            problems.append(f"{item.name}: imported, though it is not a video file one can read")
    inside = file_uri(next(i for i in items if i.name == "looping-folder").path / "inside.mp4")
    expect(inside in posted, f"the looping folder's clip was not imported: {posted}")
    outside = [u for u in posted if "/back-up/" in u or "/itself/" in u]
    expect(not outside, f"the scan followed a link back up the tree: {outside}")
    report(seen)
    write_results("bad_media_imported", seen, import_seconds=round(import_s, 1), summary=done)
    print(f"    import: {done} in {import_s:.1f} s", flush=True)
    expect_no_stall(app)
    expect(app.alive(), "app exited")
    expect(not problems, "\n".join(problems))
    quit_app(app)


def case_files_swapped_after_import_show_why(ctx: Context) -> None:
    """Posts whose files became a FIFO, a link to /dev/zero, a folder, an empty file or a file no
    one may read after they were added: none reaches GStreamer (which would wait on the FIFO for
    good), each shows its reason within 5 s, and the app keeps paging."""
    folder = ctx.case_tmp / "swapped"
    folder.mkdir(parents=True, exist_ok=True)
    kinds = ["fifo", "dev-zero", "folder", "empty", "locked"]
    target = unreadable_target()
    if target is None and os.geteuid() == 0:
        kinds.remove("locked")  # no file root cannot read on this system (no sysfs): said below
    clips = [make_clip(folder / f"{kind}.mp4", seconds=1, width=180, height=320, color=0x305070 + i * 0x1010)
             for i, kind in enumerate(kinds)]
    good = make_clip(folder / "still-good.mp4", seconds=1, width=180, height=320, color=0x40A040)
    first = App(ctx, [str(c) for c in clips + [good]], name="swap-before", env=no_samples(ctx))
    first.wait("first_frame", 20, what="a first frame before the files are swapped")
    quit_app(first)
    for kind, clip in zip(kinds, clips):
        clip.unlink()
        if kind == "fifo":
            os.mkfifo(clip)
        elif kind == "dev-zero":
            os.symlink("/dev/zero", clip)
        elif kind == "folder":
            clip.mkdir()
        elif kind == "empty":
            clip.write_bytes(b"")
        elif target is not None:
            os.symlink(target, clip)
        else:
            shutil.copy(good, clip)
            clip.chmod(0)
    app = App(ctx, [], name="swap-after", data_dir=first.data_dir, env=no_samples(ctx))
    ready = app.wait("ready", 20)
    names = {file_uri(c): c.name for c in clips + [good]}
    seen = page_through(ctx, app, ready.get("posts", 0), "swapped",
                        {file_uri(clips[0]): "fifo", file_uri(clips[-1]): kinds[-1]}, names)
    problems = []
    for r in seen:
        want = PLAYS if r["uri"] == file_uri(good) else ERROR
        item = Item(r["item"], Path(), "", want)
        problems += judge({r["uri"]: item}, [r])
    report(seen)
    write_results("files_swapped_after_import_show_why", seen,
                  unreadable=target or ("chmod 000" if os.geteuid() != 0 else "none"))
    expect(len(seen) == len(clips) + 1, f"{len(seen)} posts after the swap, expected {len(clips) + 1}")
    expect_no_stall(app)
    expect(app.alive(), "app exited")
    expect(not problems, "\n".join(problems))
    quit_app(app)


MEDIA_CASES = [
    ("bad_media_from_the_command_line", case_bad_media_from_the_command_line),
    ("bad_media_imported", case_bad_media_imported),
    ("files_swapped_after_import_show_why", case_files_swapped_after_import_show_why),
]

#!/usr/bin/env python3
"""Writes docs/RELIABILITY.md from the long runs' results (tools/reliability.sh).

    reliability-report.py RESULTS_DIR > docs/RELIABILITY.md

RESULTS_DIR holds what the runs wrote: e2e.txt (run_e2e.py's output for `--group long`) and one
JSON file per suite (soak.json, ...). A suite whose file is missing is said to be missing, never
left out quietly.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path


def load(results: Path, name: str) -> dict | None:
    path = results / f"{name}.json"
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}"


def commit() -> str:
    root = Path(__file__).resolve().parents[1]
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True)
    return head.stdout.strip() + (" (plus uncommitted changes)" if dirty.stdout.strip() else "")


def plain(text: str) -> str:
    """One line fit for a table cell: no terminal colours, no cell breaks."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text).replace("|", "/").replace("\n", " ")


def case_outcomes(results: Path) -> list[tuple[str, str, str]]:
    """(case, PASS/FAIL, detail) from run_e2e.py's output."""
    try:
        text = (results / "e2e.txt").read_text(errors="replace")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        m = re.match(r"^(PASS|FAIL|SKIP) ([a-z0-9_]+)(?::? ?(.*))?$", line)
        if m:
            out.append((m.group(2), m.group(1), plain(m.group(3) or "")[:240]))
    return out


def first_frame_line(ff: dict, wraps: int) -> str:
    if not ff:
        return "_No first_frame events were kept in this run._"
    return (f"A page's first frame over the {ff['count']} pages shown: p50 {ff['p50']} ms, p95 {ff['p95']} ms, "
            f"p99 {ff['p99']} ms, worst {ff['max']} ms (the app's own event; the screen-measured figure is "
            f"docs/BENCHMARKS.md's). The end of the feed was reached {wraps} times and paged back with Home.")


def soak_section(soak: dict | None) -> list[str]:
    lines = ["## Long use: the soak", ""]
    if not soak:
        return lines + ["_No soak results in this run (soak.json missing)._", ""]
    base, end = soak["baseline"], soak["end"]
    lines += [
        f"{soak['page_changes']} page changes, {soak['recordings_posted']} recordings posted, {soak['comments']} "
        f"comments and {soak['refreshes']} refreshes of a followed feed (one every {soak['refresh_seconds']} s) in "
        f"one session of {soak['seconds'] / 60:.1f} min, against the release build with the main-loop watchdog on.",
        "",
        "| | after warm-up | at the end | target |",
        "|---|---|---|---|",
        f"| RSS | {base['rss_mb']} MB | {end['rss_mb']} MB ({soak['rss_growth_pct']:+.1f} %) | growth within 10 % |",
        f"| open file descriptors | {base['fds']} | {end['fds']} | flat |",
        f"| threads | {base['threads']} | {end['threads']} | flat |",
        f"| GObjects held by the Swift wrappers | {base['handles']} | {end['handles']} | back to the baseline |",
        f"| textures held | {base['textures']} | {end['textures']} | (no target) |",
        f"| GStreamer objects alive at a clean exit (`GST_TRACERS=leaks`) | | {soak['gstreamer_leaks']} | 0 |",
        f"| main-loop stalls over 1 s after the first frame | | {len(soak['stalls'])} | 0 |",
        f"| main-loop stalls over 1 s at launch (before the first frame) | | "
        f"{', '.join(str(e.get('ms')) + ' ms' for e in soak.get('launch_stalls', [])) or 0} | (launch) |",
        f"| error events | | {len(soak['errors'])} | 0 |",
        f"| Down presses that changed nothing (not the end of the feed) | | {soak.get('missed_presses', '?')} | 0 |",
        "",
        first_frame_line(soak.get("first_frame_ms") or {}, soak.get("wraps", 0)),
        "",
        "Samples (page changes: RSS MB / files / threads / handles): "
        + ", ".join(f"{s['page_changes']}: {s['rss_mb']} / {s['fds']} / {s['threads']} / {s['handles']}"
                    for s in soak["samples"]) + ".",
        "",
    ]
    if soak["leak_lines"]:
        lines += ["Objects the leaks tracer listed:", "", "```", *[re.sub(r"\x1b\[[0-9;]*m", "", line) for line in soak["leak_lines"][:20]], "```", ""]
    return lines


def scale_section(scale: dict | None) -> list[str]:
    lines = ["## A large library", ""]
    if not scale:
        return lines + ["_No large-library results in this run (large_library.json missing)._", ""]
    lines += [
        f"A library of {scale['posts']:,} posts and {scale['feeds']:,} followed feeds (made in "
        f"{scale['build_seconds']} s by `loopfeed-make-library`; every post a playable clip), each feed refreshed at "
        "launch from a loopback server while the pages are turned.",
        "",
        "| | result | target |",
        "|---|---|---|",
        f"| launch -> first frame (the app's `first_frame`) | {scale['launch_first_frame_ms']} ms | within 1.5 s |",
        f"| a page's first frame over 30 changes | p50 {scale['page_first_frame_p50_ms']} ms, p95 "
        f"{scale['page_first_frame_p95_ms']} ms | p95 within 200 ms |",
        f"| Discover's search, as typed | {', '.join(str(x) for x in scale['search_ms'])} ms "
        f"({scale['search_results']} results) | within 20 ms |",
        f"| every feed refreshed (4 at a time) | {scale['refreshes']} in {scale['refresh_seconds']} s, "
        f"{scale['added']} videos added, {scale['failed_refreshes']} failed | all, none failed |",
        f"| main-loop stalls over 1 s meanwhile | {len(scale['stalls'])} | 0 |",
        "",
    ]
    return lines


def kill9_section(run: dict | None) -> list[str]:
    lines = ["## kill -9 at random moments", ""]
    if not run:
        return lines + ["_No kill -9 results in this run (kill9.json missing)._", ""]
    actions = ", ".join(f"{count} {kind}" for kind, count in sorted(run["actions"].items()))
    confirmed = ", ".join(f"{count} {kind}" for kind, count in sorted(run["confirmed_by_kind"].items()))
    lines += [
        f"{run['rounds']} rounds (seed {run['seed']}, {run['seconds'] / 60:.1f} min): launch on one library, one "
        f"action, SIGKILL at a random moment, then the library, the cache and the recordings are checked before "
        f"the next launch. Actions: {actions}.",
        "",
        "| | count | target |",
        "|---|---|---|",
        f"| kills | {run['kills']} | |",
        f"| actions the window had confirmed before the kill, checked | {run['confirmed']} ({confirmed}) | |",
        f"| confirmed actions lost | {run['lost_count']} | 0 |",
        f"| `PRAGMA integrity_check` not ok after a kill | {len(run['integrity_failures'])} | 0 |",
        f"| downloads cut by the kill | {run['downloads_interrupted']} (resumed with a Range "
        f"{run['downloads_resumed']}, started over {run['downloads_restarted']}) | all end with the server's bytes |",
        f"| a cut download kept as a finished file | {len(run['short_files_taken_whole'])} | 0 |",
        f"| recordings under way at the kill | {run['recordings_under_way']} | |",
        f"| leftover recordings offered on the Create tab | {run['recordings_offered']} | every one kept |",
        f"| recordings that should have been offered and were not | {len(run['recordings_not_offered'])} | 0 |",
        "",
    ]
    for what in ("lost", "integrity_failures", "short_files_taken_whole", "recordings_not_offered"):
        if run[what]:
            lines += [f"{what}:", "", "```", *[str(item) for item in run[what][:20]], "```", ""]
    return lines


def outbox_kill9_section(run: dict | None) -> list[str]:
    lines = ["## kill -9 while actions go to the networks (the outbox)", ""]
    if not run:
        return lines + ["_No outbox kill -9 results in this run (outbox_kill9.json missing)._", ""]
    answers = ", ".join(f"{count} {kind}" for kind, count in sorted(run["answers"].items()))
    actions = ", ".join(f"{count} {kind}s" for kind, count in sorted(run.get("actions", {"like": run["kills"]}).items()))
    lines += [
        f"{run['rounds']} rounds (seed {run['seed']}, {run['seconds'] / 60:.1f} min; Tests/e2e/cases_outbox_kill9.py): "
        "signed in to one fake PeerTube instance, a video of another instance's channel liked or unliked "
        "with L or commented on in its sheet, the home instance answering as the round says, SIGKILL 0-1.5 s "
        "later; the library is checked before the next launch, the home instance's account after it (the "
        f"outbox drained). Actions: {actions}. The instance's answers: {answers}.",
        "",
        "| | count | target |",
        "|---|---|---|",
        f"| kills | {run['kills']} | |",
        f"| actions the window showed, checked | {run['shown']} | |",
        f"| shown, not in the library after the kill | {len(run['not_kept'])} | 0 |",
        f"| shown, not on the server once the outbox drained (actions lost) | {len(run['lost'])} | 0 |",
        f"| a comment the server holds more than once (sent twice) | {len(run.get('sent_twice', []))} | 0 |",
        f"| refused by the server | {len(run['refused'])} | 0 |",
        f"| an action answered by the server more than once (a like is a state: harmless) | {run['repeated_answers']} | |",
        "",
    ]
    for what in ("not_kept", "lost", "sent_twice", "refused"):
        if run.get(what):
            lines += [f"{what}:", "", "```", *[str(item) for item in run[what][:20]], "```", ""]
    return lines


def follow_kill9_section(run: dict | None) -> list[str]:
    lines = ["## kill -9 while follows go to the account", ""]
    if not run:
        return lines + ["_No follow kill -9 results in this run (follow_kill9.json missing)._", ""]
    answers = ", ".join(f"{count} {kind}" for kind, count in sorted(run["answers"].items()))
    lines += [
        f"{run['rounds']} rounds (seed {run['seed']}, {run['seconds'] / 60:.1f} min; Tests/e2e/cases_kill9_follows_uploads.py): "
        "signed in to one fake PeerTube instance, a channel of another instance opened from Discover's search and "
        "followed or unfollowed with its page's Follow, the home instance answering as the round says, SIGKILL 0-1.5 s "
        "later; the library is checked before the next launch, the account's subscriptions after it (the outbox "
        f"drained). The instance's answers: {answers}.",
        "",
        "| | count | target |",
        "|---|---|---|",
        f"| kills | {run['kills']} | |",
        f"| follows and unfollows the window showed, checked | {run['shown']} | |",
        f"| shown, not in the library after the kill | {len(run['not_kept'])} | 0 |",
        f"| shown, not on the account once the outbox drained (actions lost) | {len(run['lost'])} | 0 |",
        f"| a channel the account follows twice | {len(run['followed_twice'])} | 0 |",
        f"| refused by the server | {len(run['refused'])} | 0 |",
        "",
    ]
    for what in ("not_kept", "lost", "followed_twice", "refused"):
        if run.get(what):
            lines += [f"{what}:", "", "```", *[str(item) for item in run[what][:20]], "```", ""]
    return lines


def upload_big_section(run: dict | None) -> list[str]:
    lines = ["## A 20 MB recording posted with its connection cut halfway", ""]
    if not run:
        return lines + ["_No big upload results in this run (upload_big.json missing)._", ""]
    return lines + [
        f"{run['seconds_recorded']:.0f} s of `--camera test-noise` (Tests/e2e/cases_upload_big.py), {run['bytes']:,} bytes, "
        "posted to the account's channel on a fake PeerTube instance answering each 4 MiB chunk "
        f"{run['chunk_answered_after']} s late; the chunk from byte {run['cut_at']:,} cut halfway (the instance then had "
        f"{run['kept']:,} bytes). The app asked where the instance was and went on from byte {run['resumed_from']:,}, "
        f"uploaded in {run['upload_seconds']:.0f} s; the instance's file "
        + ("is byte for byte the post's" if run["same_sha256"] else "**differs** from the post's")
        + f" (sha256 {run['sha256'][:16]}…). The requests' Content-Range: {', '.join(f'`{r}`' for r in run['content_ranges'])}.",
        ""]


def upload_kill9_section(run: dict | None) -> list[str]:
    lines = ["## kill -9 while recordings are posted to the account (uploads)", ""]
    if not run:
        return lines + ["_No upload kill -9 results in this run (upload_kill9.json missing)._", ""]
    answers = ", ".join(f"{count} {kind}" for kind, count in sorted(run["answers"].items()))
    lines += [
        f"{run['rounds']} rounds (seed {run['seed']}, {run['seconds'] / 60:.1f} min; Tests/e2e/cases_kill9_follows_uploads.py): "
        "signed in to one fake PeerTube instance, 2 s recorded with the test camera and posted to the account's "
        "channel (PeerTube's resumable upload), the instance answering as the round says, SIGKILL 0-2 s after "
        "Ctrl+Enter; the library is checked before the next launch, the instance after it (the upload published). "
        f"The instance's answers: {answers}.",
        "",
        "| | count | target |",
        "|---|---|---|",
        f"| kills | {run['kills']} | |",
        f"| posts the window showed posted | {run['posted']} | |",
        f"| posted, the post or its upload not in the library after the kill | {len(run['not_kept'])} | 0 |",
        f"| posted, not on the instance once published (uploads lost) | {len(run['lost'])} | 0 |",
        f"| on the instance twice | {len(run['on_the_instance_twice'])} | 0 |",
        f"| on the instance, not byte for byte the post | {len(run['not_the_same_bytes'])} | 0 |",
        f"| uploads resumed from the instance's byte after the restart | {run['resumed']} | |",
        "",
    ]
    for what in ("not_kept", "lost", "on_the_instance_twice", "not_the_same_bytes"):
        if run.get(what):
            lines += [f"{what}:", "", "```", *[str(item) for item in run[what][:20]], "```", ""]
    return lines


def media_section(results: Path) -> list[str]:
    """The bad-media corpus (Tests/e2e/cases_media.py): every item, what the user saw and when."""
    lines = ["## Bad media: the generated corpus", ""]
    runs = [(name, load(results, name)) for name in
            ("bad_media_from_the_command_line", "bad_media_imported", "files_swapped_after_import_show_why")]
    if not any(run for _, run in runs):
        return lines + ["_No corpus results in this run (bad_media_*.json missing)._", ""]
    what = next((run.get("what", {}) for _, run in runs if run and run.get("what")), {})
    lines += ["Each item opened the way a user opens videos; the time is from its page becoming current to its "
              "first frame or its error card (the target: within 5 s, never a spinner).", ""]
    for name, run in runs:
        title = {"bad_media_from_the_command_line": "Named on the command line",
                 "bad_media_imported": "A library folder, imported at start",
                 "files_swapped_after_import_show_why": "Posts whose files were swapped afterwards"}[name]
        lines += [f"### {title}", ""]
        if not run:
            lines += [f"_{name}.json missing._", ""]
            continue
        if run.get("import_seconds") is not None:
            summary = run.get("summary", {})
            lines += [f"Import: {summary.get('added')} added, {summary.get('unreadable')} looked like videos but were "
                      f"not, {summary.get('problems')} refused with a reason, in {run['import_seconds']} s.", ""]
        lines += ["| item | what it is | what the user sees | time |", "|---|---|---|---|"]
        for row in run["rows"]:
            shown = row["outcome"] + (f": {row['message']}" if row.get("message") else "")
            ms = f"{row['ms']} ms" if row.get("ms") is not None else "-"
            lines.append(f"| {row['item']} | {what.get(row['item'], '')} | {shown} | {ms} |")
        slow = [r for r in run["rows"] if r.get("ms") is not None and r["ms"] > 5000]
        lines += ["", f"Over 5 s: {len(slow)}.", ""]
    return lines


def fuzz_section(results: Path) -> list[str]:
    """The mutation fuzzer's long run (ClipFuzzTests, FeedFuzzTests, NetworkDocumentFuzzTests)."""
    lines = ["## The mutation fuzzer", ""]
    for name, what in (("fuzz_clips", "Clips through the import's probe and a LoopingPlayer (ready or failed within 5 s)"),
                       ("fuzz_feeds", "Feeds through FeedDocument.read (only http(s) links, plain titles within limits)"),
                       ("fuzz_network_documents", "PeerTube and Loops API documents through their decoders (NetworkDocumentChecks)")):
        run = load(results, name)
        lines += [f"### {what}", ""]
        if not run:
            lines += [f"_No {name}.json in this run._", ""]
            continue
        lines += [f"{run['runs']} runs from seed {run['seed']} (runs {run['start']}..{run['start'] + run['runs'] - 1}) "
                  f"in {run['seconds']} s; {len(run['failures'])} failures.", "",
                  "| outcome | runs |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in sorted(run["outcomes"].items(), key=lambda kv: -kv[1])]
        # A feed's mutation is "kind:step+step": counted by the steps taken, each once per run.
        steps: dict[str, int] = {}
        for mutation, count in run["mutations"].items():
            for step in set(mutation.split(":")[-1].split("+")):
                steps[step] = steps.get(step, 0) + count
        lines += ["", "Mutations (runs that took each step): " + ", ".join(f"{k} {v}" for k, v in sorted(steps.items()))
                  + ".", "",
                  "Slowest: " + ", ".join(f"run {s['index']} ({s['mutation']}, {s['outcome']}) {s['seconds']} s"
                                           for s in run["slowest"]) + ".", ""]
        for failure in run["failures"][:20]:
            lines.append(f"- run {failure['index']} ({failure['mutation']}): {failure['reason']}"
                         + (f" (input: `{failure['input']}`)" if failure.get("input") else ""))
        if run["failures"]:
            lines += ["", f"Repeat one: `LOOPFEED_FUZZ_SEED={run['seed']} LOOPFEED_FUZZ_START=<run> LOOPFEED_FUZZ_RUNS=1`.", ""]
    return lines


def case_docs() -> tuple[dict[str, str], dict[str, list[str]]]:
    """Each e2e case's docstring (what it does to the app), and run_e2e.py's reported sections."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
    import run_e2e  # noqa: E402 (the cases, from the same checkout)
    docs = {name: " ".join((fn.__doc__ or "").split()) for name, fn in run_e2e.ALL_CASES}
    return docs, run_e2e.REPORTED


def proven_section(title: str, intro: str, names: list[str], outcomes: dict[str, tuple[str, str]],
                   docs: dict[str, str]) -> list[str]:
    """A table of the cases that prove one promise: what each did and how it went in this run."""
    lines = [f"## {title}", "", intro, "", "| case | what it does | outcome |", "|---|---|---|"]
    for name in names:
        status, detail = outcomes.get(name, ("not run", ""))
        shown = status + (f": {detail}" if status == "FAIL" and detail else "")
        lines.append(f"| `{name}` | {docs.get(name, '').replace('|', '/')} | {shown.replace('|', '/')} |")
    return lines + [""]


def access_findings(results: Path) -> list[str]:
    """What the accessibility cases counted (their findings files)."""
    lines = ["### What the accessibility cases counted", ""]
    tree, states = load(results, "a11y_tree"), load(results, "a11y_states")
    walk, large = load(results, "keyboard_walk"), load(results, "large_text")
    if tree:
        screens = ", ".join(f"{screen} {count}" for screen, count in tree["screens"].items())
        lines.append(f"- Screen reader (AT-SPI, as Orca reads it): {sum(tree['screens'].values())} controls on "
                     f"{len(tree['screens'])} screens ({screens}); without a name or a role: {len(tree['unnamed'])}.")
    else:
        lines.append("- _a11y_tree.json missing._")
    if states:
        lines.append(f"- Told over AT-SPI: like pressed {states['like']}, the video's description {states['video']}, "
                     f"the focus on {states['focus']!r} after Tab, the record button pressed {states['record']} "
                     f"({states['events']} events heard).")
    else:
        lines.append("- _a11y_states.json missing._")
    if walk:
        lines.append(f"- Keyboard alone ({', '.join(walk['keys'])}): {walk['stops']} focus stops over "
                     f"{len(walk['windows'])} windows ({', '.join(walk['windows'])}), {walk['moves_checked']} of them "
                     f"checked on screen for the ring; focus not shown: {walk['hidden']}, ring not seen: "
                     f"{walk['ring_not_seen']}.")
    else:
        lines.append("- _keyboard_walk.json missing._")
    if large:
        checked = ", ".join(f"{screen} {count}" for screen, count in large["labels_checked"].items())
        growth = large["feed_growth"]
        lines.append(f"- Text at 1.5x: labels checked {checked}; cut off: {large['cut_off']}; the feed's labels grew "
                     f"{min(growth) if growth else '?'}x to {max(growth) if growth else '?'}x.")
    else:
        lines.append("- _large_text.json missing._")
    return lines + [""]


def main() -> int:
    results = Path(sys.argv[1])
    outcomes = case_outcomes(results)
    lines = [
        "# Loopfeed reliability",
        "",
        "_Generated by `bash tools/reliability.sh` — do not edit by hand; rerun the script instead._",
        "",
        f"- Date: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC",
        f"- Commit: {commit()}"
        + (f" (the soak, the large library, kill -9 and the fuzzer ran on {os.environ['RELIABILITY_LONG_RUNS_COMMIT']};"
           " the other cases again on this one)" if os.environ.get("RELIABILITY_LONG_RUNS_COMMIT") else ""),
        f"- Machine: {machine()}; Xvfb, no GPU",
        "",
        "## The long runs",
        "",
    ]
    if outcomes:
        lines += ["| run | outcome |", "|---|---|"]
        lines += [f"| {name} | {status}{(': ' + detail) if detail and status != 'PASS' else ''} |"
                  for name, status, detail in outcomes]
    else:
        lines += ["_No run_e2e.py output in this run (e2e.txt missing)._"]
    lines += [""]
    lines += soak_section(load(results, "soak"))
    lines += scale_section(load(results, "large_library"))
    lines += kill9_section(load(results, "kill9"))
    lines += outbox_kill9_section(load(results, "outbox_kill9"))
    lines += follow_kill9_section(load(results, "follow_kill9"))
    lines += upload_kill9_section(load(results, "upload_kill9"))
    lines += upload_big_section(load(results, "upload_big"))
    lines += media_section(results)
    lines += fuzz_section(results)
    docs, reported = case_docs()
    by_name = {name: (status, detail) for name, status, detail in outcomes}
    lines += proven_section("Faults survived", "A full disk, folders made read-only or taken away, dead services "
                            "and kills, each done to the running app (these run in CI too).",
                            reported["faults"], by_name, docs)
    lines += proven_section("Bad input", "Besides the corpus above: hostile text, paths and feeds, and stalls.",
                            reported["bad_input"], by_name, docs)
    lines += proven_section("Everyone can use it", "Screen readers, the keyboard alone, larger text and reduced "
                            "motion.", reported["access"], by_name, docs)
    lines += access_findings(results)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

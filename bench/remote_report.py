"""The report's block for steps 8 and 9 (bench/remote.py): its own part of docs/BENCHMARKS.md, between
markers, so `bash bench/run.sh --network` can replace it alone and a full run carries it over."""
from __future__ import annotations

import datetime as dt

from screen import CRITERION
from stats import gate_goal, ms, pct

BEGIN = "<!-- network:begin (bench/remote.py writes this block: bash bench/run.sh --network, or a full run) -->"
END = "<!-- network:end -->"


def block_of(text: str) -> list[str]:
    """The network block of a report, as lines; none when it has none."""
    begin, end = text.find("<!-- network:begin"), text.find(END)
    return text[begin:end + len(END)].splitlines() if begin >= 0 and end > begin else []


def splice_block(text: str, block: str) -> str:
    """`text` with its network block replaced by `block` (put before the sources block, or at
    the end, when it had none)."""
    begin, end = text.find("<!-- network:begin"), text.find(END)
    if begin >= 0 and end > begin:
        return text[:begin] + block + text[end + len(END):]
    sources = text.find("<!-- sources:begin")
    if sources >= 0:
        return text[:sources] + block + "\n\n" + text[sources:]
    return text.rstrip("\n") + "\n\n" + block + "\n"


def _all(values: list[float]) -> str:
    return ", ".join(f"{v / 1000:.0f}" for v in values)


def network_parts(r: dict) -> tuple[list[tuple[str, str, str, str]], list[str], list[str]]:
    """Steps 8 and 9's rows (issue 25's gates), the causes of the gates missed, and the details."""
    rows: list[tuple[str, str, str, str]] = []
    cause: list[str] = []
    details: list[str] = []
    pg, ty = r.get("remote_paging"), r.get("typing")
    if pg:
        local = (r.get("paging") or {}).get("p95", float("nan"))
        has_local = local == local and pg["changes"] > 0
        ok = pg["p95"] <= 1.2 * local if has_local else None
        goal = pg["p95"] <= local if has_local else None
        more = pg["more_loaded"]
        past = pg["past_first_page"]
        rows.append((
            f"8. Paging through remote results: Down (XTEST) -> the next result's colour over the middle of the "
            f"window (XGetImage polling), {pg['changes']} changes over {pg['presses']} presses of a trending "
            f"results feed from 2 PeerTube instances ({pg['first_page']} results at first, {len(more)} more pages "
            f"of results loaded while paging, {pg['presses'] + 1} results in all); mpv --prefetch-playlist=yes playlist-next over the same remote "
            "addresses",
            f"loopfeed p50 {ms(pg['p50'])}, p95 {ms(pg['p95'])}, max {ms(pg['max'])}"
            + (f"; past the results loaded at first ({len(past)} changes): max {ms(max(past))}" if past else "")
            + f"; mpv p50 {ms(pg['mpv_p50'])}, p95 {ms(pg['mpv_p95'])}, max {ms(pg['mpv_max'])} "
            f"({pg['mpv_changes']} changes)"
            + (f"; p95 {pg['p95'] / local:.2f}x the local page change's (step 1, {ms(local)})" if has_local else
               "; step 1 did not run, so no local p95 to compare with")
            + (f", {pg['p95'] / pg['mpv_p95']:.2f}x mpv's" if pg["mpv_changes"] else "")
            + f". Own events: `page_shown` p50 {ms(pg['page_shown_p50'])}, p95 {ms(pg['page_shown_p95'])} "
            f"({pg['page_shown_count']} of {pg['page_events']} pages)",
            "p95 <= 1.2x the local page change's p95 (goal: = local)", gate_goal(ok, goal)))
        if ok is False:
            cause.append(f"Paging through remote results takes p95 {ms(pg['p95'])} on screen against the local "
                         f"page change's {ms(local)} ({pg['p95'] / local:.2f}x, {ms(pg['p95'] - 1.2 * local)} over "
                         f"the 1.2x gate; mpv {ms(pg['mpv_p95'])}); the app's own `page_shown` says "
                         f"p95 {ms(pg['page_shown_p95'])}. Slowest changes (ms): "
                         f"{_all(sorted(pg['all'])[-5:])}.")
        details.append(
            f"- Remote paging: the fakes (`Tests/servers/serve.py --peertube 2 --loops 0 --no-index --colours "
            f"{pg['colours']}`) serve each portrait video in one of {pg['colours']} solid colours (web files and HLS "
            "renditions alike; the manifest says which), so a change is seen on screen. Loopfeed ran with "
            "`--instance` for each (" + ", ".join(pg["sites"]) + ") and `--search-index off`; Ctrl+F opened "
            f"Discover, whose trending shelf had {pg['first_page']} results after the vertical filter "
            f"({pg['hidden']} hidden); a click on the first tile opened the results as a feed, then "
            f"{pg['presses']} Down presses 0.5 s apart{' (to the last result)' if pg.get('ended') else ''}, each timed from the XTEST press to the first screenshot "
            "(polled every ~1 ms) in which over half of a 150x200 box at the window's centre shows the next "
            f"result's colour. {pg['same_colour']} presses went to a result in the colour already shown (no change "
            f"to see, not counted), {pg['missed']} never showed theirs within 15 s. More results loaded while "
            "paging (`explore_results` page, count): "
            + (", ".join(f"page {m['page']}: {m['count']} results, arrived while result {m['at_index']} was "
                         "shown" for m in more) or "none") + ". Files played: "
            + ", ".join(f"{k} {v}" for k, v in pg["files"].items()) + f". mpv: `{pg['mpv_cmd']} URL...` with the addresses loopfeed played "
            "(its `page` events' `uri`), in its order. All changes (ms), loopfeed: " + _all(pg["all"])
            + "; mpv: " + _all(pg["mpv_all"]) + ".")
    if ty:
        ok = ty["p95"] <= 300_000 if ty["queries"] else None
        goal = ty["p95"] <= 150_000 if ty["queries"] else None
        pause = ty["search_delay_ms"]
        gaps = [a - b for a, b in zip(ty["all"], ty["event_all"])]
        rows.append((
            f"9. Typing -> results on loopback: a word typed into Discover's search (XTEST, "
            f"{ty['key_gap_ms']:.0f} ms between keys) -> the first result's still on screen (XGetImage), "
            f"{ty['queries']} queries over {ty['sites']} servers (2 PeerTube instances, a Loops server, the "
            "search index)",
            f"p50 {ms(ty['p50'])}, p95 {ms(ty['p95'])}, max {ms(ty['max'])} from the last key, of which "
            f"{pause} ms is the app waiting for typing to pause; `explore_results` p50 {ms(ty['event_p50'])}, p95 "
            f"{ms(ty['event_p95'])}",
            "p95 <= 300 ms (goal <= 150 ms)", gate_goal(ok, goal)))
        if ok is False:
            cause.append(f"Typing to results takes p95 {ms(ty['p95'])}, {ms(ty['p95'] - 300_000)} over the 300 ms "
                         f"gate: the {pause} ms pause after the last "
                         f"key, then the servers' answers (`explore_results` p95 {ms(ty['event_p95'])} after the last "
                         f"key), then the first still on screen ({ms(pct(gaps, 95))} more at p95: fetched from its "
                         "server once the results are in).")
        details.append(
            f"- Typing: before each query the field's text is selected and `{ty['separator']}` typed over it (no result: the "
            "grid empties, no still on screen), then the query typed over it; timed from the last key's XTEST "
            "press to the first screenshot (polled every ~1 ms) in which over half of a 130x60 box inside the "
            "results' first tile shows the fakes' portrait still colour (the same box holds the trending shelf's "
            "chips while the shelf is up: its tiles start lower), and to the `explore_results` event (source "
            "search) for the word. Until commit 28935c1 the page took the results' layout 150 ms after the last "
            "key and showed the shelf's tiles there until the results came: the first \"result\" on screen was a "
            f"trending video, about 185 ms after the last key. Discover asks the servers {pause} ms after the last key: GtkSearchEntry's "
            f"`search-delay` ({ty['search_delay_ms']} ms, DiscoverPage's) before it says the text changed, and "
            "NetworkDiscoverStore asks at once (it paused 50 ms more until 2026-12-05); Enter asks at once too. "
            f"So the servers' answers and their merge take about {ms(ty['event_p50'] - pause * 1000)} at p50, "
            f"the first still on screen after the event {ms(pct(gaps, 50))} more at p50 and {ms(max(gaps, default=float('nan')))} "
            "at most (a tile's still is fetched from its server once the results are in, then decoded and "
            "painted). Results per query (`count`): "
            + ", ".join(str(c) for c in ty["counts"]) + ". All (ms), screen: " + _all(ty["all"])
            + "; event: " + _all(ty["event_all"]) + "."
            + (f" Not counted: {'; '.join(ty['failed'])}." if ty["failed"] else ""))
    return rows, cause, details


def report_block(r: dict, notes: list[str], machine: dict, commit: str | None, dirty: bool,
                 with_table: bool = True) -> str:
    """The block; a full run puts the rows in the report's main table and the block keeps the details."""
    rows, cause, details = network_parts(r)
    loads = ", ".join(f"{k}: {v}" for k, v in r.get("loads", {}).items() if k in ("8", "9"))
    lines = [BEGIN, "## Over the networks: remote results and search (issue 22)", "",
             f"_Measured by bench/remote.py on {dt.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}, "
             f"commit {commit or '?'}{' (plus uncommitted changes)' if dirty else ''}; {machine['nproc']} cores, "
             f"{machine['mpv']}; loopback fakes only (Tests/servers). Load average before each step: {loads}._", ""]
    if with_table:
        lines += ["| Measurement | Result | Target | Verdict |", "|---|---|---|---|"]
        lines += ["| " + " | ".join(x.replace("|", "\\|") for x in row) + " |" for row in rows]
        lines.append("")
    else:
        lines += ["Their rows (8, 9) are in the table at the top; how they were measured:", ""]
    if cause and with_table:
        lines += ["Targets missed, by how much and the likely cause:", ""] + [f"- {c}" for c in cause] + [""]
    lines += details
    if notes:
        lines += ["", "Oddities seen in this run:", ""] + [f"- {n}" for n in notes]
    lines += ["", "Rerun these two alone: `bash bench/run.sh --network` (replaces this block, keeps the rest).", END]
    return "\n".join(lines)

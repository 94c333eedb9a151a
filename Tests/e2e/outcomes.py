"""How a case ends and what it says: failed or skipped, progress lines, figures kept for the reports."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


class CaseFailed(Exception):
    pass


class CaseSkipped(Exception):
    pass


def expect(cond: bool, msg: str) -> None:
    if not cond:
        raise CaseFailed(msg)


def log(msg: str) -> None:
    print(msg, flush=True)


def debug(msg: str) -> None:
    if os.environ.get("LOOPFEED_E2E_DEBUG"):
        print(f"  [debug] {msg}", file=sys.stderr, flush=True)


def indent(text: str, limit: int = 4000) -> str:
    """`text` quoted for a failure message, cut to about `limit` characters from its end."""
    if len(text) > limit:
        # A crash's own thread first (Swift's backtracer lists every thread after it).
        crashed = text.find(" crashed:")
        head = text[text.rfind("\n", 0, crashed) + 1:][:limit] + "\n...\n" if crashed >= 0 else ""
        text = head + "...\n" + text[-limit:]
    return "\n".join("    | " + l for l in text.rstrip("\n").splitlines())


def write_findings(name: str, findings: dict) -> None:
    """Keeps a case's figures for docs/RELIABILITY.md: $RELIABILITY_RESULTS_DIR/<name>.json, when
    tools/reliability.sh runs the case (nothing otherwise)."""
    folder = os.environ.get("RELIABILITY_RESULTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.json").write_text(json.dumps(findings, indent=2, ensure_ascii=False))

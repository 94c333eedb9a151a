#!/usr/bin/env python3
"""Checks that Loopfeed's user-visible text goes through gettext.

1. No raw string literal is handed to a call that shows text to people (a label, a button, a
   tooltip, an accessible name, a toast, an error message): it must be wrapped in tr()/trn().
2. Every tr()/trn() call's first argument is one plain literal (xgettext reads the sources as
   C: interpolation or concatenation would be extracted wrongly, or not at all).
3. po/POTFILES.in lists every source file that marks strings, and po/loopfeed.pot holds every
   marked string (regenerate with `meson compile -C build loopfeed-pot`).

    check-translations.py REPO_ROOT
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

# Calls and assignments whose string argument people read.
SHOWN = [
    r'\bLabel\(\s*"',
    r'\bButton\(\s*label:\s*"',
    r'\bEntry\(\s*placeholder:\s*"',
    r'\bSearchEntry\(\s*placeholder:\s*"',
    r'\bStatusPage\([^)]*(title|detail):\s*"',
    r'\.(text|label|tooltip|title|placeholderText)\s*=\s*"[^"]',
    r'\bsetAccessibleLabel\(\s*"',
    r'\bsetAccessibleDescription\(\s*"',
    r'\bflash\(\s*"',
    r'\bnotice\(\s*"',
    r'\bshow\(\s*message:\s*"',
    r'\bshowError\(\s*"',
    r'\bsetBusy\(\s*"',
    r'\bDialogWindow\(\s*title:\s*"',
    r'\bFileChooser\(\s*title:\s*"',
]
SHOWN_RE = re.compile("|".join(SHOWN))
# A tr/trn call and what follows its opening parenthesis.
CALL_RE = re.compile(r'\b(trn?)\(')
LITERAL_RE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
SCANNED = ["Sources/FeedUI", "Sources/FeedPresentation", "Sources/FeedCore", "Sources/FeedMedia", "Sources/FeedSources", "Sources/FeedStorage", "Sources/LoopfeedApp"]


def swift_files(root: Path) -> list[Path]:
    return sorted(p for d in SCANNED for p in (root / d).glob("*.swift"))


def code_lines(path: Path):
    """(number, line) without // comments; multi-line \"\"\" literals skipped."""
    in_block = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.count('"""') % 2 == 1:
            in_block = not in_block
            continue
        if in_block:
            continue
        yield number, strip_comment(line)


def strip_comment(line: str) -> str:
    """The line without a trailing // comment (a // inside a string literal stays)."""
    in_string = False
    index = 0
    while index < len(line):
        char = line[index]
        if in_string and char == "\\":
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index]
        index += 1
    return line


def unescape(text: str) -> str:
    return re.sub(r'\\(["\\n])', lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), text)


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems: list[str] = []
    marked: dict[str, Path] = {}
    marking_files: set[str] = set()
    for path in swift_files(root):
        rel = path.relative_to(root)
        for number, line in code_lines(path):
            shown = SHOWN_RE.search(line)
            if shown:
                literal = LITERAL_RE.match(line, line.rindex('"', shown.start(), shown.end()))
                # Words need translating; a symbol ("#", "♫  ") does not.
                if literal and re.search(r"[^\W\d_]{2,}", literal.group(1)):
                    problems.append(f"{rel}:{number}: text shown to people without tr(): {line.strip()}")
            for call in CALL_RE.finditer(line):
                rest = line[call.end():].lstrip()
                literal = LITERAL_RE.match(rest)
                if not literal:
                    problems.append(f"{rel}:{number}: {call.group(1)}() needs one plain string literal: {line.strip()}")
                    continue
                after = rest[literal.end():].lstrip()
                if "\\(" in literal.group(1) or after.startswith("+"):
                    problems.append(f"{rel}:{number}: {call.group(1)}() literal is interpolated or concatenated: {line.strip()}")
                    continue
                marking_files.add(str(Path("..") / rel))
                marked[unescape(literal.group(1))] = rel
                if call.group(1) == "trn":
                    plural = LITERAL_RE.match(after.lstrip(",").lstrip())
                    if plural:
                        marked[unescape(plural.group(1))] = rel

    potfiles = root / "meson-helpers" / "po" / "POTFILES.in"
    listed = {l.strip() for l in potfiles.read_text().splitlines() if l.strip() and not l.startswith("#")} \
        if potfiles.exists() else set()
    for missing in sorted(marking_files - listed):
        problems.append(f"{potfiles.relative_to(root)}: does not list {missing}, which marks strings")

    pot = root / "meson-helpers" / "po" / "loopfeed.pot"
    if not pot.exists():
        problems.append(f"{pot.relative_to(root)} is missing: run `meson compile -C build loopfeed-pot`")
    else:
        ids = set()
        current: list[str] | None = None
        for line in pot.read_text(encoding="utf-8").splitlines():
            if line.startswith(("msgid ", "msgid_plural ")):
                if current is not None:
                    ids.add("".join(current))
                current = [LITERAL_RE.search(line).group(1)]
            elif line.startswith('"') and current is not None:
                current.append(LITERAL_RE.search(line).group(1))
            else:
                if current is not None:
                    ids.add("".join(current))
                current = None
        if current is not None:
            ids.add("".join(current))
        ids = {unescape(i) for i in ids}
        for text, rel in sorted(marked.items()):
            if text not in ids:
                problems.append(f"{pot.relative_to(root)}: lacks {text!r} ({rel}): run `meson compile -C build loopfeed-pot`")

    for problem in problems:
        print(problem)
    print(f"{len(marked)} marked strings in {len(marking_files)} files; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

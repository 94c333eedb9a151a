#!/usr/bin/env python3
"""Names the frames of a stack Loopfeed wrote to stderr (the main-loop watchdog's, or a crash's).

backtrace_symbols_fd can name only exported functions: the app's own frames come out as
`loopfeed(+0x3aad35)`. This reads such lines (a file, or stdin) and writes them back with the
function (demangled by `swift demangle`) and, where the build has debug information, its file and
line — `addr2line` on the binary named in the line. Frames in shared libraries keep what the line
says (their exported symbol, if any). Usage: tools/symbolize-stack.py [stderr.txt]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

FRAME = re.compile(r"^(?P<binary>[^\s()]+)\(\+(?P<offset>0x[0-9a-f]+)\)\s*\[(?P<address>0x[0-9a-f]+)\]\s*$")


def demangle(names: list[str]) -> list[str]:
    if not names or not shutil.which("swift"):
        return names
    done = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), text=True,
                          capture_output=True, check=False)
    out = done.stdout.splitlines()
    return out if done.returncode == 0 and len(out) == len(names) else names


def symbolize(lines: list[str]) -> list[str]:
    """The lines, each app frame followed by its function and place."""
    wanted: dict[str, list[int]] = {}
    for number, line in enumerate(lines):
        m = FRAME.match(line.strip())
        if m and ".so" not in Path(m["binary"]).name:
            wanted.setdefault(m["binary"], []).append(number)
    named: dict[int, str] = {}
    for binary, numbers in wanted.items():
        if not Path(binary).exists() or not shutil.which("addr2line"):
            continue
        # A return address: the call is the instruction before it.
        offsets = [hex(max(0, int(FRAME.match(lines[n].strip())["offset"], 16) - 1)) for n in numbers]
        done = subprocess.run(["addr2line", "-f", "-e", binary, *offsets], text=True, capture_output=True, check=False)
        out = done.stdout.splitlines()
        if done.returncode != 0 or len(out) != 2 * len(numbers):
            continue
        functions = demangle(out[0::2])
        for n, function, place in zip(numbers, functions, out[1::2]):
            if function != "??":
                named[n] = f"{function}" + ("" if place.startswith("??") else f" at {place}")
    return [line + (f"    -> {named[n]}" if n in named else "") for n, line in enumerate(lines)]


def main() -> int:
    text = Path(sys.argv[1]).read_text(errors="replace") if len(sys.argv) > 1 else sys.stdin.read()
    print("\n".join(symbolize(text.splitlines())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

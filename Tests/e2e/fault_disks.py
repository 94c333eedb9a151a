"""Disks that fail on purpose for the fault cases: a small tmpfs filled to the brim, or made
read-only under the running app (root only; the cases are skipped where mounting is refused)."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path

from context import Context
from outcomes import CaseFailed, CaseSkipped, expect

# What a message in plain words never says: SQLite's codes, library names, errno names.
UNPLAIN = ("SQLite", "sqlite", "error 13", "error 8", "SQLITE", "while running", "ENOSPC", "errno", "EROFS",
           "GStreamer", "GLib", "NSCocoa")


class SmallDisk:
    """A tmpfs of `size` mounted at case_tmp/NAME, unmounted by close()."""

    def __init__(self, ctx: Context, name: str, size: str = "24m"):
        self.root = ctx.case_tmp / name
        self.root.mkdir(parents=True, exist_ok=True)
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(self.root)],
                              capture_output=True, text=True)
        if made.returncode != 0:
            raise CaseSkipped(f"cannot mount a tmpfs here ({made.stderr.strip()}); run as root")
        self.filler = self.root / ".filler"

    def fill(self) -> None:
        """Writes until the disk refuses: 64 KiB blocks, then 4 KiB ones (tmpfs hands out whole
        pages, so nothing is left for a file to grow into)."""
        with open(self.filler, "ab", buffering=0) as f:
            for block in (65536, 4096, 512, 1):
                chunk = b"\0" * block
                while True:
                    try:
                        f.write(chunk)
                    except OSError as e:
                        if e.errno != errno.ENOSPC:
                            raise
                        break
        expect(self.free_bytes() == 0, f"{self.root} still has {self.free_bytes()} bytes free")

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def free_bytes(self) -> int:
        stat = os.statvfs(self.root)
        return stat.f_bavail * stat.f_frsize

    def read_only(self, on: bool) -> None:
        """Remounts the disk read-only (or writable again) under whoever has files open on it."""
        mode = "ro" if on else "rw"
        done = subprocess.run(["mount", "-o", f"remount,{mode}", str(self.root)], capture_output=True, text=True)
        if done.returncode != 0:
            raise CaseFailed(f"remount {mode} of {self.root} failed: {done.stderr.strip()}")

    def close(self) -> None:
        subprocess.run(["umount", "-l", str(self.root)], capture_output=True)


def expect_plain(message: str, *words: str) -> None:
    """A message for people: none of the library's codes, and the words that say what happened."""
    bad = [w for w in UNPLAIN if w in message]
    expect(not bad, f"the message shows {bad}: {message!r}")
    for word in words:
        expect(word in message, f"the message does not say {word!r}: {message!r}")


def library_check(db: Path) -> tuple[str, sqlite3.Connection]:
    """integrity_check of the library and a read-only connection to look at its rows."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    result = "; ".join(str(r[0]) for r in con.execute("PRAGMA integrity_check"))
    return result, con

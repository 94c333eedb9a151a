"""The app's --events log (one JSON object a line), read as it grows: each complete line is parsed
once, a line still being written waits for its newline."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable


def now_us() -> int:
    """Now on the clock of the events' `t_us` (CLOCK_MONOTONIC, microseconds)."""
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


class EventLog:
    def __init__(self, path: Path):
        self.path = path
        self.all: list[dict] = []
        self.malformed: list[str] = []  # lines that were not JSON objects, in order
        self._offset = 0
        self._partial = b""

    def poll(self) -> list[dict]:
        """Reads what was appended since the last poll; returns the new events."""
        try:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                chunk = f.read()
        except FileNotFoundError:
            return []
        self._offset += len(chunk)
        *lines, self._partial = (self._partial + chunk).split(b"\n")
        new = []
        for raw in lines:
            line = raw.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                self.malformed.append(line)
                continue
            if isinstance(event, dict):
                new.append(event)
            else:
                self.malformed.append(line)
        self.all.extend(new)
        return new

    def of(self, name: str) -> list[dict]:
        """Every `name` event so far."""
        self.poll()
        return [e for e in self.all if e.get("event") == name]

    def wait(self, pred: Callable[[dict], bool], timeout: float, after: int = 0) -> dict | None:
        """The first event at index `after` or later that `pred` accepts, polled for until `timeout`;
        None when there is none by then."""
        deadline = time.monotonic() + timeout
        i = after
        while True:
            self.poll()
            while i < len(self.all):
                if pred(self.all[i]):
                    return self.all[i]
                i += 1
            if time.monotonic() > deadline:
                return None
            time.sleep(0.01)

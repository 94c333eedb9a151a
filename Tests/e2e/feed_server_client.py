"""feed_server.py, started on 127.0.0.1 for a case, and what it was asked for."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path

from paths import SYSTEM_PYTHON


def start_feed_server(folder: Path) -> tuple[subprocess.Popen, int]:
    """feed_server.py serving `folder` on 127.0.0.1 at a port of its own: (the server, its port)."""
    server = subprocess.Popen([SYSTEM_PYTHON, str(Path(__file__).with_name("feed_server.py")), str(folder)],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return server, int(server.stdout.readline().strip())


def server_requests(port: int) -> dict[str, list[str]]:
    """What the feed server was asked for: each path with the Range header of each request."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/requests", timeout=5) as answer:
        return json.loads(answer.read())

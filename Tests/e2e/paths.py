"""Where the end-to-end tests find the repository and the system's Python."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"  # feed_server.py and the AT-SPI probe run on the system's Python (python3-gi)

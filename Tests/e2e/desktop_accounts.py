"""What signing in needs of a case's desktop: a keyring (gnome-keyring's Secret Service, made and
unlocked in the case's folder, as tools/headless-session.sh starts it) and a browser for http
links (fake_browser.py, made the default handler through the case's own XDG folders)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING

from outcomes import CaseFailed
from paths import SYSTEM_PYTHON

if TYPE_CHECKING:
    from context import Context


class Keyring:
    """gnome-keyring-daemon's secrets on the session's bus, its files under `folder` (kept across
    the app's launches within a case, so a restart finds what was stored)."""

    def __init__(self, ctx: Context, folder: Path):
        if shutil.which("gnome-keyring-daemon") is None:
            raise CaseFailed("gnome-keyring-daemon is not installed (tools/deps.sh)")
        self.env = dict(ctx.session.env)
        data = folder / "keyring-data"
        control = folder / "keyring-control"
        data.mkdir(parents=True, exist_ok=True)
        control.mkdir(parents=True, exist_ok=True)
        self.log = open(folder / "keyring.log", "w")
        self.proc = subprocess.Popen(
            ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets", f"--control-directory={control}"],
            stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT, env={**self.env, "XDG_DATA_HOME": str(data)})
        self.proc.stdin.write(b"loopfeed-tests")
        self.proc.stdin.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.owned():
                return
            time.sleep(0.1)
        self.stop()
        raise CaseFailed("the keyring did not come up on the session bus (org.freedesktop.secrets)")

    def owned(self) -> bool:
        answer = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                 "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"],
                                env=self.env, capture_output=True, text=True, timeout=5)
        return "true" in answer.stdout

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()


class FakeBrowser:
    """fake_browser.py as the default handler of http and https links for an app launched with
    `env`; what it opened is read with `visits`."""

    def __init__(self, folder: Path):
        self.log = folder / "browser.jsonl"
        data, config = folder / "xdg-data", folder / "xdg-config"
        (data / "applications").mkdir(parents=True, exist_ok=True)
        config.mkdir(parents=True, exist_ok=True)
        script = Path(__file__).with_name("fake_browser.py")
        (data / "applications" / "loopfeed-fake-browser.desktop").write_text(
            "[Desktop Entry]\nType=Application\nName=Fake browser\n"
            f"Exec={SYSTEM_PYTHON} {script} {self.log} %u\n"
            "MimeType=x-scheme-handler/http;x-scheme-handler/https;text/html;\nNoDisplay=true\n")
        (config / "mimeapps.list").write_text(
            "[Default Applications]\nx-scheme-handler/http=loopfeed-fake-browser.desktop\n"
            "x-scheme-handler/https=loopfeed-fake-browser.desktop\ntext/html=loopfeed-fake-browser.desktop\n")
        self.env = {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(config)}

    def visits(self) -> list[dict]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]


def secrets_in_files(folder: Path, secrets: list[str]) -> list[str]:
    """The files under `folder` that hold any of `secrets` as plain text."""
    found = []
    for root, _, files in os.walk(folder):
        for name in files:
            path = Path(root) / name
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if any(secret.encode() in data for secret in secrets if secret):
                found.append(str(path))
    return found

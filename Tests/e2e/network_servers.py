"""The loopback fakes of PeerTube, Loops and the search index (Tests/servers/serve.py), started
for a case on 127.0.0.2 and on, and what they hold and were asked."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from dataclasses import dataclass, field

from paths import REPO_ROOT, SYSTEM_PYTHON


@dataclass
class FakeNetworks:
    process: subprocess.Popen
    peertube: list[str]
    loops: list[str]
    search_index: str | None
    manifests: dict[str, dict] = field(default_factory=dict)

    def manifest(self, site: str) -> dict:
        if site not in self.manifests:
            self.manifests[site] = get_json(site + "/__fake/manifest")
        return self.manifests[site]

    def requests(self, site: str) -> list[dict]:
        return get_json(site + "/__fake/requests")

    def clear_requests(self, site: str) -> None:
        """Empties `site`'s request log: what a case counts from here on."""
        urllib.request.urlopen(urllib.request.Request(site + "/__fake/requests", method="DELETE"), timeout=5).read()

    def app_args(self) -> list[str]:
        """The command line that has the app read every site of this run (and only them)."""
        args = [a for site in self.peertube + self.loops for a in ("--instance", site)]
        return args + ["--search-index", self.search_index or "off"]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=5) as answer:
        return json.loads(answer.read())


def start_networks(peertube: int = 2, loops: int = 1, index: bool = True, videos_per_instance: int | None = None,
                   slow_line: bool = False) -> FakeNetworks:
    """serve.py with `peertube` instances, `loops` Loops servers and the index, at a port of its own
    (`videos_per_instance`: more videos on each instance, so a channel holds several pages;
    `slow_line`: connections as across the internet, so an upload's progress can be seen)."""
    args = [SYSTEM_PYTHON, str(REPO_ROOT / "Tests" / "servers" / "serve.py"), "--peertube", str(peertube),
            "--loops", str(loops)] + ([] if index else ["--no-index"])
    args += ["--videos-per-instance", str(videos_per_instance)] if videos_per_instance else []
    args += ["--slow-line"] if slow_line else []
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ready = json.loads(process.stdout.readline())
    return FakeNetworks(process, ready["peertube"], ready["loops"], ready.get("search_index"))

"""A whole fake network in one process: N PeerTube instances, M Loops servers and a search index,
each on its own loopback address (consecutive from `first_address`), all on one port.
"""
from __future__ import annotations

import ipaddress
import time

import media
from httpkit import Network
from loops import LoopsSite
from loops_world import LoopsWorld
from peertube import PeerTubeSite
from search_index import SearchIndexSite
from world import World


def addresses(first: str, count: int) -> list[str]:
    start = ipaddress.IPv4Address(first)
    chosen = [str(start + n) for n in range(count)]
    if not all(ipaddress.IPv4Address(a) in ipaddress.IPv4Network("127.0.0.0/8") for a in chosen):
        raise ValueError("the fakes bind only 127.0.0.0/8 addresses")
    return chosen


class FakeNetwork:
    def __init__(self, peertube: int = 2, loops: int = 2, index: bool = True, first_address: str = "127.0.0.2",
                 port: int = 0, media_root: str | None = None, seed: int = 7, epoch: float | None = None,
                 colours: int = 0, videos_per_instance: int | None = None, slow_line: bool = False):
        self.corpus = media.ensure(media_root, colours)
        # yesterday at midnight (UTC): every date served is in the past, and the same all day
        epoch = epoch if epoch is not None else (time.time() // 86400 - 1) * 86400
        self.world = World(peertube, seed, epoch, **({"videos_per_instance": videos_per_instance} if videos_per_instance else {}))
        self.loops_world = LoopsWorld(loops, seed + 4, epoch)
        chosen = addresses(first_address, peertube + loops + (1 if index else 0))
        self.peertube = [PeerTubeSite(chosen[i], self.world, i, self.corpus,
                                      "do_not_list" if i % 2 == 0 else "blur") for i in range(peertube)]
        self.loops = [LoopsSite(chosen[peertube + i], self.loops_world, i, self.corpus) for i in range(loops)]
        self.index = SearchIndexSite(chosen[-1], self.world, self.corpus) if index else None
        self.sites = self.peertube + self.loops + ([self.index] if self.index else [])
        self._network = Network(self.sites, port, slow_line)
        self.world.hosts = [site.host for site in self.peertube]
        self.loops_world.hosts = [site.host for site in self.loops]

    @property
    def port(self) -> int:
        return self.sites[0].port

    def start(self) -> "FakeNetwork":
        self._network.start()
        return self

    def stop(self) -> None:
        self._network.stop()

    def site(self, name: str):
        """peertube0, loops1, index."""
        if name == "index":
            return self.index
        for prefix, sites in (("peertube", self.peertube), ("loops", self.loops)):
            if name.startswith(prefix) and name[len(prefix):].isdigit() and int(name[len(prefix):]) < len(sites):
                return sites[int(name[len(prefix):])]
        raise KeyError(f"no site {name!r} (peertube0.., loops0.., index)")

    def describe(self) -> dict:
        return {"port": self.port, "peertube": [s.base_url for s in self.peertube],
                "loops": [s.base_url for s in self.loops],
                "search_index": self.index.base_url if self.index else None,
                "control": "/__fake/", "media": self.corpus.directory}

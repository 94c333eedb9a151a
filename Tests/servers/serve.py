#!/usr/bin/env python3
"""Start the fake PeerTube instances, Loops servers and search index, print where they are as one
JSON line, and serve until SIGTERM or SIGINT (or until stdin closes, with --until-stdin-closes).

    python3 Tests/servers/serve.py --peertube 2 --loops 2 [--videos-per-instance 100]
    {"port": 41234, "peertube": ["http://127.0.0.2:41234", "http://127.0.0.3:41234"],
     "loops": ["http://127.0.0.4:41234", "http://127.0.0.5:41234"],
     "search_index": "http://127.0.0.6:41234", "control": "/__fake/", "media": "/tmp/..."}

Every site answers, besides its API (see CONTRACTS.md):
    GET    /__fake/manifest   what it holds: accounts, channels, videos with their kind
    GET    /__fake/requests   what it was asked so far (method, path, query, Range, Accept, status, fault)
    DELETE /__fake/requests   forget them
    GET    /__fake/faults     the fault rules in force
    POST   /__fake/faults     add rules: {"rules": [{"kind": "429", "path": "^/api/v1/videos", "count": 2}]}
    PUT    /__fake/faults     replace the rules;  DELETE /__fake/faults  remove them
    GET/POST /__fake/auth     accounts and tokens: lifetimes, expire them now, the upload quota,
                              the Loops browser's user (see CONTRACTS.md)
The fault kinds and their parameters are listed in faults.py. --fault SITE=KIND[:key=value,...]
sets a rule from the start, SITE being peertube0, peertube1..., loops0..., or index, e.g.
    --fault 'peertube0=429:path=^/api/v1/videos$,count=2,retry_after=1'
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from faults import FaultRule  # noqa: E402
from network import FakeNetwork  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peertube", type=int, default=2, help="how many PeerTube instances (default 2)")
    parser.add_argument("--loops", type=int, default=2, help="how many Loops servers (default 2)")
    parser.add_argument("--no-index", action="store_true", help="no search index")
    parser.add_argument("--first-address", default="127.0.0.2", help="the first loopback address (default 127.0.0.2)")
    parser.add_argument("--port", type=int, default=0, help="the port of every site (default: a free one)")
    parser.add_argument("--media-dir", default=None, help="where the generated media are kept")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--videos-per-instance", type=int, default=None,
                        help="how many videos each PeerTube instance holds (default 36: 9 a channel); more give a "
                             "channel several pages of the API's start/count")
    parser.add_argument("--colours", type=int, default=0, metavar="N",
                        help="serve each portrait PeerTube video in one of N solid colours (at most 8; the manifest "
                             "says which), for benchmarks that tell videos apart on screen")
    parser.add_argument("--fault", action="append", default=[], metavar="SITE=RULE")
    parser.add_argument("--slow-line", action="store_true",
                        help="connections as across the internet (1400-byte segments, a 4 KB receive buffer), so an "
                             "upload's progress follows what the site reads (see the slow_request fault)")
    parser.add_argument("--until-stdin-closes", action="store_true", help="stop when standard input reaches its end")
    args = parser.parse_args(argv)

    network = FakeNetwork(args.peertube, args.loops, not args.no_index, args.first_address, args.port,
                          args.media_dir, args.seed, colours=args.colours, videos_per_instance=args.videos_per_instance,
                          slow_line=args.slow_line)
    for text in args.fault:
        name, _, rule = text.partition("=")
        network.site(name).faults.extend([FaultRule.parse(rule)])
    network.start()
    print(json.dumps(network.describe()), flush=True)

    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    if args.until_stdin_closes:
        threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait()
    network.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

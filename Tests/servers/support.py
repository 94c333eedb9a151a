"""What the self-tests share: one fake network for the whole test run (started on first use,
stopped at exit), and a small HTTP client that returns every status as it is."""
from __future__ import annotations

import atexit
import http.client
import json
import os
import sys
import threading
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from network import FakeNetwork  # noqa: E402

_lock = threading.Lock()
_network: FakeNetwork | None = None


def network() -> FakeNetwork:
    global _network
    with _lock:
        if _network is None:
            # 127.0.0.40 onwards: away from the first addresses other tests and runs may use
            _network = FakeNetwork(peertube=2, loops=2, index=True, first_address="127.0.0.40").start()
            atexit.register(_network.stop)
        return _network


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def fetch(url: str, headers: dict[str, str] | None = None, method: str = "GET", body: bytes | None = None,
          timeout: float = 20) -> Reply:
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
    finally:
        connection.close()


def get_json(url: str, headers: dict[str, str] | None = None):
    reply = fetch(url, headers)
    if reply.status != 200:
        raise AssertionError(f"{url}: {reply.status} {reply.body[:300]!r}")
    return reply.json()


class FakeTestCase(unittest.TestCase):
    """Each test starts with no faults and empty request logs."""

    maxDiff = 2000

    @classmethod
    def setUpClass(cls):
        cls.net = network()
        cls.pt = [site.base_url for site in cls.net.peertube]
        cls.lp = [site.base_url for site in cls.net.loops]
        cls.index = cls.net.index.base_url

    def setUp(self):
        for site in self.net.sites:
            site.faults.clear()
            site.log.clear()

    def tearDown(self):
        for site in self.net.sites:
            site.faults.clear()

    def manifest(self, base_url: str) -> dict:
        return get_json(base_url + "/__fake/manifest")

    def video_of_kind(self, base_url: str, kind: str, number: int = 0) -> dict:
        return [v for v in self.manifest(base_url)["videos"] if v["kind"] == kind][number]


def form(fields: dict) -> bytes:
    return urllib.parse.urlencode(fields).encode()


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def peertube_token(base: str, username: str, password: str | None = None, otp: str | None = None) -> Reply:
    """The password grant as a client does it: the local OAuth client first, then the token."""
    client = get_json(base + "/api/v1/oauth-clients/local")
    headers = dict(FORM, **({"x-peertube-otp": otp} if otp else {}))
    return fetch(base + "/api/v1/users/token", headers, "POST",
                 form({**client, "grant_type": "password", "username": username, "password": password or f"{username}-password"}))


def bearer(token: str, extra: dict | None = None) -> dict:
    return {"Authorization": f"Bearer {token}", **(extra or {})}

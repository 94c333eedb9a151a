"""HTTP plumbing shared by the fakes: one server per loopback address, requests and responses as
data, files with byte ranges and ETags, a request log per site and the control endpoints.

A Site is one fake host (a PeerTube instance, a Loops server, the search index). It is bound to its
own 127.x.y.z address; every site of a network shares one port, so hosts are told apart by address
as real hosts are by name. Paths under /__fake/ are the fakes' own and never fault.
"""
from __future__ import annotations

import email.utils
import hashlib
import json
import os
import socket
import struct
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

from faults import FaultPlan, FaultRule

CONTROL_PREFIX = "/__fake/"


@dataclass
class Request:
    method: str
    path: str                       # without the query
    query: dict[str, list[str]]
    headers: dict[str, str]         # lower-cased names
    body: bytes
    raw_path: str
    fault: str | None = None        # the fault rule that took the request, if any

    def arg(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[-1] if values else default

    def args(self, name: str) -> list[str]:
        """All values of a repeated parameter (`tagsOneOf=a&tagsOneOf=b`, or `tagsOneOf[]=a`)."""
        return self.query.get(name, []) + self.query.get(name + "[]", [])

    def header(self, name: str, default: str = "") -> str:
        return self.headers.get(name.lower(), default)

    def json(self):
        return json.loads(self.body.decode("utf-8")) if self.body else None

    def form(self) -> dict[str, str]:
        return {k: v[-1] for k, v in urllib.parse.parse_qs(self.body.decode("utf-8"), keep_blank_values=True).items()}


@dataclass
class Response:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    file_path: str | None = None    # served with ranges/ETag instead of body
    document: object = None         # the JSON document before encoding (faults may rewrite it)
    weak_etag: bool = False         # as Express does for API answers: a weak ETag, 304 on If-None-Match


def json_response(document, status: int = 200, content_type: str = "application/json; charset=utf-8",
                  headers: dict[str, str] | None = None, weak_etag: bool = False) -> Response:
    body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Response(status, body, {"Content-Type": content_type, **(headers or {})}, document=document,
                    weak_etag=weak_etag)


def text_response(text: str | bytes, content_type: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    body = text.encode("utf-8") if isinstance(text, str) else text
    return Response(status, body, {"Content-Type": content_type, **(headers or {})})


def file_response(path: str, content_type: str, headers: dict[str, str] | None = None) -> Response:
    return Response(200, b"", {"Content-Type": content_type, **(headers or {})}, file_path=path)


class RequestLog:
    """What a site was asked, in order, for the tests to read (GET /__fake/requests)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._entries: list[dict] = []

    def add(self, entry: dict) -> None:
        with self._lock:
            self._entries.append(entry)

    def entries(self) -> list[dict]:
        with self._lock:
            return [dict(e) for e in self._entries]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


class Site:
    """A fake host. Subclasses fill `routes` with (method, compiled-regex, handler(request, match))."""

    kind = "site"

    def __init__(self, address: str):
        self.address = address
        self.port = 0
        self.log = RequestLog()
        self.faults = FaultPlan()
        self.routes: list[tuple[str, object, Callable]] = []
        self.stopping = threading.Event()

    @property
    def host(self) -> str:
        return f"{self.address}:{self.port}"

    @property
    def base_url(self) -> str:
        return f"http://{self.host}"

    def route(self, method: str, pattern: str, handler: Callable) -> None:
        import re
        self.routes.append((method, re.compile(pattern + r"\Z"), handler))

    def dispatch(self, request: Request) -> Response:
        allowed = False
        for method, regex, handler in self.routes:
            match = regex.match(request.path)
            if not match:
                continue
            if method == request.method or (method == "GET" and request.method == "HEAD"):
                return handler(request, match)
            allowed = True
        return self.not_found(request) if not allowed else json_response({"error": "method not allowed"}, 405)

    def not_found(self, request: Request) -> Response:
        return json_response({"error": "not found"}, 404)

    def manifest(self) -> dict:
        return {"kind": self.kind, "url": self.base_url}

    def close(self) -> None:
        """Let go of what the site made on disk."""

    # --- the control endpoints, common to every site -------------------------------------------
    def control(self, request: Request) -> Response:
        name = request.path[len(CONTROL_PREFIX):]
        if name == "requests":
            if request.method == "DELETE":
                self.log.clear()
                return Response(204)
            return json_response(self.log.entries())
        if name == "faults":
            if request.method == "DELETE":
                self.faults.clear()
                return Response(204)
            if request.method in ("POST", "PUT"):
                try:
                    rules = [FaultRule.from_dict(item) for item in (request.json() or {}).get("rules", [])]
                except (ValueError, TypeError, KeyError) as error:
                    return json_response({"error": str(error)}, 400)
                self.faults.set(rules) if request.method == "PUT" else self.faults.extend(rules)
            return json_response({"rules": self.faults.describe()})
        if name == "manifest":
            return json_response(self.manifest())
        if name == "auth":
            return self.auth_control(request)
        return json_response({"error": "unknown control endpoint"}, 404)

    def auth_control(self, request: Request) -> Response:
        return json_response({"error": "this site has no accounts"}, 404)


def make_etag(path: str) -> str:
    stat = os.stat(path)
    digest = hashlib.sha1(f"{os.path.basename(path)}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()[:20]
    return f'"{digest}"'


def parse_range(header: str, size: int) -> tuple[int, int] | None | str:
    """One byte range of a Range header: (first, last) inclusive, None when absent or not bytes,
    'unsatisfiable' when it lies past the end. Several ranges are answered as the first one."""
    if not header.startswith("bytes="):
        return None
    spec = header[6:].split(",")[0].strip()
    first_text, _, last_text = spec.partition("-")
    try:
        if first_text == "":
            length = int(last_text)
            if length <= 0:
                return "unsatisfiable"
            return max(0, size - length), size - 1
        first = int(first_text)
        last = int(last_text) if last_text else size - 1
    except ValueError:
        return None
    if first >= size or last < first:
        return "unsatisfiable"
    return first, min(last, size - 1)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    site: Site  # set on the per-site subclass

    def log_message(self, *args):
        pass

    def _handle(self):
        started = time.time()
        split = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        request = Request(self.command, urllib.parse.unquote(split.path),
                          urllib.parse.parse_qs(split.query, keep_blank_values=True),
                          {k.lower(): v for k, v in self.headers.items()}, b"", self.path)
        slowly = None if not length or request.path.startswith(CONTROL_PREFIX) else self.site.faults.reading(request)
        body = slowly.read_body(self.rfile, length, self.site) if slowly else self.rfile.read(length) if length else b""
        request.body = body
        entry = {"time": round(started, 3), "method": request.method, "path": request.path, "query": split.query,
                 "range": request.header("range") or None, "accept": request.header("accept") or None,
                 "if_none_match": request.header("if-none-match") or None,
                 "content_range": request.header("content-range") or None,
                 "authorization": bool(request.header("authorization")), "fault": None, "request_bytes": len(body)}
        if request.path.startswith(CONTROL_PREFIX):
            return self._send(self.site.control(request), request, None, {})
        self.site.log.add(entry)
        rule = self.site.faults.pick(request)
        if rule is not None:
            entry["fault"] = rule.kind
            early = rule.before(request, self.site)
            if early is not None:
                return self._send(early, request, None, entry)
            if rule.kind == "stall_silent":
                self.site.stopping.wait(rule.seconds)
                self.close_connection = True
                return
            if rule.kind == "late":
                self.site.stopping.wait(rule.seconds)
            if rule.kind == "down":
                # SO_LINGER 0: the close sends a reset, not an orderly end, so the client sees the
                # connection refused or reset as from a server that is not there.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.close_connection = True
                return
            request.fault = rule.kind
            if rule.kind == "cut_request":
                # the connection died halfway through the body: the site gets what arrived, the
                # client no answer
                request.body = request.body[: len(request.body) // 2]
                try:
                    self.site.dispatch(request)
                finally:
                    self.close_connection = True
                return
        try:
            response = self.site.dispatch(request)
        except Exception as error:  # a fake's own bug must show in the test, not hang the client
            response = json_response({"error": f"fake server error: {error!r}"}, 500)
        if rule is not None:
            response = rule.after(response, request, self.site)
        self._send(response, request, rule, entry)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _handle

    def _send(self, response: Response, request: Request, rule, entry: dict):
        body = response.body
        headers = dict(response.headers)
        status = response.status
        if response.file_path is not None:
            status, body, headers = self._file(response, request)
        elif response.weak_etag and body and request.method in ("GET", "HEAD") and status == 200:
            etag = 'W/"' + hashlib.sha1(body).hexdigest()[:27] + '"'
            headers["ETag"] = etag
            if etag in request.header("if-none-match"):
                status, body = 304, b""
        entry["status"], entry["bytes"] = status, len(body)
        self.send_response(status)
        headers.setdefault("Date", email.utils.formatdate(usegmt=True))
        for key, value in headers.items():
            self.send_header(key, value)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if request.method == "HEAD":
            return
        try:
            if rule is not None and rule.kind in ("stall_body", "slow", "truncate"):
                rule.write_body(self.wfile, body, self.site)
                self.close_connection = True
            else:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _file(self, response: Response, request: Request):
        path = response.file_path
        headers = dict(response.headers)
        if not os.path.isfile(path):
            return 404, b'{"error":"file not found"}', {"Content-Type": "application/json"}
        size = os.path.getsize(path)
        etag = make_etag(path)
        headers.update({"ETag": etag, "Accept-Ranges": "bytes",
                        "Last-Modified": email.utils.formatdate(os.path.getmtime(path), usegmt=True)})
        if request.header("if-none-match") and etag in request.header("if-none-match"):
            return 304, b"", headers
        wanted = parse_range(request.header("range"), size)
        if request.header("if-range") and request.header("if-range") != etag:
            wanted = None
        if wanted == "unsatisfiable":
            headers["Content-Range"] = f"bytes */{size}"
            return 416, b"", headers
        with open(path, "rb") as handle:
            if wanted is None:
                return 200, handle.read(), headers
            first, last = wanted
            handle.seek(first)
            headers["Content-Range"] = f"bytes {first}-{last}/{size}"
            return 206, handle.read(last - first + 1), headers


# A line across the internet, not loopback's: Ethernet-sized segments and a small receive buffer.
# Over loopback's 64 KB segments the client's kernel takes megabytes of an upload at once (its send
# buffer grows to 4 MB), so how much of it went says nothing of what the server read.
SLOW_LINE_SEGMENT = 1400
SLOW_LINE_RECEIVE_BUFFER = 4096


class Network:
    """Sites bound to consecutive loopback addresses on one shared port. `slow_line`: connections
    as across the internet (SLOW_LINE_*), so an upload's progress follows the server's reads."""

    def __init__(self, sites: list[Site], port: int = 0, slow_line: bool = False):
        self.sites = sites
        self.slow_line = slow_line
        self._servers: list[ThreadingHTTPServer] = []
        self._threads: list[threading.Thread] = []
        self._bind(port)

    def _bind(self, port: int) -> None:
        for attempt in range(50):
            chosen = port or _free_port(self.sites[0].address)
            servers = []
            try:
                for site in self.sites:
                    handler = type(f"Handler_{site.address}", (_Handler,), {"site": site})
                    server = ThreadingHTTPServer((site.address, chosen), handler, bind_and_activate=False)
                    server.daemon_threads = True
                    servers.append(server)
                    if self.slow_line:
                        # before listen(): each accepted connection takes them from the listening socket
                        server.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, SLOW_LINE_SEGMENT)
                        server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SLOW_LINE_RECEIVE_BUFFER)
                    server.server_bind()
                    server.server_activate()
            except OSError:
                for server in servers:
                    server.server_close()
                if port:
                    raise
                continue
            for site in self.sites:
                site.port = chosen
            self._servers = servers
            return
        raise OSError("no port free on every address")

    def start(self) -> "Network":
        for server in self._servers:
            thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        for site in self.sites:
            site.stopping.set()
        for server in self._servers:
            server.shutdown()
            server.server_close()
        for site in self.sites:
            site.close()


def _free_port(address: str) -> int:
    with socket.socket() as probe:
        probe.bind((address, 0))
        return probe.getsockname()[1]


def http_date(timestamp: float) -> str:
    return email.utils.formatdate(timestamp, usegmt=True)

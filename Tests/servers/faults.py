"""Faults a fake site can be told to show, per site, at run time.

A rule names a kind, optionally the paths (a regular expression searched in the path) and methods
it applies to, how many matching requests it takes (`count`, unlimited when absent) and how many
matching requests pass untouched first (`skip`). Rules are tried in order; the first that matches
takes the request.

Kinds, and their parameters:
  status        answer `status` (404, 410...) with the site's own error body
  429           Too Many Requests with Retry-After: `retry_after` seconds (default 2)
  503           Service Unavailable, with Retry-After when `retry_after` is given
  500           Internal Server Error
  stall_body    status line and headers (with the real Content-Length), then nothing for `seconds`
                (default 30), then the connection closes
  stall_silent  the request is read and nothing at all is answered for `seconds`, then it closes
  late          the real answer, after `seconds` (a slow link: an upload's chunks take that long each)
  down          the connection is reset at once with no answer (as a stopped server's refused
                connection is to a client: the site keeps its port, its state and its log)
  slow          the real answer, its body sent at `rate` bytes per second (default 4096)
  truncate      the real headers, half of the body, then the connection closes
  cut_request   the site gets only the first half of the request's body (an upload keeps those
                bytes) and the connection closes without an answer
  slow_request  the request's body is read at `rate` bytes per second (an upload on a slow line:
                the client's writes wait once the kernel's buffers are full), then handled as ever.
                Unlike the others it takes no request: the next rule that matches still may (a
                cut_request after it cuts a request read slowly)
  garbage       200, the right Content-Type, and bytes that are no JSON
  huge_json     a valid JSON answer of the same shape over `size` bytes (default 10 MB)
  deep_nesting  a valid JSON answer whose `data` is nested `depth` arrays deep (default 100000)
  wrong_types   the real document with numbers as strings, strings as objects, lists as objects and
                nulls where values are required (every other field, deterministically)
  huge_numbers  every number replaced by huge ones (10**40, 2**64 + 1, 1e308) or -1
  hostile_text  every text field full of markup, bidi overrides, control characters; names and
                display names 100,000 characters long
  bad_urls      every http(s) address replaced by file:, javascript:, data: and relative ones
"""
from __future__ import annotations

import json
import random
import re
import threading
import time
from dataclasses import dataclass, field

KINDS = ("status", "429", "503", "500", "stall_body", "stall_silent", "late", "down", "slow", "truncate", "cut_request",
         "slow_request", "garbage", "huge_json", "deep_nesting", "wrong_types", "huge_numbers", "hostile_text", "bad_urls")
DOCUMENT_KINDS = ("huge_json", "deep_nesting", "wrong_types", "huge_numbers", "hostile_text", "bad_urls", "garbage")

HOSTILE_MARKUP = '<script>alert("x")</script><img src=x onerror=alert(1)><b>bold</b>&amp;&lt;'
HOSTILE_BIDI = "\u202egnp.exe\u202c \u2066isolate\u2069 \u200f\u200e\u200b\ufeff"
HOSTILE_CONTROL = "\u0000\u0007\u0008\u001b[31mred\u001b[0m\r\n\t\u0085\u2028\u2029"
HOSTILE_COMBINING = "Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358a\u0300\u0301\u0302\u0303\u0304lgo"
HOSTILE_TEXT = " ".join((HOSTILE_MARKUP, HOSTILE_BIDI, HOSTILE_CONTROL, HOSTILE_COMBINING, "\U0001F600\U0001F469\u200d\U0001F4BB"))
LONG_NAME_LENGTH = 100_000
NAME_KEYS = {"name", "displayName", "display_name", "username", "label", "title"}
BAD_URLS = ("file:///etc/passwd", "javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>",
            "../../../../etc/shadow", "//evil.invalid/x.mp4", "ftp://127.0.0.1/x", "file:../etc/hosts")


@dataclass
class FaultRule:
    kind: str
    path: str | None = None
    method: str | None = None
    count: int | None = None
    skip: int = 0
    status: int = 500
    retry_after: int | None = None
    seconds: float = 30.0
    rate: int = 4096
    size: int = 10 * 1024 * 1024 + 1
    depth: int = 100_000
    _seen: int = field(default=0, repr=False)

    @staticmethod
    def from_dict(item: dict) -> "FaultRule":
        kind = str(item["kind"])
        if kind not in KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; one of {', '.join(KINDS)}")
        known = {"path", "method", "count", "skip", "status", "retry_after", "seconds", "rate", "size", "depth"}
        unknown = set(item) - known - {"kind"}
        if unknown:
            raise ValueError(f"unknown fault parameters {sorted(unknown)}")
        rule = FaultRule(kind, **{k: v for k, v in item.items() if k in known})
        if rule.path is not None:
            re.compile(rule.path)
        if kind == "429" and rule.retry_after is None:
            rule.retry_after = 2
        return rule

    @staticmethod
    def parse(text: str) -> "FaultRule":
        """The command-line form: KIND[:key=value,key=value], e.g. `429:path=^/api/v1/videos,count=2`."""
        kind, _, params = text.partition(":")
        item: dict = {"kind": kind}
        for pair in filter(None, params.split(",")):
            key, _, value = pair.partition("=")
            item[key] = value if key in ("path", "method") else float(value) if "." in value else int(value)
        return FaultRule.from_dict(item)

    def describe(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_") and v is not None}

    def matches(self, request) -> bool:
        if self.method and self.method.upper() != request.method:
            return False
        return self.path is None or re.search(self.path, request.path) is not None

    # --- what the handler asks of a rule ----------------------------------------------------------
    def before(self, request, site):
        """A response that replaces the real one, or None to go on to the site."""
        if self.kind in ("status", "429", "503", "500"):
            status = {"429": 429, "503": 503, "500": 500}.get(self.kind, self.status)
            response = site.error_response(status, _reason(status))
            if self.retry_after is not None:
                response.headers["Retry-After"] = str(self.retry_after)
            return response
        return None

    def after(self, response, request, site):
        if self.kind == "garbage":
            noise = random.Random(request.path).randbytes(4096)
            response.status, response.body, response.file_path = 200, b"\xff\xfe<\x00garbage" + noise, None
            response.headers = {"Content-Type": response.headers.get("Content-Type", "application/json")}
        elif self.kind == "truncate":
            if response.file_path is not None:
                with open(response.file_path, "rb") as handle:
                    response.body, response.file_path = handle.read(), None
            response.headers["Content-Length"] = str(len(response.body))
            response.body = response.body[: len(response.body) // 2]
            response.headers["X-Fake-Truncated"] = "1"
        elif self.kind in DOCUMENT_KINDS and response.document is not None:
            response.body = rewrite(self, response.document)
            response.weak_etag = False
        return response

    def write_body(self, stream, body: bytes, site) -> None:
        """For stall_body, slow and truncate, which close the connection afterwards."""
        if self.kind == "truncate":
            stream.write(body)
            stream.flush()
            return
        if self.kind == "stall_body":
            stream.flush()
            site.stopping.wait(self.seconds)
            return
        step = max(1, self.rate // 10)
        for offset in range(0, len(body), step):
            if site.stopping.is_set():
                return
            stream.write(body[offset:offset + step])
            stream.flush()
            time.sleep(step / self.rate)


    def read_body(self, stream, length: int, site) -> bytes:
        """For slow_request: `length` bytes of the request's body, a tenth of `rate` at a time."""
        step = max(1, self.rate // 10)
        pieces: list[bytes] = []
        got = 0
        while got < length and not site.stopping.is_set():
            piece = stream.read(min(step, length - got))
            if not piece:
                break
            pieces.append(piece)
            got += len(piece)
            time.sleep(len(piece) / self.rate)
        return b"".join(pieces)


class FaultPlan:
    def __init__(self):
        self._lock = threading.Lock()
        self._rules: list[FaultRule] = []

    def set(self, rules: list[FaultRule]) -> None:
        with self._lock:
            self._rules = list(rules)

    def extend(self, rules: list[FaultRule]) -> None:
        with self._lock:
            self._rules.extend(rules)

    def clear(self) -> None:
        self.set([])

    def describe(self) -> list[dict]:
        with self._lock:
            return [rule.describe() for rule in self._rules]

    def pick(self, request) -> FaultRule | None:
        """The rule that takes `request`, if any (never a slow_request: see `reading`)."""
        return self._first(request, lambda rule: rule.kind != "slow_request")

    def reading(self, request) -> FaultRule | None:
        """The slow_request rule that reads `request`'s body, if any (its method and path known)."""
        return self._first(request, lambda rule: rule.kind == "slow_request")

    def _first(self, request, wanted) -> FaultRule | None:
        with self._lock:
            for rule in self._rules:
                if not wanted(rule) or not rule.matches(request):
                    continue
                rule._seen += 1
                if rule._seen <= rule.skip:
                    continue
                if rule.count is not None:
                    if rule.count <= 0:
                        continue
                    rule.count -= 1
                return rule
        return None


def _reason(status: int) -> str:
    from http import HTTPStatus
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


# --- document rewrites --------------------------------------------------------------------------
def rewrite(rule: FaultRule, document) -> bytes:
    if rule.kind == "huge_json":
        return _huge(document, rule.size)
    if rule.kind == "deep_nesting":
        return (b'{"total":1,"data":' + b"[" * rule.depth + b"]" * rule.depth + b"}")
    transform = {"wrong_types": _wrong_types, "huge_numbers": _huge_numbers,
                 "hostile_text": _hostile_text, "bad_urls": _bad_urls}[rule.kind]
    return json.dumps(transform(document, ""), ensure_ascii=False).encode("utf-8")


def _huge(document, size: int) -> bytes:
    """The same shape, over `size` bytes: its list repeated (ids kept), or padded with a long field."""
    items = document.get("data") if isinstance(document, dict) else document if isinstance(document, list) else None
    if isinstance(items, list) and items:
        unit = len(json.dumps(items, ensure_ascii=False).encode("utf-8"))
        repeated = items * (size // max(1, unit) + 1)
        shaped = {**document, "data": repeated, "total": len(repeated)} if isinstance(document, dict) else repeated
        return json.dumps(shaped, ensure_ascii=False).encode("utf-8")
    padded = {**document, "padding": "x" * size} if isinstance(document, dict) else {"data": document, "padding": "x" * size}
    return json.dumps(padded).encode("utf-8")


def _walk(value, key: str, leaf):
    if isinstance(value, dict):
        return {k: _walk(v, k, leaf) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, key, leaf) for v in value]
    return leaf(value, key)


def _wrong_types(document, key):
    """Every fourth value keeps its type, one in four becomes null and the rest change type; the
    outer `data` list stays a list so that each item is tried on its own."""
    counter = [0]

    def visit(value):
        counter[0] += 1
        turn = counter[0] % 4
        if isinstance(value, dict):
            return {k: visit(v) for k, v in value.items()}
        if isinstance(value, list):
            items = [visit(v) for v in value]
            return {str(i): item for i, item in enumerate(items)} if turn == 1 else items
        if turn == 0:
            return value
        if turn == 2:
            return None
        if isinstance(value, bool):
            return "true" if value else 0
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, str):
            return {"value": value}
        return []

    if isinstance(document, dict) and isinstance(document.get("data"), list):
        return {**{k: visit(v) for k, v in document.items() if k != "data"}, "data": [visit(v) for v in document["data"]]}
    return visit(document)


def _huge_numbers(document, key):
    choices = (10 ** 40, 2 ** 64 + 1, 1e308, -1, -(2 ** 63) - 1)
    counter = [0]

    def leaf(value, name):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        counter[0] += 1
        return choices[counter[0] % len(choices)]
    return _walk(document, key, leaf)


def _hostile_text(document, key):
    def leaf(value, name):
        if not isinstance(value, str) or value.startswith(("http://", "https://", "/")) or _looks_like_date(value):
            return value
        if name in NAME_KEYS:
            return (HOSTILE_BIDI + "N" * LONG_NAME_LENGTH)[:LONG_NAME_LENGTH]
        return HOSTILE_TEXT + " " + value
    return _walk(document, key, leaf)


def _bad_urls(document, key):
    counter = [0]

    def leaf(value, name):
        if isinstance(value, str) and value.startswith(("http://", "https://")):
            counter[0] += 1
            return BAD_URLS[counter[0] % len(BAD_URLS)]
        return value
    return _walk(document, key, leaf)


def _looks_like_date(text: str) -> bool:
    return re.match(r"\d{4}-\d{2}-\d{2}T", text) is not None

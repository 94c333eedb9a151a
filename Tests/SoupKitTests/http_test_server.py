#!/usr/bin/env python3
"""A loopback HTTP server for the HTTP client's tests (standard library only): each path is a
way a real server behaves. Prints its port on the first line, then serves until killed.

    /feed            RSS, but 406 to a request that does not accept it (as PeerTube does)
    /etag            ETag "v1"; 304 when If-None-Match is "v1"
    /redirect/N      N redirects, then "done"
    /to-file         a redirect to file:///etc/passwd
    /away?to=URL     a redirect to URL
    /credentials     the Authorization and Cookie it was sent, one a line ("-" for none)
    /big             says Content-Length: 20 MB
    /stall           half a body, then nothing for 30 s
    /die             half a body, then the connection is dropped
    /range           64 bytes 0..63; with Range: bytes=N- the rest from N (206)
    /slow/NAME       "ok" after 0.3 s; /most-at-once says how many were answered at the same
                     time at most since it was last asked (and starts counting again)
    /busy/NAME       429 with Retry-After: 1 the first time, then "ok"
    /log             the paths asked for so far, one a line (not /log itself)
    POST /echo       the method, Authorization, Content-Type and body, one a line
    POST /slow-read  reads the body at 6 MB/s (a slow line: the client's writes wait for it once
                     the kernel's buffers are full), then says how many bytes came
    PUT /upload      308 with Range: bytes=0-(length-1), as a resumable upload's server says
                     "go on from here" (no Location)
    PUT /drop-once/NAME  the first time: the body is read and the connection closed without an
                     answer (a server restarting); then the body it was sent, as it came
    anything else    404
"""
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = bytes(range(64))
LOCK = threading.Lock()
STATE = {"at_once": 0, "most": 0, "busy": set(), "log": []}
SLOW_READ_RATE = 6 * 1024 * 1024


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=None):
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        if self.path == "/slow-read":
            got = 0
            while got < length:
                piece = self.rfile.read(min(65536, length - got))
                if not piece:
                    break
                got += len(piece)
                time.sleep(len(piece) / SLOW_READ_RATE)
            return self.send(200, str(got).encode())
        body = self.rfile.read(length)
        if self.path == "/echo":
            lines = [self.command, self.headers.get("Authorization", "-"), self.headers.get("Content-Type", "-")]
            return self.send(200, "\n".join(lines).encode() + b"\n" + body)
        self.send(404, b"no such thing")

    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/upload":
            return self.send(308, b"", {"Range": f"bytes=0-{len(body) - 1}"})
        if self.path.startswith("/drop-once/"):
            with LOCK:
                first = self.path not in STATE["busy"]
                STATE["busy"].add(self.path)
            if first:
                self.close_connection = True
                return
            return self.send(200, body)
        self.send(404, b"no such thing")

    def do_GET(self):
        path = self.path
        if path != "/log":
            with LOCK:
                STATE["log"].append(path)
        if path == "/log":
            with LOCK:
                return self.send(200, "\n".join(STATE["log"]).encode())
        if path.startswith("/slow/"):
            with LOCK:
                STATE["at_once"] += 1
                STATE["most"] = max(STATE["most"], STATE["at_once"])
            time.sleep(0.3)
            with LOCK:
                STATE["at_once"] -= 1
            return self.send(200, b"ok")
        if path == "/most-at-once":
            with LOCK:
                most, STATE["most"] = STATE["most"], 0
            return self.send(200, str(most).encode())
        if path.startswith("/busy/"):
            with LOCK:
                first = path not in STATE["busy"]
                STATE["busy"].add(path)
            if first:
                return self.send(429, b"slow down", {"Retry-After": "1"})
            return self.send(200, b"ok")
        if path == "/feed":
            accept = self.headers.get("Accept", "")
            if "rss" not in accept and "xml" not in accept:
                return self.send(406, b"not acceptable")
            return self.send(200, b"<rss version='2.0'><channel><title>T</title></channel></rss>",
                             {"Content-Type": "application/rss+xml"})
        if path == "/etag":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send_response(304)
                self.send_header("ETag", '"v1"')
                self.end_headers()
                return
            return self.send(200, b"fresh", {"ETag": '"v1"', "Last-Modified": "Tue, 01 Dec 2026 10:00:00 GMT"})
        if path.startswith("/redirect/"):
            left = int(path.rsplit("/", 1)[1])
            if left == 0:
                return self.send(200, b"done")
            return self.send(302, b"", {"Location": f"/redirect/{left - 1}"})
        if path.startswith("/away?to="):
            return self.send(302, b"", {"Location": urllib.parse.unquote(path[len("/away?to="):])})
        if path == "/credentials":
            lines = [self.headers.get("Authorization", "-"), self.headers.get("Cookie", "-")]
            return self.send(200, "\n".join(lines).encode())
        if path == "/to-file":
            return self.send(302, b"", {"Location": "file:///etc/passwd"})
        if path == "/big":
            self.send_response(200)
            self.send_header("Content-Length", str(20 * 1024 * 1024))
            self.end_headers()
            self.wfile.write(b"x" * 1024)
            return
        if path in ("/stall", "/die"):
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"y" * 500)
            self.wfile.flush()
            if path == "/stall":
                time.sleep(30)
            else:
                self.connection.shutdown(socket.SHUT_RDWR)
                self.connection.close()
            return
        if path == "/range":
            wanted = self.headers.get("Range", "")
            if wanted.startswith("bytes="):
                start = int(wanted[6:].split("-")[0])
                return self.send(206, BODY[start:], {"Content-Range": f"bytes {start}-63/64"})
            return self.send(200, BODY)
        self.send(404, b"no such thing")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()

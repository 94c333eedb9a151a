#!/usr/bin/env python3
"""A loopback server for the video cache's tests (standard library only). Prints its port on
the first line. Bodies are bytes i % 251 for i in 0..<N, so any piece can be checked.

    /ranged/N/NAME     N bytes, answering Range (206) and saying Accept-Ranges: bytes
    /plain/N/NAME      N bytes, always the whole body with 200 (python -m http.server does so)
    /slow/N/NAME       as /plain, answered after 0.3 s (a busy server: requests wait for a connection)
    /die-once/N/NAME   the first request sends half and drops the connection; later ones behave as /ranged
    /png/NAME          a PNG's first bytes, as image/png
    /fake-png/NAME     an HTML page that says it is image/png

    video_test_server.py LOGFILE   (one line per request: "PATH RANGE", RANGE "-" when none)
"""
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = open(sys.argv[1], "a", buffering=1)
DIED = set()
LOCK = threading.Lock()


def body(size):
    return bytes(i % 251 for i in range(size))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, data, headers=None):
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        wanted = self.headers.get("Range", "")
        with LOCK:
            LOG.write(f"{self.path} {wanted or '-'}\n")
        if parts[0] == "png":
            return self.send(200, b"\x89PNG\r\n\x1a\n" + bytes(64), {"Content-Type": "image/png"})
        if parts[0] == "fake-png":
            return self.send(200, b"<html>not an image</html>", {"Content-Type": "image/png"})
        if len(parts) < 2 or not parts[1].isdigit():
            return self.send(404, b"no")
        kind, size = parts[0], int(parts[1])
        data = body(size)
        if kind == "slow":
            time.sleep(0.3)
            kind = "plain"
        if kind == "plain":
            return self.send(200, data, {"Content-Type": "video/mp4"})
        if kind == "die-once":
            with LOCK:
                first = self.path not in DIED
                DIED.add(self.path)
            if first:
                self.send_response(200)
                self.send_header("Content-Length", str(size))
                self.send_header("Accept-Ranges", "bytes")
                self.end_headers()
                self.wfile.write(data[: size // 2])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.connection.close()
                return
            kind = "ranged"
        if kind == "ranged":
            if wanted.startswith("bytes="):
                start = int(wanted[6:].split("-")[0])
                if start >= size:
                    return self.send(416, b"", {"Content-Range": f"bytes */{size}"})
                return self.send(206, data[start:], {"Content-Type": "video/mp4", "Accept-Ranges": "bytes",
                                                      "Content-Range": f"bytes {start}-{size - 1}/{size}"})
            return self.send(200, data, {"Content-Type": "video/mp4", "Accept-Ranges": "bytes"})
        self.send(404, b"no")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()

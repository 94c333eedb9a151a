#!/usr/bin/env python3
"""A loopback HTTP server for the HTTP client's tests (standard library only): each path is a
way a real server behaves. Prints its port on the first line, then serves until killed.

    /feed            RSS, but 406 to a request that does not accept it (as PeerTube does)
    /etag            ETag "v1"; 304 when If-None-Match is "v1"
    /redirect/N      N redirects, then "done"
    /to-file         a redirect to file:///etc/passwd
    /big             says Content-Length: 20 MB
    /stall           half a body, then nothing for 30 s
    /die             half a body, then the connection is dropped
    /range           64 bytes 0..63; with Range: bytes=N- the rest from N (206)
    anything else    404
"""
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = bytes(range(64))


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

    def do_GET(self):
        path = self.path
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

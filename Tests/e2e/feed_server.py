#!/usr/bin/env python3
"""A loopback server for the end-to-end tests that behaves as a PeerTube instance does where
Loopfeed meets it: its channel feed (RSS 2.0 + Media RSS, one media:content per resolution in a
media:group, a torrent beside them) answers 406 to a request without an Accept header that
names it, carries an ETag, and the videos are served with byte ranges. Prints its port.

    feed_server.py DIR     (the .mp4 files in DIR are the channel's videos, newest first by name)

Besides /videos/NAME (byte ranges), the same files as other servers send them:
    /plain/NAME      the whole file with 200 whatever the Range (as `python3 -m http.server`)
    /die-once/NAME   the first request sends half and drops the connection; later ones are /videos/
    /slow/NAME?...   as /videos/ (byte ranges), sent at about 256 KB/s, so a download is still under
                     way seconds later; the query is ignored (each query is another address to cache)
    /feeds/videos.xml?videoChannelId=N&own=1   the channel's videos as /videos/NAME?channel=N, so each
                     channel followed brings new posts (the query is ignored when serving them)
    /requests        JSON: each path asked for so far, with the Range header of each request
    /thumbs/NAME.png a PNG still for the video NAME (one colour, see THUMB_COLOR), /avatar.png the
                     channel's picture (AVATAR_COLOR)

The other formats, each naming the videos whose names start with its own prefix:
    /atom/1.atom                 Atom as Loops writes it (link rel=enclosure + media:content), "atom-*"
    /feed.json                   JSON Feed 1.1 (attachments with a video mime_type), "json-*"
    /api/v1/feed/account/42      a Loops account's videos (JSON API, media.src_url), one video a page
                                 with a cursor, "loops-*"
    /page.html                   an HTML page announcing /atom/1.atom (autodiscovery)
    /list.opml                   an OPML list naming /feed.json
    /unplayable.xml              RSS mixing the "mixed-*" videos with a live stream (an HLS playlist
                                 only) and a video in a format no player takes, newest first:
                                 mixed-a, the live stream, the other format, then the other mixed-*
    /hostile.xml                 RSS whose enclosures are file:///etc/passwd and a path, and whose
                                 title carries markup and direction overrides
    /huge.xml                    an RSS document over 10 MB
    /garbage.xml                 bytes that are no feed
"""
import json
import os
import socket
import struct
import sys
import threading
import time
import zlib
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.abspath(sys.argv[1])
REQUESTS: dict[str, list[str]] = {}
THUMB_COLOR = (0xE0, 0x80, 0x20)
AVATAR_COLOR = (0x20, 0xA0, 0xE0)


def png(color: tuple[int, int, int], width: int = 90, height: int = 160) -> bytes:
    """A solid-colour RGB PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(color) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))
DIED: set[str] = set()
LOCK = threading.Lock()


def videos():
    return sorted((name for name in os.listdir(ROOT) if name.endswith(".mp4")), reverse=True)


def feed(host, own=""):
    items = []
    for index, name in enumerate(n for n in videos() if not n.startswith(("atom-", "json-", "loops-", "mixed-"))):
        stem = name[:-4]
        date = formatdate(1796119200 - index * 3600, usegmt=True)
        items.append(f"""
    <item><title>{stem}</title><link>http://{host}/w/{stem}</link><guid>http://{host}/w/{stem}</guid>
      <pubDate>{date}</pubDate><dc:creator>Test Channel</dc:creator>
      <description>&lt;p&gt;The clip &lt;b&gt;{stem}&lt;/b&gt;&lt;/p&gt;</description>
      <media:group>
        <media:content url="http://{host}/videos/{name}{own}" type="video/mp4" height="320" duration="1"/>
        <media:content url="http://{host}/torrents/{stem}.torrent" type="application/x-bittorrent" height="320"/>
      </media:group><media:thumbnail url="http://{host}/thumbs/{stem}.png"/></item>""")
    return f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel><title>Test Channel</title><link>http://{host}/c/test</link>
  <image><url>http://{host}/avatar.png</url><title>Test Channel</title><link>http://{host}/c/test</link></image>{''.join(items)}
  </channel></rss>""".encode()


def named(prefix):
    return [name for name in videos() if name.startswith(prefix)]


def atom(host):
    entries = "".join(f"""
  <entry><id>urn:loops:{name}</id><title>{name[:-4]}</title><updated>2026-11-0{i + 1}T10:00:00Z</updated>
    <author><name>Atom Author</name></author><link rel="alternate" href="http://{host}/v/{name[:-4]}"/>
    <link rel="enclosure" type="video/mp4" href="http://{host}/videos/{name}"/>
    <media:content url="http://{host}/videos/{name}" type="video/mp4" height="320"/></entry>"""
                      for i, name in enumerate(named("atom-")))
    return f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <title>Atom Account</title><id>urn:loops:account</id><updated>2026-11-10T10:00:00Z</updated>{entries}
</feed>""".encode()


def json_feed(host):
    items = [{"id": name, "title": name[:-4], "url": f"http://{host}/j/{name[:-4]}",
              "date_published": f"2026-10-0{i + 1}T10:00:00Z", "authors": [{"name": "JSON Author"}],
              "attachments": [{"url": f"http://{host}/videos/{name}", "mime_type": "video/mp4"}]}
             for i, name in enumerate(named("json-"))]
    return json.dumps({"version": "https://jsonfeed.org/version/1.1", "title": "JSON Channel", "items": items}).encode()


def loops_page(host, cursor):
    clips = named("loops-")
    index = int(cursor or 0)
    data = [{"id": f"{index}", "caption": clips[index][:-4], "url": f"http://{host}/l/{index}",
             "created_at": f"2026-09-0{index + 1}T10:00:00+00:00", "likes": 7,
             "account": {"id": "42", "username": "looper", "name": "Loops Person"},
             "media": {"src_url": f"http://{host}/videos/{clips[index]}", "width": 180, "height": 320}}] if index < len(clips) else []
    page = {"data": data, "meta": {"next_cursor": str(index + 1) if index + 1 < len(clips) else None}}
    return json.dumps(page).encode()


def unplayable(host):
    clips = named("mixed-")
    def item(title, index, media):
        date = formatdate(1796119200 - index * 3600, usegmt=True)
        return (f"<item><title>{title}</title><link>http://{host}/w/{title}</link><guid>http://{host}/w/{title}</guid>"
                f"<pubDate>{date}</pubDate><dc:creator>Mixed Channel</dc:creator>{media}</item>")
    def clip(name):
        return f'<media:content url="http://{host}/videos/{name}" type="video/mp4" medium="video" height="320"/>'
    items = [item(clips[0][:-4], 0, clip(clips[0])),
             item("live-now", 1, f'<enclosure url="http://{host}/live/now.m3u8" type="application/x-mpegURL" length="0"/>'),
             item("old-format", 2, f'<media:content url="http://{host}/old/clip.swf" type="application/x-shockwave-flash" medium="video"/>')]
    items += [item(name[:-4], 3 + i, clip(name)) for i, name in enumerate(clips[1:])]
    return f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel><title>Mixed Channel</title><link>http://{host}/c/mixed</link>{''.join(items)}</channel></rss>""".encode()


def hostile(host):
    return f"""<?xml version="1.0"?>
<rss version="2.0"><channel><title>Hostile &lt;b&gt;bold&lt;/b&gt; \u202etxt.exe</title>
  <item><guid>1</guid><title>passwd</title><enclosure url="file:///etc/passwd" type="video/mp4"/></item>
  <item><guid>2</guid><title>path</title><enclosure url="/../../../../etc/passwd" type="application/x-bittorrent"/></item>
  <item><guid>3</guid><title>home</title><enclosure url="file:../../etc/shadow" type="video/mp4"/></item>
</channel></rss>""".encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        host = self.headers.get("Host", "127.0.0.1")
        if self.path == "/requests":
            with LOCK:
                body = json.dumps(REQUESTS).encode()
            return self.reply(200, body, "application/json")
        with LOCK:
            REQUESTS.setdefault(self.path, []).append(self.headers.get("Range", "-"))
        if self.path == "/atom/1.atom":
            return self.reply(200, atom(host), "application/atom+xml")
        if self.path == "/feed.json":
            return self.reply(200, json_feed(host), "application/feed+json")
        if self.path.startswith("/api/v1/feed/account/42"):
            cursor = self.path.split("cursor=", 1)[1] if "cursor=" in self.path else None
            return self.reply(200, loops_page(host, cursor), "application/json")
        if self.path == "/page.html":
            return self.reply(200, f"""<!doctype html><html><head><title>A page</title>
<link rel="alternate" type="application/atom+xml" href="/atom/1.atom"></head><body>hi</body></html>""".encode(), "text/html")
        if self.path == "/list.opml":
            return self.reply(200, f"""<?xml version="1.0"?><opml version="2.0"><head><title>l</title></head><body>
<outline text="JSON Channel" type="rss" xmlUrl="http://{host}/feed.json"/></body></opml>""".encode(), "text/x-opml")
        if self.path == "/unplayable.xml":
            return self.reply(200, unplayable(host), "application/rss+xml")
        if self.path == "/hostile.xml":
            return self.reply(200, hostile(host), "application/rss+xml")
        if self.path == "/huge.xml":
            return self.reply(200, b"<rss version='2.0'><channel><title>big</title>" + b" " * (11 << 20) + b"</channel></rss>",
                              "application/rss+xml")
        if self.path == "/garbage.xml":
            return self.reply(200, bytes(range(256)) * 64, "application/rss+xml")
        if self.path.startswith("/thumbs/"):
            return self.reply(200, png(THUMB_COLOR), "image/png")
        if self.path == "/avatar.png":
            return self.reply(200, png(AVATAR_COLOR, 64, 64), "image/png")
        if self.path.startswith("/plain/"):
            path = os.path.join(ROOT, os.path.basename(self.path))
            if not os.path.isfile(path):
                return self.reply(404, b"no such video", "text/plain")
            with open(path, "rb") as f:
                return self.reply(200, f.read(), "video/mp4")
        if self.path.startswith("/die-once/"):
            with LOCK:
                first = self.path not in DIED
                DIED.add(self.path)
            path = os.path.join(ROOT, os.path.basename(self.path))
            if first and os.path.isfile(path):
                with open(path, "rb") as f:
                    data = f.read()
                self.send_response(200)
                self.send_header("Content-Type", "video/mp4")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Accept-Ranges", "bytes")
                self.end_headers()
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.connection.close()
                return
            self.path = "/videos/" + os.path.basename(self.path)
        if self.path.startswith("/slow/"):
            path = os.path.join(ROOT, os.path.basename(self.path.split("?", 1)[0]))
            if not os.path.isfile(path):
                return self.reply(404, b"no such video", "text/plain")
            with open(path, "rb") as f:
                data = f.read()
            start, end = 0, len(data) - 1
            wanted = self.headers.get("Range", "")
            if wanted.startswith("bytes="):
                start_text, _, end_text = wanted[6:].partition("-")
                start = int(start_text or 0)
                end = int(end_text) if end_text else end
            part = data[start:end + 1]
            self.send_response(206 if wanted.startswith("bytes=") else 200)
            self.send_header("Content-Type", "video/mp4")
            self.send_header("Content-Length", str(len(part)))
            self.send_header("Accept-Ranges", "bytes")
            if wanted.startswith("bytes="):
                self.send_header("Content-Range", f"bytes {start}-{start + len(part) - 1}/{len(data)}")
            self.end_headers()
            try:
                for offset in range(0, len(part), 16384):
                    self.wfile.write(part[offset:offset + 16384])
                    self.wfile.flush()
                    time.sleep(0.06)
            except OSError:
                pass  # the client went away (killed, or it stopped a prefetch)
            return
        if self.path.startswith("/feeds/videos.xml"):
            accept = self.headers.get("Accept", "")
            if "rss" not in accept and "xml" not in accept:
                return self.reply(406, b"Not Acceptable", "text/plain")
            # own=1: this channel's videos have addresses of their own (?channel=N), so following
            # a second channel adds its videos as new posts rather than finding the first's.
            query = dict(p.split("=", 1) for p in self.path.partition("?")[2].split("&") if "=" in p)
            own = f"?channel={query.get('videoChannelId', '')}" if query.get("own") == "1" else ""
            body = feed(host, own)
            etag = f'"{len(videos())}"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            return self.reply(200, body, "application/rss+xml; charset=utf-8", {"ETag": etag})
        if self.path.startswith("/videos/"):
            path = os.path.join(ROOT, os.path.basename(self.path.split("?", 1)[0]))
            if not os.path.isfile(path):
                return self.reply(404, b"no such video", "text/plain")
            with open(path, "rb") as f:
                data = f.read()
            wanted = self.headers.get("Range", "")
            if wanted.startswith("bytes="):
                start_text, _, end_text = wanted[6:].partition("-")
                start = int(start_text or 0)
                end = int(end_text) if end_text else len(data) - 1
                part = data[start:end + 1]
                return self.reply(206, part, "video/mp4", {"Content-Range": f"bytes {start}-{start + len(part) - 1}/{len(data)}",
                                                           "Accept-Ranges": "bytes"})
            return self.reply(200, data, "video/mp4", {"Accept-Ranges": "bytes"})
        self.reply(404, b"no such thing", "text/plain")

    def reply(self, status, body, content_type, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()

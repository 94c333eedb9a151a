#!/usr/bin/env python3
"""Capture the documents the loopback fakes serve (Tests/servers) as the fixtures PeerTubeDocumentsTests,
LoopsDocumentsTests and NetworkFaultDocumentsTests read, and the WebVTT files WebVTTTests read.

    python3 Tests/FeedSourcesTests/Fixtures/networks/capture.py [--port 8080]

Starts `Tests/servers/serve.py` (two PeerTube instances, two Loops servers, the search index) on
127.0.0.2-6:PORT, fetches each document, asks for each document fault once (faults.py), and writes
them next to this script (faults/ for the faulted ones). The fakes' world is seeded, so ids and uuids
come out the same; dates are relative to the day of the capture. The faults' bodies that are too big
to keep (huge_json, over 10 MB) are made by the tests the way faults.py makes them.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
VTT_DIR = os.path.join(ROOT, "Tests", "FeedCoreTests", "Fixtures")


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def put_faults(site: str, rules: list[dict]) -> None:
    request = urllib.request.Request(f"{site}/__fake/faults", json.dumps({"rules": rules}).encode(), method="PUT",
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).read()


def save(path: str, url: str, expect: int = 200) -> bytes:
    status, body = get(url)
    if status != expect:
        raise SystemExit(f"{url}: {status}, expected {expect}")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(body)
    print(f"{status} {os.path.relpath(path, ROOT)} {len(body)}")
    return body


def capture(urls: dict) -> None:
    pt, pt2 = urls["peertube"][0], urls["peertube"][1]
    lo, index = urls["loops"][0], urls["search_index"]
    manifest = json.loads(get(f"{pt}/__fake/manifest")[1])
    by_kind: dict[str, dict] = {}
    for video in manifest["videos"]:
        by_kind.setdefault(video["kind"], video)
    rich = next(v for v in manifest["videos"] if v["rich_comments"] and v["kind"] == "portrait_web_hls")
    out = lambda *parts: os.path.join(HERE, *parts)  # noqa: E731

    # PeerTube
    save(out("peertube", "config.json"), f"{pt}/api/v1/config")
    save(out("peertube", "videos-trending.json"), f"{pt}/api/v1/videos?sort=-trending&start=0&count=5")
    save(out("peertube", "videos-page2.json"), f"{pt}/api/v1/videos?start=5&count=5")
    for kind, video in by_kind.items():
        save(out("peertube", f"video-{kind.replace('_', '-')}.json"), f"{pt}/api/v1/videos/{video['uuid']}")
    save(out("peertube", "video-404.json"), f"{pt}/api/v1/videos/no-such-video", 404)
    save(out("peertube", "search-400.json"), f"{pt}/api/v1/search/videos", 400)
    save(out("peertube", "remote-videos.json"), f"{pt2}/api/v1/videos?start=0&count=4")
    save(out("peertube", "remote-video.json"), f"{pt2}/api/v1/videos/{rich['uuid']}")
    save(out("peertube", "search-videos.json"), f"{pt}/api/v1/search/videos?search=cats&start=0&count=5")
    save(out("peertube", "search-channels.json"), f"{pt}/api/v1/search/video-channels?search=loops&start=0&count=15")
    save(out("peertube", "index-search-videos.json"), f"{index}/api/v1/search/videos?search=cats&start=0&count=6")
    save(out("peertube", "index-search-channels.json"), f"{index}/api/v1/search/video-channels?search=loops&start=0&count=15")
    channel = manifest["channels"][0]
    save(out("peertube", "channel.json"), f"{pt}/api/v1/video-channels/{channel.split('@')[0]}")
    save(out("peertube", "remote-channel.json"), f"{pt2}/api/v1/video-channels/{channel}")
    save(out("peertube", "channel-videos.json"), f"{pt}/api/v1/video-channels/{channel.split('@')[0]}/videos?start=0&count=3")
    account = manifest["accounts"][0].split("@")[0]
    save(out("peertube", "account.json"), f"{pt}/api/v1/accounts/{account}")
    save(out("peertube", "account-channels.json"), f"{pt}/api/v1/accounts/{account}/video-channels")
    threads = json.loads(save(out("peertube", "threads.json"), f"{pt}/api/v1/videos/{rich['uuid']}/comment-threads?start=0&count=100"))
    nested = min(c["id"] for c in threads["data"] if c["totalReplies"] >= 3)
    deleted = next(c["id"] for c in threads["data"] if c["isDeleted"])
    save(out("peertube", "thread-nested.json"), f"{pt}/api/v1/videos/{rich['uuid']}/comment-threads/{nested}")
    save(out("peertube", "thread-deleted-root.json"), f"{pt}/api/v1/videos/{rich['uuid']}/comment-threads/{deleted}")
    captions = json.loads(save(out("peertube", "captions.json"), f"{pt}/api/v1/videos/{rich['uuid']}/captions"))
    for track in captions["data"]:
        save(os.path.join(VTT_DIR, f"captions-{track['language']['id']}.vtt"), track["fileUrl"])
    long_video = next(v for v in manifest["videos"] if v["kind"] == "long" and v["captions"])
    save(os.path.join(VTT_DIR, "captions-long-en.vtt"), f"{pt}/lazy-static/video-captions/{long_video['uuid']}-en.vtt")

    # Loops
    loops_manifest = json.loads(get(f"{lo}/__fake/manifest")[1])
    profile = loops_manifest["profiles"][0]
    remote_name = f"{profile['username']}@{urls['loops'][0].split('://')[1]}"
    lvideo = next(v for v in loops_manifest["videos"] if v["comments"] > 10)
    save(out("loops", "config.json"), f"{lo}/api/v1/config")
    save(out("loops", "account.json"), f"{lo}/api/v1/account/username/{profile['username']}")
    save(out("loops", "account-remote.json"), f"{urls['loops'][1]}/api/v1/account/username/{remote_name}")
    first = json.loads(save(out("loops", "feed-page1.json"), f"{lo}/api/v1/feed/account/{profile['id']}"))
    save(out("loops", "feed-page2.json"), f"{lo}/api/v1/feed/account/{profile['id']}?cursor={first['meta']['next_cursor']}")
    save(out("loops", "tags.json"), f"{lo}/api/v1/explore/tags")
    save(out("loops", "tag-feed.json"), f"{lo}/api/v1/explore/tag-feed/cats")
    save(out("loops", "web-feed.json"), f"{lo}/api/web/feed")
    save(out("loops", "video.json"), f"{lo}/api/v1/video/{lvideo['id']}")
    page = json.loads(save(out("loops", "comments.json"), f"{lo}/api/v1/video/comments/{lvideo['id']}"))
    comments, cursor, tombstone_page = list(page["data"]), page["meta"]["next_cursor"], None
    while cursor:
        url = f"{lo}/api/v1/video/comments/{lvideo['id']}?cursor={cursor}"
        document = json.loads(get(url)[1])
        comments += document["data"]
        if tombstone_page is None and any(c["tombstone"] for c in document["data"]):
            tombstone_page = url
        cursor = document["meta"]["next_cursor"]
    save(out("loops", "comments-tombstone.json"), tombstone_page)
    most = max(comments, key=lambda c: c["replies"])
    replies = f"{lo}/api/v1/video/comments/{lvideo['id']}/replies?cr={most['id']}"
    document = json.loads(save(out("loops", "replies.json"), replies))
    while not any(c["tombstone"] for c in document["data"]) and document["meta"]["next_cursor"]:
        url = f"{replies}&cursor={document['meta']['next_cursor']}"
        document = json.loads(get(url)[1])
    save(out("loops", "replies-tombstone.json"), url)
    closed = next(v for v in loops_manifest["videos"] if not v["comments_enabled"])
    save(out("loops", "error-404.json"), f"{lo}/api/v1/video/comments/{closed['id']}", 404)
    save(out("loops", "error-422.json"), f"{lo}/api/v1/feed/account/{profile['id']}?sort=Sideways", 422)

    # Faults: each document kind once (faults.py), the big ones on small documents.
    targets = {
        "pt-videos": (pt, f"{pt}/api/v1/videos?start=0&count=4"),
        "pt-video": (pt, f"{pt}/api/v1/videos/{by_kind['split_audio']['uuid']}"),
        "pt-threads": (pt, f"{pt}/api/v1/videos/{rich['uuid']}/comment-threads?start=0&count=5"),
        "pt-thread": (pt, f"{pt}/api/v1/videos/{rich['uuid']}/comment-threads/{nested}"),
        "pt-captions": (pt, f"{pt}/api/v1/videos/{rich['uuid']}/captions"),
        "pt-channel": (pt, f"{pt}/api/v1/video-channels/{channel.split('@')[0]}"),
        "pt-account": (pt, f"{pt}/api/v1/accounts/{account}"),
        "index-videos": (index, f"{index}/api/v1/search/videos?search=cats&start=0&count=4"),
        "loops-feed": (lo, f"{lo}/api/v1/feed/account/{profile['id']}"),
        "loops-account": (lo, f"{lo}/api/v1/account/username/{profile['username']}"),
        "loops-video": (lo, f"{lo}/api/v1/video/{lvideo['id']}"),
        "loops-comments": (lo, f"{lo}/api/v1/video/comments/{lvideo['id']}"),
        "loops-replies": (lo, f"{lo}/api/v1/video/comments/{lvideo['id']}/replies?cr={most['id']}"),
        "loops-tag-feed": (lo, f"{lo}/api/v1/explore/tag-feed/cats"),
        "loops-tags": (lo, f"{lo}/api/v1/explore/tags"),
    }
    small_hostile = {"pt-captions", "pt-channel", "pt-account", "pt-threads", "loops-account", "loops-video", "loops-replies",
                     "loops-tags"}
    for kind in ("wrong_types", "huge_numbers", "bad_urls", "hostile_text"):
        for name, (site, url) in targets.items():
            if kind == "hostile_text" and name not in small_hostile:
                continue
            if kind == "hostile_text" and name == "pt-threads":
                url = url.replace("count=5", "count=1")
            put_faults(site, [{"kind": kind, "count": 1}])
            save(out("faults", f"{name}-{kind.replace('_', '-')}.json"), url)
    for name, kind, status in (("pt-videos", "garbage", 200), ("loops-feed", "garbage", 200), ("pt-videos", "deep_nesting", 200),
                               ("pt-videos", "429", 429), ("loops-feed", "429", 429), ("pt-videos", "503", 503)):
        site, url = targets[name]
        put_faults(site, [{"kind": kind, "count": 1, **({"retry_after": 3} if kind in ("429", "503") else {})}])
        save(out("faults", f"{name}-{kind.replace('_', '-')}.json"), url, status)
    for site in (pt, lo, index):
        put_faults(site, [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "servers", "serve.py"), "--port", str(args.port),
                               "--until-stdin-closes"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        urls = json.loads(server.stdout.readline())
        capture(urls)
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

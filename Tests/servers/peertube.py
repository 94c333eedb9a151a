"""A fake PeerTube instance: the public, read-only REST API (support/doc/api/openapi.yaml, PeerTube 7)
for one instance of a World. Static files and the RSS feed are in peertube_files.py.

Lists are {"total": N, "data": [...]}, paged by start/count (count 15 by default, at most 100); a
bad parameter is a 400 problem+json with `invalid-params`, a missing object a 404 problem+json.
API answers carry a weak ETag and answer 304 to If-None-Match, as Express does.
"""
from __future__ import annotations

import hashlib

import math
import re

import peertube_auth
import peertube_files
import peertube_write
import upload
from httpkit import Request, Response, Site, json_response
from peertube_json import CATEGORIES, DEFAULT_CATEGORY, Formatter
from world import KINDS, World

DEFAULT_COUNT = 15
MAX_COUNT = 100
VIDEO_SORTS = ("name", "duration", "createdAt", "publishedAt", "originallyPublishedAt", "views", "likes",
               "trending", "hot", "best", "match")
COMMENT_SORTS = ("createdAt", "totalReplies")
CHANNEL_SORTS = ("name", "displayName", "createdAt", "updatedAt", "followersCount", "videosCount")
PROBLEM = "application/problem+json; charset=utf-8"
UNAUTHENTICATED = ("/api/v1/config", "/api/v1/oauth-clients/local", "/api/v1/users/token")
DOCS = "https://docs.joinpeertube.org/api-rest-reference.html"


class BadRequest(Exception):
    def __init__(self, param: str, value, message: str = "Invalid value"):
        super().__init__(message)
        self.param, self.value = param, value


class PeerTubeSite(Site):
    kind = "peertube"

    def __init__(self, address: str, world: World, index: int, corpus, nsfw_policy: str = "do_not_list"):
        super().__init__(address)
        self.world, self.index, self.corpus = world, index, corpus
        self.instance = world.instances[index]
        self.nsfw_policy = nsfw_policy
        self.upload_quota = 2 * 1024 ** 3       # bytes; /api/v1/config says the same
        self.processing_seconds = 2.0           # how long an upload stays "To transcode"
        self.json = Formatter(world, index, corpus)
        add = self.route
        add("GET", r"/api/v1/config", self.config)
        add("GET", r"/api/v1/videos", self.videos)
        add("GET", r"/api/v1/videos/([^/]+)", self.video)
        add("GET", r"/api/v1/videos/([^/]+)/captions", self.captions)
        add("GET", r"/api/v1/videos/([^/]+)/comment-threads", self.threads)
        add("GET", r"/api/v1/videos/([^/]+)/comment-threads/([^/]+)", self.thread)
        add("GET", r"/api/v1/search/videos", self.search_videos)
        add("GET", r"/api/v1/search/video-channels", self.search_channels)
        add("GET", r"/api/v1/video-channels", self.channels)
        add("GET", r"/api/v1/video-channels/([^/]+)", lambda r, m: self.actor(r, m, "channel"))
        add("GET", r"/api/v1/video-channels/([^/]+)/videos", lambda r, m: self.actor_videos(r, m, "channel"))
        add("GET", r"/api/v1/accounts/([^/]+)", lambda r, m: self.actor(r, m, "account"))
        add("GET", r"/api/v1/accounts/([^/]+)/videos", lambda r, m: self.actor_videos(r, m, "account"))
        add("GET", r"/api/v1/accounts/([^/]+)/video-channels", self.account_channels)
        peertube_files.add_routes(self)
        peertube_auth.add_routes(self)
        peertube_write.add_routes(self)
        upload.add_routes(self)

    # --- plumbing ----------------------------------------------------------------------------------
    def dispatch(self, request: Request) -> Response:
        # optionalAuthenticate: an Authorization header PeerTube cannot accept is a 401 everywhere
        if request.path.startswith("/api/") and request.path not in UNAUTHENTICATED and hasattr(self, "auth"):
            refused = peertube_auth.check(self, request)
            if refused is not None:
                return refused
        try:
            return Site.dispatch(self, request)
        except BadRequest as bad:
            return self.problem(400, f"Incorrect request parameters: {bad.param}", request,
                                {"invalid-params": {bad.param: {"location": "query", "msg": str(bad),
                                                                "param": bad.param, "value": bad.value}}})

    def problem(self, status: int, detail: str, request: Request | None = None, extra: dict | None = None) -> Response:
        from faults import _reason
        document = {"type": "about:blank", "title": _reason(status), "status": status, "detail": detail,
                    "docs": DOCS, **(extra or {})}
        if request is not None:
            document["instance"] = request.path
        return json_response(document, status, PROBLEM)

    def error_response(self, status: int, message: str) -> Response:
        return self.problem(status, message)

    def not_found(self, request: Request) -> Response:
        return self.problem(404, "Not found", request)

    def ok(self, document) -> Response:
        return json_response(document, weak_etag=True)

    def auth_control(self, request: Request) -> Response:
        body = request.json() if request.method in ("POST", "PUT") and request.body else {}
        for key in ("upload_quota", "processing_seconds"):
            if key in (body or {}):
                setattr(self, key, type(getattr(self, key))(body[key]))
        document = peertube_auth.control(self, request).document
        return json_response({**document, "upload_quota": self.upload_quota, "processing_seconds": self.processing_seconds})

    def close(self) -> None:
        self.uploads.close()

    def manifest(self) -> dict:
        return {**super().manifest(), "host": self.host, "name": self.instance.name,
                "accounts": [f"{a.name}@{self.host}" for a in self.instance.accounts],
                "channels": [f"{c.name}@{self.host}" for c in self.instance.channels],
                "videos": [{"id": self.instance.video_id(v), "uuid": v.uuid, "shortUUID": v.short_uuid, "name": v.name,
                            "kind": v.kind, "channel": f"{v.channel.name}@{self.host}", "captions": v.captions,
                            "comments": v.comment_count(), "rich_comments": v.index % 4 == 0,
                            **self.colour_of(v)}
                           for v in self.instance.local_videos],
                "kinds": list(KINDS), "users": self.auth.describe()["users"], "client_id": self.auth.client_id,
                # the thumbnails set on uploaded videos (updateVideo), as SHA-256 by the video's uuid
                "thumbnails": {uuid: hashlib.sha256(data).hexdigest() for uuid, data in self.uploads.thumbnails.items()}}

    def colour_of(self, video) -> dict:
        """With --colours: the RGB its portrait files are tinted with, as "#rrggbb"."""
        argb = self.corpus.colour(video.number)
        return {} if argb is None or not video.portrait else {"colour": f"#{argb & 0xFFFFFF:06x}"}

    # --- parameters --------------------------------------------------------------------------------
    @staticmethod
    def integer(request: Request, name: str, default: int, low: int, high: int | None = None) -> int:
        text = request.arg(name)
        if text is None or text == "":
            return default
        if not re.fullmatch(r"-?\d+", text) or int(text) < low or (high is not None and int(text) > high):
            raise BadRequest(name, text)
        return int(text)

    @staticmethod
    def boolean(request: Request, name: str) -> bool | None:
        text = request.arg(name)
        if text is None or text == "":
            return None
        if text not in ("true", "false", "1", "0"):
            raise BadRequest(name, text)
        return text in ("true", "1")

    def page(self, request: Request, items: list, render) -> Response:
        start = self.integer(request, "start", 0, 0)
        count = self.integer(request, "count", DEFAULT_COUNT, 0, MAX_COUNT)
        document = {"total": len(items), "data": [render(item) for item in items[start:start + count]]}
        if request.arg("skipCount") == "true":
            del document["total"]
        return self.ok(document)

    def sort(self, request: Request, allowed: tuple, default: str) -> tuple[str, bool]:
        text = request.arg("sort") or default
        column = text.lstrip("-")
        if column not in allowed:
            raise BadRequest("sort", text, "Should have correct sortable column")
        return column, text.startswith("-")

    # --- video lists ---------------------------------------------------------------------------------
    def filtered(self, request: Request, videos: list) -> list:
        local, live = self.boolean(request, "isLocal"), self.boolean(request, "isLive")
        nsfw = request.arg("nsfw")
        if nsfw not in (None, "", "true", "false", "both"):
            raise BadRequest("nsfw", nsfw)
        if nsfw in (None, ""):
            nsfw = "false" if self.nsfw_policy == "do_not_list" else "both"
        tags_one = {t.lower() for t in request.args("tagsOneOf")}
        tags_all = {t.lower() for t in request.args("tagsAllOf")}
        categories = {int(c) for c in request.args("categoryOneOf") if c.isdigit()}
        has_hls, has_web = self.boolean(request, "hasHLSFiles"), self.boolean(request, "hasWebVideoFiles")
        minimum = self.integer(request, "durationMin", 0, 0)
        maximum = self.integer(request, "durationMax", 10 ** 9, 0)
        host = request.arg("host")
        uuids = set(request.args("uuids"))
        chosen = []
        for video in videos:
            if not video.listed:
                continue
            if local is not None and (video.origin == self.index) != local:
                continue
            if live is not None and video.is_live != live:
                continue
            if nsfw != "both" and video.nsfw != (nsfw == "true"):
                continue
            if tags_one and not tags_one & {t.lower() for t in video.tags}:
                continue
            if tags_all and not tags_all <= {t.lower() for t in video.tags}:
                continue
            if categories and CATEGORIES.get(video.tags[0], DEFAULT_CATEGORY)[0] not in categories:
                continue
            if has_hls is not None and bool(self.json.hls_renditions(video)) != has_hls:
                continue
            if has_web is not None and bool(self.json.web_files(video)) != has_web:
                continue
            if not minimum <= video.duration <= maximum or (host and self.world.host(video.origin) != host):
                continue
            if uuids and video.uuid not in uuids:
                continue
            chosen.append(video)
        return chosen

    def ordered(self, request: Request, videos: list, default: str, relevance=None) -> list:
        column, descending = self.sort(request, VIDEO_SORTS, default)
        keys = {
            "name": lambda v: v.name.lower(), "duration": lambda v: v.duration,
            "createdAt": lambda v: v.published - 600, "publishedAt": lambda v: v.published,
            "originallyPublishedAt": lambda v: v.published, "views": lambda v: v.views, "likes": lambda v: v.likes,
            "trending": lambda v: (v.recent_views, v.views), "hot": hotness, "best": hotness,
            "match": lambda v: (relevance(v) if relevance else 0, v.published),
        }
        return sorted(videos, key=lambda v: (keys[column](v), v.uuid), reverse=descending)

    def videos(self, request: Request, match) -> Response:
        chosen = self.ordered(request, self.filtered(request, self.instance.known_videos), "-publishedAt")
        return self.page(request, chosen, self.json.video)

    def find_video(self, key: str):
        return self.instance.video(key)

    def video(self, request: Request, match) -> Response:
        video = self.find_video(match.group(1))
        if video is None:
            return self.problem(404, "Video not found", request)
        if video.privacy == 3:
            user, _ = peertube_auth.user_of(self, request)
            if user is None or video.channel.owner is not user.account:
                return self.problem(403, "Cannot get this private video of another user", request)
        return self.ok(self.json.details(video))

    def captions(self, request: Request, match) -> Response:
        video = self.find_video(match.group(1))
        return self.ok(self.json.captions(video)) if video else self.problem(404, "Video not found", request)

    # --- comments ------------------------------------------------------------------------------------
    def threads(self, request: Request, match) -> Response:
        video = self.find_video(match.group(1))
        if not video:
            return self.problem(404, "Video not found", request)
        column, descending = self.sort(request, COMMENT_SORTS, "-createdAt")
        # a deleted thread stays listed while it has replies (so they can still be read)
        listed = [t for t in video.threads if not t.deleted or any(not c.deleted for c in _all(t.children))]
        key = (lambda t: t.created) if column == "createdAt" else (lambda t: sum(1 for c in _all(t.children) if not c.deleted))
        listed = sorted(listed, key=lambda t: (key(t), t.seq), reverse=descending)
        response = self.page(request, listed, lambda t: self.json.comment(video, t))
        document = response.document
        document["totalNotDeletedComments"] = video.comment_count()
        return self.ok(document)

    def thread(self, request: Request, match) -> Response:
        video = self.find_video(match.group(1))
        if not video:
            return self.problem(404, "Video not found", request)
        if not match.group(2).isdigit():
            raise BadRequest("threadId", match.group(2))
        thread = next((t for t in video.threads if self.instance.comment_id(t) == int(match.group(2))), None)
        if thread is None:
            return self.problem(404, "Video comment thread not found", request)
        return self.ok(self.json.tree(video, thread))

    # --- search --------------------------------------------------------------------------------------
    def search_videos(self, request: Request, match) -> Response:
        text = (request.arg("search") or "").strip()
        if not text:
            raise BadRequest("search", request.arg("search"), "Should have a valid search")
        if text.startswith(("http://", "https://")):
            return self.page(request, peertube_write.resolve(self, request, text), self.json.video)
        relevance = lambda v: text_relevance(text, v.name, v.tags, v.uuid)  # noqa: E731
        found = [v for v in self.filtered(request, self.instance.known_videos) if relevance(v) > 0]
        return self.page(request, self.ordered(request, found, "-match", relevance), self.json.video)

    def video_urls(self, video) -> set[str]:
        origin = self.world.url(video.origin)
        return {f"{origin}/videos/watch/{video.uuid}", f"{origin}/w/{video.short_uuid}", f"{origin}/w/{video.uuid}"}

    def search_channels(self, request: Request, match) -> Response:
        text = (request.arg("search") or "").strip()
        if not text:
            raise BadRequest("search", request.arg("search"), "Should have a valid search")
        channels = [a for a in self.world.actors if a.kind == "channel"]
        host, handles = request.arg("host"), set(request.args("handles"))
        if text.startswith(("http://", "https://")):
            found = [c for c in channels if self.json.actor_url(c) == text]
        else:
            found = [c for c in channels if text_relevance(text, c.display_name + " " + c.name.replace("_", " "), [], "")]
        found = [c for c in found if (not host or self.world.host(c) == host)
                 and (not handles or f"{c.name}@{self.world.host(c)}" in handles)]
        return self.page(request, self.channel_order(request, found), self.json.channel)

    def channel_order(self, request: Request, channels: list) -> list:
        column, descending = self.sort(request, CHANNEL_SORTS, "-createdAt")
        keys = {"name": lambda c: c.name, "displayName": lambda c: c.display_name.lower(), "createdAt": lambda c: c.created,
                "updatedAt": lambda c: c.created, "followersCount": lambda c: c.followers,
                "videosCount": lambda c: len(self.world.videos_of(c, self.instance.known_videos))}
        return sorted(channels, key=lambda c: (keys[column](c), c.origin, c.name), reverse=descending)

    # --- channels and accounts ----------------------------------------------------------------------
    def channels(self, request: Request, match) -> Response:
        found = [a for a in self.world.actors if a.kind == "channel"]
        return self.page(request, self.channel_order(request, found), self.json.channel)

    def lookup(self, handle: str, kind: str):
        return self.world.actor(handle, kind, self.index)

    def actor(self, request: Request, match, kind: str) -> Response:
        actor = self.lookup(match.group(1), kind)
        if actor is None:
            return self.problem(404, f"{'Account' if kind == 'account' else 'Video channel'} {match.group(1)} not found", request)
        return self.ok(self.json.account(actor) if kind == "account" else self.json.channel(actor))

    def actor_videos(self, request: Request, match, kind: str) -> Response:
        actor = self.lookup(match.group(1), kind)
        if actor is None:
            return self.problem(404, f"{'Account' if kind == 'account' else 'Video channel'} {match.group(1)} not found", request)
        known = self.instance.known_videos if actor.origin != self.index else self.instance.local_videos
        chosen = self.ordered(request, self.filtered(request, self.world.videos_of(actor, known)), "-publishedAt")
        return self.page(request, chosen, self.json.video)

    def account_channels(self, request: Request, match) -> Response:
        account = self.lookup(match.group(1), "account")
        if account is None:
            return self.problem(404, f"Account {match.group(1)} not found", request)
        found = [a for a in self.world.actors if a.kind == "channel" and a.owner is account]
        return self.page(request, self.channel_order(request, found), self.json.channel)

    def config(self, request: Request, match) -> Response:
        return self.ok(peertube_files.server_config(self))


def _all(comments) -> list:
    found = []
    for comment in comments:
        found.append(comment)
        found.extend(_all(comment.children))
    return found


def hotness(video) -> float:
    """The "hot" score of the openapi videosSort description: log-weighted likes, dislikes, views
    and comments plus the publication time in half-days."""
    return (math.log10(max(1, video.likes - 1)) * 150 - math.log10(max(1, video.dislikes - 1)) * 150
            + math.log10(video.views + 1) * 16 + math.log10(max(1, video.comment_count())) * 100
            + (video.published - 1446156582) / 47000)


def text_relevance(search: str, name: str, tags: list[str], uuid: str) -> float:
    """How PeerTube matches a search: every word is the prefix of a word of the name (full-text
    search, `simple` configuration), or the whole search is one of the tags, or the uuid."""
    words = re.findall(r"\w+", search.lower())
    tokens = re.findall(r"\w+", name.lower())
    score = 0.0
    if words and all(any(t.startswith(w) for t in tokens) for w in words):
        score += len(words) / max(1, len(tokens))
    if search.lower() in (t.lower() for t in tags):
        score += 0.5
    if search.lower() == uuid:
        score += 1
    return score

"""A fake Loops server: the public, read-only API of joinloops/loops-server (routes/api.php;
WebPublicController, ExploreController, FeedService) for one server of a LoopsWorld.

Answers are wrapped in {"data": ...}; lists are Laravel cursor pages: {"data": [...], "links":
{"first", "last", "prev", "next"}, "meta": {"path", "per_page", "next_cursor", "prev_cursor"}}, the
cursor an opaque token to send back as ?cursor=. A missing object is 404
{"data": [], "error": {"code": 404, "message": "Record not found."}}.
"""
from __future__ import annotations

import html
import random
import re
import urllib.parse

import loops_auth
import loops_upload
import loops_write
from httpkit import Request, Response, Site, file_response, json_response, text_response
from loops_json import LoopsFormatter, decode_cursor, encode_cursor, iso
from loops_world import LoopsWorld

COMMENTS_PER_PAGE = 10
REPLIES_PER_PAGE = 3
ACCOUNT_FEED_PER_PAGE = 10
GUEST_TAGS = 8
GUEST_TAG_FEED_SIZE = 22
GUEST_MIN_LIKES = 10


class Invalid(Exception):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class LoopsSite(Site):
    kind = "loops"

    def __init__(self, address: str, world: LoopsWorld, index: int, corpus):
        super().__init__(address)
        self.world, self.index, self.corpus = world, index, corpus
        self.server = world.servers[index]
        add = self.route
        add("GET", r"/api/v1/config", self.config)
        add("GET", r"/api/v1/account/username/([^/]+)", self.account)
        add("GET", r"/api/v1/feed/account/([^/]+)", self.account_feed)
        add("GET", r"/api/v1/explore/tags", self.tags)
        add("GET", r"/api/v1/explore/tag-feed/([^/]+)", self.tag_feed)
        add("GET", r"/api/v1/video/comments/([^/]+)/replies", self.replies)
        add("GET", r"/api/v1/video/comments/([^/]+)", self.comments)
        add("GET", r"/api/v1/video/([^/]+)", self.video)
        add("GET", r"/api/web/feed", self.web_feed)
        add("GET", r"/feeds/(\d+)\.atom", self.atom)
        add("GET", r"/storage/videos/(\d+)-(\d+)\.(mp4|jpg)", self.media)
        add("GET", r"/storage/avatars/(\d+)/([a-z-]+)\.jpg", lambda r, m: file_response(self.corpus.path(m.group(2)), "image/jpeg"))
        add("GET", r"/storage/avatars/default\.jpg", lambda r, m: file_response(self.corpus.path("avatar-c"), "image/jpeg"))
        loops_auth.add_routes(self)
        loops_write.add_routes(self)
        loops_upload.add_routes(self)

    def auth_control(self, request: Request) -> Response:
        if request.method in ("POST", "PUT"):
            loops_upload.configure(self, request.json() or {})
        return loops_auth.control(self, request)

    def close(self) -> None:
        loops_upload.close(self)

    @property
    def fmt(self) -> LoopsFormatter:
        return LoopsFormatter(self.world, self.index, self.base_url)

    def dispatch(self, request: Request) -> Response:
        try:
            return super().dispatch(request)
        except Invalid as invalid:
            return json_response({"message": str(invalid), "errors": {invalid.field: [str(invalid)]}}, 422)

    def not_found(self, request: Request) -> Response:
        return json_response({"data": [], "error": {"code": 404, "message": "Record not found."}}, 404)

    def error_response(self, status: int, message: str) -> Response:
        if status == 404:
            return self.not_found(None)
        if status == 429:
            return json_response({"message": "Too many requests", "retry_after": None}, 429)
        return json_response({"message": "Server Error" if status == 500 else message}, status)

    def manifest(self) -> dict:
        fmt = self.fmt
        return {**super().manifest(), "host": self.host, "name": self.server.name,
                "profiles": [{"id": str(self.server.profile_id(p)), "username": p.username, "atom": p.has_atom}
                             for p in self.server.profiles],
                "videos": [{"id": str(self.server.video_id(v)), "caption": v.caption, "tags": v.tags,
                            "sensitive": v.sensitive, "pinned": v.pinned, "comments_enabled": v.comments_enabled,
                            "comments": v.comment_count(), "src_url": fmt.src_url(v)} for v in self.server.videos]}

    # --- Laravel cursor pagination ---------------------------------------------------------------
    def cursor_page(self, request: Request, items: list, key, per_page: int, render, keep_query: bool,
                    descending: bool = True) -> dict:
        """`items` in the query's order; `key(item)` the dict of its order columns; a cursor takes the
        items strictly after (or, pointing back, before) the row it was made from."""
        path = self.base_url + request.path
        cursor_text = request.arg("cursor")
        cursor = decode_cursor(cursor_text) if cursor_text else None   # an unreadable cursor is the first page
        forward = cursor is None or cursor.get("_pointsToNextItems", True)
        if cursor:
            wanted = {k: v for k, v in cursor.items() if k != "_pointsToNextItems"}
            position = next((n for n, item in enumerate(items) if _passes(key(item), wanted, forward, descending)), len(items))
            if forward:
                remaining = items[position:]
                page, more = remaining[:per_page], len(remaining) > per_page
                has_prev = True
            else:
                before = [item for item in items if _passes(key(item), wanted, False, descending)]
                page, more, has_prev = before[-per_page:], True, len(before) > per_page
        else:
            page, more, has_prev = items[:per_page], len(items) > per_page, False
        next_cursor = encode_cursor(key(page[-1])) if page and more else None
        prev_cursor = encode_cursor(key(page[0]), False) if page and has_prev and cursor else None
        query = {k: v[-1] for k, v in request.query.items() if k != "cursor"} if keep_query else {}
        link = lambda c: f"{path}?{urllib.parse.urlencode({**query, 'cursor': c})}" if c else None  # noqa: E731
        return {"data": [render(item) for item in page],
                "links": {"first": None, "last": None, "prev": link(prev_cursor), "next": link(next_cursor)},
                "meta": {"path": path, "per_page": per_page, "next_cursor": next_cursor, "prev_cursor": prev_cursor}}

    # --- routes -------------------------------------------------------------------------------------
    def config(self, request: Request, match) -> Response:
        return json_response({"app": {"name": self.server.name, "url": self.base_url,
                                      "description": "A loopback Loops server for tests", "software": "loops",
                                      "version": "1.0.0-fake"},
                              "media": {"max_video_size": self.max_video_mb, "max_video_duration": 180, "allowed_video_formats": ["mp4"]},
                              "fyf": True, "registration": False, "registration_mode": "closed", "federation": True,
                              "pushNotifications": False, "starterKits": False, "atomFeeds": True, "hasKlipy": False,
                              "account": {"max_bio_length": 500}})

    def account(self, request: Request, match) -> Response:
        profile = next((p for p in self.server.known_profiles if self.fmt.username(p) == match.group(1)), None)
        if profile is None:
            return self.not_found(request)
        document = self.fmt.profile(profile)
        document["is_owner"] = False
        document["likes_count"] = sum(v.likes for v in self.server.known_videos if v.profile is profile)
        if profile.has_atom and profile.origin == self.index:
            document["has_atom"] = True
            document["has_atom_url"] = f"{self.base_url}/feeds/{self.server.profile_id(profile)}.atom"
        return json_response({"data": document})

    def account_feed(self, request: Request, match) -> Response:
        profile = self.server.profile(match.group(1))
        sort = request.arg("sort", "Latest")
        if sort not in ("Latest", "Popular", "Oldest"):
            raise Invalid("sort", "The selected sort is invalid.")
        if profile is None:
            return self.not_found(request)
        videos = [v for v in self.server.known_videos if v.profile is profile]
        vid = self.server.video_id
        first_page = sort == "Latest" and request.arg("cursor") is None
        if first_page:
            videos = [v for v in videos if not v.pinned]
        order = {"Latest": (lambda v: -vid(v), lambda v: {"id": vid(v)}, True),
                 "Popular": (lambda v: -v.likes, lambda v: {"likes": v.likes}, True),
                 "Oldest": (lambda v: v.created, lambda v: {"created_at": iso(v.created).replace("T", " ")[:19]}, False)}[sort]
        ordered = sorted(videos, key=order[0])
        document = self.cursor_page(request, ordered, order[1], ACCOUNT_FEED_PER_PAGE, self.fmt.video, True, order[2])
        if first_page:
            pinned = sorted((v for v in self.server.known_videos if v.profile is profile and v.pinned), key=lambda v: v.pin_order)[:3]
            document["data"] = [self.fmt.video(v) for v in pinned] + document["data"]
        return json_response(document)

    def tags(self, request: Request, match) -> Response:
        return json_response({"data": self.world.trending_tags(self.server)[:GUEST_TAGS]})

    def tag_feed(self, request: Request, match) -> Response:
        tag = match.group(1)
        if tag not in {t["name"] for t in self.world.trending_tags(self.server)}:
            return self.not_found(request)
        if self.auth.profile_of(request) is not None:
            return self.signed_in_tag_feed(request, tag)
        if request.arg("cursor") is not None:   # guests get one page; a cursor is a 404 for them
            return self.not_found(request)
        now = self.world.epoch
        candidates = [v for v in self.server.known_videos if tag in v.tags and v.likes > GUEST_MIN_LIKES]
        ranked = sorted(candidates, key=lambda v: -(v.likes / ((max(0.0, now - v.created) / 3600) + 2) ** 1.8))
        seen, chosen = set(), []
        for video in ranked:
            if id(video.profile) in seen:
                continue
            seen.add(id(video.profile))
            chosen.append(video)
        return json_response({"data": [self.fmt.media_data(v) for v in chosen[:GUEST_TAG_FEED_SIZE]]})

    def signed_in_tag_feed(self, request: Request, tag: str) -> Response:
        """Pages of `limit` (1..20, 10 by default), newest first, with more than 3 likes or enough for
        their age (the recency tiers); ten pages or 120 videos at most, then an empty page. The
        cursor is an opaque token of the server's own (CursorToken)."""
        limit_text = request.arg("limit", "10")
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= 20:
            raise Invalid("limit", "The limit field must be between 1 and 20.")
        limit = int(limit_text)
        now = self.world.epoch
        tiers = ((6, 3), (24, 5), (72, 10))
        videos = [v for v in self.server.known_videos if tag in v.tags and (v.likes > 3 or any(
            now - v.created <= hours * 3600 and v.likes >= likes for hours, likes in tiers))]
        videos.sort(key=lambda v: -self.server.video_id(v))
        hops, after = 0, None
        if request.arg("cursor"):
            token = decode_cursor(request.arg("cursor"))
            if not token or token.get("tag") != tag or not isinstance(token.get("hops"), int):
                return json_response({"message": "Invalid cursor."}, 400)
            hops, after = token["hops"], token.get("after")
        if hops >= 10 or hops * limit >= 120:
            page, more = [], False
        else:
            start = next((n for n, v in enumerate(videos) if after is None or self.server.video_id(v) < after), len(videos))
            page, more = videos[start:start + limit], len(videos) > start + limit
        next_cursor = encode_cursor({"tag": tag, "hops": hops + 1, "after": self.server.video_id(page[-1])}) if more else None
        return json_response({"data": [self.fmt.media_data(v) for v in page],
                              "links": {"first": None, "last": None, "prev": None, "next": None},
                              "meta": {"path": self.base_url + request.path, "per_page": limit,
                                       "next_cursor": next_cursor, "prev_cursor": request.arg("cursor")}})

    def video(self, request: Request, match) -> Response:
        video = self.server.video(match.group(1))
        return json_response({"data": self.fmt.video(video)}) if video else self.not_found(request)

    def comments(self, request: Request, match) -> Response:
        video = self.server.video(match.group(1))
        if video is None or not video.comments_enabled:
            return self.not_found(request)
        ordered = sorted(video.comments, key=lambda c: -self.server.comment_id(c))
        return json_response(self.cursor_page(request, ordered, lambda c: {"id": self.server.comment_id(c)},
                                              COMMENTS_PER_PAGE, lambda c: self.fmt.comment(video, c), False))

    def replies(self, request: Request, match) -> Response:
        cr = request.arg("cr")
        if not cr or not re.fullmatch(r"-?\d+", cr):
            raise Invalid("cr", "The cr field is required." if not cr else "The cr field must be an integer.")
        video = self.server.video(match.group(1))
        if video is None or not video.comments_enabled:
            return self.not_found(request)
        parent = next((c for c in video.comments if self.server.comment_id(c) == int(cr)), None)
        replies = sorted(parent.replies if parent else [], key=lambda c: -self.server.comment_id(c))
        return json_response(self.cursor_page(request, replies, lambda c: {"id": self.server.comment_id(c)},
                                              REPLIES_PER_PAGE, lambda c: self.fmt.reply(video, c), True))

    def web_feed(self, request: Request, match) -> Response:
        popular = sorted((v for v in self.server.videos if not v.sensitive), key=lambda v: -v.likes)[:60]
        chosen = [v for v in popular if v.likes >= GUEST_MIN_LIKES]
        random.shuffle(chosen)
        chosen = chosen[:10]
        return json_response({"data": [self.fmt.video(v) for v in chosen],
                              "links": {"first": None, "last": None, "prev": None, "next": None},
                              "meta": {"path": self.base_url + request.path, "per_page": len(chosen),
                                       "next_cursor": None, "prev_cursor": None}})

    def atom(self, request: Request, match) -> Response:
        profile = next((p for p in self.server.profiles if str(self.server.profile_id(p)) == match.group(1)), None)
        if profile is None or not profile.has_atom:
            return self.not_found(request)
        fmt, e = self.fmt, (lambda text: html.escape(str(text), quote=True))
        videos = sorted((v for v in self.server.videos if v.profile is profile and not v.sensitive), key=lambda v: -v.created)[:20]
        entries = "".join(
            f'<entry><title>{e(fmt.media_data(v)["captionText"])}</title><link href="{fmt.share_url(v)}" rel="alternate" type="text/html"/>'
            f"<id>{fmt.share_url(v)}</id><published>{iso(v.created)}</published><updated>{iso(v.created + 60)}</updated>"
            f'<content type="html">{e(v.caption)}</content><link rel="enclosure" href="{fmt.src_url(v)}" type="video/mp4" />'
            f'<media:content url="{fmt.src_url(v)}" type="video/mp4" medium="video" duration="{v.duration}" width="{v.width}" height="{v.height}"/>'
            f'<media:thumbnail url="{fmt.thumbnail(v)}" width="{v.width}" height="{v.height}"/><media:player url="{fmt.share_url(v)}"/></entry>'
            for v in videos)
        permalink = f"{self.base_url}/@{profile.username}"
        body = ('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en">'
                f"<title>{e(profile.username)} — Loops</title><subtitle>Short videos from @{e(profile.username)} on Loops</subtitle>"
                f'<link href="{self.base_url}{request.path}" rel="self" type="application/atom+xml"/>'
                f'<link href="{permalink}" rel="alternate" type="text/html"/><id>{permalink}</id>'
                f"<updated>{iso(videos[0].created) if videos else iso(self.world.epoch)}</updated>"
                f"<author><name>{e(profile.username)}</name><uri>{permalink}</uri></author>"
                f'<generator uri="{self.base_url}" version="1.0">Loops</generator><icon>{fmt.avatar(profile)}</icon>{entries}</feed>')
        return text_response(body, "application/atom+xml")

    def media(self, request: Request, match) -> Response:
        origin, seq = int(match.group(1)), int(match.group(2))
        video = next((v for v in self.server.videos if v.origin == origin and v.seq == seq), None)
        if video is None:
            return self.not_found(request)
        if match.group(3) == "jpg":
            return file_response(self.corpus.path("thumb-landscape" if video.width > video.height else "thumb-portrait"), "image/jpeg")
        return file_response(video.file or self.corpus.path(video.clip), "video/mp4")


def _passes(values: dict, cursor: dict, forward: bool, descending: bool) -> bool:
    """Whether a row lies after (forward) or before the cursor row, in the query's order."""
    for column, wanted in cursor.items():
        have = values.get(column)
        if have is None or have == wanted:
            continue
        after = have < wanted if descending else have > wanted
        return after if forward else not after
    return False

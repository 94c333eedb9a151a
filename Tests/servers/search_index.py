"""A fake PeerTube search index (as the public one that searches every instance): the same
/api/v1/search/videos and /api/v1/search/video-channels as an instance, answering with the videos
and channels of every instance of the World, each as its origin describes it, with absolute
addresses (thumbnailUrl, previewUrl, embedUrl next to the origin-relative paths).

What the real index sets in `isLocal` is not in PeerTube's contract; here it is true only for the
videos of the host named by `fromHost`, false otherwise.
"""
from __future__ import annotations

from httpkit import Request, Response, Site, json_response
from peertube import (CHANNEL_SORTS, DEFAULT_COUNT, MAX_COUNT, PeerTubeSite, text_relevance)
from peertube_json import Formatter
from world import World


class SearchIndexSite(Site):
    kind = "search-index"

    # the instance's parameter handling, filters and orders apply as they are
    integer = staticmethod(PeerTubeSite.integer)
    boolean = staticmethod(PeerTubeSite.boolean)
    sort = PeerTubeSite.sort
    filtered = PeerTubeSite.filtered
    ordered = PeerTubeSite.ordered
    dispatch = PeerTubeSite.dispatch
    problem = PeerTubeSite.problem
    error_response = PeerTubeSite.error_response
    not_found = PeerTubeSite.not_found

    def __init__(self, address: str, world: World, corpus):
        super().__init__(address)
        self.world, self.corpus = world, corpus
        self.index = -1                      # no video is this site's own
        self.nsfw_policy = "display"
        self.formatters = [Formatter(world, i, corpus) for i in range(len(world.instances))]
        self.json = self.formatters[0]       # for file questions, the same whoever asks
        self.route("GET", r"/api/v1/search/videos", self.search_videos)
        self.route("GET", r"/api/v1/search/video-channels", self.search_channels)

    def all_videos(self) -> list:
        return [v for instance in self.world.instances for v in instance.local_videos]

    def describe(self, video, from_host: str | None) -> dict:
        document = self.formatters[video.origin].video(video)
        origin = self.world.url(video.origin)
        document["isLocal"] = from_host == self.world.host(video.origin)
        document["thumbnailUrl"] = origin + document["thumbnailPath"]
        document["previewUrl"] = origin + document["previewPath"]
        document["embedUrl"] = origin + document["embedPath"]
        return document

    def listing(self, request: Request, items: list, render) -> Response:
        start = self.integer(request, "start", 0, 0)
        count = self.integer(request, "count", DEFAULT_COUNT, 0, MAX_COUNT)
        return json_response({"total": len(items), "data": [render(item) for item in items[start:start + count]]})

    def search_videos(self, request: Request, match) -> Response:
        text = (request.arg("search") or "").strip()
        videos = self.filtered(request, self.all_videos())
        relevance = (lambda v: text_relevance(text, v.name, v.tags, v.uuid)) if text else (lambda v: 1)
        found = [v for v in videos if relevance(v) > 0]
        from_host = request.arg("fromHost")
        return self.listing(request, self.ordered(request, found, "-match" if text else "-publishedAt", relevance),
                            lambda v: self.describe(v, from_host))

    def search_channels(self, request: Request, match) -> Response:
        text = (request.arg("search") or "").strip()
        channels = [a for a in self.world.actors if a.kind == "channel"]
        if text:
            channels = [c for c in channels if text_relevance(text, c.display_name + " " + c.name.replace("_", " "), [], "")]
        host = request.arg("host")
        channels = [c for c in channels if not host or self.world.host(c) == host]
        column, descending = self.sort(request, CHANNEL_SORTS, "-createdAt")
        keys = {"name": lambda c: c.name, "displayName": lambda c: c.display_name.lower(), "createdAt": lambda c: c.created,
                "updatedAt": lambda c: c.created, "followersCount": lambda c: c.followers,
                "videosCount": lambda c: len(self.world.videos_of(c, self.all_videos()))}
        channels = sorted(channels, key=lambda c: (keys[column](c), c.origin, c.name), reverse=descending)
        return self.listing(request, channels, lambda c: self.formatters[c.origin].channel(c))

    def manifest(self) -> dict:
        return {**super().manifest(), "instances": [self.world.url(i) for i in range(len(self.world.instances))]}

"""PeerTube's JSON documents, as one instance describes the world it knows.

Field names and types follow packages/models/src (video.model.ts, file/video-file.model.ts,
video-streaming-playlist.model.ts, channel/video-channel.model.ts, actors/*.model.ts,
comment/video-comment.model.ts, caption/video-caption.model.ts) and the schemas of
support/doc/api/openapi.yaml (Video, VideoDetails, VideoFile, VideoStreamingPlaylists, Account,
VideoChannel, VideoComment, VideoCaption) of PeerTube 7.
"""
from __future__ import annotations

import datetime
import hashlib

import hls
from world import CAPTION_LINES, LANGUAGES, Actor, Comment, Video, World

CATEGORIES = {"cats": (16, "Animals"), "dance": (1, "Music"), "cooking": (13, "Food"), "skate": (5, "Sports"),
              "hiking": (12, "Travels"), "beach": (12, "Travels")}
DEFAULT_CATEGORY = (15, "Science & Technology")

# Each kind of video: web-video files, HLS renditions ((corpus clip, resolution, has audio)), and
# whether the audio is a separate HLS file.
WEB = {"portrait": [("portrait-240", 240), ("portrait-720", 720)],
       "landscape": [("landscape-240", 240), ("landscape-720", 720)],
       "long": [("long-240", 240)]}
HLS_MUXED = [("hls-240", 240), ("hls-720", 720)]
HLS_SPLIT = [("split-240", 240), ("split-720", 720)]


def iso(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Formatter:
    """Documents as instance `viewer` serves them: its ids, its lazy-static copies, origins' URLs."""

    def __init__(self, world: World, viewer: int, corpus):
        self.world = world
        self.viewer = viewer
        self.instance = world.instances[viewer]
        self.corpus = corpus

    # --- actors ----------------------------------------------------------------------------------
    def images(self, actor: Actor, kind: str = "avatars") -> list[dict]:
        name = actor.avatar if kind == "avatars" else "banner"
        key = hashlib.sha1(f"{actor.origin}:{actor.name}:{kind}".encode()).hexdigest()[:16]
        sizes = ((48, 48), (120, 120)) if kind == "avatars" else ((1920, 317),)
        return [{"width": w, "height": h, "path": f"/lazy-static/{kind}/{key}-{w}-{name}.jpg",
                 "fileUrl": f"{self.world.url(actor.origin)}/lazy-static/{kind}/{key}-{w}-{name}.jpg",
                 "createdAt": iso(actor.created), "updatedAt": iso(actor.created)} for w, h in sizes]

    def actor_url(self, actor: Actor) -> str:
        path = "accounts" if actor.kind == "account" else "video-channels"
        return f"{self.world.url(actor.origin)}/{path}/{actor.name}"

    def summary(self, actor: Actor) -> dict:
        return {"id": self.instance.actor_id(actor), "name": actor.name, "displayName": actor.display_name,
                "url": self.actor_url(actor), "host": self.world.host(actor), "avatars": self.images(actor)}

    def account(self, actor: Actor) -> dict:
        document = {**self.summary(actor), "followingCount": actor.following, "followersCount": actor.followers,
                    "createdAt": iso(actor.created), "updatedAt": iso(actor.created + 86400),
                    "description": actor.description}
        if actor.origin == self.viewer:
            document["userId"] = self.instance.actor_id(actor)
        return document

    def channel(self, actor: Actor) -> dict:
        return {**self.summary(actor), "followingCount": 0, "followersCount": actor.followers,
                "createdAt": iso(actor.created), "updatedAt": iso(actor.created + 86400),
                "description": actor.description, "support": actor.support, "isLocal": actor.origin == self.viewer,
                "banners": self.images(actor, "banners"), "ownerAccount": self.account(actor.owner)}

    # --- videos ----------------------------------------------------------------------------------
    def video(self, video: Video) -> dict:
        origin = self.world.url(video.origin)
        category = CATEGORIES.get(video.tags[0] if video.tags else None, DEFAULT_CATEGORY)
        truncated = video.description if len(video.description) <= 250 else video.description[:247] + "..."
        return {
            "id": self.instance.video_id(video), "uuid": video.uuid, "shortUUID": video.short_uuid,
            "url": f"{origin}/videos/watch/{video.uuid}", "name": video.name,
            "category": {"id": category[0], "label": category[1]}, "licence": {"id": 1, "label": "Attribution"},
            "language": {"id": "en", "label": "English"}, "privacy": {"id": 1, "label": "Public"},
            "nsfw": video.nsfw, "nsfwFlags": 0, "nsfwSummary": None,
            "truncatedDescription": truncated, "description": truncated,
            "isLocal": video.origin == self.viewer, "duration": video.duration, "aspectRatio": video.aspect_ratio,
            "isLive": video.is_live, "views": video.views, "viewers": 0, "likes": video.likes,
            "dislikes": video.dislikes, "comments": video.comment_count(),
            "thumbnailPath": f"/lazy-static/thumbnails/{video.uuid}.jpg",
            "previewPath": f"/lazy-static/previews/{video.uuid}.jpg",
            "embedPath": f"/videos/embed/{video.uuid}",
            "createdAt": iso(video.published - 600), "updatedAt": iso(video.published + 60),
            "publishedAt": iso(video.published), "originallyPublishedAt": None,
            "account": self.summary(video.channel.owner), "channel": self.summary(video.channel),
        }

    def details(self, video: Video) -> dict:
        document = self.video(video)
        state = video.state
        document.update({
            "description": video.description, "support": video.channel.support,
            "channel": self.channel(video.channel), "account": self.account(video.channel.owner),
            "tags": video.tags, "commentsPolicy": {"id": 1, "label": "Enabled"}, "commentsEnabled": True,
            "downloadEnabled": True, "waitTranscoding": True, "state": state,
            "trackerUrls": [f"{self.world.url(video.origin)}/tracker/announce"],
            "files": self.web_files(video), "streamingPlaylists": self.playlists(video), "inputFileUpdatedAt": None,
        })
        return document

    def _file(self, video: Video, clip: str | None, resolution: int, url: str, number: int, audio: bool, video_stream: bool) -> dict:
        origin = self.world.url(video.origin)
        made = self.corpus.clips[clip] if clip else _Uploaded(video.upload)
        stem = url.rsplit("/", 1)[1].rsplit(".", 1)[0]
        info_hash = hashlib.sha1(f"{video.uuid}{clip}".encode()).hexdigest()
        document = {
            "id": self.instance.video_id(video) * 100 + number, "resolution": {"id": resolution, "label": f"{resolution}p" if resolution else "Audio only"},
            "size": self.corpus.size(clip) if clip else made.size, "torrentUrl": f"{origin}/lazy-static/torrents/{stem}.torrent",
            "torrentDownloadUrl": f"{origin}/download/torrents/{stem}.torrent", "fileUrl": url,
            "fileDownloadUrl": url.replace("/static/web-videos/", "/download/videos/"),
            "fps": made.fps if video_stream else 0,
            "metadataUrl": f"{origin}/api/v1/videos/{video.uuid}/metadata/{number}",
            "magnetUri": f"magnet:?xs={origin}/lazy-static/torrents/{stem}.torrent&xt=urn:btih:{info_hash}&dn={stem}&ws={url}",
            "hasAudio": audio, "hasVideo": video_stream, "storage": 0,
        }
        if video_stream and video.kind != "null_aspect":
            document["width"], document["height"] = made.width, made.height
        return document

    def web_files(self, video: Video) -> list[dict]:
        shape = {"landscape_web": "landscape", "long": "long"}.get(video.kind, "portrait")
        if video.kind in ("hls_only", "split_audio", "live"):
            return []
        origin = self.world.url(video.origin)
        if video.upload is not None:
            if video.state["id"] != 1:
                return []
            res = min(video.upload["width"], video.upload["height"])
            return [self._file(video, None, res, f"{origin}/static/web-videos/{video.uuid}-{res}.mp4", 1, True, True)]
        return [self._file(video, self.tint(video, clip), res, f"{origin}/static/web-videos/{video.uuid}-{res}.mp4",
                           n + 1, True, True)
                for n, (clip, res) in reversed(list(enumerate(WEB[shape])))]

    def tint(self, video: Video, clip: str) -> str:
        """The corpus clip `video` is served from in place of `clip` (its own colour with --colours)."""
        return self.corpus.variant(clip, video.number)

    def hls_renditions(self, video: Video) -> list[tuple[str, int, bool, bool]]:
        """(clip, resolution, has audio, has video) of each HLS file, audio-only first."""
        if video.kind == "split_audio":
            return [("split-audio", 0, True, False)] + [(self.tint(video, c), r, False, True) for c, r in HLS_SPLIT]
        if video.kind in ("portrait_web_hls", "hls_only"):
            return [(self.tint(video, c), r, True, True) for c, r in HLS_MUXED]
        return []

    def hls_base(self, video: Video) -> str:
        return f"{self.world.url(video.origin)}/static/streaming-playlists/hls/{video.uuid}"

    def playlists(self, video: Video) -> list[dict]:
        renditions = self.hls_renditions(video)
        if not renditions:
            return []
        base = self.hls_base(video)
        files = [self._file(video, clip, res, f"{base}/{video.uuid}-{res}-fragmented.mp4", 10 + n, audio, has_video)
                 for n, (clip, res, audio, has_video) in enumerate(renditions)]
        return [{"id": self.instance.video_id(video), "type": 1, "playlistUrl": f"{base}/{video.uuid}-master.m3u8",
                 "segmentsSha256Url": f"{base}/{video.uuid}-segments-sha256.json", "redundancies": [],
                 "files": list(reversed(files))}]

    def master_playlist(self, video: Video) -> str:
        audio = None
        videos = []
        for clip, resolution, _, has_video in self.hls_renditions(video):
            made = self.corpus.clips[clip]
            rendition = hls.Rendition(f"{video.uuid}-{resolution}.m3u8", self.corpus.fragmented(clip),
                                      made.width, made.height, made.fps)
            if has_video:
                videos.append(rendition)
            else:
                audio = rendition
        return hls.master_playlist(videos, audio)

    # --- comments and captions -------------------------------------------------------------------
    def comment(self, video: Video, comment: Comment) -> dict:
        replies = [c for c in _descendants(comment) if not c.deleted]
        owner = video.channel.owner
        return {
            "id": self.instance.comment_id(comment),
            "url": f"{self.world.url(video.origin)}/videos/watch/{video.uuid}/comments/{comment.seq}",
            "text": comment.text, "threadId": self.instance.comment_id(comment.root),
            "inReplyToCommentId": self.instance.comment_id(comment.parent) if comment.parent else None,
            "videoId": self.instance.video_id(video), "createdAt": iso(comment.created),
            "updatedAt": iso(comment.created), "deletedAt": iso(comment.created + 120) if comment.deleted else None,
            "heldForReview": False, "isDeleted": comment.deleted,
            "totalRepliesFromVideoAuthor": sum(1 for c in replies if c.author is owner) if comment.parent is None else 0,
            "totalReplies": len(replies) if comment.parent is None else 0,
            "account": self.account(comment.author) if comment.author else None,
        }

    def tree(self, video: Video, comment: Comment) -> dict:
        return {"comment": self.comment(video, comment),
                "children": [self.tree(video, child) for child in sorted(comment.children, key=lambda c: c.seq)]}

    def captions(self, video: Video) -> dict:
        data = []
        for language in video.captions:
            path = f"/lazy-static/video-captions/{video.uuid}-{language}.vtt"
            data.append({"language": {"id": language, "label": LANGUAGES[language]}, "captionPath": path,
                         "fileUrl": f"{self.world.url(video.origin)}{path}", "automaticallyGenerated": False,
                         "updatedAt": iso(video.published)})
        return {"total": len(data), "data": data}


class _Uploaded:
    """An uploaded file seen as a corpus clip."""

    def __init__(self, upload: dict):
        import os
        self.width, self.height, self.fps = upload["width"], upload["height"], upload.get("fps", 30)
        self.size = os.path.getsize(upload["path"])


def _descendants(comment: Comment) -> list[Comment]:
    found = []
    for child in comment.children:
        found.append(child)
        found.extend(_descendants(child))
    return found


def webvtt(video: Video, language: str) -> str:
    lines = ["WEBVTT", ""]
    step = 1 if video.duration <= 10 else 5
    texts = CAPTION_LINES[language]
    for n, start in enumerate(range(0, max(1, video.duration), step)):
        end = min(video.duration, start + step)
        lines += [str(n + 1), f"{_vtt_time(start)} --> {_vtt_time(end)}", texts[n % len(texts)], ""]
    return "\n".join(lines)


def _vtt_time(seconds: float) -> str:
    return f"{int(seconds // 3600):02d}:{int(seconds % 3600 // 60):02d}:{seconds % 60:06.3f}"

"""What a fake PeerTube instance serves besides its JSON API: web-video files, HLS playlists and
fragmented files, thumbnails, avatars, captions (WebVTT), the Media RSS feed, and /api/v1/config.

Files are served only by the instance a video lives on (its origin); images and captions of remote
videos are served by every instance that knows them (PeerTube's lazy-static cache).
"""
from __future__ import annotations

import hashlib
import html
import re

from httpkit import Request, Response, file_response, http_date, json_response, text_response
from peertube_json import WEB, webvtt

M3U8 = "application/vnd.apple.mpegurl"
FEED_COUNT = 20
FEED_TYPES = {"xml": ("application/xml", "text/xml"), "rss": ("application/rss+xml", "application/xml", "text/xml"),
              "rss2": ("application/rss+xml", "application/xml", "text/xml")}
PROGRESSIVE = {"landscape_web": "landscape-720", "long": "long-240", "split_audio": "split-muxed-720"}


def add_routes(site) -> None:
    site.route("GET", r"/static/web-videos/([0-9a-f-]{36})-(\d+)\.mp4", lambda r, m: web_video(site, r, m, False))
    site.route("GET", r"/download/videos/([0-9a-f-]{36})-(\d+)\.mp4", lambda r, m: web_video(site, r, m, True))
    site.route("GET", r"/download/videos/generate/([^/]+)", lambda r, m: generated(site, r, m))
    site.route("GET", r"/static/streaming-playlists/hls/([0-9a-f-]{36})/([^/]+)", lambda r, m: hls_file(site, r, m))
    site.route("GET", r"/lazy-static/(thumbnails|previews)/([0-9a-f-]{36})\.jpg", lambda r, m: picture(site, r, m))
    site.route("GET", r"/lazy-static/(avatars|banners)/[0-9a-f]+-\d+-([a-z-]+)\.jpg",
               lambda r, m: file_response(site.corpus.path(m.group(2)), "image/jpeg"))
    site.route("GET", r"/lazy-static/video-captions/([0-9a-f-]{36})-([a-z]{2})\.vtt", lambda r, m: caption(site, r, m))
    site.route("GET", r"/feeds/videos\.(xml|rss|rss2)", lambda r, m: feed(site, r, m))


def _local(site, uuid: str):
    video = site.instance.video(uuid)
    return video if video is not None and video.origin == site.index else None


def web_video(site, request: Request, match, download: bool) -> Response:
    video = _local(site, match.group(1))
    if video is None:
        return site.problem(404, "File not found", request)
    headers = {"Content-Disposition": f'attachment; filename="{video.name}-{match.group(2)}p.mp4"'} if download else {}
    if video.upload is not None:
        files = site.json.web_files(video)
        if not files or files[0]["resolution"]["id"] != int(match.group(2)):
            return site.problem(404, "File not found", request)
        return file_response(video.upload["path"], "video/mp4", headers)
    shape = {"landscape_web": "landscape", "long": "long"}.get(video.kind, "portrait")
    clip = dict((res, c) for c, res in WEB[shape]).get(int(match.group(2)))
    if clip is None or not site.json.web_files(video):
        return site.problem(404, "File not found", request)
    return file_response(site.corpus.path(site.json.tint(video, clip)), "video/mp4", headers)


def generated(site, request: Request, match) -> Response:
    """One MP4 with the best video and audio (PeerTube muxes the split HLS files with ffmpeg)."""
    video = _local(site, match.group(1))
    if video is None or not (site.json.web_files(video) or site.json.hls_renditions(video)):
        return site.problem(404, "Video not found", request)
    path = video.upload["path"] if video.upload else site.corpus.path(
        site.json.tint(video, PROGRESSIVE.get(video.kind, "portrait-720")))
    return file_response(path, "video/mp4",
                         {"Content-Disposition": f'attachment; filename="{video.name}.mp4"'})


def hls_file(site, request: Request, match) -> Response:
    video = _local(site, match.group(1))
    renditions = site.json.hls_renditions(video) if video else []
    if not renditions:
        return site.problem(404, "File not found", request)
    name = match.group(2)
    by_resolution = {str(res): clip for clip, res, _, _ in renditions}
    if name == f"{video.uuid}-master.m3u8":
        return text_response(site.json.master_playlist(video), M3U8)
    if name == f"{video.uuid}-segments-sha256.json":
        return json_response(segment_hashes(site, video, renditions))
    found = re.fullmatch(re.escape(video.uuid) + r"-(\d+)(\.m3u8|-fragmented\.mp4)", name)
    if not found or found.group(1) not in by_resolution:
        return site.problem(404, "File not found", request)
    clip = by_resolution[found.group(1)]
    if found.group(2) == ".m3u8":
        from hls import media_playlist
        return text_response(media_playlist(site.corpus.fragmented(clip), f"{video.uuid}-{found.group(1)}-fragmented.mp4"), M3U8)
    return file_response(site.corpus.path(clip), "video/mp4")


def segment_hashes(site, video, renditions) -> dict:
    document = {}
    for clip, res, _, _ in renditions:
        with open(site.corpus.path(clip), "rb") as handle:
            data = handle.read()
        document[f"{video.uuid}-{res}-fragmented.mp4"] = {
            f"{s.offset}-{s.offset + s.length - 1}": hashlib.sha256(data[s.offset:s.offset + s.length]).hexdigest()
            for s in site.corpus.fragmented(clip).segments}
    return document


def picture(site, request: Request, match) -> Response:
    video = site.instance.video(match.group(2))
    if video is None:
        return site.problem(404, "File not found", request)
    kind = "thumb" if match.group(1) == "thumbnails" else "preview"
    return file_response(site.corpus.path(f"{kind}-{'landscape' if not video.portrait else 'portrait'}"), "image/jpeg")


def caption(site, request: Request, match) -> Response:
    video = site.instance.video(match.group(1))
    if video is None or match.group(2) not in video.captions:
        return site.problem(404, "File not found", request)
    return text_response(webvtt(video, match.group(2)), "text/vtt; charset=utf-8")


# --- the Media RSS feed ----------------------------------------------------------------------------
def accepts(header: str, offered: tuple[str, ...]) -> str | None:
    """The offered type the Accept header likes best; the first offered when there is no header
    (Express's req.accepts)."""
    if not header.strip():
        return offered[0]
    ranges = []
    for part in header.split(","):
        fields = [f.strip() for f in part.split(";")]
        quality = next((float(f[2:]) for f in fields[1:] if f.startswith("q=") and re.fullmatch(r"q=[0-9.]+", f)), 1.0)
        ranges.append((fields[0].lower(), quality))
    best, best_quality = None, 0.0
    for kind in offered:
        major = kind.split("/")[0]
        quality = max((q for r, q in ranges if r in (kind, f"{major}/*", "*/*", "*")), default=0.0)
        if quality > best_quality:
            best, best_quality = kind, quality
    return best


def feed(site, request: Request, match) -> Response:
    chosen = accepts(request.header("accept"), FEED_TYPES[match.group(1)])
    if chosen is None:
        return site.problem(406, "You should accept at least one of the following content-types: "
                            + ", ".join(FEED_TYPES[match.group(1)]), request)
    videos = site.instance.known_videos
    owner = None
    for param, kind in (("videoChannelId", "channel"), ("accountId", "account")):
        if request.arg(param):
            owner = next((a for a in site.world.actors if a.kind == kind and str(site.instance.actor_id(a)) == request.arg(param)), None)
            if owner is None:
                return site.problem(404, f"{'Video channel' if kind == 'channel' else 'Account'} not found", request)
    for param, kind in (("videoChannelName", "channel"), ("accountName", "account")):
        if request.arg(param):
            owner = site.lookup(request.arg(param), kind)
            if owner is None:
                return site.problem(404, f"{'Video channel' if kind == 'channel' else 'Account'} not found", request)
    if owner is not None:
        videos = site.world.videos_of(owner, videos)
    videos = [v for v in site.ordered(request, site.filtered(request, videos), "-publishedAt")
              if site.json.web_files(v) or site.json.hls_renditions(v)][:FEED_COUNT]
    body = rss(site, owner, videos)
    return Response(200, body.encode("utf-8"), {"Content-Type": chosen + "; charset=utf-8", "Cache-Control": "max-age=900"},
                    weak_etag=True)


def rss(site, owner, videos) -> str:
    e = lambda text: html.escape(str(text), quote=True)  # noqa: E731
    title = owner.display_name if owner else site.instance.name
    link = site.json.actor_url(owner) if owner else site.base_url
    image = site.json.images(owner)[-1]["fileUrl"] if owner else f"{site.base_url}/client/assets/images/icons/icon-96x96.png"
    items = []
    for video in videos:
        details = site.json.details(video)
        files = details["files"] + [f for p in details["streamingPlaylists"] for f in p["files"]]
        watch = f"{site.base_url}/w/{video.short_uuid}"
        contents = "".join(
            f'<media:content type="{"audio/mp4" if not f["hasVideo"] else "video/mp4"}" medium="video" '
            f'height="{f["resolution"]["id"]}" fileSize="{f["size"]}" url="{e(f["fileUrl"])}" framerate="{f["fps"]}" '
            f'duration="{video.duration}" lang="en"/>' for f in files)
        peers = "".join(f'<media:peerLink type="application/x-bittorrent" href="{e(f["torrentUrl"])}" isDefault="false"/>'
                        for f in files)
        best = max((f for f in files if f["hasVideo"]), key=lambda f: f["resolution"]["id"], default=None)
        enclosure = ""
        if best is not None:
            audio = next((f for f in files if not f["hasVideo"]), None)
            ids = ",".join(str(f["id"]) for f in (best, audio) if f)
            enclosure = (f'<enclosure url="{site.world.url(video.origin)}/download/videos/generate/{video.uuid}?videoFileIds={ids}" '
                         f'length="{best["size"] + (audio["size"] if audio else 0)}" type="video/mp4"/>')
        thumb = f'{site.base_url}{details["thumbnailPath"]}'
        items.append(
            f"<item><title>{e(video.name)}</title><link>{watch}</link><guid>{watch}</guid>"
            f"<pubDate>{http_date(video.published)}</pubDate>"
            f"<description><![CDATA[{video.description}]]></description>"
            f"<content:encoded><![CDATA[<p>{e(video.description)}</p>]]></content:encoded>"
            f"<dc:creator>{e(video.channel.display_name)}</dc:creator>"
            f'<media:category label="{e(details["category"]["label"])}">{details["category"]["id"]}</media:category>'
            f'<media:community><media:statistics views="{video.views}"/></media:community>'
            f'<media:embed url="{site.base_url}/videos/embed/{video.uuid}" allowFullscreen="true"/>'
            f'<media:player url="{watch}"/>{enclosure}'
            f'<media:thumbnail url="{thumb}" height="480" width="{480 if not video.portrait else 270}"/>'
            f'<media:title type="plain">{e(video.name)}</media:title>'
            f'<media:description type="plain">{e(video.description)}</media:description>'
            f'<media:rating>{"adult" if video.nsfw else "nonadult"}</media:rating>'
            f"<media:group>{peers}{contents}</media:group></item>")
    return ('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" '
            'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" '
            'xmlns:media="http://search.yahoo.com/mrss/" xmlns:podcast="https://podcastindex.org/namespace/1.0">'
            f"<channel><title>{e(title)}</title><link>{e(link)}</link><description>{e(title)}</description>"
            f"<lastBuildDate>{http_date(site.world.epoch)}</lastBuildDate><docs>https://validator.w3.org/feed/docs/rss2.html</docs>"
            f"<generator>PeerTube - {site.base_url}</generator>"
            f"<image><title>{e(title)}</title><url>{e(image)}</url><link>{e(link)}</link></image>"
            f"<copyright>All rights reserved, unless otherwise specified in the terms specified at {site.base_url}/about"
            f" and potential licenses granted by each content's rightholder.</copyright>"
            f'<atom:link href="{site.base_url}/feeds/videos.xml" rel="self" type="application/rss+xml"/>'
            f"{''.join(items)}</channel></rss>")


def server_config(site) -> dict:
    """/api/v1/config: ServerConfig (packages/models/src/server/server-config.model.ts)."""
    images = site.json.images(site.instance.accounts[0])
    return {
        "serverVersion": "7.0.1", "serverCommit": "fake",
        "client": {"newFeaturesInfo": False, "header": {"hideInstanceName": False},
                   "videos": {"miniature": {"preferAuthorDisplayName": False}, "resumableUpload": {"maxChunkSize": 104857600}},
                   "browseVideos": {"defaultSort": "-publishedAt", "defaultScope": "federated"},
                   "menu": {"login": {"redirectOnSingleExternalAuth": False}}},
        "defaults": {"publish": {"downloadEnabled": True, "commentsPolicy": 1, "privacy": 1, "licence": None},
                     "p2p": {"webapp": {"enabled": True}, "embed": {"enabled": True}},
                     "player": {"theme": "galaxy", "autoPlay": True}},
        "webadmin": {"configuration": {"edition": {"allowed": False}}},
        "instance": {"name": site.instance.name, "shortDescription": f"{site.instance.name}, a loopback test instance",
                     "isNSFW": False, "defaultNSFWPolicy": site.nsfw_policy, "serverCountry": "", "support": {"text": ""},
                     "social": {"externalLink": "", "mastodonLink": "", "blueskyLink": "", "xLink": ""},
                     "defaultClientRoute": "/videos/browse", "customizations": {"javascript": "", "css": ""},
                     "avatars": images, "banners": [], "defaultLanguage": "en", "logo": []},
        "search": {"remoteUri": {"users": True, "anonymous": False},
                   "searchIndex": {"enabled": False, "url": "", "disableLocalSearch": False, "isDefaultSearch": False}},
        "plugin": {"registered": [], "registeredExternalAuths": [], "registeredIdAndPassAuths": []},
        "theme": {"registered": [], "builtIn": [{"name": "peertube-core-light-beige"}], "default": "default"},
        "email": {"enabled": False}, "contactForm": {"enabled": False},
        "signup": {"allowed": False, "allowedForCurrentIP": False, "requiresEmailVerification": False,
                   "requiresApproval": True, "minimumAge": 16},
        "transcoding": {"hls": {"enabled": True}, "web_videos": {"enabled": True}, "enabledResolutions": [0, 240, 720],
                        "profile": "default", "availableProfiles": ["default"], "remoteRunners": {"enabled": False}},
        "live": {"enabled": True, "allowReplay": True, "latencySetting": {"enabled": True}, "maxDuration": -1,
                 "maxInstanceLives": 20, "maxUserLives": 3,
                 "transcoding": {"enabled": True, "remoteRunners": {"enabled": False}, "enabledResolutions": [240, 720],
                                 "profile": "default", "availableProfiles": ["default"]}, "rtmp": {"port": 1935}},
        "videoStudio": {"enabled": False, "remoteRunners": {"enabled": False}},
        "videoFile": {"update": {"enabled": False}},
        "import": {"videos": {"http": {"enabled": False}, "torrent": {"enabled": False}},
                   "videoChannelSynchronization": {"enabled": False}, "users": {"enabled": False}},
        "export": {"users": {"enabled": False, "exportExpiration": 172800000, "maxUserVideoQuota": 10737418240}},
        "autoBlacklist": {"videos": {"ofUsers": {"enabled": False}}},
        "avatar": {"file": {"size": {"max": 4194304}, "extensions": [".png", ".jpeg", ".jpg", ".gif", ".webp"]}},
        "banner": {"file": {"size": {"max": 4194304}, "extensions": [".png", ".jpeg", ".jpg", ".gif", ".webp"]}},
        "video": {"image": {"size": {"max": 4194304}, "extensions": [".png", ".jpg", ".jpeg", ".webp"]},
                  "file": {"extensions": [".webm", ".ogv", ".ogg", ".mp4", ".mkv", ".mov"]}},
        "videoCaption": {"file": {"size": {"max": 20971520}, "extensions": [".vtt", ".srt"]}},
        "user": {"videoQuota": site.upload_quota, "videoQuotaDaily": -1},
        "videoChannels": {"maxPerUser": 20},
        "trending": {"videos": {"intervalDays": 7, "algorithms": {"enabled": ["hot", "most-viewed", "most-liked"], "default": "most-viewed"}}},
        "tracker": {"enabled": True},
        "followings": {"instance": {"autoFollowIndex": {"indexUrl": ""}}},
        "federation": {"enabled": True},
        "broadcastMessage": {"enabled": False, "message": "", "level": "info", "dismissable": False},
        "homepage": {"enabled": False},
        "openTelemetry": {"metrics": {"enabled": False, "playbackStatsInterval": 15000}},
        "views": {"videos": {"remote": {"maxAge": 1800000}, "local": {"maxAge": 3600000},
                             "watchingInterval": {"anonymous": 5000, "users": 5000}}},
        "storyboards": {"enabled": False, "remoteRunners": {"enabled": False}},
        "videoTranscription": {"enabled": False, "remoteRunners": {"enabled": False}},
        "webrtc": {"stunServers": []}, "nsfwFlagsSettings": {"enabled": True},
        "fieldsConstraints": {"users": {"password": {"minLength": 6, "maxLength": 255}}},
    }

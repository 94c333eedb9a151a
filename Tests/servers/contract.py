"""The shapes the published contracts give to what the fakes serve, and a checker.

PeerTube: support/doc/api/openapi.yaml components/schemas (Video, VideoDetails, VideoFile,
VideoStreamingPlaylists, AccountSummary, VideoChannelSummary, Account, VideoChannel, ActorImage,
VideoComment, VideoCommentThreadTree, VideoCaption, ServerConfig, VideoListResponse,
CommentThreadResponse) completed by packages/models/src (url, comments, viewers, hasAudio, hasVideo,
width, height, fileUrl of captions and images, totalNotDeletedComments).
Loops: app/Http/Resources (VideoResource, ProfileResource, CommentResource, CommentReplyResource),
VideoService::getMediaData, AccountService::compact/deletedAccount, and Laravel's cursor paginator.

A spec is a type (or tuple of types), a dict of required fields, a one-item list (every element),
Nullable(spec), Optional(spec) (a field that may be absent), or Ref(name) (a named spec, for trees).
"""
from __future__ import annotations

import re


class Nullable:
    def __init__(self, spec):
        self.spec = spec


class Optional:
    def __init__(self, spec):
        self.spec = spec


class Ref:
    def __init__(self, name: str):
        self.name = name


class Pattern:
    def __init__(self, regex: str, what: str):
        self.regex, self.what = re.compile(regex), what


NUMBER = (int, float)
DATE = Pattern(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$", "an ISO 8601 date")
URL = Pattern(r"https?://[^/\s]+(/\S*)?$", "an absolute http(s) URL")
UUID = Pattern(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", "a v4 UUID")
SNOWFLAKE = Pattern(r"\d{1,20}$", "a numeric id as a string")


def check(value, spec, where: str = "$", named: dict | None = None) -> list[str]:
    named = named if named is not None else NAMED
    if isinstance(spec, Ref):
        return check(value, named[spec.name], where, named)
    if isinstance(spec, Nullable):
        return [] if value is None else check(value, spec.spec, where, named)
    if isinstance(spec, Optional):
        return check(value, spec.spec, where, named)
    if isinstance(spec, Pattern):
        return [] if isinstance(value, str) and spec.regex.match(value) else [f"{where}: {value!r} is not {spec.what}"]
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            return [f"{where}: expected an object, got {type(value).__name__}"]
        errors = []
        for key, sub in spec.items():
            if key not in value:
                if not isinstance(sub, Optional):
                    errors.append(f"{where}.{key}: missing")
                continue
            errors += check(value[key], sub, f"{where}.{key}", named)
        return errors
    if isinstance(spec, list):
        if not isinstance(value, list):
            return [f"{where}: expected an array, got {type(value).__name__}"]
        return [e for n, item in enumerate(value) for e in check(item, spec[0], f"{where}[{n}]", named)]
    types = spec if isinstance(spec, tuple) else (spec,)
    if isinstance(value, bool) and bool not in types:
        return [f"{where}: expected {'/'.join(t.__name__ for t in types)}, got bool"]
    return [] if isinstance(value, types) else [f"{where}: expected {'/'.join(t.__name__ for t in types)}, got {type(value).__name__}"]


def listing(spec) -> dict:
    return {"total": int, "data": [spec]}


# --- PeerTube ---------------------------------------------------------------------------------------
ACTOR_IMAGE = {"path": str, "width": int, "height": int, "fileUrl": URL, "createdAt": DATE, "updatedAt": DATE}
CONSTANT_NUMBER = {"id": Nullable(int), "label": str}
CONSTANT_STRING = {"id": Nullable(str), "label": str}
ACTOR_SUMMARY = {"id": int, "name": str, "displayName": str, "url": URL, "host": str, "avatars": [ACTOR_IMAGE]}
ACTOR = {"id": int, "url": URL, "name": str, "host": str, "followingCount": int, "followersCount": int,
         "createdAt": DATE, "avatars": [ACTOR_IMAGE]}
ACCOUNT = {**ACTOR, "displayName": str, "description": Nullable(str), "updatedAt": DATE, "userId": Optional(int)}
CHANNEL = {**ACTOR, "displayName": str, "description": Nullable(str), "support": Nullable(str), "isLocal": bool,
           "updatedAt": DATE, "banners": [ACTOR_IMAGE], "ownerAccount": Optional(ACCOUNT)}
VIDEO = {"id": int, "uuid": UUID, "shortUUID": str, "url": URL, "name": str, "category": CONSTANT_NUMBER,
         "licence": CONSTANT_NUMBER, "language": CONSTANT_STRING, "privacy": CONSTANT_NUMBER, "nsfw": bool,
         "truncatedDescription": Nullable(str), "description": Nullable(str), "isLocal": bool, "duration": int,
         "aspectRatio": Nullable(NUMBER), "isLive": bool, "views": int, "viewers": int, "likes": int,
         "dislikes": int, "comments": int, "thumbnailPath": str, "previewPath": str, "embedPath": str,
         "createdAt": DATE, "updatedAt": DATE, "publishedAt": DATE, "originallyPublishedAt": Nullable(DATE),
         "account": ACTOR_SUMMARY, "channel": ACTOR_SUMMARY}
VIDEO_FILE = {"id": int, "resolution": CONSTANT_NUMBER, "size": int, "torrentUrl": str, "torrentDownloadUrl": str,
              "fileUrl": URL, "fileDownloadUrl": URL, "fps": NUMBER, "metadataUrl": str, "magnetUri": Nullable(str),
              "hasAudio": bool, "hasVideo": bool, "storage": int, "width": Optional(int), "height": Optional(int)}
STREAMING_PLAYLIST = {"id": int, "type": int, "playlistUrl": URL, "segmentsSha256Url": URL,
                      "redundancies": [{"baseUrl": str}], "files": [VIDEO_FILE]}
VIDEO_DETAILS = {**VIDEO, "support": Nullable(str), "channel": CHANNEL, "account": ACCOUNT, "tags": [str],
                 "commentsPolicy": CONSTANT_NUMBER, "downloadEnabled": bool, "waitTranscoding": bool,
                 "state": CONSTANT_NUMBER, "trackerUrls": [str], "files": [VIDEO_FILE],
                 "streamingPlaylists": [STREAMING_PLAYLIST], "inputFileUpdatedAt": Nullable(DATE)}
COMMENT = {"id": int, "url": URL, "text": str, "threadId": int, "inReplyToCommentId": Nullable(int), "videoId": int,
           "createdAt": DATE, "updatedAt": DATE, "deletedAt": Nullable(DATE), "isDeleted": bool, "heldForReview": bool,
           "totalRepliesFromVideoAuthor": int, "totalReplies": int, "account": Nullable(ACCOUNT)}
THREAD_TREE = {"comment": COMMENT, "children": [Ref("thread_tree")]}
THREADS = {**listing(COMMENT), "totalNotDeletedComments": int}
CAPTION = {"language": CONSTANT_STRING, "captionPath": str, "fileUrl": URL, "automaticallyGenerated": bool,
           "updatedAt": DATE}
SERVER_CONFIG = {
    "serverVersion": str,
    "instance": {"name": str, "shortDescription": str, "isNSFW": bool, "defaultNSFWPolicy": str,
                 "defaultClientRoute": str, "customizations": {"javascript": str, "css": str},
                 "avatars": [ACTOR_IMAGE], "banners": [ACTOR_IMAGE]},
    "search": {"remoteUri": {"users": bool, "anonymous": bool},
               "searchIndex": {"enabled": bool, "url": str, "disableLocalSearch": bool, "isDefaultSearch": bool}},
    "plugin": {"registered": list}, "theme": {"registered": list},
    "email": {"enabled": bool}, "contactForm": {"enabled": bool},
    "signup": {"allowed": bool, "allowedForCurrentIP": bool, "requiresEmailVerification": bool},
    "transcoding": {"hls": {"enabled": bool}, "web_videos": {"enabled": bool}, "enabledResolutions": [int]},
    "import": {"videos": {"http": {"enabled": bool}, "torrent": {"enabled": bool}}},
    "autoBlacklist": {"videos": {"ofUsers": {"enabled": bool}}},
    "avatar": {"file": {"size": {"max": int}, "extensions": [str]}},
    "video": {"image": {"extensions": [str], "size": {"max": int}}, "file": {"extensions": [str]}},
    "videoCaption": {"file": {"size": {"max": int}, "extensions": [str]}},
    "user": {"videoQuota": int, "videoQuotaDaily": int},
    "trending": {"videos": {"intervalDays": int}}, "tracker": {"enabled": bool},
    "followings": {"instance": {"autoFollowIndex": {"indexUrl": str}}}, "homepage": {"enabled": bool},
}
PROBLEM = {"type": str, "title": str, "status": int, "detail": str}

# --- Loops ------------------------------------------------------------------------------------------
LOOPS_COMPACT = {"id": SNOWFLAKE, "name": str, "display_name": str, "username": str, "avatar": URL}
LOOPS_DELETED_ACCOUNT = {"id": str, "name": str, "username": str, "avatar": str}
LOOPS_PROFILE = {"id": SNOWFLAKE, "name": str, "avatar": URL, "username": str, "is_owner": bool, "local": bool,
                 "bio": str, "post_count": int, "follower_count": int, "following_count": int, "url": URL,
                 "remote_url": Nullable(URL), "is_blocking": Nullable(bool), "manually_approves_followers": bool,
                 "links": list, "has_playlists": bool, "accepts_dms": bool, "created_at": DATE}
LOOPS_VIDEO = {"id": SNOWFLAKE, "account": LOOPS_COMPACT, "caption": Nullable(str), "url": URL, "shortcode": str,
               "is_owner": bool, "is_sensitive": bool, "is_local": bool,
               "media": {"thumbnail": URL, "src_url": Nullable(URL), "hls_url": Nullable(str), "alt_text": Nullable(str),
                         "duration": NUMBER, "width": Nullable(int), "height": Nullable(int)},
               "pinned": bool, "likes": int, "shares": int, "comments": int, "bookmarks": int, "has_liked": bool,
               "has_bookmarked": bool, "is_edited": bool, "lang": Nullable(str), "tags": [str], "mentions": list,
               "permissions": {"can_comment": bool, "can_download": bool, "can_duet": bool, "can_stitch": bool,
                               "can_embed": bool},
               "audio": {"has_audio": bool, "id": str, "count": int, "key": str, "sound_id": Nullable(str)},
               "meta": {"contains_ai": bool, "contains_ad": bool}, "created_at": DATE}
LOOPS_MEDIA_DATA = {"id": SNOWFLAKE, "hid": str, "account": LOOPS_COMPACT, "caption": Nullable(str),
                    "captionText": str, "captionLinked": Nullable(str), "url": URL, "likes": int, "views": int,
                    "shares": int, "comments": int, "bookmarks": int, "is_sensitive": bool, "is_local": bool,
                    "created_at": DATE, "updated_at": DATE,
                    "media": {"duration": NUMBER, "width": int, "height": int, "thumbnail": URL}}
LOOPS_COMMENT = {"id": SNOWFLAKE, "v_id": SNOWFLAKE, "account": LOOPS_COMPACT, "caption": Nullable(str),
                 "replies": int, "children": list, "tags": [str], "mentions": list, "likes": int, "shares": int,
                 "liked": bool, "url": URL, "media_count": int, "media": list, "remote_url": Nullable(str),
                 "tombstone": bool, "is_edited": bool, "is_hidden": bool, "is_owner": bool, "created_at": DATE}
LOOPS_COMMENT_TOMBSTONE = {"id": SNOWFLAKE, "v_id": SNOWFLAKE, "account": LOOPS_DELETED_ACCOUNT, "caption": str,
                           "likes": int, "replies": int, "tombstone": bool, "url": Nullable(str), "created_at": DATE}
LOOPS_REPLY = {"id": SNOWFLAKE, "v_id": SNOWFLAKE, "p_id": SNOWFLAKE, "account": LOOPS_COMPACT, "caption": Nullable(str),
               "likes": int, "shares": int, "tags": [str], "mentions": list, "liked": bool, "url": URL,
               "media_count": int, "remote_url": Nullable(str), "tombstone": bool, "is_edited": bool,
               "is_hidden": bool, "is_owner": bool, "created_at": DATE}
LOOPS_REPLY_TOMBSTONE = {"id": SNOWFLAKE, "v_id": SNOWFLAKE, "p_id": Nullable(str), "account": LOOPS_DELETED_ACCOUNT,
                         "caption": str, "tombstone": bool, "created_at": DATE}
LOOPS_TAG = {"id": int, "name": str, "count": int}
LOOPS_ERROR = {"data": list, "error": {"code": int, "message": str}}


def cursor_page(spec) -> dict:
    """A Laravel CursorPaginator through a resource collection."""
    return {"data": [spec], "links": {"first": Nullable(str), "last": Nullable(str), "prev": Nullable(URL), "next": Nullable(URL)},
            "meta": {"path": URL, "per_page": int, "next_cursor": Nullable(str), "prev_cursor": Nullable(str)}}


NAMED = {"thread_tree": THREAD_TREE}

"""Loops' JSON documents, as one server renders what it knows (joinloops/loops-server:
app/Http/Resources/VideoResource.php, ProfileResource.php, CommentResource.php,
CommentReplyResource.php; app/Services/VideoService.php getMediaData, AccountService.php compact).
"""
from __future__ import annotations

import base64
import datetime
import json

from loops_world import LoopsComment, LoopsVideo, LoopsWorld, Profile

BASE62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DELETED_MESSAGES = {"deleted_by_user": "This comment was deleted by the user",
                    "deleted_by_admin": "This comment was deleted by admins",
                    "account_disabled": "This comment was made by a disabled account"}


def iso(timestamp: float) -> str:
    """PHP's format('c'): 2025-01-02T03:04:05+00:00."""
    return datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc).isoformat(timespec="seconds")


def hashid(number: int) -> str:
    text = ""
    while number:
        number, digit = divmod(number, 62)
        text = BASE62[digit] + text
    return text or "0"


def encode_cursor(parameters: dict, next_items: bool = True) -> str:
    """Laravel's Cursor::encode: URL-safe base64 of the JSON of the last row's order columns."""
    raw = json.dumps({**parameters, "_pointsToNextItems": next_items}, separators=(",", ":")).encode()
    return base64.b64encode(raw).decode().replace("+", "-").replace("/", "_").rstrip("=")


def decode_cursor(text: str) -> dict | None:
    try:
        padded = text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4)
        value = json.loads(base64.b64decode(padded))
        return value if isinstance(value, dict) else None
    except (ValueError, TypeError):
        return None


class LoopsFormatter:
    def __init__(self, world: LoopsWorld, viewer: int, base_url: str):
        self.world = world
        self.viewer = viewer
        self.server = world.servers[viewer]
        self.base_url = base_url

    def username(self, profile: Profile) -> str:
        return profile.username if profile.origin == self.viewer else f"{profile.username}@{self.world.host(profile.origin)}"

    def avatar(self, profile: Profile) -> str:
        return f"{self.world.url(profile.origin)}/storage/avatars/{profile.seq}/{profile.avatar}.jpg"

    def profile(self, profile: Profile) -> dict:
        """ProfileResource."""
        local = profile.origin == self.viewer
        username = self.username(profile)
        own_videos = [v for v in self.server.known_videos if v.profile is profile]
        return {"id": str(self.server.profile_id(profile)), "name": profile.name, "avatar": self.avatar(profile),
                "username": username, "is_owner": False, "local": local, "bio": profile.bio,
                "post_count": len(own_videos), "follower_count": profile.followers,
                "following_count": profile.following, "url": f"{self.base_url}/@{username}",
                "remote_url": None if local else f"{self.world.url(profile.origin)}/@{profile.username}",
                "is_blocking": None, "manually_approves_followers": False, "links": [], "has_playlists": False,
                "accepts_dms": False, "is_admin": False, "created_at": iso(profile.created)}

    def compact(self, profile: Profile) -> dict:
        """AccountService::compact."""
        return {"id": str(self.server.profile_id(profile)), "name": profile.name, "display_name": profile.name,
                "username": self.username(profile), "avatar": self.avatar(profile)}

    def src_url(self, video: LoopsVideo) -> str:
        return f"{self.world.url(video.origin)}/storage/videos/{video.origin}-{video.seq}.mp4"

    def thumbnail(self, video: LoopsVideo) -> str:
        return f"{self.world.url(video.origin)}/storage/videos/{video.origin}-{video.seq}.jpg"

    def share_url(self, video: LoopsVideo) -> str:
        return f"{self.base_url}/v/{hashid(self.server.video_id(video))}"

    def video(self, video: LoopsVideo) -> dict:
        """VideoResource (the account feed, a video, the web feed)."""
        vid = self.server.video_id(video)
        return {
            "id": str(vid), "account": self.compact(video.profile), "caption": video.caption,
            "url": self.share_url(video), "shortcode": hashid(vid), "is_owner": False,
            "is_sensitive": video.sensitive, "is_local": video.origin == self.viewer,
            "media": {"thumbnail": self.thumbnail(video), "src_url": self.src_url(video), "hls_url": None,
                      "alt_text": None, "duration": video.duration, "width": video.width, "height": video.height},
            "pinned": video.pinned, "likes": video.likes, "shares": video.shares,
            "comments": video.comment_count() if video.comments_enabled else 0, "bookmarks": video.bookmarks,
            "has_liked": False, "has_bookmarked": False, "is_edited": False, "lang": "en", "tags": video.tags,
            "mentions": [],
            "permissions": {"can_comment": video.comments_enabled, "can_download": True, "can_duet": True,
                            "can_stitch": True, "can_embed": not video.sensitive},
            "audio": {"has_audio": True, "id": f"at:{vid}", "count": 0, "key": f"{vid:x}-audio", "sound_id": None},
            "meta": {"contains_ai": False, "contains_ad": False}, "created_at": iso(video.created),
        }

    def media_data(self, video: LoopsVideo) -> dict:
        """VideoService::getMediaData less media.src_url, as VideoHashtagResource gives it (tag feeds)."""
        vid = self.server.video_id(video)
        short = video.caption if len(video.caption) <= 20 else video.caption[:20] + "..."
        comments = video.comment_count() if video.comments_enabled else 0
        return {"id": str(vid), "hid": hashid(vid), "account": self.compact(video.profile), "caption": video.caption,
                "captionText": f"{short} • {video.likes} likes • {comments} comments",
                "captionLinked": video.caption, "url": self.share_url(video), "likes": video.likes,
                "views": video.views, "shares": video.shares, "comments": comments, "bookmarks": video.bookmarks,
                "is_sensitive": video.sensitive, "is_local": video.origin == self.viewer,
                "created_at": iso(video.created), "updated_at": iso(video.created + 60),
                "media": {"duration": video.duration, "width": video.width, "height": video.height,
                          "thumbnail": self.thumbnail(video)}}

    def comment(self, video: LoopsVideo, comment: LoopsComment) -> dict:
        """CommentResource, or its tombstone."""
        common = {"id": str(self.server.comment_id(comment)), "v_id": str(self.server.video_id(video))}
        replies = len(comment.replies)
        if comment.status != "active":
            return {**common, "account": deleted_account(), "caption": DELETED_MESSAGES.get(comment.status, "This comment is not available"),
                    "likes": 0, "shares": 0, "replies": replies, "children": [], "tags": [], "mentions": [],
                    "is_edited": False, "liked": False, "url": None, "media_count": 0, "media": [], "remote_url": None,
                    "is_owner": False, "is_hidden": False, "tombstone": True, "created_at": iso(comment.created)}
        return {**common, "account": self.compact(comment.author), "caption": comment.caption, "replies": replies,
                "children": [], "tags": [video.tags[0]] if f"#{video.tags[0]}" in comment.caption else [],
                "mentions": [], "likes": comment.likes, "shares": 0, "liked": False,
                "url": f"{self.share_url(video)}?cid={hashid(self.server.comment_id(comment))}", "media_count": 0,
                "media": [], "remote_url": None, "tombstone": False, "is_edited": False, "is_hidden": False,
                "is_owner": False, "created_at": iso(comment.created)}

    def reply(self, video: LoopsVideo, reply: LoopsComment) -> dict:
        """CommentReplyResource (no `media` key: the attachments are not loaded for replies)."""
        common = {"id": str(self.server.comment_id(reply)), "v_id": str(self.server.video_id(video))}
        if reply.status != "active":
            return {**common, "p_id": None, "account": deleted_account(),
                    "caption": DELETED_MESSAGES.get(reply.status, "This comment is not available"), "likes": 0,
                    "shares": 0, "liked": False, "url": None, "media_count": 0, "media": [], "remote_url": None,
                    "tags": [], "mentions": [], "is_edited": False, "tombstone": True, "is_owner": False,
                    "is_hidden": False, "created_at": iso(reply.created)}
        return {**common, "p_id": str(self.server.comment_id(reply.parent)), "account": self.compact(reply.author),
                "caption": reply.caption, "likes": reply.likes, "shares": 0, "tags": [], "mentions": [], "liked": False,
                "url": f"{self.share_url(video)}?cid={hashid(self.server.comment_id(reply))}", "media_count": 0,
                "remote_url": None, "tombstone": False, "is_edited": False, "is_hidden": False, "is_owner": False,
                "created_at": iso(reply.created)}


def deleted_account() -> dict:
    """AccountService::deletedAccount."""
    return {"id": "0", "name": "User", "username": "deleted", "avatar": "/storage/avatars/default.jpg"}

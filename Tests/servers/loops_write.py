"""What a signed-in user does on a fake Loops server (joinloops/loops-server routes/api.php;
VideoController::like, unlike, storeComment, deleteComment, deleteCommentReply;
AccountController::follow, unfollow): like and unlike videos, comment and reply, delete their own
comments, follow and unfollow profiles. Every route needs the bearer token (401 {"message":
"Unauthenticated."} without).

The world's video and comment objects are shared by the servers, so a like or a comment made on
one is seen on every server that knows the video at once.
"""
from __future__ import annotations

import threading
import time

from httpkit import Request, Response, json_response
from loops_auth import unauthenticated
from loops_world import LoopsComment

_lock = threading.Lock()


def add_routes(site) -> None:
    site.route("POST", r"/api/v1/video/like/([^/]+)", lambda r, m: like(site, r, m, True))
    site.route("POST", r"/api/v1/video/unlike/([^/]+)", lambda r, m: like(site, r, m, False))
    site.route("POST", r"/api/v1/video/comments/([^/]+)", lambda r, m: comment(site, r, m))
    site.route("POST", r"/api/v1/comments/delete/([^/]+)/([^/]+)/([^/]+)", lambda r, m: delete(site, r, m.group(1), m.group(3), m.group(2)))
    site.route("POST", r"/api/v1/comments/delete/([^/]+)/([^/]+)", lambda r, m: delete(site, r, m.group(1), m.group(2), None))
    site.route("POST", r"/api/v1/account/follow/([^/]+)", lambda r, m: follow(site, r, m, True))
    site.route("POST", r"/api/v1/account/unfollow/([^/]+)", lambda r, m: follow(site, r, m, False))
    site.route("GET", r"/api/v1/account/state/([^/]+)", lambda r, m: state(site, r, m))
    site.route("GET", r"/api/v1/account/following/([^/]+)", lambda r, m: following_list(site, r, m))
    site.route("GET", r"/api/v1/account/videos/likes", lambda r, m: liked_videos(site, r))


def _error(message: str, status: int) -> Response:
    """ApiHelpers::error, as the read routes' 404 is written."""
    return json_response({"data": [], "error": {"code": status, "message": message}}, status)


def _params(request: Request) -> dict:
    if "json" in request.header("content-type").lower():
        document = request.json()
        return document if isinstance(document, dict) else {}
    return request.form()


def like(site, request: Request, match, liked: bool) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    video = site.server.video(match.group(1))
    if video is None:
        return _error("Video not found or is unavailable", 404)
    with _lock:
        mine = site.server.liked.setdefault(profile.username, set())
        if liked and video.seq not in mine:
            mine.add(video.seq)
            video.likes += 1
        elif not liked and video.seq in mine:
            mine.discard(video.seq)
            video.likes -= 1
    document = site.fmt.video(video)
    document.update({"has_liked": video.seq in site.server.liked.get(profile.username, set()), "likes": video.likes})
    return json_response(document)


def comment(site, request: Request, match) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    params = _params(request)
    text = params.get("comment")
    if not isinstance(text, str) or not text.strip():
        return json_response({"message": "The comment field is required.",
                              "errors": {"comment": ["The comment field is required."]}}, 422)
    video = site.server.video(match.group(1))
    if video is None or not video.comments_enabled:
        return _error("Video not found or is unavailable or has comments disabled", 404)
    parent_id = params.get("parent_id")
    parent = None
    if parent_id not in (None, ""):
        parent = next((c for c in video.comments if str(site.server.comment_id(c)) == str(parent_id)), None)
        if parent is None:
            return site.not_found(request)
    with _lock:
        created = LoopsComment(site.world._next(), profile, text.strip(), time.time(), 0, parent=parent)
        (parent.replies if parent else video.comments).append(created)
    rendered = site.fmt.reply(video, created) if parent else site.fmt.comment(video, created)
    return json_response({"data": [rendered]})


def delete(site, request: Request, video_key: str, comment_key: str, parent_key: str | None) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    video = site.server.video(video_key)
    if video is None:
        return site.not_found(request)
    if parent_key is None:
        siblings = video.comments
    else:
        parent = next((c for c in video.comments if str(site.server.comment_id(c)) == parent_key), None)
        if parent is None:
            return site.not_found(request)
        siblings = parent.replies
    target = next((c for c in siblings if str(site.server.comment_id(c)) == comment_key and c.status == "active"), None)
    if target is None:
        return site.not_found(request)
    if target.author is not profile:
        return _error("Record not found", 400)
    with _lock:
        if target.replies:
            target.status, target.caption = "deleted_by_user", ""
        else:
            siblings.remove(target)
    return json_response({"data": []})


def follow(site, request: Request, match, following: bool) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    target = site.server.profile(match.group(1))
    if target is None:
        return site.not_found(request)
    if target is profile:
        return _error("You cannot follow yourself", 400)
    with _lock:
        mine = site.server.follows.setdefault(profile.username, [])
        if following and target not in mine:
            mine.append(target)
        elif not following and target in mine:
            mine.remove(target)
    return _relationship(site, profile, target)


def following_list(site, request: Request, match) -> Response:
    """AccountController::accountFollowing: the profiles an account follows, a cursor page at a time."""
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    target = site.server.profile(match.group(1))
    if target is None:
        return site.not_found(request)
    pid = site.server.profile_id
    followed = sorted(site.server.follows.get(target.username, []), key=lambda p: -pid(p))
    return json_response(site.cursor_page(request, followed, lambda p: {"id": pid(p)}, 15, site.fmt.compact, True))


def liked_videos(site, request: Request) -> Response:
    """AccountController::accountVideoLikes: the signed-in account's liked videos, newest first."""
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    mine = site.server.liked.get(profile.username, set())
    vid = site.server.video_id
    liked = sorted((v for v in site.server.known_videos if v.seq in mine), key=lambda v: -vid(v))
    return json_response(site.cursor_page(request, liked, lambda v: {"id": vid(v)}, 10, site.fmt.video, False))


def state(site, request: Request, match) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    target = site.server.profile(match.group(1))
    return _relationship(site, profile, target) if target else site.not_found(request)


def _relationship(site, profile, target) -> Response:
    following = target in site.server.follows.get(profile.username, [])
    return json_response({"data": {"following": following, "pending_follow_request": False, "blocking": False}})

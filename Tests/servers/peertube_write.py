"""What a signed-in user does on a fake PeerTube instance: rate videos, write and delete comments,
follow channels, and resolve a remote video by its address (openapi: Video Rates, Video Comments,
My Subscriptions, searchVideos; server/core/controllers/api/users/my-subscriptions.ts).

The world is shared by the instances, so what one instance records every other sees at once, as if
federation were instantaneous.
"""
from __future__ import annotations

import re

from httpkit import Request, Response, json_response
from peertube_auth import user_of


def add_routes(site) -> None:
    site.route("PUT", r"/api/v1/videos/([^/]+)/rate", lambda r, m: rate(site, r, m))
    site.route("GET", r"/api/v1/users/me/videos/([^/]+)/rating", lambda r, m: my_rating(site, r, m))
    site.route("GET", r"/api/v1/accounts/([^/]+)/ratings", lambda r, m: account_ratings(site, r, m))
    site.route("POST", r"/api/v1/videos/([^/]+)/comment-threads", lambda r, m: comment(site, r, m, None))
    site.route("POST", r"/api/v1/videos/([^/]+)/comments/(\d+)", lambda r, m: comment(site, r, m, m.group(2)))
    site.route("DELETE", r"/api/v1/videos/([^/]+)/comments/(\d+)", lambda r, m: delete_comment(site, r, m))
    site.route("GET", r"/api/v1/users/me/subscriptions", lambda r, m: subscriptions(site, r))
    site.route("POST", r"/api/v1/users/me/subscriptions", lambda r, m: subscribe(site, r))
    site.route("GET", r"/api/v1/users/me/subscriptions/exist", lambda r, m: exist(site, r))
    site.route("GET", r"/api/v1/users/me/subscriptions/videos", lambda r, m: subscription_videos(site, r))
    site.route("GET", r"/api/v1/users/me/subscriptions/([^/]+)", lambda r, m: subscription(site, r, m))
    site.route("DELETE", r"/api/v1/users/me/subscriptions/([^/]+)", lambda r, m: unsubscribe(site, r, m))


def _video(site, request: Request, key: str):
    user, failure = user_of(site, request)
    if failure:
        return None, None, failure
    video = site.find_video(key)
    if video is None:
        return user, None, site.problem(404, "Video not found", request)
    return user, video, None


def rate(site, request: Request, match) -> Response:
    user, video, failure = _video(site, request, match.group(1))
    if failure:
        return failure
    rating = (request.json() or {}).get("rating") if request.body else None
    if rating not in ("like", "dislike", "none"):
        return site.problem(400, "Incorrect request parameters: rating", request,
                            {"invalid-params": {"rating": {"location": "body", "msg": "Invalid value", "param": "rating", "value": rating}}})
    with site.world.lock:
        mine = site.instance.ratings.setdefault(user.account.name, {})
        before = mine.get(video.uuid)
        if before == "like":
            video.likes -= 1
        elif before == "dislike":
            video.dislikes -= 1
        if rating == "none":
            mine.pop(video.uuid, None)
        else:
            mine[video.uuid] = rating
            if rating == "like":
                video.likes += 1
            else:
                video.dislikes += 1
    return Response(204)


def my_rating(site, request: Request, match) -> Response:
    user, video, failure = _video(site, request, match.group(1))
    if failure:
        return failure
    rating = site.instance.ratings.get(user.account.name, {}).get(video.uuid, "none")
    return json_response({"videoId": site.instance.video_id(video), "rating": rating})


def account_ratings(site, request: Request, match) -> Response:
    """getAccountRatings: only the account itself may list them (403 otherwise), newest first,
    `rating` filtering like or dislike; items are {video, rating}."""
    user, failure = user_of(site, request)
    if failure:
        return failure
    if match.group(1) != user.account.name:
        return site.problem(403, "You can only list your own ratings", request)
    wanted = request.arg("rating")
    if wanted not in (None, "", "like", "dislike"):
        return site.problem(400, "Incorrect request parameters: rating", request)
    rated = [(site.find_video(uuid), rating) for uuid, rating in reversed(list(site.instance.ratings.get(user.account.name, {}).items()))
             if not wanted or rating == wanted]
    return site.page(request, [(v, r) for v, r in rated if v is not None],
                     lambda item: {"video": site.json.video(item[0]), "rating": item[1]})


def comment(site, request: Request, match, parent_key: str | None) -> Response:
    user, video, failure = _video(site, request, match.group(1))
    if failure:
        return failure
    text = (request.json() or {}).get("text") if request.body else None
    if not isinstance(text, str) or not 1 <= len(text.strip()) <= 10000:
        return site.problem(400, "Incorrect request parameters: text", request,
                            {"invalid-params": {"text": {"location": "body", "msg": "Invalid value", "param": "text", "value": text}}})
    parent = None
    if parent_key is not None:
        parent = next((c for c in video.comments() if site.instance.comment_id(c) == int(parent_key)), None)
        if parent is None:
            return site.problem(404, "Video comment not found", request)
    # PeerTube keeps the Markdown the user wrote as the comment's HTML, escaped, in a paragraph
    html = "<p>" + text.strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>") + "</p>"
    created = site.world.post_comment(video, user.account, html, parent)
    return json_response({"comment": site.json.comment(video, created)})


def delete_comment(site, request: Request, match) -> Response:
    user, video, failure = _video(site, request, match.group(1))
    if failure:
        return failure
    target = next((c for c in video.comments() if site.instance.comment_id(c) == int(match.group(2))), None)
    if target is None:
        return site.problem(404, "Video comment not found", request)
    if target.deleted:
        return site.problem(409, "This comment is already deleted", request)
    if target.author is not user.account and video.channel.owner is not user.account:
        return site.problem(403, "Cannot remove video comment of another user", request)
    with site.world.lock:
        target.deleted, target.text, target.author = True, "", None
    return Response(204)


# --- subscriptions -------------------------------------------------------------------------------
def _handle(site, channel) -> str:
    return f"{channel.name}@{site.world.host(channel)}"


def subscriptions(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    channels = list(reversed(site.instance.subscriptions.get(user.account.name, [])))
    return site.page(request, channels, site.json.channel)


def subscribe(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    uri = (request.json() or {}).get("uri") if request.body else None
    if not isinstance(uri, str) or not re.fullmatch(r"[\w.\-]+(@[\w.\-:\[\]]+)?", uri):
        return site.problem(400, "Incorrect request parameters: uri", request,
                            {"invalid-params": {"uri": {"location": "body", "msg": "Should have a valid uri to follow", "param": "uri", "value": uri}}})
    channel = site.lookup(uri, "channel")
    # the follow is a background job on PeerTube: a channel it cannot find is simply never followed
    if channel is not None:
        with site.world.lock:
            mine = site.instance.subscriptions.setdefault(user.account.name, [])
            if channel not in mine:
                mine.append(channel)
    return Response(204)


def exist(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    mine = site.instance.subscriptions.get(user.account.name, [])
    return json_response({uri: site.lookup(uri, "channel") in mine for uri in request.args("uris")})


def _subscribed(site, request: Request, handle: str):
    user, failure = user_of(site, request)
    if failure:
        return None, failure
    channel = site.lookup(handle, "channel")
    if channel is None or channel not in site.instance.subscriptions.get(user.account.name, []):
        return None, site.problem(404, f"Subscription {handle} not found", request)
    return (user, channel), None


def subscription(site, request: Request, match) -> Response:
    found, failure = _subscribed(site, request, match.group(1))
    return failure or site.ok(site.json.channel(found[1]))


def unsubscribe(site, request: Request, match) -> Response:
    found, failure = _subscribed(site, request, match.group(1))
    if failure:
        return failure
    with site.world.lock:
        site.instance.subscriptions[found[0].account.name].remove(found[1])
    return Response(204)


def subscription_videos(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    mine = site.instance.subscriptions.get(user.account.name, [])
    videos = [v for instance in site.world.instances for v in instance.local_videos if v.channel in mine]
    with site.world.lock:
        for video in videos:   # following a channel brings its videos to the instance
            site.instance.learn(video)
    chosen = site.ordered(request, site.filtered(request, videos), "-publishedAt")
    return site.page(request, chosen, site.json.video)


def resolve(site, request: Request, url: str) -> list:
    """A video address searched by a signed-in user: the instance fetches what it did not know."""
    known = [v for v in site.instance.known_videos if url in site.video_urls(v)]
    if known or not request.header("authorization"):
        return known
    for instance in site.world.instances:
        for video in instance.local_videos:
            if url in site.video_urls(video) and video.listed:
                with site.world.lock:
                    site.instance.learn(video)
                return [video]
    return []

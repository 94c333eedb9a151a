"""Posting a video to a fake Loops server (joinloops/loops-server routes/api.php):

    POST /api/v1/studio/upload   VideoController::store, validated by StoreVideoRequest: a
                                 multipart/form-data body with `video` (mp4, mov or m4v, at least
                                 250 KB, at most media.max_video_size MB), `description` (max 200),
                                 `comment_state` ("0" or "4": comments off or on), `can_download`,
                                 `is_sensitive`, `alt_text` (max 2000) -> 200 ApiHelpers::success:
                                 {"data": [], "error": {"code": "ok", "message": ""}} (no id)
    GET  /api/v1/studio/posts    StudioController::getPosts: the signed-in account's videos, newest
                                 first, `search` (2..30, in the caption), `limit` (1..20), a cursor
                                 page of StudioVideoResource (`url` once published)

Both need the bearer token (401 {"message": "Unauthenticated."}); an account the site does not let
upload (`site.can_upload`) is 403 "This action is unauthorized.". A failed rule is Laravel's 422
{"message": first, "errors": {field: [message]}}. A body over `site.post_max_bytes` is nginx's 413
(HTML) before the app sees it; one that did not all arrive (a cut connection) is never stored, as
PHP never runs for it. The new video is "processing" for `site.processing_seconds`, then
published; its file is served byte for byte at its media.src_url.
"""
from __future__ import annotations

import os
import re
import tempfile
import threading
import time

from httpkit import Request, Response, json_response, text_response
from loops_auth import unauthenticated
from loops_world import LoopsVideo

VIDEO_TYPES = ("mp4", "mov", "m4v")
MIN_VIDEO_KB = 250
DESCRIPTION_MAX = 200
ALT_TEXT_MAX = 2000
BOOLEAN_FIELDS = ("can_download", "can_comment", "can_duet", "can_stitch", "can_embed", "is_sensitive", "contains_ai",
                  "contains_ad")
_lock = threading.Lock()


def add_routes(site) -> None:
    site.can_upload = True
    site.max_video_mb = 100                # media.max_video_size (the admin settings' default)
    site.post_max_bytes = 100 * 1024 * 1024
    site.processing_seconds = 1.0
    site.upload_directory = None
    site.uploaded = []                     # the videos made by uploads, oldest first
    site.route("POST", r"/api/v1/studio/upload", lambda r, m: upload(site, r))
    site.route("GET", r"/api/v1/studio/posts", lambda r, m: posts(site, r))


def configure(site, settings: dict) -> None:
    """The upload knobs, from the site's /__fake/auth control: can_upload, max_video_mb,
    post_max_bytes, processing_seconds."""
    if "can_upload" in settings:
        site.can_upload = bool(settings["can_upload"])
    for key in ("max_video_mb", "post_max_bytes"):
        if key in settings:
            setattr(site, key, int(settings[key]))
    if "processing_seconds" in settings:
        site.processing_seconds = float(settings["processing_seconds"])


def close(site) -> None:
    if site.upload_directory:
        for name in os.listdir(site.upload_directory):
            os.unlink(os.path.join(site.upload_directory, name))
        os.rmdir(site.upload_directory)
        site.upload_directory = None


def invalid(errors: dict[str, str]) -> Response:
    """Laravel's ValidationException as JSON."""
    first = next(iter(errors.values()))
    message = first if len(errors) == 1 else f"{first} (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
    return json_response({"message": message, "errors": {k: [v] for k, v in errors.items()}}, 422)


def parts(request: Request) -> dict[str, tuple[bytes, str | None]] | None:
    """A multipart/form-data body's parts by name: (bytes, filename or None). None when the body
    is no whole multipart body (its closing boundary missing)."""
    found = re.search(r'boundary="?([^";]+)"?', request.header("content-type"))
    if not found:
        return None
    boundary = b"--" + found.group(1).encode()
    if not request.body.rstrip(b"\r\n").endswith(boundary + b"--"):
        return None
    result = {}
    for part in request.body.split(boundary)[1:-1]:
        head, _, data = part.partition(b"\r\n\r\n")
        name = re.search(rb'name="([^"]*)"', head)
        filename = re.search(rb'filename="([^"]*)"', head)
        if name:
            result[name.group(1).decode()] = (data[:-2] if data.endswith(b"\r\n") else data,
                                              filename.group(1).decode() if filename else None)
    return result


def upload(site, request: Request) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    if len(request.body) > site.post_max_bytes:
        return text_response("<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request "
                             "Entity Too Large</h1></center><hr><center>nginx</center></body></html>", "text/html", 413)
    declared = request.header("content-length")
    fields = parts(request)
    if fields is None or (declared.isdigit() and int(declared) != len(request.body)):
        # the body did not all arrive: PHP never runs the script
        return text_response("Bad Request", "text/plain", 400)
    if not site.can_upload:
        return json_response({"message": "This action is unauthorized."}, 403)
    errors = {}
    video, filename = fields.get("video", (b"", None))
    extension = (filename or "").rsplit(".", 1)[-1].lower()
    if filename is None or not video:
        errors["video"] = "The video field is required."
    elif extension not in VIDEO_TYPES or video[4:8] != b"ftyp":
        errors["video"] = f"The video field must be a file of type: {', '.join(VIDEO_TYPES)}."
    elif len(video) < MIN_VIDEO_KB * 1024:
        errors["video"] = f"The video field must be at least {MIN_VIDEO_KB} kilobytes."
    elif len(video) > site.max_video_mb * 1024 * 1024:
        errors["video"] = f"The video field must not be greater than {site.max_video_mb * 1024} kilobytes."
    text = lambda name: fields[name][0].decode("utf-8", "replace") if name in fields else None  # noqa: E731
    description = text("description")
    if description is not None and len(description) > DESCRIPTION_MAX:
        errors["description"] = f"The description field must not be greater than {DESCRIPTION_MAX} characters."
    comment_state = text("comment_state")
    if comment_state is not None and comment_state not in ("0", "4"):
        errors["comment_state"] = "The selected comment state is invalid."
    for name in BOOLEAN_FIELDS:
        value = text(name)
        if value is not None and value.lower() not in ("", "0", "1", "true", "false"):
            errors[name] = f"The {name.replace('_', ' ')} field must be true or false."
    alt_text = text("alt_text")
    if alt_text is not None and len(alt_text) > ALT_TEXT_MAX:
        errors["alt_text"] = f"The alt text field must not be greater than {ALT_TEXT_MAX} characters."
    if errors:
        return invalid(errors)
    caption = clean_plain_text(description or "")
    with _lock:
        if site.upload_directory is None:
            site.upload_directory = tempfile.mkdtemp(prefix="loops-uploads-")
        seq = site.world._next()
        path = os.path.join(site.upload_directory, f"{seq}.{extension}")
        with open(path, "wb") as out:
            out.write(video)
        made = LoopsVideo(site.index, seq, profile, caption, re.findall(r"#(\w+)", caption), "portrait-720", 720, 1280, 2,
                          time.time(), likes=0, shares=0, bookmarks=0, views=0,
                          sensitive=(text("is_sensitive") or "").lower() in ("1", "true"),
                          comments_enabled=comment_state != "0", file=path,
                          published_at=time.time() + site.processing_seconds)
        site.server.videos.append(made)
        site.server.known_videos.append(made)
        site.uploaded.append(made)
    return json_response({"data": [], "error": {"code": "ok", "message": ""}})


def clean_plain_text(text: str) -> str:
    """SanitizeService::cleanPlainText: PHP's strip_tags (a `<` before a space is no tag), CR LF and
    CR as LF, three or more line breaks as two, trimmed."""
    cleaned = re.sub(r"<(?![\s<])[^>]*(>|$)", "", text)
    cleaned = cleaned.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub(r"\n{3,}", "\n\n", cleaned).strip()


def published(video: LoopsVideo) -> bool:
    return time.time() >= video.published_at


def posts(site, request: Request) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    search = request.arg("search")
    limit = request.arg("limit", "10")
    errors = {}
    if search and not 2 <= len(search) <= 30:
        errors["search"] = ("The search field must be at least 2 characters." if len(search) < 2
                            else "The search field must not be greater than 30 characters.")
    if not limit.isdigit() or not 1 <= int(limit) <= 20:
        errors["limit"] = "The limit field must be between 1 and 20."
    if errors:
        return invalid(errors)
    mine = [v for v in site.server.videos if v.profile is profile and v.origin == site.index
            and (not search or search.lower() in v.caption.lower())]
    mine.sort(key=lambda v: (v.created, v.seq), reverse=True)
    fmt = site.fmt

    def studio(video: LoopsVideo) -> dict:
        """StudioVideoResource."""
        done = published(video)
        item = {"id": str(site.server.video_id(video)), "account": fmt.compact(video.profile), "caption": video.caption,
                "media": {"thumbnail": fmt.thumbnail(video), "src_url": fmt.src_url(video) if done else None, "hls_url": None},
                "status": "published" if done else "processing", "is_owner": True, "likes": video.likes,
                "shares": video.shares, "comments": video.comment_count(), "is_sensitive": video.sensitive,
                "created_at": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(video.created))}
        if done:
            item.update({"url": fmt.share_url(video), "pinned": video.pinned, "privacy": "everyone", "views_count": video.views,
                         "permissions": {"can_comment": video.comments_enabled, "can_download": False, "can_duet": False,
                                         "can_stitch": False}})
        return item

    page = site.cursor_page(request, mine, lambda v: {"created_at": v.created, "id": v.seq}, int(limit), studio, True)
    return json_response({**page, "meta": {**page["meta"], "total_videos": len(mine)}})

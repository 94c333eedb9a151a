"""PeerTube's resumable upload on a fake instance (openapi uploadResumableInit, uploadResumable,
uploadResumableCancel; the node-uploadx protocol it links to).

    POST   /api/v1/videos/upload-resumable            JSON metadata (name, channelId, filename,
           X-Upload-Content-Length, -Type             privacy, description, tags, nsfw,
                                                      commentsPolicy...) -> 201, Location: ...?upload_id=ID
    PUT    /api/v1/videos/upload-resumable?upload_id=ID  Content-Range: bytes FIRST-LAST/TOTAL, the
                                                      bytes -> 308 with Range: bytes=0-N (what the
                                                      server has) until the last -> 200 {video: {id, uuid, shortUUID}}
           Content-Range: bytes */TOTAL, no body      -> 308 with what the server has (a status check)
    DELETE /api/v1/videos/upload-resumable?upload_id=ID  -> 204
    PUT    /api/v1/videos/{id}                         multipart/form-data with `thumbnailfile` (a PNG or
                                                      JPEG) -> 204 (updateVideo; only the thumbnail here)

A chunk that starts past what the server has is a 409; one that starts earlier overwrites from
there. A finished upload asked again answers the same video. The new video is "To transcode" for
`site.processing_seconds`, then published with the uploaded file as its web video (byte for byte),
or "Transcoding failed" when the file is no MP4. More than `site.upload_quota` bytes is a 413.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import threading
import time

import hls
from httpkit import Request, Response, json_response
from peertube_auth import user_of

PATH = r"/api/v1/videos/upload-resumable"


class Uploads:
    def __init__(self):
        self.directory: str | None = None
        self.pending: dict[str, dict] = {}
        # The thumbnails set with updateVideo, by video uuid (the manifest's `thumbnails` sizes).
        self.thumbnails: dict[str, bytes] = {}
        self.lock = threading.Lock()

    def path(self, upload_id: str) -> str:
        if self.directory is None:
            self.directory = tempfile.mkdtemp(prefix="loopfeed-fake-uploads-")
        return os.path.join(self.directory, upload_id)

    def close(self) -> None:
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)


def add_routes(site) -> None:
    site.uploads = Uploads()
    site.route("POST", PATH, lambda r, m: start(site, r))
    site.route("PUT", PATH, lambda r, m: chunk(site, r))
    site.route("DELETE", PATH, lambda r, m: cancel(site, r))
    site.route("PUT", r"/api/v1/videos/([^/]+)", lambda r, m: update(site, r, m.group(1)))


def _invalid(site, request: Request, name: str, value, location: str = "body") -> Response:
    return site.problem(400, f"Incorrect request parameters: {name}", request,
                        {"invalid-params": {name: {"location": location, "msg": "Invalid value", "param": name, "value": value}}})


def start(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    length = request.header("x-upload-content-length")
    if not length.isdigit():
        return _invalid(site, request, "x-upload-content-length", length or None, "headers")
    if not request.header("x-upload-content-type"):
        return _invalid(site, request, "x-upload-content-type", None, "headers")
    try:
        metadata = request.json() or {}
    except ValueError:
        return _invalid(site, request, "body", None)
    name = metadata.get("name")
    if not isinstance(name, str) or not 3 <= len(name) <= 120:
        return _invalid(site, request, "name", name)
    if not isinstance(metadata.get("filename"), str) or not metadata["filename"]:
        return _invalid(site, request, "filename", metadata.get("filename"))
    channel = next((c for c in site.world.actors if c.kind == "channel" and c.origin == site.index
                    and site.instance.actor_id(c) == metadata.get("channelId")), None)
    if channel is None:
        return _invalid(site, request, "channelId", metadata.get("channelId"))
    if channel.owner is not user.account:
        return site.problem(403, "Cannot publish to this channel", request)
    if int(length) > site.upload_quota:
        return site.problem(413, "The user video quota is exceeded with this video.", request,
                            {"type": "https://docs.joinpeertube.org/api-rest-reference.html#section/Errors/quota_reached",
                             "code": "quota_reached"})
    upload_id = secrets.token_hex(16)
    with site.uploads.lock:
        site.uploads.pending[upload_id] = {"user": user, "channel": channel, "metadata": metadata, "total": int(length),
                                           "received": 0, "video": None}
        open(site.uploads.path(upload_id), "wb").close()
    return Response(201, b"", {"Location": f"{PATH}?upload_id={upload_id}", "Content-Length": "0"})


def _pending(site, request: Request):
    user, failure = user_of(site, request)
    if failure:
        return None, None, failure
    upload_id = request.arg("upload_id") or ""
    state = site.uploads.pending.get(upload_id)
    if state is None or state["user"] is not user:
        return None, None, site.problem(404, "Upload not found", request)
    return upload_id, state, None


def _has(state: dict) -> dict:
    return {"Range": f"bytes=0-{state['received'] - 1}"} if state["received"] else {}


def chunk(site, request: Request) -> Response:
    upload_id, state, failure = _pending(site, request)
    if failure:
        return failure
    if state["video"] is not None:
        return _created(site, state["video"])
    header = request.header("content-range")
    status_check = re.fullmatch(r"bytes \*/(\d+)", header)
    span = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+)", header)
    if status_check:
        return Response(308, b"", {**_has(state), "Content-Length": "0"})
    if not span or int(span.group(3)) != state["total"] or int(span.group(1)) > int(span.group(2)):
        return _invalid(site, request, "content-range", header or None, "headers")
    first, last = int(span.group(1)), int(span.group(2))
    cut = request.fault == "cut_request"
    if not cut and len(request.body) != last - first + 1:
        return _invalid(site, request, "content-length", len(request.body), "headers")
    if last >= state["total"]:
        return _invalid(site, request, "content-range", header, "headers")
    with site.uploads.lock:
        if first > state["received"]:
            return Response(409, b"", {**_has(state), "Content-Length": "0"})
        with open(site.uploads.path(upload_id), "r+b") as handle:
            handle.seek(first)
            handle.write(request.body)
            handle.truncate(first + len(request.body))
        state["received"] = first + len(request.body)
        if state["received"] < state["total"]:
            return Response(308, b"", {**_has(state), "Content-Length": "0"})
        state["video"] = _publish(site, upload_id, state)
    return _created(site, state["video"])


def _created(site, video) -> Response:
    return json_response({"video": {"id": site.instance.video_id(video), "uuid": video.uuid, "shortUUID": video.short_uuid}})


def _publish(site, upload_id: str, state: dict):
    path = site.uploads.path(upload_id)
    with open(path, "rb") as handle:
        probed = hls.probe(handle.read())
    metadata = state["metadata"]
    upload = {"path": path, **probed} if probed else {"path": path, "failed": True, "width": 0, "height": 0}
    tags = [t for t in metadata.get("tags") or [] if isinstance(t, str)][:5]
    privacy = metadata.get("privacy") if metadata.get("privacy") in (1, 2, 3, 5) else 1
    return site.world.new_video(site.index, state["channel"], metadata["name"], description=metadata.get("description"),
                                tags=tags, duration=int(round(probed["duration"])) if probed else 0, privacy=privacy,
                                sensitive=bool(metadata.get("nsfw")), upload=upload,
                                ready_at=time.time() + site.processing_seconds)


def cancel(site, request: Request) -> Response:
    upload_id, state, failure = _pending(site, request)
    if failure:
        return failure
    with site.uploads.lock:
        site.uploads.pending.pop(upload_id, None)
        if state["video"] is None:
            os.remove(site.uploads.path(upload_id))
    return Response(204, b"", {"Content-Length": "0"})


def _parts(request: Request) -> dict[str, bytes]:
    """A multipart/form-data body's parts by name (their bytes), as far as the fake needs them."""
    found = re.search(r'boundary="?([^";]+)"?', request.header("content-type"))
    if not found:
        return {}
    parts = {}
    for part in request.body.split(b"--" + found.group(1).encode())[1:]:
        head, _, data = part.partition(b"\r\n\r\n")
        name = re.search(rb'name="([^"]+)"', head)
        if name:
            parts[name.group(1).decode()] = data[:-2] if data.endswith(b"\r\n") else data
    return parts


def update(site, request: Request, key: str) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    video = site.find_video(key)
    if video is None:
        return site.problem(404, "Video not found", request)
    if video.channel.owner is not user.account:
        return site.problem(403, "Cannot update video of another user", request)
    thumbnail = _parts(request).get("thumbnailfile")
    if not thumbnail or not (thumbnail.startswith(b"\x89PNG") or thumbnail.startswith(b"\xff\xd8")):
        return _invalid(site, request, "thumbnailfile", None)
    site.uploads.thumbnails[video.uuid] = thumbnail
    return Response(204, b"", {"Content-Length": "0"})

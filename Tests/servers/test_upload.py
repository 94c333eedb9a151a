"""PeerTube's resumable upload on the fake: 308 with the Range the server has, a status check, a
resumed upload after a cut connection, conflicts, cancel, the quota, and the published video
serving the uploaded bytes."""
import json
import re
import time
import unittest

from support import FakeTestCase, bearer, fetch, get_json, peertube_token

PATH = "/api/v1/videos/upload-resumable"


class UploadTests(FakeTestCase):
    def setUp(self):
        super().setUp()
        user = next(u for u in self.manifest(self.pt[0])["users"] if not u["otp"])["username"]
        self.token = peertube_token(self.pt[0], user).json()["access_token"]
        me = get_json(self.pt[0] + "/api/v1/users/me", bearer(self.token))
        self.channel = me["videoChannels"][0]["id"]
        with open(self.net.corpus.path("portrait-240"), "rb") as handle:
            self.recording = handle.read()
        fetch(self.pt[0] + "/__fake/auth", method="POST", body=b'{"processing_seconds": 0.5}')

    def start(self, size: int | None = None, **metadata) -> str:
        body = {"name": "My recording", "channelId": self.channel, "filename": "recording.mp4", "privacy": 1,
                "description": "first line\nmore", "tags": ["loop"], **metadata}
        reply = fetch(self.pt[0] + PATH, bearer(self.token, {"Content-Type": "application/json",
                      "X-Upload-Content-Length": str(size if size is not None else len(self.recording)),
                      "X-Upload-Content-Type": "video/mp4"}), "POST", json.dumps(body).encode())
        self.assertEqual(reply.status, 201, reply.body)
        self.assertEqual(reply.headers["content-length"], "0")
        self.assertTrue(re.fullmatch(re.escape(PATH) + r"\?upload_id=\w+", reply.headers["location"]))
        return self.pt[0] + reply.headers["location"]

    def put(self, location: str, first: int, last: int, data: bytes | None = None, total: int | None = None):
        total = total if total is not None else len(self.recording)
        body = self.recording[first:last + 1] if data is None else data
        return fetch(location, bearer(self.token, {"Content-Range": f"bytes {first}-{last}/{total}",
                                                   "Content-Type": "application/octet-stream"}), "PUT", body)

    def status(self, location: str):
        return fetch(location, bearer(self.token, {"Content-Range": f"bytes */{len(self.recording)}"}), "PUT", b"")

    def upload_all(self, location: str, start: int = 0, step: int = 32768):
        reply = None
        for first in range(start, len(self.recording), step):
            last = min(first + step, len(self.recording)) - 1
            reply = self.put(location, first, last)
            if last < len(self.recording) - 1:
                self.assertEqual((reply.status, reply.headers["range"]), (308, f"bytes=0-{last}"))
        return reply

    def test_chunks_then_a_published_video_with_the_same_bytes(self):
        location = self.start()
        self.assertEqual((self.status(location).status, self.status(location).headers.get("range")), (308, None))
        done = self.upload_all(location)
        self.assertEqual(done.status, 200)
        video = done.json()["video"]
        self.assertEqual(set(video), {"id", "uuid", "shortUUID"})
        details = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}")
        self.assertEqual((details["state"]["id"], details["files"]), (2, []), "to transcode at first")
        self.assertEqual(self.put(location, len(self.recording) - 10, len(self.recording) - 1).json()["video"], video,
                         "a finished upload asked again answers the same video")
        time.sleep(0.6)
        details = get_json(f"{self.pt[0]}/api/v1/videos/{video['id']}")
        self.assertEqual(details["state"], {"id": 1, "label": "Published"})
        self.assertEqual((details["name"], details["tags"], details["aspectRatio"]), ("My recording", ["loop"], round(240 / 426, 4)))
        self.assertEqual(details["duration"], 4)
        file = details["files"][0]
        self.assertEqual((file["resolution"]["id"], file["width"], file["height"]), (240, 240, 426))
        self.assertEqual(fetch(file["fileUrl"]).body, self.recording, "byte for byte")
        self.assertIn(video["uuid"], [v["uuid"] for v in get_json(self.pt[0] + "/api/v1/videos?count=100")["data"]])

    def test_a_video_without_tags_or_description_is_listed(self):
        done = self.upload_all(self.start(tags=[], description=None))
        uuid = done.json()["video"]["uuid"]
        details = get_json(f"{self.pt[0]}/api/v1/videos/{uuid}")
        self.assertEqual((details["tags"], details["state"]["id"]), ([], 2))

    def test_the_thumbnail_is_set_with_update_video(self):
        uuid = self.upload_all(self.start()).json()["video"]["uuid"]
        png = b"\x89PNG\r\n\x1a\n" + bytes(range(200))
        boundary = "b0undary"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"thumbnailfile\"; filename=\"cover.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + png + f"\r\n--{boundary}--\r\n".encode()
        reply = fetch(f"{self.pt[0]}/api/v1/videos/{uuid}", bearer(self.token, {
            "Content-Type": f"multipart/form-data; boundary={boundary}"}), "PUT", body)
        self.assertEqual(reply.status, 204, reply.body)
        import hashlib
        self.assertEqual(get_json(self.pt[0] + "/__fake/manifest")["thumbnails"], {uuid: hashlib.sha256(png).hexdigest()})
        refused = fetch(f"{self.pt[0]}/api/v1/videos/{uuid}", bearer(self.token, {
            "Content-Type": f"multipart/form-data; boundary={boundary}"}), "PUT", body.replace(b"\x89PNG", b"NOPE"))
        self.assertEqual(refused.status, 400)

    def test_a_cut_connection_resumes_from_what_the_server_has(self):
        location = self.start()
        self.assertEqual(self.put(location, 0, 65535).status, 308)
        fetch(self.pt[0] + "/__fake/faults", method="POST",
              body=b'{"rules": [{"kind": "cut_request", "path": "upload-resumable", "method": "PUT", "count": 1}]}')
        with self.assertRaises(Exception):
            self.put(location, 65536, 98303)
        has = self.status(location)
        self.assertEqual((has.status, has.headers["range"]), (308, "bytes=0-81919"), "half the cut chunk arrived")
        self.assertEqual(self.put(location, 98304, 102399).status, 409, "past what the server has")
        done = self.upload_all(location, start=81920)
        self.assertEqual(done.status, 200)
        puts = [e["content_range"] for e in get_json(self.pt[0] + "/__fake/requests") if e["method"] == "PUT"]
        self.assertEqual(puts[:5], ["bytes 0-65535/%d" % len(self.recording), "bytes 65536-98303/%d" % len(self.recording),
                                    "bytes */%d" % len(self.recording), "bytes 98304-102399/%d" % len(self.recording),
                                    "bytes 81920-114687/%d" % len(self.recording)], "the log's Content-Range of each chunk")
        time.sleep(0.6)
        file = get_json(f"{self.pt[0]}/api/v1/videos/{done.json()['video']['uuid']}")["files"][0]
        self.assertEqual(fetch(file["fileUrl"]).body, self.recording)

    def test_cancel_quota_and_errors(self):
        location = self.start()
        self.assertEqual(self.put(location, 0, 1023).status, 308)
        self.assertEqual(fetch(location, bearer(self.token), "DELETE").status, 204)
        self.assertEqual(self.status(location).status, 404)
        too_big = fetch(self.pt[0] + PATH, bearer(self.token, {"Content-Type": "application/json", "X-Upload-Content-Length": str(5 * 10 ** 9),
                        "X-Upload-Content-Type": "video/mp4"}), "POST",
                        json.dumps({"name": "Huge", "channelId": self.channel, "filename": "huge.mp4"}).encode())
        self.assertEqual((too_big.status, too_big.json()["code"]), (413, "quota_reached"))
        self.assertEqual(fetch(self.pt[0] + PATH, {"X-Upload-Content-Length": "10"}, "POST", b"{}").status, 401)
        no_name = fetch(self.pt[0] + PATH, bearer(self.token, {"Content-Type": "application/json", "X-Upload-Content-Length": "10",
                        "X-Upload-Content-Type": "video/mp4"}), "POST", json.dumps({"channelId": self.channel, "filename": "x.mp4"}).encode())
        self.assertEqual(no_name.status, 400)
        others = [c for c in get_json(self.pt[0] + "/api/v1/video-channels?count=100")["data"]
                  if c["isLocal"] and c["ownerAccount"]["name"] != get_json(self.pt[0] + "/api/v1/users/me", bearer(self.token))["username"]]
        not_mine = fetch(self.pt[0] + PATH, bearer(self.token, {"Content-Type": "application/json", "X-Upload-Content-Length": "10",
                         "X-Upload-Content-Type": "video/mp4"}), "POST",
                         json.dumps({"name": "Not mine", "channelId": others[0]["id"], "filename": "x.mp4"}).encode())
        self.assertEqual(not_mine.status, 403)

    def test_a_file_that_is_no_video_fails_transcoding(self):
        garbage = b"not a video at all" * 100
        location = self.start(size=len(garbage), name="Garbage upload")
        done = self.put(location, 0, len(garbage) - 1, garbage, len(garbage))
        self.assertEqual(done.status, 200)
        time.sleep(0.6)
        details = get_json(f"{self.pt[0]}/api/v1/videos/{done.json()['video']['uuid']}")
        self.assertEqual((details["state"]["id"], details["files"]), (7, []))


if __name__ == "__main__":
    unittest.main()

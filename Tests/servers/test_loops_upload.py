"""Posting a video to the Loops fake (VideoController::store, StoreVideoRequest,
StudioController::getPosts): the multipart body, its rules and their 422s, the size limits, the
token, the stored file byte for byte, the new video among the account's, a cut body never stored."""
import json
import os
import time
import unittest
import uuid

import test_loops_auth
from support import bearer, fetch, get_json

# an MP4's first box, then enough bytes to pass Loops' 250 KB at least
VIDEO = b"\x00\x00\x00\x18ftypmp42" + os.urandom(300 * 1024)


def multipart(fields: dict[str, str], video: bytes | None = VIDEO, filename: str = "clip.mp4") -> tuple[bytes, str]:
    boundary = "b-" + uuid.uuid4().hex
    body = b""
    for name, value in fields.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    if video is not None:
        body += (f'--{boundary}\r\nContent-Disposition: form-data; name="video"; filename="{filename}"\r\n'
                 "Content-Type: video/mp4\r\n\r\n").encode() + video + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


class LoopsUploadTests(test_loops_auth.LoopsAuthTests):
    def setUp(self):
        super().setUp()
        self.token = self.sign_in()["access_token"]
        self.control({"can_upload": True, "max_video_mb": 100, "post_max_bytes": 100 * 1024 * 1024, "processing_seconds": 0.5})

    def control(self, settings: dict):
        fetch(self.lp[0] + "/__fake/auth", method="POST", body=json.dumps(settings).encode())

    def upload(self, fields: dict[str, str], video: bytes | None = VIDEO, filename: str = "clip.mp4", token: str | None = "mine"):
        body, kind = multipart(fields, video, filename)
        headers = {"Content-Type": kind, "Accept": "application/json"}
        if token:
            headers.update(bearer(self.token if token == "mine" else token))
        return fetch(self.lp[0] + "/api/v1/studio/upload", headers, "POST", body)

    def studio(self, query: str = "limit=20") -> list[dict]:
        return get_json(f"{self.lp[0]}/api/v1/studio/posts?{query}", bearer(self.token))["data"]

    def newest(self) -> str:
        """The account's newest video's id (the sites are shared by the tests: each compares with before)."""
        return self.studio("limit=1")[0]["id"]

    def test_an_upload_is_stored_byte_for_byte_and_listed(self):
        caption = f"First loop {uuid.uuid4().hex[:8]} #loopfeed"
        answer = self.upload({"description": caption, "comment_state": "0"})
        self.assertEqual((answer.status, answer.json()), (200, {"data": [], "error": {"code": "ok", "message": ""}}))
        mine = self.studio(f"search={caption[11:19]}&limit=20")
        self.assertEqual([v["caption"] for v in mine], [caption])
        self.assertEqual(mine[0]["status"], "processing")
        self.assertNotIn("url", mine[0], "no page while processing")
        time.sleep(0.7)
        video = self.studio(f"search={caption[11:19]}")[0]
        self.assertEqual((video["id"], video["status"]), (mine[0]["id"], "published"))
        self.assertIn("/v/", video["url"])
        self.assertFalse(video["permissions"]["can_comment"])
        self.assertEqual(fetch(self.served(video)).body, VIDEO)
        listed = [v for v in self.manifest(self.lp[0])["videos"] if v["id"] == video["id"]]
        self.assertEqual([v["tags"] for v in listed], [["loopfeed"]])

    def served(self, video: dict) -> str:
        """The video's src_url on this test's loopback address."""
        path = video["media"]["src_url"].split("/storage/", 1)[1]
        return f"{self.lp[0]}/storage/{path}"

    def test_the_rules_answer_422_with_laravels_message(self):
        before = self.newest()
        cases = [
            ({}, None, "clip.mp4", "video", "The video field is required."),
            ({}, b"not a video at all" * 20000, "clip.mp4", "video", "The video field must be a file of type: mp4, mov, m4v."),
            ({}, VIDEO, "clip.webm", "video", "The video field must be a file of type: mp4, mov, m4v."),
            ({}, VIDEO[:100 * 1024], "clip.mp4", "video", "The video field must be at least 250 kilobytes."),
            ({"description": "x" * 201}, VIDEO, "clip.mp4", "description",
             "The description field must not be greater than 200 characters."),
            ({"comment_state": "2"}, VIDEO, "clip.mp4", "comment_state", "The selected comment state is invalid."),
        ]
        for fields, video, filename, field, message in cases:
            with self.subTest(field=field, message=message):
                answer = self.upload(fields, video, filename)
                self.assertEqual((answer.status, answer.json()["message"], list(answer.json()["errors"])), (422, message, [field]))
        self.assertEqual(self.newest(), before, "nothing refused was stored")

    def test_size_limits_token_and_permission(self):
        before = self.newest()
        self.control({"max_video_mb": 0})
        too_big = self.upload({})
        self.assertEqual((too_big.status, too_big.json()["message"]), (422, "The video field must not be greater than 0 kilobytes."))
        self.control({"max_video_mb": 100, "post_max_bytes": 200 * 1024})
        self.assertEqual(self.upload({}).status, 413)
        self.control({"post_max_bytes": 100 * 1024 * 1024})
        self.assertEqual(self.upload({}, token=None).status, 401)
        self.assertEqual(self.upload({}, token="not-a-token").status, 401)
        self.assertEqual(fetch(self.lp[0] + "/api/v1/studio/posts").status, 401)
        self.control({"can_upload": False})
        self.assertEqual((self.upload({}).status, self.upload({}).json()["message"]), (403, "This action is unauthorized."))
        self.assertEqual(self.newest(), before)

    def test_a_cut_body_is_never_stored(self):
        before = self.newest()
        caption = "cut " + uuid.uuid4().hex[:8]
        fetch(self.lp[0] + "/__fake/faults", method="POST",
              body=b'{"rules": [{"kind": "cut_request", "path": "studio/upload", "count": 1}]}')
        with self.assertRaises(Exception):
            self.upload({"description": caption})
        self.assertEqual(self.newest(), before)
        self.assertEqual(self.upload({"description": caption}).status, 200)
        self.assertEqual([v["caption"] for v in self.studio(f"search={caption[4:]}")], [caption])

    def test_the_caption_is_kept_as_clean_plain_text(self):
        word = uuid.uuid4().hex[:8]
        self.assertEqual(self.upload({"description": f"  {word} <b>bold</b>\r\n\n\n\nx < y  "}).status, 200)
        self.assertEqual([v["caption"] for v in self.studio(f"search={word}")], [f"{word} bold\n\nx < y"])

    def test_the_studio_list_searches_and_pages(self):
        word = uuid.uuid4().hex[:8]
        for n in range(3):
            self.assertEqual(self.upload({"description": f"Loop {word} {n}"}).status, 200)
        self.assertEqual([v["caption"] for v in self.studio(f"search={word}&limit=2")], [f"Loop {word} 2", f"Loop {word} 1"])
        self.assertEqual([v["caption"] for v in self.studio(f"search={word}%201")], [f"Loop {word} 1"])
        self.assertEqual(self.newest(), self.studio(f"search={word}")[0]["id"], "newest first")
        short = fetch(f"{self.lp[0]}/api/v1/studio/posts?search=L", bearer(self.token))
        self.assertEqual((short.status, list(short.json()["errors"])), (422, ["search"]))


if __name__ == "__main__":
    unittest.main()

"""Acting on the Loops fake as a signed-in user: likes as a state, comments and replies, deleting
one's own comments, following profiles; what a token is needed for and what is refused."""
import json
import unittest

import test_loops_auth
from support import bearer, fetch, get_json
from test_loops_auth import JSON


class LoopsWriteTests(test_loops_auth.LoopsAuthTests):
    def setUp(self):
        super().setUp()
        self.token = self.sign_in()["access_token"]
        self.me = self.manifest(self.lp[0])["profiles"][0]["username"]

    def post(self, path: str, body: dict | None = None, token: str | None = "mine"):
        headers = {**JSON, **(bearer(self.token if token == "mine" else token) if token else {})}
        return fetch(self.lp[0] + path, headers, "POST", json.dumps(body or {}).encode())

    def video(self, commented: bool = True) -> dict:
        return next(v for v in self.manifest(self.lp[0])["videos"] if v["comments_enabled"] == commented)

    def test_a_like_is_a_state(self):
        video = self.video()
        before = get_json(f"{self.lp[0]}/api/v1/video/{video['id']}")["data"]["likes"]
        first = self.post(f"/api/v1/video/like/{video['id']}").json()
        again = self.post(f"/api/v1/video/like/{video['id']}").json()
        self.assertEqual((first["has_liked"], first["likes"], again["likes"]), (True, before + 1, before + 1))
        self.assertEqual(self.post(f"/api/v1/video/unlike/{video['id']}").json()["likes"], before)
        self.assertEqual(self.post(f"/api/v1/video/unlike/{video['id']}").json()["likes"], before)
        self.assertEqual(self.post(f"/api/v1/video/like/{video['id']}", token=None).status, 401)
        self.assertEqual(self.post("/api/v1/video/like/1").status, 404)

    def test_comment_reply_and_delete(self):
        video = self.video()
        made = self.post(f"/api/v1/video/comments/{video['id']}", {"comment": "hello loops"}).json()["data"][0]
        self.assertEqual((made["caption"], made["account"]["username"]), ("hello loops", self.me))
        listed = get_json(f"{self.lp[0]}/api/v1/video/comments/{video['id']}")["data"]
        self.assertEqual(listed[0]["id"], made["id"], "newest first")
        reply = self.post(f"/api/v1/video/comments/{video['id']}", {"comment": "and a reply", "parent_id": made["id"]}).json()["data"][0]
        self.assertEqual(reply["p_id"], made["id"])
        replies = get_json(f"{self.lp[0]}/api/v1/video/comments/{video['id']}/replies?cr={made['id']}")["data"]
        self.assertEqual([r["id"] for r in replies], [reply["id"]])
        self.assertEqual(self.post(f"/api/v1/comments/delete/{video['id']}/{made['id']}/{reply['id']}").status, 200)
        self.assertEqual(self.post(f"/api/v1/comments/delete/{video['id']}/{made['id']}").status, 200)
        self.assertEqual(self.post(f"/api/v1/comments/delete/{video['id']}/{made['id']}").status, 404, "gone")
        others = next(c for c in get_json(f"{self.lp[0]}/api/v1/video/comments/{video['id']}")["data"]
                      if c["account"]["username"] != self.me and not c["tombstone"])
        self.assertEqual(self.post(f"/api/v1/comments/delete/{video['id']}/{others['id']}").status, 400)
        empty = self.post(f"/api/v1/video/comments/{video['id']}", {"comment": "  "})
        self.assertEqual((empty.status, list(empty.json()["errors"])), (422, ["comment"]))
        closed = self.video(commented=False)
        self.assertEqual(self.post(f"/api/v1/video/comments/{closed['id']}", {"comment": "hi"}).status, 404)

    def test_follow_and_unfollow(self):
        other = next(p for p in self.manifest(self.lp[0])["profiles"] if p["username"] != self.me)
        state = lambda: get_json(f"{self.lp[0]}/api/v1/account/state/{other['id']}", bearer(self.token))["data"]["following"]  # noqa: E731
        self.assertFalse(state())
        self.assertEqual(self.post(f"/api/v1/account/follow/{other['id']}").status, 200)
        self.assertEqual(self.post(f"/api/v1/account/follow/{other['id']}").status, 200)
        self.assertTrue(state())
        self.post(f"/api/v1/account/unfollow/{other['id']}")
        self.assertFalse(state())

    def test_an_account_lists_whom_it_follows_and_what_it_liked(self):
        me = next(p for p in self.manifest(self.lp[0])["profiles"] if p["username"] == self.me)
        others = [p for p in self.manifest(self.lp[0])["profiles"] if p["username"] != self.me][:2]
        videos = [v for v in self.manifest(self.lp[0])["videos"]][:2]
        for profile in others:
            self.post(f"/api/v1/account/follow/{profile['id']}")
        for video in videos:
            self.post(f"/api/v1/video/like/{video['id']}")
        following = get_json(f"{self.lp[0]}/api/v1/account/following/{me['id']}", bearer(self.token))
        self.assertEqual(sorted(p["id"] for p in following["data"]), sorted(str(p["id"]) for p in others))
        liked = get_json(f"{self.lp[0]}/api/v1/account/videos/likes", bearer(self.token))
        self.assertEqual(sorted(v["id"] for v in liked["data"]), sorted(str(v["id"]) for v in videos))
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/account/videos/likes").status, 401)
        for profile in others:
            self.post(f"/api/v1/account/unfollow/{profile['id']}")
        for video in videos:
            self.post(f"/api/v1/video/unlike/{video['id']}")


# the sign-in tests are LoopsAuthTests' own; only its helpers are taken
for _name in [n for n in vars(test_loops_auth.LoopsAuthTests) if n.startswith("test_")]:
    setattr(LoopsWriteTests, _name, None)


if __name__ == "__main__":
    unittest.main()

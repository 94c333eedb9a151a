"""What a signed-in user does on the PeerTube fake: rate, comment, reply, delete, follow channels,
and resolve a remote video by its address."""
import json
import unittest

import contract
from support import FakeTestCase, bearer, fetch, get_json, peertube_token

JSON = {"Content-Type": "application/json"}


class PeerTubeWriteTests(FakeTestCase):
    def setUp(self):
        super().setUp()
        users = [u for u in self.manifest(self.pt[0])["users"] if not u["otp"]]
        self.user = users[0]["username"]
        self.token = peertube_token(self.pt[0], self.user).json()["access_token"]
        self.auth = bearer(self.token, JSON)

    def send(self, method: str, path: str, body=None, base: str | None = None, headers=None):
        return fetch((base or self.pt[0]) + path, headers or self.auth, method,
                     json.dumps(body).encode() if body is not None else None)

    def test_rate_a_remote_video_by_the_home_instance_id(self):
        remote = get_json(self.pt[0] + "/api/v1/videos?isLocal=false&count=1")["data"][0]
        before = remote["likes"]
        self.assertEqual(self.send("PUT", f"/api/v1/videos/{remote['id']}/rate", {"rating": "like"}).status, 204)
        self.assertEqual(self.send("PUT", f"/api/v1/videos/{remote['id']}/rate", {"rating": "like"}).status, 204)
        mine = get_json(f"{self.pt[0]}/api/v1/users/me/videos/{remote['id']}/rating", self.auth)
        self.assertEqual(mine, {"videoId": remote["id"], "rating": "like"})
        at_origin = get_json(f"{self.pt[1]}/api/v1/videos/{remote['uuid']}")
        self.assertEqual(at_origin["likes"], before + 1, "a like is a state: twice is once, and it federates")
        self.assertEqual(self.send("PUT", f"/api/v1/videos/{remote['id']}/rate", {"rating": "none"}).status, 204)
        self.assertEqual(get_json(f"{self.pt[1]}/api/v1/videos/{remote['uuid']}")["likes"], before)
        self.assertEqual(self.send("PUT", f"/api/v1/videos/{remote['id']}/rate", {"rating": "love"}).status, 400)
        self.assertEqual(self.send("PUT", f"/api/v1/videos/{remote['id']}/rate", {"rating": "like"}, headers=JSON).status, 401)

    def test_an_account_lists_its_own_ratings_page_by_page(self):
        videos = get_json(self.pt[0] + "/api/v1/videos?count=3")["data"]
        for video in videos:
            self.assertEqual(self.send("PUT", f"/api/v1/videos/{video['uuid']}/rate", {"rating": "like"}).status, 204)
        self.send("PUT", f"/api/v1/videos/{videos[2]['uuid']}/rate", {"rating": "dislike"})
        first = get_json(f"{self.pt[0]}/api/v1/accounts/{self.user}/ratings?rating=like&start=0&count=1", self.auth)
        second = get_json(f"{self.pt[0]}/api/v1/accounts/{self.user}/ratings?rating=like&start=1&count=1", self.auth)
        self.assertEqual(first["total"], 2)
        self.assertEqual([first["data"][0]["video"]["uuid"], second["data"][0]["video"]["uuid"]],
                         [videos[1]["uuid"], videos[0]["uuid"]], "newest first")
        self.assertEqual(first["data"][0]["rating"], "like")
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/accounts/someone_else/ratings", self.auth).status, 403)
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/accounts/{self.user}/ratings").status, 401)
        for video in videos:   # the world is shared by the other tests
            self.send("PUT", f"/api/v1/videos/{video['uuid']}/rate", {"rating": "none"})

    def test_comment_reply_and_delete(self):
        video = self.video_of_kind(self.pt[0], "portrait_web")
        created = self.send("POST", f"/api/v1/videos/{video['uuid']}/comment-threads", {"text": "Hello <b>there</b>"})
        self.assertEqual(created.status, 200, created.body)
        comment = created.json()["comment"]
        self.assertEqual(contract.check(comment, contract.COMMENT), [])
        self.assertEqual(comment["account"]["name"], self.user)
        self.assertIn("&lt;b&gt;", comment["text"], "what the user typed is text, not markup")
        self.assertIsNone(comment["inReplyToCommentId"])
        reply = self.send("POST", f"/api/v1/videos/{video['uuid']}/comments/{comment['id']}", {"text": "a reply"}).json()["comment"]
        self.assertEqual((reply["inReplyToCommentId"], reply["threadId"]), (comment["id"], comment["id"]))
        tree = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads/{comment['id']}")
        self.assertEqual([c["comment"]["id"] for c in tree["children"]], [reply["id"]])
        newest = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads?count=1")["data"][0]
        self.assertEqual(newest["id"], comment["id"])
        self.assertEqual(self.send("DELETE", f"/api/v1/videos/{video['uuid']}/comments/{reply['id']}").status, 204)
        self.assertEqual(self.send("DELETE", f"/api/v1/videos/{video['uuid']}/comments/{reply['id']}").status, 409)
        tree = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads/{comment['id']}")
        self.assertEqual((tree["children"][0]["comment"]["isDeleted"], tree["children"][0]["comment"]["account"]), (True, None))
        self.assertEqual(self.send("POST", f"/api/v1/videos/{video['uuid']}/comment-threads", {"text": ""}).status, 400)
        self.assertEqual(self.send("POST", f"/api/v1/videos/{video['uuid']}/comments/999999", {"text": "x"}).status, 404)

    def test_cannot_delete_another_users_comment(self):
        video = self.video_of_kind(self.pt[1], "portrait_web")
        thread = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads")["data"][0]
        self.assertNotEqual(thread["account"]["name"], self.user)
        self.assertEqual(self.send("DELETE", f"/api/v1/videos/{video['uuid']}/comments/{thread['id']}").status, 403)

    def test_comment_on_a_remote_video_reaches_its_origin(self):
        video = self.video_of_kind(self.pt[1], "hls_only")
        created = self.send("POST", f"/api/v1/videos/{video['uuid']}/comment-threads", {"text": "from the other side"}).json()["comment"]
        at_origin = get_json(f"{self.pt[1]}/api/v1/videos/{video['uuid']}/comment-threads?count=1")["data"][0]
        self.assertEqual(at_origin["text"], created["text"])
        self.assertNotEqual(at_origin["id"], created["id"], "comment ids are each instance's own")
        self.assertEqual(at_origin["account"]["host"], self.pt[0].split("//")[1])

    def test_subscriptions(self):
        handle = self.manifest(self.pt[1])["channels"][0]
        self.assertEqual(self.send("POST", "/api/v1/users/me/subscriptions", {"uri": handle}).status, 204)
        self.assertEqual(self.send("POST", "/api/v1/users/me/subscriptions", {"uri": handle}).status, 204)
        listed = get_json(self.pt[0] + "/api/v1/users/me/subscriptions", self.auth)
        self.assertEqual(contract.check(listed, contract.listing(contract.CHANNEL)), [])
        self.assertEqual([f"{c['name']}@{c['host']}" for c in listed["data"]], [handle])
        exists = get_json(f"{self.pt[0]}/api/v1/users/me/subscriptions/exist?uris={handle}&uris=nobody@{handle.split('@')[1]}", self.auth)
        self.assertEqual(exists, {handle: True, f"nobody@{handle.split('@')[1]}": False})
        videos = get_json(self.pt[0] + "/api/v1/users/me/subscriptions/videos?count=100&nsfw=both", self.auth)["data"]
        self.assertTrue(videos and all(v["channel"]["name"] == handle.split("@")[0] for v in videos))
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/users/me/subscriptions/{handle}", self.auth)["name"], handle.split("@")[0])
        self.assertEqual(self.send("DELETE", f"/api/v1/users/me/subscriptions/{handle}").status, 204)
        self.assertEqual(get_json(self.pt[0] + "/api/v1/users/me/subscriptions", self.auth)["total"], 0)
        self.assertEqual(self.send("DELETE", f"/api/v1/users/me/subscriptions/{handle}").status, 404)
        self.assertEqual(self.send("POST", "/api/v1/users/me/subscriptions", {"uri": "not a handle"}).status, 400)
        self.assertEqual(fetch(self.pt[0] + "/api/v1/users/me/subscriptions").status, 401)

    def test_a_remote_video_resolves_by_its_address_when_signed_in(self):
        origin = [v for v in self.manifest(self.pt[1])["videos"] if v["kind"] != "nsfw"]
        unknown = next(v for v in origin if fetch(f"{self.pt[0]}/api/v1/videos/{v['uuid']}").status == 404)
        url = f"{self.pt[1]}/videos/watch/{unknown['uuid']}"
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/search/videos?search={url}")["total"], 0, "anonymous: no remote fetch")
        found = get_json(f"{self.pt[0]}/api/v1/search/videos?search={url}", self.auth)["data"]
        self.assertEqual([v["uuid"] for v in found], [unknown["uuid"]])
        self.assertFalse(found[0]["isLocal"])
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/videos/{found[0]['id']}")["uuid"], unknown["uuid"])


if __name__ == "__main__":
    unittest.main()

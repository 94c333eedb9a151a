"""The PeerTube fake's comment threads, captions, channels, accounts and search."""
import re
import unittest

import contract
from support import FakeTestCase, fetch, get_json


class PeerTubeSocialTests(FakeTestCase):
    def assertShape(self, document, spec):
        self.assertEqual(contract.check(document, spec), [])

    def rich_video(self, base: str) -> dict:
        return next(v for v in self.manifest(base)["videos"] if v["rich_comments"])

    def threads(self, base: str, uuid: str, query: str = "") -> dict:
        return get_json(f"{base}/api/v1/videos/{uuid}/comment-threads?{query}")

    def test_threads_are_paged_and_have_the_comment_shape(self):
        uuid = self.rich_video(self.pt[0])["uuid"]
        first = self.threads(self.pt[0], uuid, "count=10")
        self.assertShape(first, contract.THREADS)
        self.assertEqual(len(first["data"]), 10)
        everything = []
        for start in range(0, first["total"], 10):
            everything += self.threads(self.pt[0], uuid, f"start={start}&count=10")["data"]
        self.assertEqual(len({c["id"] for c in everything}), first["total"])
        self.assertEqual(first["total"], 24, "25 threads, one deleted without replies is not listed")
        created = [c["createdAt"] for c in everything]
        self.assertEqual(created, sorted(created, reverse=True), "newest first by default")

    def test_thread_sorts(self):
        uuid = self.rich_video(self.pt[0])["uuid"]
        oldest = self.threads(self.pt[0], uuid, "sort=createdAt&count=100")["data"]
        self.assertEqual([c["createdAt"] for c in oldest], sorted(c["createdAt"] for c in oldest))
        busiest = self.threads(self.pt[0], uuid, "sort=-totalReplies&count=100")["data"]
        self.assertEqual([c["totalReplies"] for c in busiest], sorted((c["totalReplies"] for c in busiest), reverse=True))
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/videos/{uuid}/comment-threads?sort=-likes").status, 400)

    def test_deleted_thread_with_replies_is_listed_as_deleted(self):
        uuid = self.rich_video(self.pt[0])["uuid"]
        page = self.threads(self.pt[0], uuid, "count=100")
        deleted = [c for c in page["data"] if c["isDeleted"]]
        self.assertEqual(len(deleted), 1)
        self.assertEqual((deleted[0]["text"], deleted[0]["account"]), ("", None))
        self.assertIsNotNone(deleted[0]["deletedAt"])
        self.assertGreater(deleted[0]["totalReplies"], 0)
        tree = get_json(f"{self.pt[0]}/api/v1/videos/{uuid}/comment-threads/{deleted[0]['id']}")
        self.assertTrue(tree["children"])
        counted = sum(1 for c in page["data"] if not c["isDeleted"]) + sum(c["totalReplies"] for c in page["data"])
        self.assertEqual(page["totalNotDeletedComments"], counted)

    def test_thread_tree_with_nested_and_deleted_replies(self):
        video = self.rich_video(self.pt[0])
        page = self.threads(self.pt[0], video["uuid"], "sort=createdAt&count=100")
        first = page["data"][0]
        tree = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads/{first['id']}")
        self.assertEqual(contract.check(tree, contract.THREAD_TREE), [])
        self.assertEqual(tree["comment"]["id"], first["id"])
        children = tree["children"]
        self.assertTrue(any(child["children"] for child in children), "a reply to a reply")
        self.assertTrue(any(child["comment"]["isDeleted"] for child in children), "a deleted reply")
        nested = next(child for child in children if child["children"])
        self.assertEqual(nested["children"][0]["comment"]["inReplyToCommentId"], nested["comment"]["id"])
        self.assertEqual(nested["children"][0]["comment"]["threadId"], first["id"])
        self.assertEqual(first["totalRepliesFromVideoAuthor"], 1)
        self.assertEqual(first["videoId"], video["id"])
        self.assertTrue(any('<a href="https://example.org' in c["text"] for c in page["data"]), "comment HTML with links")

    def test_remote_commenters_and_unknown_threads(self):
        video = self.rich_video(self.pt[0])
        hosts = {c["account"]["host"] for c in self.threads(self.pt[0], video["uuid"], "count=100")["data"] if c["account"]}
        self.assertEqual(hosts, {self.pt[0].split("//")[1], self.pt[1].split("//")[1]})
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads/999999").status, 404)
        other = self.rich_video(self.pt[1])
        other_thread = self.threads(self.pt[1], other["uuid"], "count=1")["data"][0]["id"]
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/videos/{video['uuid']}/comment-threads/{other_thread}").status, 404)

    def test_counts_agree_with_the_threads(self):
        video = self.rich_video(self.pt[0])
        details = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}")
        self.assertEqual(details["comments"], self.threads(self.pt[0], video["uuid"])["totalNotDeletedComments"])

    def test_captions_and_their_webvtt_files(self):
        video = next(v for v in self.manifest(self.pt[0])["videos"] if v["captions"])
        for base in self.pt:   # the origin and the instance that knows it
            captions = get_json(f"{base}/api/v1/videos/{video['uuid']}/captions")
            self.assertShape(captions, contract.listing(contract.CAPTION))
            self.assertEqual({c["language"]["id"] for c in captions["data"]}, {"en", "fr"})
            for caption in captions["data"]:
                for url in (base + caption["captionPath"], caption["fileUrl"]):
                    reply = fetch(url)
                    self.assertEqual(reply.status, 200, url)
                    self.assertTrue(reply.headers["content-type"].startswith("text/vtt"))
                    self.assertTrue(reply.text.startswith("WEBVTT\n"))
                    self.assertEqual(len(re.findall(r"\d\d:\d\d:\d\d\.\d\d\d --> \d\d:\d\d:\d\d\.\d\d\d", reply.text)), 4)
        none = next(v for v in self.manifest(self.pt[0])["videos"] if not v["captions"])
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/videos/{none['uuid']}/captions"), {"total": 0, "data": []})

    def test_channels_and_accounts_by_handle(self):
        manifest = self.manifest(self.pt[1])
        handle = manifest["channels"][0]
        name = handle.split("@")[0]
        on_origin = get_json(f"{self.pt[1]}/api/v1/video-channels/{name}")
        self.assertShape(on_origin, contract.CHANNEL)
        self.assertTrue(on_origin["isLocal"])
        on_other = get_json(f"{self.pt[0]}/api/v1/video-channels/{handle}")
        self.assertFalse(on_other["isLocal"])
        self.assertEqual((on_other["name"], on_other["host"]), (name, self.pt[1].split("//")[1]))
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/video-channels/{name}").status, 404, "a bare name is local")
        account = manifest["accounts"][0]
        self.assertShape(get_json(f"{self.pt[0]}/api/v1/accounts/{account}"), contract.ACCOUNT)
        channels = get_json(f"{self.pt[0]}/api/v1/accounts/{account}/video-channels")
        self.assertShape(channels, contract.listing(contract.CHANNEL))
        self.assertEqual(channels["total"], 2)
        self.assertEqual(fetch(f"{self.pt[0]}/api/v1/accounts/nobody").status, 404)

    def test_channel_and_account_videos(self):
        handle = self.manifest(self.pt[0])["channels"][1]
        videos = get_json(f"{self.pt[0]}/api/v1/video-channels/{handle}/videos?count=100&nsfw=both")
        self.assertShape(videos, contract.listing(contract.VIDEO))
        self.assertTrue(videos["data"])
        self.assertTrue(all(v["channel"]["name"] == handle.split("@")[0] for v in videos["data"]))
        account = self.manifest(self.pt[0])["accounts"][0]
        by_account = get_json(f"{self.pt[0]}/api/v1/accounts/{account}/videos?count=100&nsfw=both")
        self.assertTrue(all(v["account"]["name"] == account.split("@")[0] for v in by_account["data"]))
        self.assertGreater(by_account["total"], videos["total"])

    def test_search_videos_by_word_tag_and_url(self):
        found = get_json(self.pt[0] + "/api/v1/search/videos?search=cats&nsfw=both&count=100")["data"]
        self.assertTrue(found and all("cats" in v["name"].lower() for v in found))
        self.assertEqual({v["isLocal"] for v in found}, {True, False}, "the instance searches what it federates")
        tagged = get_json(self.pt[0] + "/api/v1/search/videos?search=hiking&count=100&nsfw=both")["data"]
        self.assertTrue(tagged and all("Mountain" in v["name"] for v in tagged))
        hashed = get_json(self.pt[0] + "/api/v1/search/videos?search=%23hiking&count=100&nsfw=both")["data"]
        self.assertEqual(hashed, [], "'#' is punctuation to the full-text search and no tag is named '#hiking'")
        self.assertEqual(fetch(self.pt[0] + "/api/v1/search/videos").status, 400)
        video = get_json(self.pt[0] + "/api/v1/videos?isLocal=false&count=1")["data"][0]
        by_url = get_json(f"{self.pt[0]}/api/v1/search/videos?search={video['url']}")["data"]
        self.assertEqual([v["uuid"] for v in by_url], [video["uuid"]])

    def test_search_channels(self):
        found = get_json(self.pt[0] + "/api/v1/search/video-channels?search=loops&count=100")
        self.assertShape(found, contract.listing(contract.CHANNEL))
        self.assertEqual({c["host"] for c in found["data"]}, {p.split("//")[1] for p in self.pt})
        host = self.pt[1].split("//")[1]
        only = get_json(f"{self.pt[0]}/api/v1/search/video-channels?search=loops&host={host}")["data"]
        self.assertTrue(only and all(c["host"] == host for c in only))


if __name__ == "__main__":
    unittest.main()

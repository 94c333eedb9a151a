"""The Loops fake against loops-server's resources, its cursor paging and federation."""
import unittest
import xml.etree.ElementTree as ET

import contract
from support import FakeTestCase, fetch, get_json


class LoopsTests(FakeTestCase):
    def assertShape(self, document, spec):
        self.assertEqual(contract.check(document, spec), [])

    def first_profile(self, base: str) -> dict:
        return self.manifest(base)["profiles"][0]

    def pages(self, url: str, limit: int = 20) -> list[dict]:
        pages, next_url = [], url
        while next_url and len(pages) < limit:
            page = get_json(next_url)
            pages.append(page)
            next_url = page["links"]["next"]
        return pages

    def test_config_names_the_software(self):
        config = get_json(self.lp[0] + "/api/v1/config")
        self.assertEqual(config["app"]["software"], "loops")
        self.assertNotIn("serverVersion", config)

    def test_account_by_username(self):
        profile = self.first_profile(self.lp[0])
        document = get_json(f"{self.lp[0]}/api/v1/account/username/{profile['username']}")
        self.assertShape(document, {"data": contract.LOOPS_PROFILE})
        data = document["data"]
        self.assertEqual((data["id"], data["local"], data["remote_url"]), (profile["id"], True, None))
        self.assertTrue(data["has_atom"])
        self.assertEqual(data["has_atom_url"], f"{self.lp[0]}/feeds/{profile['id']}.atom")
        missing = fetch(f"{self.lp[0]}/api/v1/account/username/nobody")
        self.assertEqual(missing.status, 404)
        self.assertEqual(missing.json(), {"data": [], "error": {"code": 404, "message": "Record not found."}})

    def test_remote_account_has_its_own_id_and_name_at_host(self):
        profile = self.first_profile(self.lp[1])
        host = self.lp[1].split("//")[1]
        remote = get_json(f"{self.lp[0]}/api/v1/account/username/{profile['username']}@{host}")["data"]
        self.assertFalse(remote["local"])
        self.assertEqual(remote["remote_url"], f"{self.lp[1]}/@{profile['username']}")
        self.assertNotEqual(remote["id"], profile["id"])
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}").status, 404,
                         "an id of another server means nothing here")
        feed = get_json(f"{self.lp[0]}/api/v1/feed/account/{remote['id']}")["data"]
        self.assertTrue(feed and all(not v["is_local"] and v["media"]["src_url"].startswith(self.lp[1]) for v in feed))

    def test_account_feed_pinned_first_then_ten_a_page(self):
        profile = self.first_profile(self.lp[0])
        pages = self.pages(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}")
        for page in pages:
            self.assertShape(page, contract.cursor_page(contract.LOOPS_VIDEO))
        first = pages[0]["data"]
        self.assertEqual([v["pinned"] for v in first[:3]], [True, True, True])
        self.assertEqual(len(first), 13)
        self.assertEqual(len({v["id"] for v in first}), 13, "the first page leaves the pinned videos out of its ten")
        self.assertTrue(all(len(p["data"]) <= 10 for p in pages[1:]))
        self.assertIsNone(pages[-1]["meta"]["next_cursor"])
        unpinned = [v["id"] for p in pages for v in p["data"] if not v["pinned"]]
        self.assertEqual(len(unpinned), len(set(unpinned)), "no unpinned video twice")
        self.assertEqual(len(unpinned), 11)
        later_pinned = [v["id"] for p in pages[1:] for v in p["data"] if v["pinned"]]
        self.assertTrue(later_pinned, "later pages list the pinned videos again in their place, as Loops does")
        ids = [int(v["id"]) for p in pages[1:] for v in p["data"]]
        self.assertEqual(ids, sorted(ids, reverse=True))
        self.assertIn("cursor=", pages[0]["links"]["next"])

    def test_account_feed_sorts(self):
        profile = self.first_profile(self.lp[0])
        popular = [v for p in self.pages(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}?sort=Popular") for v in p["data"]]
        self.assertEqual([v["likes"] for v in popular], sorted((v["likes"] for v in popular), reverse=True))
        self.assertIn("sort=Popular", self.pages(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}?sort=Popular", 1)[0]["links"]["next"])
        oldest = [v for p in self.pages(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}?sort=Oldest") for v in p["data"]]
        self.assertEqual([v["created_at"] for v in oldest], sorted(v["created_at"] for v in oldest))
        self.assertEqual(len(oldest), 14)
        bad = fetch(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}?sort=Best")
        self.assertEqual(bad.status, 422)
        self.assertIn("sort", bad.json()["errors"])

    def test_prev_cursor_goes_back(self):
        profile = self.first_profile(self.lp[0])
        pages = self.pages(f"{self.lp[0]}/api/v1/feed/account/{profile['id']}?sort=Oldest")
        self.assertIsNone(pages[0]["links"]["prev"])
        back = get_json(pages[1]["links"]["prev"])
        self.assertEqual([v["id"] for v in back["data"]], [v["id"] for v in pages[0]["data"]])

    def test_video_and_its_media(self):
        entry = self.manifest(self.lp[0])["videos"][0]
        document = get_json(f"{self.lp[0]}/api/v1/video/{entry['id']}")
        self.assertShape(document, {"data": contract.LOOPS_VIDEO})
        media = document["data"]["media"]
        self.assertEqual((media["width"], media["height"]), (720, 1280))
        clip = fetch(media["src_url"], {"Range": "bytes=0-15"})
        self.assertEqual((clip.status, clip.body[4:8]), (206, b"ftyp"))
        self.assertEqual(fetch(media["thumbnail"]).headers["content-type"], "image/jpeg")
        self.assertEqual(fetch(document["data"]["account"]["avatar"]).status, 200)
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/video/123").status, 404)

    def test_comments_ten_a_page_with_tombstones(self):
        entry = self.manifest(self.lp[0])["videos"][0]
        self.assertEqual(entry["comments"] > 20, True)
        pages = self.pages(f"{self.lp[0]}/api/v1/video/comments/{entry['id']}")
        self.assertEqual([len(p["data"]) for p in pages], [10, 10, 3])
        comments = [c for p in pages for c in p["data"]]
        for comment in comments:
            spec = contract.LOOPS_COMMENT_TOMBSTONE if comment["tombstone"] else contract.LOOPS_COMMENT
            self.assertEqual(contract.check(comment, spec), [], comment)
        for page in pages:
            self.assertEqual(contract.check({**page, "data": []}, contract.cursor_page(dict)), [])
        ids = [int(c["id"]) for c in comments]
        self.assertEqual(ids, sorted(ids, reverse=True))
        tombstones = [c for c in comments if c["tombstone"]]
        self.assertEqual([c["caption"] for c in tombstones], ["This comment was deleted by the user"])
        self.assertEqual(tombstones[0]["account"]["username"], "deleted")

    def test_replies_three_a_page(self):
        entry = self.manifest(self.lp[0])["videos"][0]
        comments = [c for p in self.pages(f"{self.lp[0]}/api/v1/video/comments/{entry['id']}") for c in p["data"]]
        busy = max(comments, key=lambda c: c["replies"])
        pages = self.pages(f"{self.lp[0]}/api/v1/video/comments/{entry['id']}/replies?cr={busy['id']}")
        self.assertEqual([len(p["data"]) for p in pages], [3, 3, 1])
        self.assertIn(f"cr={busy['id']}", pages[0]["links"]["next"])
        replies = [r for p in pages for r in p["data"]]
        self.assertEqual(len(replies), busy["replies"])
        for reply in replies:
            if reply["tombstone"]:
                self.assertEqual(contract.check(reply, contract.LOOPS_REPLY_TOMBSTONE), [])
                self.assertIsNone(reply["p_id"])
            else:
                self.assertEqual(contract.check(reply, contract.LOOPS_REPLY), [])
                self.assertEqual(reply["p_id"], busy["id"])
                self.assertNotIn("media", reply)
        self.assertEqual(sum(r["tombstone"] for r in replies), 1)
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/video/comments/{entry['id']}/replies").status, 422)

    def test_comments_of_a_video_without_comments_are_404(self):
        closed = next(v for v in self.manifest(self.lp[0])["videos"] if not v["comments_enabled"])
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/video/comments/{closed['id']}").status, 404)
        video = get_json(f"{self.lp[0]}/api/v1/video/{closed['id']}")["data"]
        self.assertEqual((video["comments"], video["permissions"]["can_comment"]), (0, False))

    def test_explore_tags_and_guest_tag_feed(self):
        tags = get_json(self.lp[0] + "/api/v1/explore/tags")
        self.assertShape(tags, {"data": [contract.LOOPS_TAG]})
        self.assertEqual(len(tags["data"]), 8)
        self.assertEqual([t["count"] for t in tags["data"]], sorted((t["count"] for t in tags["data"]), reverse=True))
        name = tags["data"][0]["name"]
        feed = get_json(f"{self.lp[0]}/api/v1/explore/tag-feed/{name}")
        self.assertEqual(list(feed), ["data"], "a guest's tag feed is one page")
        self.assertShape(feed, {"data": [contract.LOOPS_MEDIA_DATA]})
        self.assertTrue(feed["data"])
        self.assertTrue(all("src_url" not in v["media"] and v["likes"] > 10 for v in feed["data"]))
        accounts = [v["account"]["id"] for v in feed["data"]]
        self.assertEqual(len(accounts), len(set(accounts)), "one video per account")
        self.assertEqual({v["is_local"] for v in feed["data"]}, {True, False})
        playable = get_json(f"{self.lp[0]}/api/v1/video/{feed['data'][0]['id']}")["data"]["media"]["src_url"]
        self.assertEqual(fetch(playable, {"Range": "bytes=0-7"}).status, 206)
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/explore/tag-feed/{name}?cursor=abc").status, 404)
        self.assertEqual(fetch(f"{self.lp[0]}/api/v1/explore/tag-feed/notatag").status, 404)

    def test_web_feed(self):
        feed = get_json(self.lp[0] + "/api/web/feed")
        self.assertShape(feed, contract.cursor_page(contract.LOOPS_VIDEO))
        self.assertTrue(0 < len(feed["data"]) <= 10)
        self.assertEqual(feed["meta"]["per_page"], len(feed["data"]))
        self.assertTrue(all(not v["is_sensitive"] and v["likes"] >= 10 and v["is_local"] for v in feed["data"]))

    def test_atom_feed(self):
        profile = self.first_profile(self.lp[0])
        reply = fetch(f"{self.lp[0]}/feeds/{profile['id']}.atom")
        self.assertEqual(reply.headers["content-type"], "application/atom+xml")
        entries = ET.fromstring(reply.body).findall("{http://www.w3.org/2005/Atom}entry")
        self.assertTrue(entries)
        enclosure = entries[0].find("{http://www.w3.org/2005/Atom}link[@rel='enclosure']")
        self.assertEqual(fetch(enclosure.get("href"), {"Range": "bytes=0-7"}).status, 206)
        other = self.manifest(self.lp[0])["profiles"][1]
        self.assertEqual(fetch(f"{self.lp[0]}/feeds/{other['id']}.atom").status, 404)


if __name__ == "__main__":
    unittest.main()

"""The search index fake: the instances' search API over every instance, with absolute addresses."""
import unittest

import contract
from support import FakeTestCase, fetch, get_json


class SearchIndexTests(FakeTestCase):
    def test_videos_of_every_instance_with_absolute_addresses(self):
        found = get_json(self.index + "/api/v1/search/videos?search=cats&count=100")
        self.assertEqual(contract.check(found, contract.listing(contract.VIDEO)), [])
        hosts = {v["channel"]["host"] for v in found["data"]}
        self.assertEqual(hosts, {p.split("//")[1] for p in self.pt})
        for video in found["data"]:
            origin = "http://" + video["channel"]["host"]
            self.assertTrue(video["url"].startswith(origin + "/videos/watch/"))
            self.assertEqual(video["thumbnailUrl"], origin + video["thumbnailPath"])
            self.assertEqual(fetch(video["thumbnailUrl"]).status, 200)
            self.assertEqual(fetch(video["embedUrl"].replace("/videos/embed/", "/api/v1/videos/")).status, 200)
            self.assertFalse(video["isLocal"])
        details = get_json(f"http://{found['data'][0]['channel']['host']}/api/v1/videos/{found['data'][0]['uuid']}")
        self.assertTrue(details["isLocal"], "the result is the origin's own video")

    def test_it_knows_more_than_any_instance(self):
        everywhere = get_json(self.index + "/api/v1/search/videos?search=loop&count=1&nsfw=both")["total"]
        for base in self.pt:
            self.assertLess(get_json(f"{base}/api/v1/search/videos?search=loop&count=1&nsfw=both")["total"], everywhere)

    def test_paging_filters_and_from_host(self):
        first = get_json(self.index + "/api/v1/search/videos?search=loop&count=5")
        second = get_json(self.index + "/api/v1/search/videos?search=loop&start=5&count=5")
        self.assertEqual(len({v["uuid"] for v in first["data"] + second["data"]}), 10)
        self.assertEqual(fetch(self.index + "/api/v1/search/videos?search=loop&count=500").status, 400)
        short = get_json(self.index + "/api/v1/search/videos?search=loop&durationMax=180&count=100")["data"]
        self.assertTrue(short and all(v["duration"] <= 180 for v in short))
        host = self.pt[1].split("//")[1]
        mine = get_json(f"{self.index}/api/v1/search/videos?search=loop&count=100&fromHost={host}")["data"]
        self.assertEqual({v["isLocal"] for v in mine}, {True, False})
        self.assertTrue(all(v["isLocal"] == (v["channel"]["host"] == host) for v in mine))

    def test_channels(self):
        found = get_json(self.index + "/api/v1/search/video-channels?search=travels&count=100")
        self.assertEqual(contract.check(found, contract.listing(contract.CHANNEL)), [])
        self.assertEqual({c["host"] for c in found["data"]}, {p.split("//")[1] for p in self.pt})
        self.assertTrue(all("travels" in c["displayName"] for c in found["data"]))


if __name__ == "__main__":
    unittest.main()

"""The PeerTube fake's config and video lists and details against the contract, its paging,
sorts, filters and federation."""
import unittest

import contract
from support import FakeTestCase, fetch, get_json


class PeerTubeVideosTests(FakeTestCase):
    def assertShape(self, document, spec):
        self.assertEqual(contract.check(document, spec), [])

    def test_config_has_the_server_config_shape(self):
        config = get_json(self.pt[0] + "/api/v1/config")
        self.assertShape(config, contract.SERVER_CONFIG)
        self.assertEqual(config["instance"]["defaultNSFWPolicy"], "do_not_list")
        self.assertEqual(get_json(self.pt[1] + "/api/v1/config")["instance"]["defaultNSFWPolicy"], "blur")

    def test_video_list_items_have_the_video_shape_and_default_to_fifteen(self):
        page = get_json(self.pt[0] + "/api/v1/videos")
        self.assertShape(page, contract.listing(contract.VIDEO))
        self.assertEqual(len(page["data"]), 15)
        self.assertGreater(page["total"], 15)

    def test_pages_by_start_and_count_cover_the_list_once(self):
        total = get_json(self.pt[0] + "/api/v1/videos?count=1")["total"]
        seen = []
        for start in range(0, total, 7):
            seen += [v["uuid"] for v in get_json(f"{self.pt[0]}/api/v1/videos?start={start}&count=7")["data"]]
        self.assertEqual(len(seen), total)
        self.assertEqual(len(set(seen)), total)
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/videos?start={total}&count=7")["data"], [])

    def test_bad_paging_and_sort_are_400_problems(self):
        for query in ("count=101", "start=-1", "count=abc", "sort=-popularity", "isLocal=maybe", "nsfw=sometimes"):
            reply = fetch(f"{self.pt[0]}/api/v1/videos?{query}")
            self.assertEqual(reply.status, 400, query)
            self.assertTrue(reply.headers["content-type"].startswith("application/problem+json"))
            self.assertShape(reply.json(), contract.PROBLEM)
            self.assertIn("invalid-params", reply.json())

    def test_sorts(self):
        def order(sort):
            return get_json(f"{self.pt[0]}/api/v1/videos?sort={sort}&count=100&nsfw=both")["data"]
        newest = order("-publishedAt")
        self.assertEqual([v["publishedAt"] for v in newest], sorted((v["publishedAt"] for v in newest), reverse=True))
        views = order("-views")
        self.assertEqual([v["views"] for v in views], sorted((v["views"] for v in views), reverse=True))
        oldest = order("publishedAt")
        self.assertEqual([v["uuid"] for v in oldest][0], [v["uuid"] for v in newest][-1])
        trending, hot = order("-trending"), order("-hot")
        self.assertEqual(len(trending), len(newest))
        self.assertNotEqual([v["uuid"] for v in trending], [v["uuid"] for v in newest])
        self.assertNotEqual([v["uuid"] for v in hot], [v["uuid"] for v in newest])
        self.assertNotEqual([v["uuid"] for v in hot], [v["uuid"] for v in trending])

    def test_federation_lists_the_other_instance_with_its_addresses(self):
        remote = get_json(self.pt[0] + "/api/v1/videos?isLocal=false&count=100")["data"]
        local = get_json(self.pt[0] + "/api/v1/videos?isLocal=true&count=100")["data"]
        other_host = self.pt[1].split("//")[1]
        self.assertTrue(remote and local)
        for video in remote:
            self.assertFalse(video["isLocal"])
            self.assertEqual(video["channel"]["host"], other_host)
            self.assertEqual(video["account"]["host"], other_host)
            self.assertTrue(video["url"].startswith(self.pt[1] + "/videos/watch/"))
            self.assertTrue(video["channel"]["url"].startswith(self.pt[1] + "/video-channels/"))
        for video in local:
            self.assertTrue(video["isLocal"])
            self.assertTrue(video["url"].startswith(self.pt[0] + "/"))

    def test_the_same_video_has_its_own_id_on_each_instance(self):
        remote = get_json(self.pt[0] + "/api/v1/videos?isLocal=false&count=100")["data"]
        at_origin = {v["uuid"]: v for v in get_json(self.pt[1] + "/api/v1/videos?isLocal=true&count=100&nsfw=both")["data"]}
        moved = [v for v in remote if v["id"] != at_origin[v["uuid"]]["id"]]
        self.assertTrue(moved, "ids of a federated video are the instance's own")
        self.assertLess(len(remote), len(at_origin), "not every video of the other instance has federated")

    def test_nsfw_follows_the_instance_policy_and_the_parameter(self):
        hidden = get_json(self.pt[0] + "/api/v1/videos?count=100")["data"]
        self.assertFalse(any(v["nsfw"] for v in hidden), "do_not_list hides sensitive videos")
        shown = get_json(self.pt[1] + "/api/v1/videos?count=100")["data"]
        self.assertTrue(any(v["nsfw"] for v in shown), "blur lists them")
        only = get_json(self.pt[0] + "/api/v1/videos?count=100&nsfw=true")["data"]
        self.assertTrue(only and all(v["nsfw"] for v in only))
        both = get_json(self.pt[0] + "/api/v1/videos?count=100&nsfw=both")
        self.assertEqual(both["total"], len(hidden) + len(only))

    def test_live_filter(self):
        live = get_json(self.pt[0] + "/api/v1/videos?isLive=true&count=100")["data"]
        self.assertTrue(live and all(v["isLive"] and v["duration"] == 0 for v in live))
        self.assertFalse(any(v["isLive"] for v in get_json(self.pt[0] + "/api/v1/videos?isLive=false&count=100")["data"]))

    def test_tags_one_of(self):
        cats = get_json(self.pt[0] + "/api/v1/videos?tagsOneOf=cats&tagsOneOf=river&count=100&nsfw=both")["data"]
        self.assertTrue(cats)
        for video in cats:
            tags = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}")["tags"]
            self.assertTrue({"cats", "river"} & set(tags))

    def test_details_by_id_uuid_and_short_uuid(self):
        entry = self.video_of_kind(self.pt[0], "portrait_web_hls")
        by_uuid = get_json(f"{self.pt[0]}/api/v1/videos/{entry['uuid']}")
        self.assertShape(by_uuid, contract.VIDEO_DETAILS)
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/videos/{entry['id']}"), by_uuid)
        self.assertEqual(get_json(f"{self.pt[0]}/api/v1/videos/{entry['shortUUID']}"), by_uuid)
        missing = fetch(f"{self.pt[0]}/api/v1/videos/00000000-0000-4000-8000-000000000000")
        self.assertEqual(missing.status, 404)
        self.assertShape(missing.json(), contract.PROBLEM)

    def test_every_kind_of_video_has_the_details_shape(self):
        for entry in self.manifest(self.pt[0])["videos"][:9]:
            with self.subTest(kind=entry["kind"]):
                self.assertShape(get_json(f"{self.pt[0]}/api/v1/videos/{entry['uuid']}"), contract.VIDEO_DETAILS)

    def test_web_video_files_in_two_resolutions(self):
        details = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'portrait_web')['uuid']}")
        self.assertEqual([f["resolution"]["id"] for f in details["files"]], [720, 240])
        self.assertEqual([(f["width"], f["height"]) for f in details["files"]], [(720, 1280), (240, 426)])
        self.assertTrue(all(f["hasAudio"] and f["hasVideo"] for f in details["files"]))
        self.assertEqual(details["streamingPlaylists"], [])
        self.assertLess(details["aspectRatio"], 1)
        landscape = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'landscape_web')['uuid']}")
        self.assertGreater(landscape["aspectRatio"], 1)
        self.assertEqual((landscape["files"][0]["width"], landscape["files"][0]["height"]), (1280, 720))

    def test_hls_only_and_split_audio(self):
        hls_only = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'hls_only')['uuid']}")
        self.assertEqual(hls_only["files"], [])
        files = hls_only["streamingPlaylists"][0]["files"]
        self.assertEqual([f["resolution"]["id"] for f in files], [720, 240])
        self.assertTrue(all(f["hasAudio"] and f["hasVideo"] for f in files))
        split = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'split_audio')['uuid']}")
        self.assertEqual(split["files"], [])
        files = split["streamingPlaylists"][0]["files"]
        self.assertEqual([(f["resolution"]["id"], f["hasAudio"], f["hasVideo"]) for f in files],
                         [(720, False, True), (240, False, True), (0, True, False)])
        self.assertNotIn("width", files[2])

    def test_null_aspect_long_and_live(self):
        null = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'null_aspect')['uuid']}")
        self.assertIsNone(null["aspectRatio"])
        self.assertTrue(null["files"] and all("width" not in f and "height" not in f for f in null["files"]))
        long = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'long')['uuid']}")
        self.assertGreater(long["duration"], 180)
        live = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'live')['uuid']}")
        self.assertTrue(live["isLive"])
        self.assertEqual((live["files"], live["streamingPlaylists"]), ([], []))
        nsfw = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'nsfw')['uuid']}")
        self.assertTrue(nsfw["nsfw"])

    def test_remote_details_point_at_the_origin(self):
        entry = self.video_of_kind(self.pt[1], "portrait_web_hls")
        details = get_json(f"{self.pt[0]}/api/v1/videos/{entry['uuid']}")
        self.assertFalse(details["isLocal"])
        self.assertEqual(details["channel"]["host"], self.pt[1].split("//")[1])
        self.assertFalse(details["channel"]["isLocal"])
        urls = [f["fileUrl"] for f in details["files"]] + [details["streamingPlaylists"][0]["playlistUrl"]]
        self.assertTrue(all(u.startswith(self.pt[1] + "/static/") for u in urls), urls)
        self.assertEqual(fetch(details["files"][0]["fileUrl"]).status, 200)
        self.assertEqual(fetch(details["files"][0]["fileUrl"].replace(self.pt[1], self.pt[0])).status, 404)

    def test_api_answers_carry_a_weak_etag_and_answer_304(self):
        first = fetch(self.pt[0] + "/api/v1/videos?count=3")
        self.assertTrue(first.headers["etag"].startswith('W/"'))
        again = fetch(self.pt[0] + "/api/v1/videos?count=3", {"If-None-Match": first.headers["etag"]})
        self.assertEqual((again.status, again.body), (304, b""))


class WorldSizeTests(unittest.TestCase):
    def test_more_videos_an_instance_give_each_channel_several_pages(self):
        from world import VIDEOS_PER_INSTANCE, World
        self.assertEqual(len(World(1).instances[0].local_videos), VIDEOS_PER_INSTANCE)
        big = World(1, videos_per_instance=160)
        instance = big.instances[0]
        self.assertEqual(len(instance.local_videos), 160)
        for channel in instance.channels:
            self.assertEqual(len(big.videos_of(channel, instance.local_videos)), 40)


if __name__ == "__main__":
    unittest.main()

"""--colours: each portrait PeerTube video served in a solid colour of its own (what bench/remote.py
tells apart on screen), said in the manifest; without it, every video is served the shared clips."""
import unittest

import media
from network import FakeNetwork
from support import FakeTestCase, fetch, get_json


def first_of_kind(manifest: dict, kind: str) -> dict:
    return next(v for v in manifest["videos"] if v["kind"] == kind)


class ColourTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.net = FakeNetwork(peertube=1, loops=0, index=False, first_address="127.0.0.60", colours=2).start()
        cls.site = cls.net.peertube[0].base_url
        cls.manifest = get_json(cls.site + "/__fake/manifest")

    @classmethod
    def tearDownClass(cls):
        cls.net.stop()

    def served(self, url: str) -> bytes:
        reply = fetch(url)
        self.assertEqual(reply.status, 200, url)
        return reply.body

    def file_of(self, colour: str, clip: str) -> bytes:
        with open(self.net.corpus.path(f"{clip}-{colour[1:]}"), "rb") as handle:
            return handle.read()

    def test_neighbours_differ_and_landscape_videos_have_none(self):
        portrait = [v for v in self.manifest["videos"] if v["kind"] != "landscape_web"]
        self.assertEqual({v.get("colour") for v in portrait}, {"#ff00ff", "#00c000"})
        self.assertNotEqual(self.manifest["videos"][0]["colour"], self.manifest["videos"][1]["colour"])
        self.assertNotIn("colour", first_of_kind(self.manifest, "landscape_web"))

    def test_web_file_is_the_videos_colour(self):
        video = first_of_kind(self.manifest, "portrait_web")
        details = get_json(f"{self.site}/api/v1/videos/{video['uuid']}")
        best = max(details["files"], key=lambda f: f["resolution"]["id"])
        body = self.served(best["fileUrl"])
        self.assertEqual(body, self.file_of(video["colour"], "portrait-720"))
        self.assertEqual(best["size"], len(body))

    def test_hls_renditions_are_the_videos_colour(self):
        video = first_of_kind(self.manifest, "hls_only")
        base = f"{self.site}/static/streaming-playlists/hls/{video['uuid']}/{video['uuid']}"
        self.assertIn(f"{video['uuid']}-720.m3u8", self.served(base + "-master.m3u8").decode())
        self.assertEqual(self.served(base + "-720-fragmented.mp4"), self.file_of(video["colour"], "hls-720"))

    def test_split_audio_keeps_its_shared_audio(self):
        video = first_of_kind(self.manifest, "split_audio")
        base = f"{self.site}/static/streaming-playlists/hls/{video['uuid']}/{video['uuid']}"
        self.assertEqual(self.served(base + "-720-fragmented.mp4"), self.file_of(video["colour"], "split-720"))
        with open(self.net.corpus.path("split-audio"), "rb") as handle:
            self.assertEqual(self.served(base + "-0-fragmented.mp4"), handle.read())

    def test_too_many_colours_are_refused(self):
        with self.assertRaises(ValueError):
            media.tinted_clips(len(media.PALETTE) + 1)


class WithoutColoursTests(FakeTestCase):
    def test_every_video_is_served_the_shared_clip(self):
        manifest = get_json(self.pt[0] + "/__fake/manifest")
        self.assertFalse(any("colour" in v for v in manifest["videos"]))
        video = first_of_kind(manifest, "portrait_web")
        details = get_json(f"{self.pt[0]}/api/v1/videos/{video['uuid']}")
        best = max(details["files"], key=lambda f: f["resolution"]["id"])
        with open(self.net.corpus.path("portrait-720"), "rb") as handle:
            self.assertEqual(fetch(best["fileUrl"]).body, handle.read())


if __name__ == "__main__":
    unittest.main()

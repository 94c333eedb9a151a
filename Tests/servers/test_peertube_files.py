"""The PeerTube fake's files: byte ranges and ETags, HLS playlists whose byte ranges address real
fragments, images, captions and the Media RSS feed."""
import hashlib
import re
import unittest
import xml.etree.ElementTree as ET

from support import FakeTestCase, fetch, get_json

MEDIA = "{http://search.yahoo.com/mrss/}"


class PeerTubeFilesTests(FakeTestCase):
    def details(self, base: str, kind: str) -> dict:
        return get_json(f"{base}/api/v1/videos/{self.video_of_kind(base, kind)['uuid']}")

    def test_web_video_with_ranges_and_etags(self):
        file = self.details(self.pt[0], "portrait_web")["files"][0]
        whole = fetch(file["fileUrl"])
        self.assertEqual(whole.status, 200)
        self.assertEqual(len(whole.body), file["size"])
        self.assertEqual(whole.headers["content-type"], "video/mp4")
        self.assertEqual(whole.headers["accept-ranges"], "bytes")
        self.assertIn(b"ftyp", whole.body[:12])
        etag = whole.headers["etag"]
        part = fetch(file["fileUrl"], {"Range": "bytes=100-199"})
        self.assertEqual((part.status, part.body), (206, whole.body[100:200]))
        self.assertEqual(part.headers["content-range"], f"bytes 100-199/{file['size']}")
        tail = fetch(file["fileUrl"], {"Range": "bytes=-50"})
        self.assertEqual(tail.body, whole.body[-50:])
        self.assertEqual(fetch(file["fileUrl"], {"Range": "bytes=5000-"}).body, whole.body[5000:])
        self.assertEqual(fetch(file["fileUrl"], {"If-None-Match": etag}).status, 304)
        self.assertEqual(fetch(file["fileUrl"], {"Range": f"bytes={file['size']}-"}).status, 416)
        stale = fetch(file["fileUrl"], {"Range": "bytes=0-9", "If-Range": '"other"'})
        self.assertEqual((stale.status, len(stale.body)), (200, file["size"]))
        self.assertEqual(fetch(file["fileUrl"], method="HEAD").headers["content-length"], str(file["size"]))
        download = fetch(file["fileDownloadUrl"])
        self.assertEqual(download.body, whole.body)
        self.assertIn("attachment", download.headers["content-disposition"])

    def check_hls(self, details: dict, expect_audio_group: bool):
        playlist = details["streamingPlaylists"][0]
        master = fetch(playlist["playlistUrl"])
        self.assertEqual(master.headers["content-type"], "application/vnd.apple.mpegurl")
        self.assertTrue(master.text.startswith("#EXTM3U\n"))
        inf = re.findall(r"#EXT-X-STREAM-INF:(.*)\n(.*)\n", master.text)
        self.assertEqual([re.search(r"RESOLUTION=(\d+x\d+)", a).group(1) for a, _ in inf], ["240x426", "720x1280"])
        audio = re.findall(r'#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio".*URI="([^"]+)"', master.text)
        self.assertEqual(bool(audio), expect_audio_group)
        self.assertEqual(all('AUDIO="audio"' in a for a, _ in inf), expect_audio_group)
        base = playlist["playlistUrl"].rsplit("/", 1)[0]
        files = {f["fileUrl"].rsplit("/", 1)[1]: f for f in playlist["files"]}
        for name in [uri for _, uri in inf] + audio:
            media = fetch(f"{base}/{name}").text
            self.assertIn("#EXT-X-ENDLIST", media)
            file_name = re.search(r'#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@0"', media)
            self.assertIn(file_name.group(1), files)
            whole = fetch(f"{base}/{file_name.group(1)}").body
            self.assertEqual(len(whole), files[file_name.group(1)]["size"])
            offset = int(file_name.group(2))
            self.assertEqual(whole[4:8], b"ftyp")
            ranges = [(int(length), int(start)) for length, start in re.findall(r"#EXT-X-BYTERANGE:(\d+)@(\d+)", media)]
            durations = [float(d) for d in re.findall(r"#EXTINF:([\d.]+),", media)]
            self.assertEqual(len(ranges), len(durations))
            self.assertAlmostEqual(sum(durations), details["duration"], delta=0.2)
            for length, start in ranges:
                self.assertEqual(start, offset, "fragments follow each other")
                self.assertEqual(whole[start + 4:start + 8], b"moof")
                part = fetch(f"{base}/{file_name.group(1)}", {"Range": f"bytes={start}-{start + length - 1}"})
                self.assertEqual((part.status, part.body), (206, whole[start:start + length]))
                offset += length
            hashes = get_json(playlist["segmentsSha256Url"])[file_name.group(1)]
            self.assertEqual(hashes[f"{ranges[0][1]}-{ranges[0][1] + ranges[0][0] - 1}"],
                             hashlib.sha256(whole[ranges[0][1]:ranges[0][1] + ranges[0][0]]).hexdigest())

    def test_hls_only_playlists_address_real_fragments(self):
        self.check_hls(self.details(self.pt[0], "hls_only"), expect_audio_group=False)

    def test_split_audio_playlists_address_real_fragments(self):
        self.check_hls(self.details(self.pt[0], "split_audio"), expect_audio_group=True)

    def test_remote_hls_is_served_by_its_origin(self):
        entry = self.video_of_kind(self.pt[1], "split_audio")
        details = get_json(f"{self.pt[0]}/api/v1/videos/{entry['uuid']}")
        self.check_hls(details, expect_audio_group=True)
        self.assertTrue(details["streamingPlaylists"][0]["playlistUrl"].startswith(self.pt[1]))
        self.assertFalse(any(e["path"].startswith("/static/") for e in self.net.peertube[0].log.entries()))

    def test_images(self):
        details = self.details(self.pt[0], "landscape_web")
        for url in (self.pt[0] + details["thumbnailPath"], self.pt[0] + details["previewPath"],
                    self.pt[0] + details["account"]["avatars"][0]["path"], details["channel"]["avatars"][1]["fileUrl"],
                    details["channel"]["banners"][0]["fileUrl"]):
            reply = fetch(url)
            self.assertEqual((reply.status, reply.headers["content-type"]), (200, "image/jpeg"), url)
            self.assertEqual(reply.body[:2], b"\xff\xd8")

    def feed(self, base: str, query: str, accept: str | None = None):
        return fetch(f"{base}/feeds/videos.xml?{query}", {"Accept": accept} if accept is not None else {})

    def test_feed_accept_header(self):
        channel_id = get_json(f"{self.pt[0]}/api/v1/video-channels/{self.manifest(self.pt[0])['channels'][0]}")["id"]
        query = f"videoChannelId={channel_id}"
        self.assertEqual(self.feed(self.pt[0], query).headers["content-type"], "application/xml; charset=utf-8")
        self.assertEqual(self.feed(self.pt[0], query, "text/xml").headers["content-type"], "text/xml; charset=utf-8")
        self.assertEqual(self.feed(self.pt[0], query, "*/*").status, 200)
        self.assertEqual(self.feed(self.pt[0], query, "application/json").status, 406)
        self.assertEqual(self.feed(self.pt[0], query, "application/rss+xml").status, 406,
                         "videos.xml offers application/xml and text/xml only")
        rss = fetch(f"{self.pt[0]}/feeds/videos.rss?{query}", {"Accept": "application/rss+xml"})
        self.assertEqual(rss.headers["content-type"], "application/rss+xml; charset=utf-8")
        self.assertEqual(self.feed(self.pt[0], "videoChannelId=99999").status, 404)

    def test_feed_items_are_the_channels_videos_with_playable_media(self):
        handle = self.manifest(self.pt[0])["channels"][0]
        channel = get_json(f"{self.pt[0]}/api/v1/video-channels/{handle}")
        listed = get_json(f"{self.pt[0]}/api/v1/video-channels/{handle}/videos?count=100")["data"]
        reply = self.feed(self.pt[0], f"videoChannelId={channel['id']}")
        root = ET.fromstring(reply.body)
        items = root.findall("./channel/item")
        self.assertEqual(root.findtext("./channel/title"), channel["displayName"])
        self.assertEqual([i.findtext("title") for i in items], [v["name"] for v in listed if not v["isLive"]][:20])
        for item in items:
            contents = item.findall(f"{MEDIA}group/{MEDIA}content")
            self.assertTrue(contents)
            self.assertTrue(all(c.get("url").startswith(self.pt[0] + "/static/") for c in contents))
        first = items[0].find(f"{MEDIA}group/{MEDIA}content")
        self.assertEqual(fetch(first.get("url"), {"Range": "bytes=0-99"}).status, 206)
        enclosure = items[0].find("enclosure")
        self.assertEqual(fetch(enclosure.get("url")).body[4:8], b"ftyp")
        self.assertTrue(reply.headers["etag"].startswith('W/"'))


if __name__ == "__main__":
    unittest.main()

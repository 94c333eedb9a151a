"""Faults switched per site at run time through /__fake/faults, and the request logs."""
import http.client
import json
import socket
import time
import unittest
import urllib.parse

import contract
from faults import FaultRule
from support import FakeTestCase, fetch, get_json


class FaultTests(FakeTestCase):
    def add(self, base: str, *rules: dict) -> None:
        reply = fetch(base + "/__fake/faults", method="POST", body=json.dumps({"rules": list(rules)}).encode(),
                      headers={"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200, reply.body)

    def test_429_with_retry_after_then_normal(self):
        self.add(self.pt[0], {"kind": "429", "path": "^/api/v1/videos$", "count": 2, "retry_after": 3})
        for _ in range(2):
            reply = fetch(self.pt[0] + "/api/v1/videos")
            self.assertEqual((reply.status, reply.headers["retry-after"]), (429, "3"))
            self.assertEqual(contract.check(reply.json(), contract.PROBLEM), [])
        self.assertEqual(fetch(self.pt[0] + "/api/v1/videos").status, 200)
        self.assertEqual(fetch(self.pt[1] + "/api/v1/videos").status, 200)
        self.assertEqual([e["status"] for e in get_json(self.pt[0] + "/__fake/requests")], [429, 429, 200])

    def test_loops_errors_in_its_own_form(self):
        self.add(self.lp[0], {"kind": "429", "count": 1}, {"kind": "503", "count": 1, "retry_after": 5},
                 {"kind": "500", "count": 1}, {"kind": "status", "status": 404, "count": 1})
        too_many = fetch(self.lp[0] + "/api/v1/explore/tags")
        self.assertEqual((too_many.status, too_many.json()["message"]), (429, "Too many requests"))
        unavailable = fetch(self.lp[0] + "/api/v1/explore/tags")
        self.assertEqual((unavailable.status, unavailable.headers["retry-after"]), (503, "5"))
        self.assertEqual(fetch(self.lp[0] + "/api/v1/explore/tags").status, 500)
        self.assertEqual(fetch(self.lp[0] + "/api/v1/explore/tags").json()["error"]["code"], 404)
        self.assertEqual(fetch(self.lp[0] + "/api/v1/explore/tags").status, 200)

    def test_skip_and_method(self):
        self.add(self.pt[0], {"kind": "500", "skip": 1, "count": 1, "method": "GET", "path": "/captions$"})
        uuid = self.video_of_kind(self.pt[0], "portrait_web")["uuid"]
        url = f"{self.pt[0]}/api/v1/videos/{uuid}/captions"
        self.assertEqual([fetch(url).status for _ in range(3)], [200, 500, 200])

    def test_stall_after_headers(self):
        self.add(self.pt[0], {"kind": "stall_body", "seconds": 2, "count": 1})
        parts = urllib.parse.urlsplit(self.pt[0])
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=0.7)
        connection.request("GET", "/api/v1/videos")
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        self.assertGreater(int(response.getheader("Content-Length")), 0)
        with self.assertRaises(socket.timeout):
            response.read()
        connection.close()

    def test_stall_without_an_answer(self):
        self.add(self.lp[0], {"kind": "stall_silent", "seconds": 2, "count": 1})
        started = time.monotonic()
        with self.assertRaises(socket.timeout):
            fetch(self.lp[0] + "/api/v1/explore/tags", timeout=0.7)
        self.assertLess(time.monotonic() - started, 1.5)
        self.assertEqual(self.net.loops[0].log.entries()[0]["fault"], "stall_silent")

    def test_late_answers_after_the_wait(self):
        self.add(self.pt[0], {"kind": "late", "seconds": 0.6, "path": "^/api/v1/videos$", "count": 1})
        started = time.monotonic()
        reply = fetch(self.pt[0] + "/api/v1/videos")
        self.assertEqual(reply.status, 200)
        self.assertGreaterEqual(time.monotonic() - started, 0.6)
        self.assertGreater(reply.json()["total"], 0, "the real answer")
        started = time.monotonic()
        self.assertEqual(fetch(self.pt[0] + "/api/v1/videos").status, 200)
        self.assertLess(time.monotonic() - started, 0.5, "once only")
        self.assertEqual([e["fault"] for e in get_json(self.pt[0] + "/__fake/requests")], ["late", None])

    def test_down_resets_every_connection_until_lifted(self):
        self.add(self.pt[0], {"kind": "down"})
        for _ in range(2):
            with self.assertRaises((ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError)):
                fetch(self.pt[0] + "/api/v1/videos", timeout=2)
        self.assertEqual(fetch(self.pt[1] + "/api/v1/videos").status, 200)
        self.assertEqual(fetch(self.pt[0] + "/__fake/faults", method="DELETE").status, 204)
        self.assertEqual(fetch(self.pt[0] + "/api/v1/videos").status, 200)
        self.assertEqual([e["fault"] for e in get_json(self.pt[0] + "/__fake/requests")], ["down", "down", None])

    def test_slow_body_arrives_whole_and_late(self):
        file = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'portrait_web')['uuid']}")["files"][1]
        whole = fetch(file["fileUrl"]).body
        self.add(self.pt[0], {"kind": "slow", "rate": 200_000, "path": "^/static/", "count": 1})
        started = time.monotonic()
        slow = fetch(file["fileUrl"])
        self.assertEqual(slow.body, whole)
        self.assertGreater(time.monotonic() - started, len(whole) / 200_000 * 0.8)

    def test_a_request_read_slowly_arrives_whole_and_may_still_be_cut(self):
        self.add(self.pt[0], {"kind": "slow_request", "rate": 400_000, "path": "^/echo-nothing$"},
                 {"kind": "cut_request", "path": "^/echo-nothing$", "count": 1})
        body = bytes(range(256)) * 800
        started = time.monotonic()
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionResetError)):
            fetch(self.pt[0] + "/echo-nothing", method="POST", body=body, timeout=5)
        self.assertGreater(time.monotonic() - started, len(body) / 400_000 * 0.8, "read at the rate")
        answered = fetch(self.pt[0] + "/echo-nothing", method="POST", body=body, timeout=5)
        self.assertEqual(answered.status, 404)
        self.assertEqual([(e["fault"], e["request_bytes"]) for e in get_json(self.pt[0] + "/__fake/requests")],
                         [("cut_request", len(body)), (None, len(body))])

    def test_truncated_body(self):
        self.add(self.pt[0], {"kind": "truncate", "path": "^/static/", "count": 1})
        file = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'portrait_web')['uuid']}")["files"][1]
        with self.assertRaises(http.client.IncompleteRead):
            fetch(file["fileUrl"])

    def test_garbage_huge_and_deep(self):
        self.add(self.pt[0], {"kind": "garbage", "count": 1}, {"kind": "huge_json", "count": 1},
                 {"kind": "deep_nesting", "count": 1})
        garbage = fetch(self.pt[0] + "/api/v1/videos")
        self.assertEqual(garbage.status, 200)
        with self.assertRaises(ValueError):
            garbage.json()
        huge = fetch(self.pt[0] + "/api/v1/videos")
        self.assertGreater(len(huge.body), 10 * 1024 * 1024)
        self.assertEqual(contract.check(huge.json(), contract.listing(contract.VIDEO)), [])
        deep = fetch(self.pt[0] + "/api/v1/videos")
        self.assertGreaterEqual(deep.body.count(b"["), 100_000)
        with self.assertRaises(RecursionError):
            json.loads(deep.body)

    def test_wrong_types_and_huge_numbers(self):
        self.add(self.pt[0], {"kind": "wrong_types", "count": 1}, {"kind": "huge_numbers", "count": 1})
        wrong = fetch(self.pt[0] + "/api/v1/videos?count=3").json()
        errors = contract.check(wrong, contract.listing(contract.VIDEO))
        self.assertTrue(any("expected int, got str" in e for e in errors), errors[:5])
        self.assertTrue(any("got NoneType" in e for e in errors))
        self.assertTrue(any("expected str, got dict" in e for e in errors))
        numbers = fetch(self.pt[0] + "/api/v1/videos?count=3").json()
        self.assertTrue(any(v["views"] > 2 ** 63 or v["views"] < 0 for v in numbers["data"]))

    def test_hostile_text_and_bad_urls(self):
        self.add(self.lp[0], {"kind": "hostile_text", "count": 1}, {"kind": "bad_urls", "count": 1})
        profile = self.manifest(self.lp[0])["profiles"][0]["username"]
        hostile = fetch(f"{self.lp[0]}/api/v1/account/username/{profile}").json()["data"]
        self.assertEqual(len(hostile["name"]), 100_000)
        self.assertIn("\u202e", hostile["bio"])
        self.assertIn("<script>", hostile["bio"])
        self.assertIn("\u0000", hostile["bio"])
        bad = fetch(f"{self.lp[0]}/api/v1/account/username/{profile}").json()["data"]
        urls = [bad["avatar"], bad["url"]]
        self.assertFalse(any(u.startswith(("http://", "https://")) for u in urls), urls)
        self.assertTrue(any(u.startswith(("file:", "javascript:", "data:")) for u in urls), urls)

    def test_control_endpoint_lists_replaces_and_clears(self):
        self.add(self.pt[1], {"kind": "500", "path": "^/api/v1/config$"})
        self.assertEqual(get_json(self.pt[1] + "/__fake/faults")["rules"][0]["kind"], "500")
        fetch(self.pt[1] + "/__fake/faults", method="PUT", body=b'{"rules": [{"kind": "503"}]}')
        self.assertEqual([r["kind"] for r in get_json(self.pt[1] + "/__fake/faults")["rules"]], ["503"])
        self.assertEqual(fetch(self.pt[1] + "/api/v1/config").status, 503)
        self.assertEqual(fetch(self.pt[1] + "/__fake/manifest").status, 200, "the control paths never fault")
        fetch(self.pt[1] + "/__fake/faults", method="DELETE")
        self.assertEqual(fetch(self.pt[1] + "/api/v1/config").status, 200)
        bad = fetch(self.pt[1] + "/__fake/faults", method="POST", body=b'{"rules": [{"kind": "explode"}]}')
        self.assertEqual(bad.status, 400)

    def test_command_line_form(self):
        rule = FaultRule.parse("429:path=^/api/v1/videos$,count=2,retry_after=1")
        self.assertEqual((rule.kind, rule.path, rule.count, rule.retry_after), ("429", "^/api/v1/videos$", 2, 1))
        self.assertEqual(FaultRule.parse("slow:rate=1000").rate, 1000)
        with self.assertRaises(ValueError):
            FaultRule.parse("429:bogus=1")

    def test_request_log_records_ranges_accept_and_statuses(self):
        file = get_json(f"{self.pt[0]}/api/v1/videos/{self.video_of_kind(self.pt[0], 'portrait_web')['uuid']}")["files"][0]
        self.net.peertube[0].log.clear()
        fetch(file["fileUrl"], {"Range": "bytes=0-9"})
        fetch(self.pt[0] + "/feeds/videos.xml", {"Accept": "text/xml"})
        entries = get_json(self.pt[0] + "/__fake/requests")
        self.assertEqual([(e["range"], e["status"], e["bytes"]) for e in entries][0], ("bytes=0-9", 206, 10))
        self.assertEqual((entries[1]["path"], entries[1]["accept"]), ("/feeds/videos.xml", "text/xml"))
        self.assertEqual(fetch(self.pt[0] + "/__fake/requests", method="DELETE").status, 204)
        self.assertEqual(get_json(self.pt[0] + "/__fake/requests"), [])
        self.assertEqual(get_json(self.pt[1] + "/__fake/requests"), [], "each site has its own log")


if __name__ == "__main__":
    unittest.main()

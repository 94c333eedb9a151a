"""serve.py as the end-to-end and Swift tests start it: one JSON line, faults from the command
line, a clean stop on SIGTERM."""
import json
import os
import signal
import socket
import subprocess
import sys
import unittest
import urllib.parse

from support import fetch, get_json

SERVE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "serve.py")


class ServeTests(unittest.TestCase):
    def test_starts_prints_its_sites_and_stops(self):
        process = subprocess.Popen([sys.executable, SERVE, "--peertube", "3", "--loops", "1", "--first-address", "127.0.0.60",
                                    "--fault", "peertube2=503:path=^/api/v1/config$,count=1,retry_after=4"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            sites = json.loads(process.stdout.readline())
            self.assertEqual(sites["peertube"], [f"http://127.0.0.{60 + n}:{sites['port']}" for n in range(3)])
            self.assertEqual(sites["loops"], [f"http://127.0.0.63:{sites['port']}"])
            self.assertEqual(sites["search_index"], f"http://127.0.0.64:{sites['port']}")
            third = sites["peertube"][2]
            self.assertEqual(fetch(third + "/api/v1/config").headers["retry-after"], "4")
            self.assertEqual(fetch(third + "/api/v1/config").status, 200)
            remote = get_json(third + "/api/v1/videos?isLocal=false&count=100")["data"]
            self.assertEqual({v["channel"]["host"] for v in remote}, {p.split("//")[1] for p in sites["peertube"][:2]})
        finally:
            process.send_signal(signal.SIGTERM)
            self.assertEqual(process.wait(timeout=20), 0)
            process.stdout.close()
            process.stderr.close()

    def test_a_slow_line_has_ethernet_sized_segments(self):
        process = subprocess.Popen([sys.executable, SERVE, "--peertube", "0", "--loops", "1", "--no-index", "--first-address",
                                    "127.0.0.70", "--slow-line"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            site = json.loads(process.stdout.readline())["loops"][0]
            parts = urllib.parse.urlsplit(site)
            with socket.create_connection((parts.hostname, parts.port), timeout=5) as connection:
                self.assertLessEqual(connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG), 1400,
                                     "the client's kernel sends as over Ethernet, not loopback's 64 KB segments")
            self.assertEqual(fetch(site + "/api/v1/explore/tags").status, 200)
        finally:
            process.send_signal(signal.SIGTERM)
            self.assertEqual(process.wait(timeout=20), 0)
            process.stdout.close()
            process.stderr.close()

    def test_refuses_addresses_outside_loopback(self):
        result = subprocess.run([sys.executable, SERVE, "--first-address", "10.0.0.1"], capture_output=True, text=True, timeout=60)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("127.0.0.0/8", result.stderr)


if __name__ == "__main__":
    unittest.main()

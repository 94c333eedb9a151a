"""Signing in to the PeerTube fake: the local client, the password and refresh grants, two-factor,
expiring and revoked tokens, and the 401 problems."""
import json
import time
import unittest

import contract
from support import FORM, FakeTestCase, bearer, fetch, form, get_json, peertube_token

TOKEN = {"token_type": str, "access_token": str, "refresh_token": str, "expires_in": int, "refresh_token_expires_in": int}


class PeerTubeAuthTests(FakeTestCase):
    def setUp(self):
        super().setUp()
        fetch(self.pt[0] + "/__fake/auth", method="POST", body=b'{"access_lifetime": 86400, "refresh_lifetime": 1209600}')
        self.users = self.manifest(self.pt[0])["users"]
        self.plain = next(u for u in self.users if not u["otp"])
        self.two_factor = next(u for u in self.users if u["otp"])

    def problem(self, reply, status: int, code: str):
        self.assertEqual(reply.status, status, reply.body)
        self.assertTrue(reply.headers["content-type"].startswith("application/problem+json"))
        document = reply.json()
        self.assertEqual(contract.check(document, contract.PROBLEM), [])
        self.assertEqual(document["code"], code)
        self.assertTrue(document["type"].endswith("#section/Errors/" + code))

    def test_local_client(self):
        client = get_json(self.pt[0] + "/api/v1/oauth-clients/local")
        self.assertEqual((len(client["client_id"]), len(client["client_secret"])), (32, 32))
        self.assertNotEqual(client, get_json(self.pt[1] + "/api/v1/oauth-clients/local"))

    def test_password_grant_and_me(self):
        reply = peertube_token(self.pt[0], self.plain["username"], self.plain["password"])
        self.assertEqual(reply.status, 200, reply.body)
        token = reply.json()
        self.assertEqual(contract.check(token, TOKEN), [])
        self.assertEqual(token["token_type"], "Bearer")
        self.assertAlmostEqual(token["expires_in"], 86400, delta=2)
        self.assertEqual(reply.headers["cache-control"], "no-store")
        me = get_json(self.pt[0] + "/api/v1/users/me", bearer(token["access_token"]))
        self.assertEqual(me["username"], self.plain["username"])
        self.assertEqual(contract.check(me["account"], contract.ACCOUNT), [])
        self.assertEqual(len(me["videoChannels"]), 2)

    def test_bad_credentials(self):
        self.problem(peertube_token(self.pt[0], self.plain["username"], "wrong"), 400, "invalid_grant")
        self.problem(peertube_token(self.pt[0], "nobody", "x"), 400, "invalid_grant")
        bad_client = fetch(self.pt[0] + "/api/v1/users/token", FORM, "POST",
                           form({"client_id": "x", "client_secret": "y", "grant_type": "password", "username": "a", "password": "b"}))
        self.problem(bad_client, 400, "invalid_client")
        as_json = fetch(self.pt[0] + "/api/v1/users/token", {"Content-Type": "application/json"}, "POST", b"{}")
        self.problem(as_json, 400, "invalid_request")

    def test_two_factor(self):
        missing = peertube_token(self.pt[0], self.two_factor["username"])
        self.problem(missing, 401, "missing_two_factor")
        self.assertEqual(missing.headers["x-peertube-otp"], "required; app")
        self.problem(peertube_token(self.pt[0], self.two_factor["username"], otp="000000"), 400, "invalid_two_factor")
        self.assertEqual(peertube_token(self.pt[0], self.two_factor["username"], otp=self.two_factor["otp"]).status, 200)

    def test_refresh_rotates_and_the_old_refresh_token_is_refused(self):
        token = peertube_token(self.pt[0], self.plain["username"]).json()
        client = get_json(self.pt[0] + "/api/v1/oauth-clients/local")
        refresh = lambda value: fetch(self.pt[0] + "/api/v1/users/token", FORM, "POST",  # noqa: E731
                                      form({**client, "grant_type": "refresh_token", "refresh_token": value}))
        renewed = refresh(token["refresh_token"])
        self.assertEqual(renewed.status, 200)
        self.assertNotEqual(renewed.json()["access_token"], token["access_token"])
        self.problem(refresh(token["refresh_token"]), 400, "invalid_grant")
        self.assertEqual(fetch(self.pt[0] + "/api/v1/users/me", bearer(renewed.json()["access_token"])).status, 200)

    def test_expiring_tokens(self):
        fetch(self.pt[0] + "/__fake/auth", method="POST", body=b'{"access_lifetime": 1}')
        token = peertube_token(self.pt[0], self.plain["username"]).json()
        self.assertLessEqual(token["expires_in"], 1)
        self.assertEqual(fetch(self.pt[0] + "/api/v1/users/me", bearer(token["access_token"])).status, 200)
        time.sleep(1.2)
        self.problem(fetch(self.pt[0] + "/api/v1/users/me", bearer(token["access_token"])), 401, "invalid_token")
        self.problem(fetch(self.pt[0] + "/api/v1/videos", bearer(token["access_token"])), 401, "invalid_token")
        self.assertEqual(fetch(self.pt[0] + "/api/v1/config", bearer(token["access_token"])).status, 200)
        fetch(self.pt[0] + "/__fake/auth", method="POST", body=json.dumps({"expire": "refresh"}).encode())
        client = get_json(self.pt[0] + "/api/v1/oauth-clients/local")
        expired = fetch(self.pt[0] + "/api/v1/users/token", FORM, "POST",
                        form({**client, "grant_type": "refresh_token", "refresh_token": token["refresh_token"]}))
        self.problem(expired, 400, "invalid_grant")
        self.assertIn("expired", expired.json()["detail"])

    def test_revoke(self):
        token = peertube_token(self.pt[0], self.plain["username"]).json()
        self.assertEqual(fetch(self.pt[0] + "/api/v1/users/revoke-token", bearer(token["access_token"]), "POST").status, 200)
        self.problem(fetch(self.pt[0] + "/api/v1/users/me", bearer(token["access_token"])), 401, "invalid_token")

    def test_routes_that_need_a_user_say_so(self):
        self.problem(fetch(self.pt[0] + "/api/v1/users/me"), 401, "unauthorized_request")
        self.problem(fetch(self.pt[0] + "/api/v1/users/me", {"Authorization": "Bearer nonsense"}), 401, "invalid_token")
        self.assertEqual(fetch(self.pt[0] + "/api/v1/videos").status, 200, "no header, no check")

    def test_a_token_is_only_good_on_its_instance(self):
        token = peertube_token(self.pt[0], self.plain["username"]).json()
        self.problem(fetch(self.pt[1] + "/api/v1/users/me", bearer(token["access_token"])), 401, "invalid_token")


if __name__ == "__main__":
    unittest.main()

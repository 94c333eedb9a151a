"""Signing in to the Loops fake as a native app: registration, authorize with PKCE and a loopback
redirect, the token and refresh grants, and what a token opens."""
import base64
import hashlib
import json
import secrets
import urllib.parse
import unittest

from support import FORM, FakeTestCase, bearer, fetch, form, get_json

JSON = {"Content-Type": "application/json"}


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return verifier, challenge


class LoopsAuthTests(FakeTestCase):
    def setUp(self):
        super().setUp()
        fetch(self.lp[0] + "/__fake/auth", method="POST", body=json.dumps(
            {"session_user": self.manifest(self.lp[0])["profiles"][0]["username"], "deny": False,
             "access_lifetime": 31536000}).encode())
        self.app = fetch(self.lp[0] + "/api/v1/apps", JSON, "POST",
                         json.dumps({"client_name": "Loopfeed", "redirect_uris": ["http://127.0.0.1/callback"]}).encode()).json()

    def authorize(self, redirect: str, challenge: str | None, state: str = "xyz", client_id: str | None = None):
        query = {"client_id": client_id or self.app["client_id"], "redirect_uri": redirect, "response_type": "code",
                 "scope": "user:read user:write", "state": state}
        if challenge:
            query.update(code_challenge=challenge, code_challenge_method="S256")
        return fetch(f"{self.lp[0]}/oauth/authorize?{urllib.parse.urlencode(query)}")

    def exchange(self, code: str, redirect: str, verifier: str | None):
        fields = {"grant_type": "authorization_code", "client_id": self.app["client_id"],
                  "client_secret": self.app["client_secret"], "redirect_uri": redirect, "code": code}
        if verifier is not None:
            fields["code_verifier"] = verifier
        return fetch(self.lp[0] + "/oauth/token", FORM, "POST", form(fields))

    def sign_in(self, port: int = 40123):
        verifier, challenge = pkce()
        redirect = f"http://127.0.0.1:{port}/callback"
        location = self.authorize(redirect, challenge).headers["location"]
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)["code"][0]
        return self.exchange(code, redirect, verifier).json()

    def test_registration(self):
        self.assertEqual(set(self.app), {"client_id", "client_name", "client_secret", "redirect_uris", "vapid_key"})
        self.assertEqual((self.app["client_name"], self.app["redirect_uris"], self.app["vapid_key"]),
                         ("Loopfeed", ["http://127.0.0.1/callback"], None))
        as_form = fetch(self.lp[0] + "/api/v1/apps", FORM, "POST",
                        b"client_name=Loopfeed&redirect_uris[]=http://127.0.0.1/a&redirect_uris[]=http://127.0.0.1/b").json()
        self.assertEqual(as_form["redirect_uris"], ["http://127.0.0.1/a", "http://127.0.0.1/b"])
        missing = fetch(self.lp[0] + "/api/v1/apps", JSON, "POST", b'{"client_name": "x"}')
        self.assertEqual(missing.status, 422)
        self.assertIn("redirect_uris", missing.json()["errors"])

    def test_authorize_redirects_to_the_loopback_listener_on_any_port(self):
        verifier, challenge = pkce()
        reply = self.authorize("http://127.0.0.1:51789/callback", challenge, state="s-1")
        self.assertEqual(reply.status, 302)
        target = urllib.parse.urlsplit(reply.headers["location"])
        self.assertEqual((target.hostname, target.port, target.path), ("127.0.0.1", 51789, "/callback"))
        query = urllib.parse.parse_qs(target.query)
        self.assertEqual(query["state"], ["s-1"])
        self.assertTrue(query["code"][0])

    def test_bad_client_or_redirect(self):
        _, challenge = pkce()
        for reply in (self.authorize("http://127.0.0.1/callback", challenge, client_id="nope"),
                      self.authorize("http://127.0.0.1/elsewhere", challenge),
                      self.authorize("http://evil.invalid/callback", challenge)):
            self.assertEqual((reply.status, reply.json()["error"]), (401, "invalid_client"))

    def test_token_with_pkce_and_what_it_opens(self):
        token = self.sign_in()
        self.assertEqual(set(token), {"token_type", "expires_in", "access_token", "refresh_token"})
        me = get_json(self.lp[0] + "/api/v1/account/info/self", bearer(token["access_token"]))["data"]
        self.assertEqual((me["username"], me["is_owner"]), (self.manifest(self.lp[0])["profiles"][0]["username"], True))
        self.assertEqual(fetch(self.lp[0] + "/api/v1/account/info/self").json(), {"message": "Unauthenticated."})

    def test_wrong_verifier_reused_code_and_mismatched_redirect(self):
        verifier, challenge = pkce()
        redirect = "http://127.0.0.1:40001/callback"
        code = lambda: urllib.parse.parse_qs(urllib.parse.urlsplit(  # noqa: E731
            self.authorize(redirect, challenge).headers["location"]).query)["code"][0]
        wrong = self.exchange(code(), redirect, "x" * 50)
        self.assertEqual((wrong.status, wrong.json()["error"], wrong.json()["hint"]), (400, "invalid_grant", "Failed to verify `code_verifier`."))
        self.assertEqual(self.exchange(code(), redirect, None).json()["error"], "invalid_request")
        once = code()
        self.assertEqual(self.exchange(once, redirect, verifier).status, 200)
        self.assertEqual(self.exchange(once, redirect, verifier).json()["error"], "invalid_grant")
        self.assertEqual(self.exchange(code(), "http://127.0.0.1:40002/callback", verifier).status, 401)

    def test_refresh_rotates_logout_revokes_and_tokens_expire(self):
        token = self.sign_in()
        refresh = lambda value: fetch(self.lp[0] + "/oauth/token", FORM, "POST", form({  # noqa: E731
            "grant_type": "refresh_token", "refresh_token": value, "client_id": self.app["client_id"],
            "client_secret": self.app["client_secret"]}))
        renewed = refresh(token["refresh_token"]).json()
        self.assertNotEqual(renewed["access_token"], token["access_token"])
        self.assertEqual(refresh(token["refresh_token"]).json()["hint"], "Token has been revoked")
        fetch(self.lp[0] + "/__fake/auth", method="POST", body=b'{"expire": "access"}')
        self.assertEqual(fetch(self.lp[0] + "/api/v1/account/info/self", bearer(renewed["access_token"])).status, 401)
        again = refresh(renewed["refresh_token"]).json()
        self.assertEqual(fetch(self.lp[0] + "/api/v1/app/logout", bearer(again["access_token"]), "POST").json(),
                         {"message": "Successfully logged out."})
        self.assertEqual(fetch(self.lp[0] + "/api/v1/account/info/self", bearer(again["access_token"])).status, 401)

    def test_denied(self):
        fetch(self.lp[0] + "/__fake/auth", method="POST", body=b'{"deny": true}')
        _, challenge = pkce()
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.authorize("http://127.0.0.1:1/callback", challenge).headers["location"]).query)
        self.assertEqual((query["error"], query["state"]), (["access_denied"], ["xyz"]))

    def test_signed_in_tag_feed_pages_with_a_cursor(self):
        token = self.sign_in()
        tag = get_json(self.lp[0] + "/api/v1/explore/tags")["data"][0]["name"]
        url = f"{self.lp[0]}/api/v1/explore/tag-feed/{tag}?limit=4"
        pages, cursor = [], None
        while len(pages) < 20:
            page = get_json(url + (f"&cursor={cursor}" if cursor else ""), bearer(token["access_token"]))
            pages.append(page)
            cursor = page["meta"]["next_cursor"]
            if not cursor:
                break
        ids = [v["id"] for p in pages for v in p["data"]]
        self.assertGreater(len(pages), 1)
        self.assertEqual(len(ids), len(set(ids)))
        self.assertTrue(all(len(p["data"]) <= 4 for p in pages))
        self.assertEqual(ids, sorted(ids, key=int, reverse=True))
        self.assertEqual(fetch(url + "&cursor=bogus", bearer(token["access_token"])).status, 400)
        self.assertEqual(fetch(url.replace("limit=4", "limit=50"), bearer(token["access_token"])).status, 422)


if __name__ == "__main__":
    unittest.main()

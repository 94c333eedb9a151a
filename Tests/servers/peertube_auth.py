"""Signing in to a fake PeerTube instance (server/core/lib/auth/oauth.ts, middlewares/auth.ts,
controllers/api/users/token.ts; openapi getOAuthClient, getOAuthToken, revokeOAuthToken).

Every local account is a user whose password is `NAME-password`; the instance's second account has
two-factor authentication, its code being `123456` (the manifest lists them). Tokens expire after
`access_lifetime` and `refresh_lifetime` seconds (a day and two weeks, as PeerTube's defaults), which
/__fake/auth changes at run time, and can expire or be revoked on demand:

    POST /__fake/auth {"access_lifetime": 2, "refresh_lifetime": 60}
    POST /__fake/auth {"expire": "access" | "refresh" | "all"}       (every token issued so far)
"""
from __future__ import annotations

import hashlib
import secrets
import threading
import time
from dataclasses import dataclass

from httpkit import Request, Response, json_response

OTP_HEADER = "x-peertube-otp"
OTP_CODE = "123456"
ERRORS = "https://docs.joinpeertube.org/api-rest-reference.html#section/Errors/"


@dataclass
class User:
    account: object          # the world's Actor
    password: str
    otp: str | None


@dataclass
class Token:
    access: str
    refresh: str
    user: User
    access_expires: float
    refresh_expires: float
    revoked: bool = False


class AuthState:
    def __init__(self, site):
        seed = hashlib.sha1(site.instance.name.encode()).hexdigest()
        self.client_id = (seed + seed)[:32]
        self.client_secret = hashlib.sha1(seed.encode()).hexdigest()[:32].upper()
        self.access_lifetime = 86400
        self.refresh_lifetime = 14 * 86400
        self.users = {a.name: User(a, f"{a.name}-password", OTP_CODE if n == 1 else None)
                      for n, a in enumerate(site.instance.accounts)}
        self._lock = threading.Lock()
        self._by_access: dict[str, Token] = {}
        self._by_refresh: dict[str, Token] = {}

    def issue(self, user: User) -> Token:
        now = time.time()
        token = Token(secrets.token_hex(20), secrets.token_hex(20), user, now + self.access_lifetime,
                      now + self.refresh_lifetime)
        with self._lock:
            self._by_access[token.access] = token
            self._by_refresh[token.refresh] = token
        return token

    def by_access(self, value: str) -> Token | None:
        with self._lock:
            token = self._by_access.get(value)
        return token if token and not token.revoked and token.access_expires > time.time() else None

    def by_refresh(self, value: str) -> tuple[Token | None, str]:
        with self._lock:
            token = self._by_refresh.get(value)
        if token is None or token.revoked:
            return None, "Invalid grant: refresh token is invalid"
        if token.refresh_expires < time.time():
            return None, "Invalid grant: refresh token has expired"
        return token, ""

    def expire(self, which: str) -> None:
        past = time.time() - 1
        with self._lock:
            for token in self._by_access.values():
                if which in ("access", "all"):
                    token.access_expires = past
                if which in ("refresh", "all"):
                    token.refresh_expires = past

    def describe(self) -> dict:
        with self._lock:
            live = sum(1 for t in self._by_access.values() if not t.revoked)
        return {"client_id": self.client_id, "access_lifetime": self.access_lifetime,
                "refresh_lifetime": self.refresh_lifetime, "tokens": live,
                "users": [{"username": name, "password": u.password, "otp": u.otp} for name, u in self.users.items()]}


def add_routes(site) -> None:
    site.auth = AuthState(site)
    site.route("GET", r"/api/v1/oauth-clients/local", lambda r, m: site.ok(
        {"client_id": site.auth.client_id, "client_secret": site.auth.client_secret}))
    site.route("POST", r"/api/v1/users/token", lambda r, m: token(site, r))
    site.route("POST", r"/api/v1/users/revoke-token", lambda r, m: revoke(site, r))
    site.route("GET", r"/api/v1/users/me", lambda r, m: me(site, r))


def oauth_problem(site, status: int, name: str, detail: str, headers: dict | None = None) -> Response:
    response = site.problem(status, detail, extra={"type": ERRORS + name, "code": name})
    response.headers.update(headers or {})
    return response


def token(site, request: Request) -> Response:
    if not request.header("content-type").startswith("application/x-www-form-urlencoded"):
        return oauth_problem(site, 400, "invalid_request", "Invalid request: content must be application/x-www-form-urlencoded")
    form = request.form()
    auth = site.auth
    if not form.get("client_id") or not form.get("client_secret"):
        return oauth_problem(site, 400, "invalid_client", "Invalid client: cannot retrieve client credentials")
    if (form["client_id"], form["client_secret"]) != (auth.client_id, auth.client_secret):
        return oauth_problem(site, 400, "invalid_client", "Invalid client: client is invalid")
    grant = form.get("grant_type")
    if not grant:
        return oauth_problem(site, 400, "invalid_request", "Missing parameter: `grant_type`")
    if grant == "password":
        if not form.get("username"):
            return oauth_problem(site, 400, "invalid_request", "Missing parameter: `username`")
        if not form.get("password"):
            return oauth_problem(site, 400, "invalid_request", "Missing parameter: `password`")
        user = auth.users.get(form["username"].lower())
        if user is None or user.password != form["password"]:
            return oauth_problem(site, 400, "invalid_grant", "Invalid grant: user credentials are invalid")
        if user.otp:
            given = request.header(OTP_HEADER)
            if not given:
                return oauth_problem(site, 401, "missing_two_factor", "Missing two factor header",
                                     {"x-peertube-otp": "required; app"})
            if given != user.otp:
                return oauth_problem(site, 400, "invalid_two_factor", "Invalid two factor header")
        issued = auth.issue(user)
    elif grant == "refresh_token":
        if not form.get("refresh_token"):
            return oauth_problem(site, 400, "invalid_request", "Missing parameter: `refresh_token`")
        old, why = auth.by_refresh(form["refresh_token"])
        if old is None:
            return oauth_problem(site, 400, "invalid_grant", why)
        old.revoked = True
        issued = auth.issue(old.user)
    else:
        return oauth_problem(site, 400, "unsupported_grant_type", "Unsupported grant type: `grant_type` is invalid")
    now = time.time()
    return json_response({"token_type": "Bearer", "access_token": issued.access, "refresh_token": issued.refresh,
                          "expires_in": int(issued.access_expires - now), "refresh_token_expires_in": int(issued.refresh_expires - now)},
                         headers={"Cache-Control": "no-store", "Pragma": "no-cache"})


def check(site, request: Request) -> Response | None:
    """What PeerTube's authenticate answers to an Authorization header it cannot accept, or None."""
    header = request.header("authorization")
    if not header:
        return None
    if not header.startswith("Bearer ") or site.auth.by_access(header[7:].strip()) is None:
        return oauth_problem(site, 401, "invalid_token", "Token is invalid")
    return None


def user_of(site, request: Request) -> tuple[User | None, Response | None]:
    """The signed-in user, or the 401 of a route that needs one."""
    header = request.header("authorization")
    if not header:
        return None, oauth_problem(site, 401, "unauthorized_request", "Token is invalid")
    token = site.auth.by_access(header[7:].strip()) if header.startswith("Bearer ") else None
    if token is None:
        return None, oauth_problem(site, 401, "invalid_token", "Token is invalid")
    return token.user, None


def revoke(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    site.auth.by_access(request.header("authorization")[7:].strip()).revoked = True
    return json_response({})


def me(site, request: Request) -> Response:
    user, failure = user_of(site, request)
    if failure:
        return failure
    account = user.account
    channels = [c for c in site.world.actors if c.kind == "channel" and c.owner is account]
    return site.ok({
        "id": site.instance.actor_id(account), "username": account.name, "email": f"{account.name}@example.org",
        "emailVerified": True, "nsfwPolicy": site.nsfw_policy, "p2pEnabled": True, "autoPlayVideo": True,
        "autoPlayNextVideo": False, "autoPlayNextVideoPlaylist": True, "videosHistoryEnabled": True,
        "videoLanguages": None, "role": {"id": 2, "label": "User"}, "videoQuota": site.upload_quota,
        "videoQuotaDaily": -1, "blocked": False, "blockedReason": None, "twoFactorEnabled": bool(user.otp),
        "noInstanceConfigWarningModal": True, "noWelcomeModal": True, "noAccountSetupWarningModal": True,
        "createdAt": site.json.account(account)["createdAt"], "lastLoginDate": None, "pluginAuth": None,
        "theme": "instance-default", "account": site.json.account(account),
        "videoChannels": [site.json.channel(c) for c in channels],
    })


def control(site, request: Request) -> Response:
    if request.method in ("POST", "PUT"):
        body = request.json() or {}
        for key in ("access_lifetime", "refresh_lifetime"):
            if key in body:
                setattr(site.auth, key, float(body[key]))
        if body.get("expire") in ("access", "refresh", "all"):
            site.auth.expire(body["expire"])
    return json_response(site.auth.describe())

"""Signing in to a fake Loops server: app registration (AuthController::registerApp) and Laravel
Passport's authorization-code grant with PKCE (league/oauth2-server), as a native app uses them
(RFC 8252: the redirect is a one-time listener on 127.0.0.1, any port).

    POST /api/v1/apps {client_name, redirect_uris: [..]} -> {client_id, client_name, client_secret,
                                                             redirect_uris, vapid_key: null}
    GET  /oauth/authorize?client_id&redirect_uri&response_type=code&scope&state&code_challenge
         &code_challenge_method=S256     -> 302 to redirect_uri?code=..&state=.. at once: the browser
                                            is taken to be signed in as `session_user` and to approve
    POST /oauth/token grant_type=authorization_code (client_id, client_secret, redirect_uri, code,
         code_verifier) or refresh_token (refresh_token, client_id, client_secret)
         -> {token_type: "Bearer", expires_in, access_token, refresh_token}
    GET  /api/v1/account/info/self, POST /api/v1/app/logout (a bearer token)

Errors are league's: {error, error_description, hint, message}. The control endpoint changes the
browser's user, makes it deny, and sets or expires token lifetimes:
    POST /__fake/auth {"session_user": "looper", "deny": false, "access_lifetime": 5, "expire": "access"|"refresh"|"all"}
"""
from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import time
import urllib.parse
import uuid

from httpkit import Request, Response, json_response

YEAR = 365 * 86400
MESSAGES = {
    "invalid_client": (401, "Client authentication failed"),
    "invalid_request": (400, "The request is missing a required parameter, includes an invalid parameter value, "
                             "includes a parameter more than once, or is otherwise malformed."),
    "invalid_grant": (400, "The provided authorization grant (e.g., authorization code, resource owner credentials) or "
                           "refresh token is invalid, expired, revoked, does not match the redirection URI used in the "
                           "authorization request, or was issued to another client."),
    "unsupported_grant_type": (400, "The authorization grant type is not supported by the authorization server."),
    "access_denied": (401, "The resource owner or authorization server denied the request."),
}


class LoopsAuth:
    def __init__(self, site):
        self.site = site
        self.clients: dict[str, dict] = {}
        self.codes: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}        # access -> {profile, expires, refresh, revoked}
        self.refreshes: dict[str, dict] = {}     # refresh -> the same record
        self.session_user = site.server.profiles[0].username
        self.deny = False
        self.access_lifetime = YEAR
        self.refresh_lifetime = YEAR + 30 * 86400
        self.lock = threading.Lock()

    def issue(self, profile, client_id: str) -> dict:
        now = time.time()
        record = {"profile": profile, "client_id": client_id, "access": secrets.token_urlsafe(48),
                  "refresh": secrets.token_urlsafe(48), "expires": now + self.access_lifetime,
                  "refresh_expires": now + self.refresh_lifetime, "revoked": False}
        with self.lock:
            self.tokens[record["access"]] = record
            self.refreshes[record["refresh"]] = record
        return record

    def profile_of(self, request: Request):
        header = request.header("authorization")
        record = self.tokens.get(header[7:].strip()) if header.startswith("Bearer ") else None
        if record is None or record["revoked"] or record["expires"] < time.time():
            return None
        return record["profile"]


def add_routes(site) -> None:
    site.auth = LoopsAuth(site)
    site.route("POST", r"/api/v1/apps", lambda r, m: register(site, r))
    site.route("GET", r"/oauth/authorize", lambda r, m: authorize(site, r))
    site.route("POST", r"/oauth/token", lambda r, m: token(site, r))
    site.route("GET", r"/api/v1/account/info/self", lambda r, m: self_info(site, r))
    site.route("POST", r"/api/v1/app/logout", lambda r, m: logout(site, r))


def oauth_error(error: str, hint: str = "", status: int | None = None) -> Response:
    code, description = MESSAGES[error]
    return json_response({"error": error, "error_description": description, "hint": hint, "message": description},
                         status or code)


def unauthenticated() -> Response:
    return json_response({"message": "Unauthenticated."}, 401)


def _params(request: Request) -> dict:
    if request.header("content-type").startswith("application/json"):
        try:
            body = request.json()
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}
    fields: dict = {}
    for key, values in urllib.parse.parse_qs(request.body.decode("utf-8", "replace"), keep_blank_values=True).items():
        if key.endswith("[]"):
            fields[key[:-2]] = values       # Laravel's name[]=a&name[]=b
        else:
            fields[key] = values[-1]
    return fields


def register(site, request: Request) -> Response:
    body = _params(request)
    uris = body.get("redirect_uris")
    errors = {}
    if not isinstance(body.get("client_name"), str) or not body["client_name"]:
        errors["client_name"] = ["The client name field is required."]
    if not isinstance(uris, list) or not uris or not all(isinstance(u, str) and u for u in uris):
        errors["redirect_uris"] = ["The redirect uris field is required."]
    if errors:
        return json_response({"message": next(iter(errors.values()))[0], "errors": errors}, 422)
    client_id = str(uuid.uuid4())
    site.auth.clients[client_id] = {"name": body["client_name"], "secret": secrets.token_urlsafe(30)[:40],
                                    "redirect_uris": [urllib.parse.unquote(u) for u in uris]}
    client = site.auth.clients[client_id]
    return json_response({"client_id": client_id, "client_name": client["name"], "client_secret": client["secret"],
                          "redirect_uris": uris, "vapid_key": None})


def redirect_allowed(given: str, registered: list[str]) -> bool:
    """Exact, except that a loopback redirect may use any port (league's RedirectUriValidator, RFC 8252)."""
    if given in registered:
        return True
    parts = urllib.parse.urlsplit(given)
    if parts.scheme != "http" or parts.hostname not in ("127.0.0.1", "::1"):
        return False
    for uri in registered:
        other = urllib.parse.urlsplit(uri)
        if (other.scheme, other.hostname, other.path, other.query) == (parts.scheme, parts.hostname, parts.path, parts.query):
            return True
    return False


def authorize(site, request: Request) -> Response:
    client = site.auth.clients.get(request.arg("client_id") or "")
    if client is None:
        return oauth_error("invalid_client")
    redirect = request.arg("redirect_uri") or (client["redirect_uris"][0] if len(client["redirect_uris"]) == 1 else "")
    if not redirect_allowed(redirect, client["redirect_uris"]):
        return oauth_error("invalid_client")
    if request.arg("response_type") != "code":
        return oauth_error("unsupported_grant_type")
    challenge, method = request.arg("code_challenge"), request.arg("code_challenge_method", "plain")
    if challenge is not None and (method not in ("plain", "S256") or not 43 <= len(challenge) <= 128):
        return oauth_error("invalid_request", "Code challenge must follow the specifications of RFC-7636.")
    state = request.arg("state")
    if site.auth.deny:
        query = {"error": "access_denied", "error_description": MESSAGES["access_denied"][1], "hint": "The user denied the request"}
    else:
        profile = next(p for p in site.server.profiles if p.username == site.auth.session_user)
        code = secrets.token_urlsafe(32)
        site.auth.codes[code] = {"client_id": request.arg("client_id"), "redirect_uri": redirect, "profile": profile,
                                 "challenge": challenge, "method": method, "expires": time.time() + 600}
        query = {"code": code}
    if state is not None:
        query["state"] = state
    separator = "&" if "?" in redirect else "?"
    return Response(302, b"", {"Location": redirect + separator + urllib.parse.urlencode(query), "Content-Length": "0"})


def token(site, request: Request) -> Response:
    form = _params(request)
    client = site.auth.clients.get(form.get("client_id") or "")
    if client is None or form.get("client_secret") != client["secret"]:
        return oauth_error("invalid_client")
    grant = form.get("grant_type")
    if grant == "authorization_code":
        for name in ("code", "redirect_uri"):
            if not form.get(name):
                return oauth_error("invalid_request", f"Check the `{name}` parameter")
        with site.auth.lock:
            record = site.auth.codes.pop(form["code"], None)
        if record is None or record["expires"] < time.time() or record["client_id"] != form["client_id"]:
            return oauth_error("invalid_grant", "Authorization code has expired" if record else "Cannot decrypt the authorization code")
        if record["redirect_uri"] != form["redirect_uri"]:
            return oauth_error("invalid_client")
        if record["challenge"] is not None:
            verifier = form.get("code_verifier") or ""
            if not verifier:
                return oauth_error("invalid_request", "Check the `code_verifier` parameter")
            expected = verifier if record["method"] == "plain" else \
                base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
            if expected != record["challenge"]:
                return oauth_error("invalid_grant", "Failed to verify `code_verifier`.")
        issued = site.auth.issue(record["profile"], form["client_id"])
    elif grant == "refresh_token":
        if not form.get("refresh_token"):
            return oauth_error("invalid_request", "Check the `refresh_token` parameter")
        old = site.auth.refreshes.get(form["refresh_token"])
        if old is None or old["client_id"] != form["client_id"]:
            return oauth_error("invalid_grant", "Cannot decrypt the refresh token")
        if old["revoked"]:
            return oauth_error("invalid_grant", "Token has been revoked")
        if old["refresh_expires"] < time.time():
            return oauth_error("invalid_grant", "Token has expired")
        old["revoked"] = True
        issued = site.auth.issue(old["profile"], form["client_id"])
    else:
        return oauth_error("unsupported_grant_type")
    return json_response({"token_type": "Bearer", "expires_in": int(issued["expires"] - time.time()),
                          "access_token": issued["access"], "refresh_token": issued["refresh"]},
                         headers={"Cache-Control": "no-store", "Pragma": "no-cache"})


def self_info(site, request: Request) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    document = site.fmt.profile(profile)
    document.update({"is_admin": False, "is_owner": True,
                     "likes_count": sum(v.likes for v in site.server.known_videos if v.profile is profile)})
    return json_response({"data": document})


def logout(site, request: Request) -> Response:
    profile = site.auth.profile_of(request)
    if profile is None:
        return unauthenticated()
    with site.auth.lock:
        for record in site.auth.tokens.values():
            if record["profile"] is profile:
                record["revoked"] = True
    return json_response({"message": "Successfully logged out."})


def control(site, request: Request) -> Response:
    auth = site.auth
    if request.method in ("POST", "PUT"):
        body = request.json() or {}
        if "session_user" in body:
            if not any(p.username == body["session_user"] for p in site.server.profiles):
                return json_response({"error": "no such local profile"}, 400)
            auth.session_user = body["session_user"]
        auth.deny = bool(body.get("deny", auth.deny))
        for key in ("access_lifetime", "refresh_lifetime"):
            if key in body:
                setattr(auth, key, float(body[key]))
        if body.get("expire") in ("access", "refresh", "all"):
            with auth.lock:
                for record in auth.tokens.values():
                    if body["expire"] in ("access", "all"):
                        record["expires"] = time.time() - 1
                    if body["expire"] in ("refresh", "all"):
                        record["refresh_expires"] = time.time() - 1
    return json_response({"session_user": auth.session_user, "deny": auth.deny, "clients": len(auth.clients),
                          "access_lifetime": auth.access_lifetime, "refresh_lifetime": auth.refresh_lifetime,
                          "tokens": sum(1 for r in auth.tokens.values() if not r["revoked"])})

"""The content of fake Loops servers: profiles, videos with hashtags, comments with replies. Made
from a seed, like world.py. Each server knows the others' profiles and videos as remote ones
(`local: false`, `is_local: false`, usernames `name@host`), under ids of its own.

Ids are snowflakes past 2**53, as Loops' are: JSON carries them as strings, and Laravel's cursors
carry them as numbers.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

PROFILE_NAMES = (("looper", "Lou Looper"), ("skater", "Sam Skater"), ("baker", "Bea Baker"),
                 ("dancer", "Dee Dancer"), ("painter", "Pat Painter"), ("hiker", "Hal Hiker"))
TAGS = ("loops", "cats", "dance", "skate", "food", "travel", "music", "art", "nature", "city", "funny", "diy")
SNOWFLAKE_BASE = 40_000_000_000_000_000


@dataclass(eq=False)
class Profile:
    origin: int
    seq: int
    username: str
    name: str
    bio: str
    avatar: str
    followers: int
    following: int
    created: float
    has_atom: bool = False


@dataclass(eq=False)
class LoopsComment:
    seq: int
    author: Profile
    caption: str
    created: float
    likes: int
    status: str = "active"            # or deleted_by_user, deleted_by_admin...
    replies: list["LoopsComment"] = field(default_factory=list)
    parent: "LoopsComment | None" = None


@dataclass(eq=False)
class LoopsVideo:
    origin: int
    seq: int
    profile: Profile
    caption: str
    tags: list[str]
    clip: str                         # corpus clip of its media
    width: int
    height: int
    duration: int
    created: float
    likes: int
    shares: int
    bookmarks: int
    views: int
    sensitive: bool = False
    pinned: bool = False
    pin_order: int = 0
    comments_enabled: bool = True
    comments: list[LoopsComment] = field(default_factory=list)
    file: str | None = None           # an uploaded video's own file (loops_upload), else the corpus clip
    published_at: float = 0.0         # an uploaded video is processing until then

    def comment_count(self) -> int:
        return sum(1 + sum(1 for r in c.replies if r.status == "active") for c in self.comments if c.status == "active")


class LoopsServer:
    def __init__(self, index: int):
        self.index = index
        self.name = f"Fake Loops {index + 1}"
        self.profiles: list[Profile] = []
        self.videos: list[LoopsVideo] = []
        self.known_profiles: list[Profile] = []
        self.known_videos: list[LoopsVideo] = []
        # what each signed-in user (by username) liked (video seqs) and follows
        self.liked: dict[str, set[int]] = {}
        self.follows: dict[str, list[Profile]] = {}

    # ids of this server: its own snowflakes for everything it knows
    def profile_id(self, profile: Profile) -> int:
        return SNOWFLAKE_BASE + self.index * 10 ** 12 + profile.origin * 10 ** 9 + profile.seq * 4096 + 1

    def video_id(self, video: LoopsVideo) -> int:
        return SNOWFLAKE_BASE + self.index * 10 ** 12 + video.origin * 10 ** 9 + video.seq * 4096 + 2

    def comment_id(self, comment: LoopsComment) -> int:
        return SNOWFLAKE_BASE + self.index * 10 ** 12 + 5 * 10 ** 11 + comment.seq * 4096 + 3

    def profile(self, key: str) -> Profile | None:
        return next((p for p in self.known_profiles if str(self.profile_id(p)) == key), None)

    def video(self, key: str) -> LoopsVideo | None:
        return next((v for v in self.known_videos if str(self.video_id(v)) == key), None)


class LoopsWorld:
    def __init__(self, server_count: int, seed: int = 11, epoch: float = 1_790_000_000.0):
        self.epoch = epoch
        self.rng = random.Random(seed)
        self.hosts = [f"loops{i}.invalid" for i in range(server_count)]
        self.servers = [LoopsServer(i) for i in range(server_count)]
        self._seq = 0
        for server in self.servers:
            self._populate(server)
        for server in self.servers:
            server.known_profiles = [p for s in self.servers for p in s.profiles]
            server.known_videos = [v for s in self.servers for v in s.videos if s is server or v.seq % 5 != 4]

    def _next(self) -> int:
        self._seq += 1
        return self._seq

    def _populate(self, server: LoopsServer) -> None:
        rng = self.rng
        for n in range(3):
            username, name = PROFILE_NAMES[(server.index * 3 + n) % len(PROFILE_NAMES)]
            username += "" if server.index < 2 else str(server.index)
            profile = Profile(server.index, self._next(), username, name, f"{name} makes loops. https://example.org/{username}",
                              ("avatar-a", "avatar-b", "avatar-c")[n], rng.randint(10, 900), rng.randint(1, 90),
                              self.epoch - (300 - n) * 86400, has_atom=(n == 0))
            server.profiles.append(profile)
        for n, profile in enumerate(server.profiles):
            count = 14 if n == 0 else 6
            for k in range(count):
                tags = [TAGS[(k + n + server.index) % len(TAGS)], TAGS[(k * 3 + 1) % len(TAGS)]]
                if tags[0] == tags[1]:
                    tags = tags[:1]
                landscape = k == 5
                caption = f"Loop {k + 1} by {profile.name} " + " ".join(f"#{t}" for t in tags)
                video = LoopsVideo(server.index, self._next(), profile, caption, tags,
                                   "landscape-720" if landscape else "portrait-720", 1280 if landscape else 720,
                                   720 if landscape else 1280, 4, self.epoch - ((count - k) * 7 + n * 3 + server.index) * 3600,
                                   likes=rng.randint(0, 300), shares=rng.randint(0, 20), bookmarks=rng.randint(0, 30),
                                   views=rng.randint(50, 9000), sensitive=(k == 4),
                                   pinned=(n == 0 and k in (1, 3, 13)), pin_order=k, comments_enabled=(k != 3))
                server.videos.append(video)
        for video in server.videos:
            if video.comments_enabled:
                self._comments(server, video, 23 if video.seq % 7 == 0 or video is server.videos[0] else 2)

    def _comments(self, server: LoopsServer, video: LoopsVideo, count: int) -> None:
        authors = [p for p in server.profiles]
        for t in range(count):
            created = video.created + (t + 1) * 240
            comment = LoopsComment(self._next(), authors[(t + video.seq) % len(authors)],
                                   f"Comment {t + 1}: love this #{video.tags[0]} loop https://example.org/c/{t}",
                                   created, self.rng.randint(0, 40),
                                   status="deleted_by_user" if t == 5 else "active")
            video.comments.append(comment)
            reply_count = 7 if t == 1 else (2 if t % 4 == 0 or t == 5 else 0)
            for r in range(reply_count):
                reply = LoopsComment(self._next(), authors[(t + r + 1) % len(authors)], f"Reply {r + 1} to comment {t + 1}",
                                     created + (r + 1) * 60, self.rng.randint(0, 9),
                                     status="deleted_by_user" if (t == 1 and r == 2) else "active", parent=comment)
                comment.replies.append(reply)

    def host(self, index: int) -> str:
        return self.hosts[index]

    def url(self, index: int) -> str:
        return f"http://{self.hosts[index]}"

    def trending_tags(self, server: LoopsServer) -> list[dict]:
        """Hashtags by how many videos use them (Hashtag id, name, count), 20 at most."""
        counts: dict[str, int] = {}
        for video in server.known_videos:
            for tag in video.tags:
                counts[tag] = counts.get(tag, 0) + 1
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:20]
        # a tag an upload brought (not one of the world's) gets an id after theirs
        others = sorted(name for name in counts if name not in TAGS)
        tag_id = lambda name: TAGS.index(name) + 1 if name in TAGS else len(TAGS) + 1 + others.index(name)  # noqa: E731
        return [{"id": tag_id(name), "name": name, "count": count} for name, count in ranked]

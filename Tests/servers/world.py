"""The content of a fake PeerTube federation: instances, their accounts and channels, videos of
every shape Loopfeed meets, comment trees and captions. Everything is made from a seed, so two runs
serve the same documents; only addresses differ.

Each instance follows every other: it knows its own videos and most of the others' (remote videos,
with their origin's accounts, channels and file addresses). Ids are the instance's own, as in
PeerTube: the same video has another id on another instance; uuids are shared.
"""
from __future__ import annotations

import random
import threading
import time
import uuid as uuidlib
from dataclasses import dataclass, field

FLICKR_BASE58 = "123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
VIDEOS_PER_INSTANCE = 36

# The shape of each video, by its position on its instance (j % 9).
KINDS = ("portrait_web_hls", "portrait_web", "landscape_web", "hls_only", "split_audio",
         "long", "null_aspect", "live", "nsfw")
ACCOUNT_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")
SURNAMES = ("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau")
TOPICS = (("Cats on the windowsill", "cats"), ("River at dawn", "river"), ("Street dance", "dance"),
          ("Kitchen loop", "cooking"), ("Night city lights", "city"), ("Garden in the rain", "garden"),
          ("Skate park", "skate"), ("Mountain trail", "hiking"), ("Beach waves", "beach"))
CAPTION_LINES = {"en": ("Hello from the loop", "The cat looks outside", "Here it comes again", "And once more"),
                 "fr": ("Bonjour de la boucle", "Le chat regarde dehors", "Et ça recommence", "Encore une fois")}
LANGUAGES = {"en": "English", "fr": "French"}


def short_uuid(value: str) -> str:
    """PeerTube's shortUUID: the uuid's 128 bits in the flickr base-58 alphabet, 22 characters."""
    number = int(value.replace("-", ""), 16)
    digits = ""
    while number:
        number, remainder = divmod(number, 58)
        digits = FLICKR_BASE58[remainder] + digits
    return digits.rjust(22, FLICKR_BASE58[0])


@dataclass(eq=False)
class Actor:
    kind: str                     # "account" or "channel"
    origin: int                   # index of the instance it lives on
    name: str
    display_name: str
    description: str
    avatar: str                   # image name in the media corpus
    followers: int
    following: int
    created: float
    owner: "Actor | None" = None  # a channel's account
    support: str | None = None


@dataclass(eq=False)
class Comment:
    seq: int                      # network-wide order of creation
    author: Actor | None          # None once deleted
    text: str
    created: float
    parent: "Comment | None" = None
    deleted: bool = False
    children: list["Comment"] = field(default_factory=list)

    @property
    def root(self) -> "Comment":
        return self if self.parent is None else self.parent.root


@dataclass(eq=False)
class Video:
    uuid: str
    origin: int
    index: int                    # position among its instance's videos
    kind: str
    channel: Actor
    name: str
    description: str
    tags: list[str]
    duration: int
    published: float
    views: int
    recent_views: int
    likes: int
    dislikes: int
    captions: list[str]
    threads: list[Comment] = field(default_factory=list)
    privacy: int = 1              # 1 public, 2 unlisted, 3 private
    ready_at: float = 0.0         # an upload is "to transcode" until then
    upload: dict | None = None    # an uploaded file: {"path", "width", "height", "fps"} or {"path", "failed": True}
    sensitive: bool = False

    @property
    def state(self) -> dict:
        if self.kind == "live":
            return {"id": 4, "label": "Waiting for live stream"}
        if time.time() < self.ready_at:
            return {"id": 2, "label": "To transcode"}
        if self.upload and self.upload.get("failed"):
            return {"id": 7, "label": "Transcoding failed"}
        return {"id": 1, "label": "Published"}

    @property
    def listed(self) -> bool:
        return self.privacy == 1 and self.state["id"] in (1, 4)

    @property
    def short_uuid(self) -> str:
        return short_uuid(self.uuid)

    @property
    def number(self) -> int:
        """Network-wide: the same on every instance that knows the video."""
        return self.origin * VIDEOS_PER_INSTANCE + self.index

    @property
    def is_live(self) -> bool:
        return self.kind == "live"

    @property
    def nsfw(self) -> bool:
        return self.kind == "nsfw" or self.sensitive

    @property
    def portrait(self) -> bool:
        if self.upload:
            return self.upload.get("height", 1) >= self.upload.get("width", 0)
        return self.kind != "landscape_web"

    @property
    def aspect_ratio(self) -> float | None:
        if self.kind == "null_aspect":
            return None
        if self.upload:
            return round(self.upload["width"] / self.upload["height"], 4) if self.upload.get("height") else None
        return round(1280 / 720, 4) if self.kind == "landscape_web" else round(720 / 1280, 4)

    def comments(self) -> list[Comment]:
        found = []
        stack = list(self.threads)
        while stack:
            comment = stack.pop()
            found.append(comment)
            stack.extend(comment.children)
        return sorted(found, key=lambda c: c.seq)

    def comment_count(self) -> int:
        return sum(1 for c in self.comments() if not c.deleted)


class Instance:
    def __init__(self, index: int):
        self.index = index
        self.name = f"Fake PeerTube {index + 1}"
        self.accounts: list[Actor] = []
        self.channels: list[Actor] = []
        self.local_videos: list[Video] = []
        self.known_videos: list[Video] = []
        self._video_ids: dict[str, int] = {}
        self._actor_ids: dict[int, int] = {}
        self.ratings: dict[str, dict[str, str]] = {}        # username -> {uuid: like | dislike}
        self.subscriptions: dict[str, list[Actor]] = {}     # username -> channels

    def learn(self, video: Video) -> None:
        """A video this instance did not know (fetched by its URL, or just uploaded)."""
        if video.uuid not in self._video_ids:
            self.known_videos.append(video)
            self._video_ids[video.uuid] = max(self._video_ids.values(), default=self.index * 7) + 1

    # instance-local ids: ordered by publication over everything the instance knows
    def assign_ids(self, actors: list[Actor]) -> None:
        by_time = sorted(self.known_videos, key=lambda v: (v.published, v.uuid))
        first = 1 + self.index * 7   # as on real instances, ids say nothing across instances
        self._video_ids = {v.uuid: first + n for n, v in enumerate(by_time)}
        own = [a for a in actors if a.origin == self.index]
        others = [a for a in actors if a.origin != self.index]
        self._actor_ids = {id(a): first + n for n, a in enumerate(own + others)}

    def video_id(self, video: Video) -> int:
        return self._video_ids[video.uuid]

    def actor_id(self, actor: Actor) -> int:
        return self._actor_ids[id(actor)]

    def comment_id(self, comment: Comment) -> int:
        return comment.seq + 1 + self.index * 10_000

    def video(self, key: str) -> Video | None:
        for video in self.known_videos:
            if key in (video.uuid, video.short_uuid) or (key.isdigit() and self._video_ids.get(video.uuid) == int(key)):
                return video
        return None


class World:
    def __init__(self, instance_count: int, seed: int = 7, epoch: float = 1_790_000_000.0,
                 videos_per_instance: int = VIDEOS_PER_INSTANCE):
        self.epoch = epoch
        self.videos_per_instance = videos_per_instance
        self.rng = random.Random(seed)
        self.hosts: list[str] = [f"peertube{i}.invalid" for i in range(instance_count)]
        self.instances = [Instance(i) for i in range(instance_count)]
        self.actors: list[Actor] = []
        self.lock = threading.RLock()   # for what signed-in users change
        self._comment_seq = 0
        for instance in self.instances:
            self._people(instance)
        for instance in self.instances:
            self._videos(instance)
        for instance in self.instances:
            remote = [v for other in self.instances if other is not instance
                      for v in other.local_videos if v.index % 6 != 5]
            instance.known_videos = instance.local_videos + remote
            instance.assign_ids(self.actors)

    def _people(self, instance: Instance) -> None:
        for k in range(2):
            n = (instance.index * 2 + k) % len(ACCOUNT_NAMES)
            name = ACCOUNT_NAMES[n] + ("" if instance.index < 5 else str(instance.index))
            display = f"{name.capitalize()} {SURNAMES[n]}"
            created = self.epoch - 400 * 86400 + n * 86400
            account = Actor("account", instance.index, name, display, f"Hi, I am {display}. I film short loops.",
                            ("avatar-a", "avatar-b", "avatar-c")[n % 3], 10 + n * 7, 3 + n, created)
            instance.accounts.append(account)
            self.actors.append(account)
            for suffix, title in (("loops", "loops"), ("travel", "travels")):
                channel = Actor("channel", instance.index, f"{name}_{suffix}", f"{name.capitalize()}'s {title}",
                                f"Short videos by {display}.\n\nMore: https://example.org/{name}", account.avatar,
                                20 + n * 11 + len(suffix), 0, created + 3600, owner=account,
                                support=f"Support {display} at https://example.org/support/{name}")
                instance.channels.append(channel)
                self.actors.append(channel)

    def _videos(self, instance: Instance) -> None:
        rng = self.rng
        for j in range(self.videos_per_instance):
            kind = KINDS[j % len(KINDS)]
            phrase, tag = TOPICS[(j + j // len(KINDS) + instance.index) % len(TOPICS)]
            channel = instance.channels[j % len(instance.channels)]
            uuid = str(uuidlib.UUID(int=rng.getrandbits(128), version=4))
            duration = {"long": 190, "live": 0}.get(kind, 4)
            published = self.epoch - (j * 5 + instance.index * 2 + 1) * 3600
            captions = ["en", "fr"] if j % 2 == 0 and kind != "live" else []
            video = Video(uuid, instance.index, j, kind, channel, f"{phrase} {j + 1}",
                          f"A short loop: {phrase.lower()}.\n\n**More** at https://example.org/{tag}/{j + 1} #{tag}",
                          [tag, "loop"] + (["sensitive"] if kind == "nsfw" else []), duration, published,
                          views=rng.randint(5, 5000), recent_views=rng.randint(0, 300),
                          likes=rng.randint(0, 400), dislikes=rng.randint(0, 20), captions=captions)
            instance.local_videos.append(video)
        for video in instance.local_videos:
            if video.index % 4 == 0:
                self._rich_threads(video)
            elif video.index % 4 == 1:
                self._threads(video, 2)

    def _comment(self, video: Video, author: Actor, text: str, parent: Comment | None = None,
                 deleted: bool = False, created: float | None = None) -> Comment:
        self._comment_seq += 1
        created = created if created is not None else video.published + 300 * (len(video.comments()) + 1)
        comment = Comment(self._comment_seq, None if deleted else author, "" if deleted else text, created, parent, deleted)
        (parent.children if parent else video.threads).append(comment)
        return comment

    def _authors(self) -> list[Actor]:
        return [a for a in self.actors if a.kind == "account"]

    def _threads(self, video: Video, count: int) -> None:
        authors = self._authors()
        for t in range(count):
            self._comment(video, authors[(video.index + t) % len(authors)], f"<p>Nice loop number {t + 1}!</p>")

    def _rich_threads(self, video: Video) -> None:
        """25 threads: links, replies three deep, a deleted thread kept for its replies, a deleted
        thread without replies (not listed), a deleted reply, a reply by the video's author."""
        authors = self._authors()
        owner = video.channel.owner
        for t in range(25):
            author = authors[(video.index + t * 3) % len(authors)]
            if t == 7:
                self._comment(video, author, "", deleted=True)
                continue
            text = (f'<p>Look at this <a href="https://example.org/thread/{t}" target="_blank" rel="noopener noreferrer">'
                    f"https://example.org/thread/{t}</a> and the loop at 0:02</p>" if t % 5 == 1
                    else f"<p>Thread {t + 1}: what a {video.tags[0]} loop 😀</p>")
            thread = self._comment(video, author, text, deleted=(t == 3))
            if t == 0:
                first = self._comment(video, authors[(t + 1) % len(authors)], "<p>Agreed, first reply</p>", thread)
                self._comment(video, authors[(t + 2) % len(authors)], "<p>A reply to the first reply</p>", first)
                self._comment(video, authors[(t + 3) % len(authors)], "", thread, deleted=True)
                self._comment(video, owner, "<p>Thanks, the author here</p>", thread)
            elif t == 3 or t % 6 == 0:
                for r in range(2):
                    self._comment(video, authors[(t + r + 1) % len(authors)], f"<p>Reply {r + 1} to thread {t + 1}</p>", thread)

    def post_comment(self, video: Video, author: Actor, text: str, parent: Comment | None = None) -> Comment:
        with self.lock:
            return self._comment(video, author, text, parent, created=time.time())

    def new_video(self, origin: int, channel: Actor, name: str, **fields) -> Video:
        with self.lock:
            video = Video(str(uuidlib.uuid4()), origin, len(self.instances[origin].local_videos), "uploaded", channel,
                          name, fields.pop("description", "") or "", fields.pop("tags", []), fields.pop("duration", 0),
                          time.time(), 0, 0, 0, 0, [], **fields)
            self.instances[origin].local_videos.append(video)
            self.instances[origin].learn(video)
            return video

    # --- look-ups ---------------------------------------------------------------------------------
    def host(self, actor_or_index) -> str:
        index = actor_or_index if isinstance(actor_or_index, int) else actor_or_index.origin
        return self.hosts[index]

    def url(self, index: int) -> str:
        return f"http://{self.hosts[index]}"

    def actor(self, handle: str, kind: str, default_origin: int) -> Actor | None:
        """An account or channel by `name` (on the asking instance) or `name@host`."""
        name, _, host = handle.partition("@")
        origin = self.hosts.index(host) if host in self.hosts else (default_origin if not host else -1)
        return next((a for a in self.actors if a.kind == kind and a.name == name and a.origin == origin), None)

    def videos_of(self, actor: Actor, known: list[Video]) -> list[Video]:
        if actor.kind == "channel":
            return [v for v in known if v.channel is actor]
        return [v for v in known if v.channel.owner is actor]

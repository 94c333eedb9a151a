"""Real, playable media for the fakes, made once with gst-launch-1.0 and kept in a cache directory.

Every clip has equal audio and video lengths (so it loops without a frozen tail). The cache is keyed
by a hash of the recipes, so a changed recipe makes new files; a lock keeps two processes from
making the same files at once, and each file is written under a temporary name then renamed.

    python3 media.py [DIR]     make the corpus and print where it is
"""
from __future__ import annotations

import concurrent.futures
import fcntl
import hashlib
import os
import subprocess
import sys
from dataclasses import dataclass, replace

import hls

AUDIO_RATE = 44100
AUDIO_BUFFER = 441                      # 100 buffers a second, so a length in seconds is exact


@dataclass(frozen=True)
class Clip:
    """A video file. `audio`/`video` say which streams it has; `fragment_ms` makes a fragmented MP4
    (an HLS rendition) instead of a progressive one with its index first."""
    name: str
    width: int = 0
    height: int = 0
    seconds: int = 4
    fps: int = 30
    pattern: str = "smpte"
    freq: int = 440
    bitrate: int = 600
    video: bool = True
    audio: bool = True
    fragment_ms: int = 0
    colour: int = 0               # with pattern solid-color: its ARGB

    def pipeline(self, target: str) -> list[str]:
        mux = ["mp4mux", "name=mux"] + ([f"fragment-duration={self.fragment_ms}", "streamable=true"]
                                        if self.fragment_ms else ["faststart=true"])
        parts = mux + ["!", "filesink", f"location={target}"]
        if self.video:
            parts += ["videotestsrc", f"num-buffers={self.seconds * self.fps}", f"pattern={self.pattern}",
                      *([f"foreground-color={self.colour}"] if self.pattern == "solid-color" else []), "!",
                      f"video/x-raw,width={self.width},height={self.height},framerate={self.fps}/1", "!",
                      "videoconvert", "!", "video/x-raw,format=I420", "!",
                      "x264enc", "speed-preset=ultrafast", f"key-int-max={self.fps}", f"bitrate={self.bitrate}", "!",
                      "video/x-h264,profile=main", "!", "h264parse", "!", "mux."]
        if self.audio:
            parts += ["audiotestsrc", f"num-buffers={self.seconds * AUDIO_RATE // AUDIO_BUFFER}",
                      f"samplesperbuffer={AUDIO_BUFFER}", f"freq={self.freq}", "volume=0.3", "!",
                      f"audio/x-raw,rate={AUDIO_RATE},channels=2", "!", "audioconvert", "!", "avenc_aac", "!", "mux."]
        return parts

    @property
    def file_name(self) -> str:
        return self.name + ".mp4"

    def tinted(self, argb: int) -> "Clip":
        """The same clip in one solid colour, named after it: what a benchmark tells apart on screen."""
        return replace(self, name=f"{self.name}-{argb & 0xFFFFFF:06x}", pattern="solid-color", colour=argb)


@dataclass(frozen=True)
class Image:
    name: str
    width: int
    height: int
    argb: int

    def pipeline(self, target: str) -> list[str]:
        return ["videotestsrc", "num-buffers=1", "pattern=solid-color", f"foreground-color={self.argb}", "!",
                f"video/x-raw,width={self.width},height={self.height}", "!", "videoconvert", "!", "jpegenc", "!",
                "filesink", f"location={target}"]

    @property
    def file_name(self) -> str:
        return self.name + ".jpg"


CLIPS = [
    # web videos (progressive MP4 with audio), two resolutions of each shape
    Clip("portrait-720", 720, 1280, pattern="smpte", bitrate=700),
    Clip("portrait-240", 240, 426, pattern="ball", freq=660, bitrate=200),
    Clip("landscape-720", 1280, 720, pattern="smpte75", bitrate=700),
    Clip("landscape-240", 426, 240, pattern="ball", freq=660, bitrate=200),
    # over three minutes, cheap to make: small and ten frames a second
    Clip("long-240", 240, 426, seconds=190, fps=10, pattern="snow", freq=330, bitrate=80),
    # HLS renditions with audio and video in each fragmented file
    Clip("hls-720", 720, 1280, pattern="smpte", bitrate=700, fragment_ms=1000),
    Clip("hls-240", 240, 426, pattern="ball", freq=660, bitrate=200, fragment_ms=1000),
    # HLS with the audio split off: video-only renditions and one audio-only file
    Clip("split-720", 720, 1280, pattern="colors", bitrate=700, audio=False, fragment_ms=1000),
    Clip("split-240", 240, 426, pattern="pinwheel", bitrate=200, audio=False, fragment_ms=1000),
    Clip("split-audio", freq=880, video=False, fragment_ms=1000),
    # what /download/videos/generate makes of the split video: its best video and its audio together
    Clip("split-muxed-720", 720, 1280, pattern="colors", freq=880, bitrate=700),
]
# The clips a portrait PeerTube video is served from (web files, HLS renditions, the download that
# joins split audio), and the colours they are tinted with when the fakes run with --colours:
# far apart in at least one channel, none of them black, white or grey (the app's own chrome).
TINTABLE = ("portrait-720", "portrait-240", "hls-720", "hls-240", "split-720", "split-240", "split-muxed-720")
PALETTE = (0xFFFF00FF, 0xFF00C000, 0xFF0040FF, 0xFFFF8000, 0xFF00C0C0, 0xFFC00000, 0xFF8000FF, 0xFFFFFF00)
IMAGES = [
    Image("thumb-portrait", 270, 480, 0xFFE08020),
    Image("thumb-landscape", 480, 270, 0xFF2080E0),
    Image("preview-portrait", 540, 960, 0xFFE08020),
    Image("preview-landscape", 960, 540, 0xFF2080E0),
    Image("avatar-a", 120, 120, 0xFF20A0E0),
    Image("avatar-b", 120, 120, 0xFFE02060),
    Image("avatar-c", 120, 120, 0xFF60C040),
    Image("banner", 960, 160, 0xFF404040),
]


def recipe_hash() -> str:
    text = repr([c.pipeline("OUT") for c in CLIPS] + [i.pipeline("OUT") for i in IMAGES])
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def default_root() -> str:
    return os.environ.get("LOOPFEED_FAKE_MEDIA") or f"/tmp/loopfeed-fake-media-{os.getuid()}"


def tinted_clips(colours: int) -> list[Clip]:
    """The tintable clips in each of the palette's first `colours` colours."""
    if not 0 <= colours <= len(PALETTE):
        raise ValueError(f"at most {len(PALETTE)} colours")
    return [c.tinted(argb) for argb in PALETTE[:colours] for c in CLIPS if c.name in TINTABLE]


class Corpus:
    """The made files: paths, sizes, and for fragmented files their HLS segment index. With
    `colours`, each portrait video is served in a solid colour of its own (`variant`)."""

    def __init__(self, directory: str, colours: int = 0):
        self.directory = directory
        self.palette = PALETTE[:colours]
        self.clips = {c.name: c for c in CLIPS + tinted_clips(colours)}
        self._fragmented: dict[str, hls.FragmentedFile] = {}

    def colour(self, key: int) -> int | None:
        """The ARGB a video numbered `key` is tinted with, None without colours."""
        return self.palette[key % len(self.palette)] if self.palette else None

    def variant(self, clip: str, key: int) -> str:
        """The clip to serve for a video numbered `key`: its tinted copy when there is one."""
        argb = self.colour(key)
        return f"{clip}-{argb & 0xFFFFFF:06x}" if argb is not None and clip in TINTABLE else clip

    def path(self, name: str) -> str:
        item = self.clips.get(name) or next(i for i in IMAGES if i.name == name)
        return os.path.join(self.directory, item.file_name)

    def size(self, name: str) -> int:
        return os.path.getsize(self.path(name))

    def fragmented(self, name: str) -> hls.FragmentedFile:
        if name not in self._fragmented:
            with open(self.path(name), "rb") as handle:
                self._fragmented[name] = hls.parse(handle.read())
        return self._fragmented[name]


def ensure(root: str | None = None, colours: int = 0) -> Corpus:
    directory = os.path.join(root or default_root(), recipe_hash())
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        wanted = CLIPS + tinted_clips(colours) + IMAGES
        missing = [item for item in wanted if not os.path.isfile(os.path.join(directory, item.file_name))]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for error in pool.map(lambda item: _make(item, directory), missing):
                if error:
                    raise RuntimeError(error)
    corpus = Corpus(directory, colours)
    for clip in corpus.clips.values():
        if clip.fragment_ms:
            corpus.fragmented(clip.name)
    return corpus


def _make(item, directory: str) -> str | None:
    target = os.path.join(directory, item.file_name)
    partial = target + f".{os.getpid()}.part"
    command = ["gst-launch-1.0", "-q", "-e"] + item.pipeline(partial)
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0 or not os.path.isfile(partial) or os.path.getsize(partial) == 0:
        return f"making {item.file_name} failed: {result.stderr.strip() or result.stdout.strip()}"
    os.replace(partial, target)
    return None


if __name__ == "__main__":
    made = ensure(sys.argv[1] if len(sys.argv) > 1 else None)
    print(made.directory)

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
from dataclasses import dataclass

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

    def pipeline(self, target: str) -> list[str]:
        mux = ["mp4mux", "name=mux"] + ([f"fragment-duration={self.fragment_ms}", "streamable=true"]
                                        if self.fragment_ms else ["faststart=true"])
        parts = mux + ["!", "filesink", f"location={target}"]
        if self.video:
            parts += ["videotestsrc", f"num-buffers={self.seconds * self.fps}", f"pattern={self.pattern}", "!",
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


class Corpus:
    """The made files: paths, sizes, and for fragmented files their HLS segment index."""

    def __init__(self, directory: str):
        self.directory = directory
        self.clips = {c.name: c for c in CLIPS}
        self._fragmented: dict[str, hls.FragmentedFile] = {}

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


def ensure(root: str | None = None) -> Corpus:
    directory = os.path.join(root or default_root(), recipe_hash())
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        missing = [item for item in CLIPS + IMAGES if not os.path.isfile(os.path.join(directory, item.file_name))]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for error in pool.map(lambda item: _make(item, directory), missing):
                if error:
                    raise RuntimeError(error)
    corpus = Corpus(directory)
    for clip in CLIPS:
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

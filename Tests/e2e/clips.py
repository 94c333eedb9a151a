"""Media the cases make (H.264 + AAC test clips, generated once a run) and what they read back
from a media file (its duration, its loudness)."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

from outcomes import CaseFailed
from processes import run


def make_clip(path: Path, seconds: float = 1.0, pattern: str = "smpte", width: int = 320, height: int = 568,
              speed: int = 8, color: int | None = None) -> Path:
    """A portrait H.264 + AAC MP4 whose audio and video last exactly `seconds`; `color` (0xRRGGBB)
    makes it one solid colour, so a screenshot tells which post is where."""
    fps = 30
    frames = int(round(seconds * fps))
    audio_buffers = frames  # 1600 samples at 48 kHz == one 30 fps frame
    source = [f"pattern={pattern}", f"horizontal-speed={speed}"]
    if color is not None:
        source = ["pattern=solid-color", f"foreground-color={0xFF000000 | color}"]
    cmd = ["gst-launch-1.0", "-q", "-e",
           "videotestsrc", f"num-buffers={frames}", *source, "!",
           f"video/x-raw,width={width},height={height},framerate={fps}/1,format=I420", "!",
           "x264enc", "speed-preset=ultrafast", f"key-int-max={fps}", "!", "video/x-h264,profile=main", "!",
           "h264parse", "!", "queue", "!", "mp4mux", "name=mux", "faststart=true", "!", "filesink", f"location={path}",
           "audiotestsrc", f"num-buffers={audio_buffers}", "samplesperbuffer=1600", "wave=sine", "volume=0.2", "!",
           "audio/x-raw,rate=48000,channels=2", "!", "audioconvert", "!", "voaacenc", "!", "aacparse", "!",
           "queue", "!", "mux."]
    run(cmd, timeout=60)
    if not path.exists() or path.stat().st_size < 1000:
        raise CaseFailed(f"could not generate {path}")
    return path


class Fixtures:
    """The run's generated clips, each made once and shared by the cases."""

    SOLID_COLORS = (0x2060C0, 0x30A050, 0xC0A020)  # blue, green, yellow: far from white and the like red

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self._clips: dict[str, Path] = {}

    def clip(self, name: str, **kw) -> Path:
        if name not in self._clips:
            self._clips[name] = make_clip(self.root / f"{name}.mp4", **kw)
        return self._clips[name]

    def solid_clips(self, landscape: bool = False) -> list[Path]:
        """Three 2 s clips of one colour each (SOLID_COLORS), portrait or landscape."""
        w, h = (568, 320) if landscape else (320, 568)
        return [self.clip(f"solid-{'l' if landscape else 'p'}-{c:06x}", seconds=2, color=c, width=w, height=h)
                for c in self.SOLID_COLORS]

    def feed_clips(self) -> list[Path]:
        """Three distinct, moving 2 s clips for cases that need a feed to page through."""
        return [self.clip("feed-a", seconds=2, pattern="smpte"),
                self.clip("feed-b", seconds=2, pattern="pinwheel", speed=6),
                self.clip("feed-c", seconds=2, pattern="colors", speed=10)]


def file_uri(path: Path) -> str:
    return path.resolve().as_uri()


def discoverer_seconds(path: str) -> tuple[float, str]:
    """Duration in seconds and the raw report of gst-discoverer-1.0 for a file."""
    out = subprocess.run(["gst-discoverer-1.0", path], capture_output=True, text=True, timeout=30).stdout
    seconds = 0.0
    for line in out.splitlines():
        if "Duration:" in line:
            h, m, sec = line.split()[-1].split(":")
            seconds = int(h) * 3600 + int(m) * 60 + float(sec)
    return seconds, out


def audio_rms(path: Path) -> float:
    """RMS of a file's sound (mono, 8 kHz, 16-bit), 0..1."""
    raw = path.with_suffix(".raw")
    run(["gst-launch-1.0", "-q", "filesrc", f"location={path}", "!", "decodebin", "!", "audioconvert", "!",
         "audioresample", "!", "audio/x-raw,format=S16LE,channels=1,rate=8000", "!", "filesink",
         f"location={raw}"], timeout=60)
    data = raw.read_bytes()
    count = len(data) // 2
    if count == 0:
        return 0.0
    samples = struct.unpack(f"<{count}h", data[:count * 2])
    return (sum(x * x for x in samples) / count) ** 0.5 / 32768

#!/usr/bin/env python3
"""The bad-media corpus (issue 13), generated at test time: nothing binary is committed.

Every item is a file (or a link, a FIFO, a folder) a user could hand Loopfeed, made with
gst-launch-1.0 and byte-level damage from Python. `make_corpus(folder)` writes them all and says
what each one is and what the user should get:

- "plays": its first frame is shown;
- "error": an error card with a plain reason;
- "either": plays or an error card (damage whose effect depends on where it lands);
- "skipped": never becomes a post; the window says why (a `notice`).

    python3 Tests/e2e/media_corpus.py DIR     # writes the corpus into DIR and lists it

The file that cannot be read: the tests run as root on CI, and root reads a chmod-000 file. So
`locked.mp4` is a symbolic link to a write-only sysfs attribute (`/sys/bus/platform/drivers_probe`
and the like): the kernel refuses to open it for reading with EACCES whoever asks, root
included (kernfs checks the attribute has a read method before any permission rule), which is
what a chmod-000 file gives an ordinary user. Not root, a chmod-000 file is made as well.
"""

from __future__ import annotations

import os
import random
import shutil
import stat
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PLAYS, ERROR, EITHER, SKIPPED = "plays", "error", "either", "skipped"

# Write-only sysfs attributes present on any Linux with sysfs mounted (read-only in containers
# too): opening them for reading fails with EACCES even for root.
WRITE_ONLY_SYSFS = ("/sys/bus/platform/drivers_probe", "/sys/bus/platform/uevent", "/sys/bus/pci/rescan",
                    "/sys/bus/pci/drivers_probe", "/sys/bus/cpu/uevent")
TWO_GB = 2 * 1024 ** 3


@dataclass
class Item:
    name: str
    path: Path
    what: str
    expect: str
    # Whether a folder import can reach it: FIFOs, devices and text are not videos to a scan.
    importable: bool = True


def gst(*pipeline: str, timeout: float = 120) -> None:
    cmd = ["gst-launch-1.0", "-q", "-e", *" ! ".join(pipeline).split()]
    res = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {res.stderr.strip()[-400:]}")


def has_element(name: str) -> bool:
    return subprocess.run(["gst-inspect-1.0", "--exists", name], capture_output=True).returncode == 0


def video(frames: int = 15, width: int = 160, height: int = 284, fmt: str = "I420", pattern: str = "ball") -> str:
    return (f"videotestsrc num-buffers={frames} pattern={pattern} "
            f"! video/x-raw,format={fmt},width={width},height={height},framerate=30/1")


H264 = "x264enc speed-preset=ultrafast key-int-max=15 ! video/x-h264,profile=main ! h264parse"


def valid_clip(path: Path, faststart: bool, frames: int = 30) -> Path:
    """A short portrait H.264 MP4, its index (moov) at the end or, `faststart`, at the front."""
    gst(video(frames), H264, f"mp4mux faststart={'true' if faststart else 'false'}", f"filesink location={path}")
    return path


def boxes(data: bytes) -> list[tuple[int, int, bytes]]:
    """The top-level MP4 boxes: (offset, size, type)."""
    out, offset = [], 0
    while offset + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if size == 1 and offset + 16 <= len(data):
            size = struct.unpack(">Q", data[offset + 8:offset + 16])[0]
        if size < 8:
            break
        out.append((offset, size, kind))
        offset += size
    return out


def flip_bits(data: bytes, count: int, rng: random.Random, skip: int = 0) -> bytes:
    buf = bytearray(data)
    for _ in range(count):
        i = rng.randrange(skip, len(buf))
        buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def unreadable_target() -> str | None:
    """A path nobody (root included) may open for reading, or None on a system without one."""
    for path in WRITE_ONLY_SYSFS:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except PermissionError:
            return path
        except OSError:
            continue
        os.close(fd)
    return None


def png_bytes(path: Path) -> bytes:
    gst("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=160,height=120", "pngenc",
        f"filesink location={path}")
    return path.read_bytes()


def make_corpus(root: Path, seed: int = 13) -> list[Item]:
    """Writes the corpus into `root` (made if needed) and returns its items."""
    root.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    items: list[Item] = []

    def add(name: str, what: str, expect: str, importable: bool = True) -> Path:
        path = root / name
        items.append(Item(name, path, what, expect, importable))
        return path

    work = root / ".work"  # hidden: a folder scan skips it
    work.mkdir(exist_ok=True)
    plain = valid_clip(work / "plain.mp4", faststart=False)
    fast = valid_clip(work / "fast.mp4", faststart=True, frames=90)
    good = plain.read_bytes()

    # -- cut short
    add("truncated-moov-at-end.mp4", "an MP4 whose index is written last, cut in half", ERROR).write_bytes(
        good[:len(good) // 2])
    data = fast.read_bytes()
    add("truncated-faststart.mp4", "a faststart MP4 (index first) cut after 40 %", PLAYS).write_bytes(
        data[:len(data) * 4 // 10])
    add("header-only.mp4", "the first 200 bytes of an MP4", ERROR).write_bytes(good[:200])
    gst(video(15), "vp8enc deadline=1", "webmmux", f"filesink location={work / 'whole.webm'}")
    webm = (work / "whole.webm").read_bytes()
    add("webm-no-frames.webm", "a WebM cut after its headers: a video stream without a frame", ERROR).write_bytes(
        webm[:webm.index(b"\x1f\x43\xb6\x75")])
    # -- not media at all
    add("zero-bytes.mp4", "an empty file", SKIPPED, importable=False).write_bytes(b"")
    add("random-bytes.mp4", "256 KiB of random bytes", ERROR).write_bytes(rng.randbytes(256 * 1024))
    add("one-byte.mp4", "a single byte", ERROR).write_bytes(b"\0")
    add("text.mp4", "a text file named .mp4", ERROR).write_text("Shopping list\n- milk\n- a real video\n" * 40)
    add("html.mp4", "an HTML page named .mp4", EITHER).write_text(
        "<!doctype html><html><body><video src=x></video><script>alert(1)</script></body></html>\n")
    add("picture-png.mp4", "a PNG picture named .mp4", EITHER).write_bytes(png_bytes(work / "still.png"))
    gst("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=160,height=120", "jpegenc",
        f"filesink location={add('picture-jpeg.mp4', 'a JPEG photo named .mp4', EITHER)}")
    # -- damaged
    add("bit-flips.mp4", "a whole MP4 with 200 bits flipped past its first box", EITHER).write_bytes(
        flip_bits(good, 200, rng, skip=32))
    add("zeroed-middle.mp4", "a whole MP4 with its middle third zeroed", EITHER).write_bytes(
        good[:len(good) // 3] + bytes(len(good) // 3) + good[2 * len(good) // 3:])
    moov = next((o, s) for o, s, k in boxes(good) if k == b"moov")
    add("no-moov.mp4", "a whole MP4 with its index box removed", ERROR).write_bytes(
        good[:moov[0]] + good[moov[0] + moov[1]:])
    add("huge-box-size.mp4", "an MP4 whose first box claims 4 GB", ERROR).write_bytes(
        struct.pack(">I", 0xFFFFFFF0) + good[4:])
    unknown = bytearray(good)
    at = unknown.find(b"avc1")
    unknown[at:at + 4] = b"lfq9"
    add("unknown-codec.mp4", "an MP4 whose video codec is one nobody decodes ('lfq9')", ERROR).write_bytes(bytes(unknown))
    # -- no picture
    aac = "avenc_aac" if has_element("avenc_aac") else "voaacenc"
    gst("audiotestsrc num-buffers=48 samplesperbuffer=1000 ! audio/x-raw,rate=48000,channels=2", "audioconvert",
        aac, "mp4mux", f"filesink location={add('audio-only.mp4', 'AAC sound in an MP4, no video', ERROR)}")
    gst("audiotestsrc num-buffers=48 samplesperbuffer=1000 ! audio/x-raw,rate=48000", "audioconvert", "vorbisenc",
        "oggmux", f"filesink location={add('audio-only.ogv', 'Vorbis sound named .ogv, no video', ERROR)}")
    # -- sizes
    gst(video(3, 16, 16), H264, "mp4mux", f"filesink location={add('tiny-16x16.mp4', '16x16 pixels', PLAYS)}")
    gst(video(3, 2, 2), "vp8enc deadline=1", "matroskamux",
        f"filesink location={add('tiny-2x2.mkv', '2x2 pixels (VP8 in Matroska)', PLAYS)}")
    gst(video(2, 7680, 4320, pattern="smpte"), H264, "mp4mux",
        f"filesink location={add('huge-8k.mp4', '7680x4320 (8K) H.264', PLAYS)}")
    gst(video(2, 8192, 8192, pattern="smpte"), "jpegenc quality=20", "matroskamux",
        f"filesink location={add('huge-8192x8192.mkv', '8192x8192 Motion JPEG in Matroska', EITHER)}")
    short = add("ten-frames.mp4", "10 frames (a third of a second)", PLAYS)
    gst(video(10), H264, "mp4mux", f"filesink location={short}")
    gst(video(1), H264, "mp4mux", f"filesink location={add('one-frame.mp4', 'a single frame', PLAYS)}")
    # -- uncommon codecs
    codecs = [
        ("theora.ogv", "Theora in Ogg", "theoraenc", "oggmux"),
        ("vp8.webm", "VP8 in WebM", "vp8enc deadline=1", "webmmux"),
        ("vp9.webm", "VP9 in WebM", "vp9enc deadline=1 cpu-used=8", "webmmux"),
        ("av1.mkv", "AV1 in Matroska", "av1enc cpu-used=8 usage-profile=realtime ! av1parse", "matroskamux"),
        ("h265.mp4", "H.265 in MP4", "x265enc speed-preset=ultrafast ! h265parse", "mp4mux"),
        ("mpeg4-part2.avi", "MPEG-4 part 2 in AVI", "avenc_mpeg4", "avimux"),
        ("mjpeg.avi", "Motion JPEG in AVI", "jpegenc", "avimux"),
        ("h264.ts", "H.264 in MPEG-TS (a camcorder's .ts)", H264, "mpegtsmux"),
        ("ffv1.mkv", "FFV1 (lossless) in Matroska", "avenc_ffv1", "matroskamux"),
        ("prores.mov", "ProRes in QuickTime", "video/x-raw,format=I422_10LE ! avenc_prores_ks", "qtmux"),
        ("h264-10bit.mp4", "10-bit H.264 (High 10)", "video/x-raw,format=I420_10LE "
                                                     "! x264enc speed-preset=ultrafast ! h264parse", "mp4mux"),
        ("wmv2.wmv", "Windows Media Video 8 in ASF", "avenc_wmv2", "asfmux"),
        ("flv1.flv", "Sorenson/FLV1 in FLV", "avenc_flv", "flvmux"),
    ]
    for name, what, encoder, mux in codecs:
        elements = [t for t in f"{encoder} ! {mux}".split() if t != "!" and "/" not in t and "=" not in t]
        missing = [e for e in elements if not has_element(e)]
        if missing:
            raise RuntimeError(f"{name}: GStreamer lacks {', '.join(missing)} (tools/deps.sh installs them)")
        gst(video(15, 160, 288), "videoconvert", encoder, mux, f"filesink location={add(name, what, PLAYS)}")
    # -- sizes on disk, and things that are not files
    sparse = add("sparse-2gb.mp4", "a 2 GB sparse file (a hole: no bytes on disk)", ERROR)
    with open(sparse, "wb") as f:
        f.truncate(TWO_GB)
    padded = add("sparse-tail-2gb.mp4", "a valid faststart MP4 followed by a 2 GB hole", PLAYS)
    with open(padded, "wb") as f:
        f.write(fast.read_bytes())
        f.truncate(TWO_GB)
    os.mkfifo(add("fifo.mp4", "a FIFO (named pipe) named .mp4", SKIPPED, importable=False))
    os.symlink("/dev/zero", add("dev-zero.mp4", "a link to /dev/zero named .mp4", SKIPPED, importable=False))
    folder = add("looping-folder", "a folder that loops back into itself through a symlink, with a clip in it",
                 PLAYS)
    folder.mkdir()
    shutil.copy(fast, folder / "inside.mp4")
    os.symlink("..", folder / "back-up")
    os.symlink(".", folder / "itself")
    target = unreadable_target()
    if target:
        os.symlink(target, add("locked.mp4", f"a link to {target}, which no one may read (EACCES, root too)", SKIPPED))
    if os.geteuid() != 0:
        locked = add("chmod-000.mp4", "a valid MP4 with mode 000", SKIPPED)
        shutil.copy(plain, locked)
        locked.chmod(0)
    return items


def file_kind(path: Path) -> str:
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        return e.strerror
    for test, name in ((stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "device"), (stat.S_ISDIR, "folder")):
        if test(mode):
            return name
    return "file"


def remove_corpus(root: Path) -> None:
    """Removes what make_corpus wrote (a mode-000 file too)."""
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            path.chmod(0o600)
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/loopfeed-corpus")
    for item in make_corpus(out):
        print(f"{item.expect:8} {file_kind(item.path):7} {item.name:28} {item.what}")

"""HLS over fragmented MP4 as PeerTube serves it: one fragmented MP4 per rendition, its media
playlist addressing the init section and each fragment by EXT-X-BYTERANGE, and a master playlist
whose video renditions are EXT-X-STREAM-INF entries and whose separate audio, when the audio is
split from the video, is an EXT-X-MEDIA TYPE=AUDIO rendition (server/core/lib/hls.ts).
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"moof", b"traf", b"mvex", b"stsd", b"avc1"}


@dataclass
class Track:
    track_id: int
    handler: str            # "vide" or "soun"
    timescale: int
    default_duration: int = 0


@dataclass
class Segment:
    offset: int
    length: int
    duration: float


@dataclass
class FragmentedFile:
    size: int
    init_length: int
    segments: list[Segment]
    tracks: list[Track]
    codecs: list[str] = field(default_factory=list)

    @property
    def duration(self) -> float:
        return sum(s.duration for s in self.segments)

    @property
    def has_video(self) -> bool:
        return any(t.handler == "vide" for t in self.tracks)

    @property
    def has_audio(self) -> bool:
        return any(t.handler == "soun" for t in self.tracks)


def _boxes(data: bytes, start: int, end: int):
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[offset + 8:offset + 16])[0]
            header = 16
        elif size == 0:
            size = end - offset
        if size < header:
            raise ValueError(f"bad box {kind!r} at {offset}")
        yield kind, offset, header, size
        offset += size


def _find(data: bytes, start: int, end: int, path: list[bytes]):
    """Every box at `path` below [start, end)."""
    for kind, offset, header, size in _boxes(data, start, end):
        if kind != path[0]:
            continue
        if len(path) == 1:
            yield offset + header, offset + size
        else:
            yield from _find(data, offset + header, offset + size, path[1:])


def parse(data: bytes) -> FragmentedFile:
    tracks: dict[int, Track] = {}
    moov = next(_find(data, 0, len(data), [b"moov"]))
    for trak_start, trak_end in _find(data, *moov, [b"trak"]):
        tkhd_start, _ = next(_find(data, trak_start, trak_end, [b"tkhd"]))
        version = data[tkhd_start]
        track_id = struct.unpack(">I", data[tkhd_start + (20 if version else 12):][:4])[0]
        mdhd_start, _ = next(_find(data, trak_start, trak_end, [b"mdia", b"mdhd"]))
        timescale = struct.unpack(">I", data[mdhd_start + (20 if data[mdhd_start] else 12):][:4])[0]
        hdlr_start, _ = next(_find(data, trak_start, trak_end, [b"mdia", b"hdlr"]))
        tracks[track_id] = Track(track_id, data[hdlr_start + 8:hdlr_start + 12].decode("latin1"), timescale)
    for trex_start, _ in _find(data, *moov, [b"mvex", b"trex"]):
        track_id, _, duration = struct.unpack(">III", data[trex_start + 4:trex_start + 16])
        if track_id in tracks:
            tracks[track_id].default_duration = duration
    main = next((t for t in tracks.values() if t.handler == "vide"), None) or next(iter(tracks.values()))

    top = list(_boxes(data, 0, len(data)))
    first_moof = next(offset for kind, offset, _, _ in top if kind == b"moof")
    segments: list[Segment] = []
    # A segment is one fragment of the main (video) track with the other tracks' fragments that
    # follow it; fragments before the first main one join the first segment.
    current: list | None = None   # [offset, end, main-track ticks, has the main fragment]
    for kind, offset, header, size in top:
        if kind == b"moof":
            track_id, ticks = _fragment(data, offset + header, offset + size, tracks)
            is_main = track_id == main.track_id
            if current is None or (is_main and current[3]):
                if current:
                    segments.append(Segment(current[0], current[1] - current[0], current[2] / main.timescale))
                current = [offset, offset + size, ticks if is_main else 0, is_main]
            else:
                current[1] = offset + size
                if is_main:
                    current[2], current[3] = ticks, True
        elif kind == b"mdat" and current is not None:
            current[1] = offset + size
    if current:
        segments.append(Segment(current[0], current[1] - current[0], current[2] / main.timescale))
    return FragmentedFile(len(data), first_moof, segments, sorted(tracks.values(), key=lambda t: t.track_id),
                          _codecs(data, moov, tracks))


def _fragment(data: bytes, start: int, end: int, tracks: dict[int, Track]) -> tuple[int, int]:
    """The track of a moof and how many ticks its samples last."""
    traf = next(_find(data, start, end, [b"traf"]))
    tfhd, _ = next(_find(data, *traf, [b"tfhd"]))
    flags = int.from_bytes(data[tfhd + 1:tfhd + 4], "big")
    track_id = struct.unpack(">I", data[tfhd + 4:tfhd + 8])[0]
    cursor = tfhd + 8 + (8 if flags & 0x1 else 0) + (4 if flags & 0x2 else 0)
    default = struct.unpack(">I", data[cursor:cursor + 4])[0] if flags & 0x8 else tracks[track_id].default_duration
    ticks = 0
    for trun, _ in _find(data, *traf, [b"trun"]):
        tflags = int.from_bytes(data[trun + 1:trun + 4], "big")
        count = struct.unpack(">I", data[trun + 4:trun + 8])[0]
        cursor = trun + 8 + (4 if tflags & 0x1 else 0) + (4 if tflags & 0x4 else 0)
        per_sample = sum(4 for bit in (0x100, 0x200, 0x400, 0x800) if tflags & bit)
        for _ in range(count):
            ticks += struct.unpack(">I", data[cursor:cursor + 4])[0] if tflags & 0x100 else default
            cursor += per_sample
    return track_id, ticks


def _codecs(data: bytes, moov: tuple[int, int], tracks: dict[int, Track]) -> list[str]:
    codecs = []
    if any(t.handler == "vide" for t in tracks.values()):
        at = data.find(b"avcC", *moov)
        profile, compat, level = data[at + 5], data[at + 6], data[at + 7]
        codecs.append(f"avc1.{profile:02x}{compat:02x}{level:02x}")
    if any(t.handler == "soun" for t in tracks.values()):
        codecs.append("mp4a.40.2")
    return codecs


def media_playlist(fragmented: FragmentedFile, file_name: str) -> str:
    target = max(1, math.ceil(max((s.duration for s in fragmented.segments), default=1)))
    lines = ["#EXTM3U", "#EXT-X-VERSION:7", f"#EXT-X-TARGETDURATION:{target}", "#EXT-X-MEDIA-SEQUENCE:0",
             "#EXT-X-PLAYLIST-TYPE:VOD", f'#EXT-X-MAP:URI="{file_name}",BYTERANGE="{fragmented.init_length}@0"']
    for segment in fragmented.segments:
        lines += [f"#EXTINF:{segment.duration:.6f},", f"#EXT-X-BYTERANGE:{segment.length}@{segment.offset}", file_name]
    lines.append("#EXT-X-ENDLIST")
    return "\n".join(lines) + "\n"


@dataclass
class Rendition:
    playlist_name: str
    fragmented: FragmentedFile
    width: int
    height: int
    fps: int


def master_playlist(renditions: list[Rendition], audio: Rendition | None) -> str:
    """Video renditions by ascending resolution; a split audio file as the AUDIO group."""
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", ""]
    if audio is not None:
        lines.append(f'#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",AUTOSELECT=YES,DEFAULT=YES,URI="{audio.playlist_name}"')
    lines.append("")
    for rendition in sorted(renditions, key=lambda r: min(r.width, r.height)):
        codecs = list(rendition.fragmented.codecs)
        if audio is not None:
            codecs += audio.fragmented.codecs
        bandwidth = int(rendition.fragmented.size * 8 / max(0.001, rendition.fragmented.duration))
        line = (f"#EXT-X-STREAM-INF:BANDWIDTH={bandwidth},RESOLUTION={rendition.width}x{rendition.height},"
                f'FRAME-RATE={rendition.fps},CODECS="{",".join(codecs)}"')
        if audio is not None:
            line += ',AUDIO="audio"'
        lines += [line, rendition.playlist_name]
    return "\n".join(lines) + "\n"


def probe(data: bytes) -> dict | None:
    """Width, height and duration of an MP4 (fragmented or not), or None when it is none."""
    try:
        moov = next(_find(data, 0, len(data), [b"moov"]))
        mvhd, _ = next(_find(data, *moov, [b"mvhd"]))
        if data[mvhd]:
            timescale, duration = struct.unpack(">IQ", data[mvhd + 20:mvhd + 32])
        else:
            timescale, duration = struct.unpack(">II", data[mvhd + 12:mvhd + 20])
        for trak_start, trak_end in _find(data, *moov, [b"trak"]):
            hdlr, _ = next(_find(data, trak_start, trak_end, [b"mdia", b"hdlr"]))
            if data[hdlr + 8:hdlr + 12] != b"vide":
                continue
            tkhd, tkhd_end = next(_find(data, trak_start, trak_end, [b"tkhd"]))
            width, height = struct.unpack(">II", data[tkhd_end - 8:tkhd_end])
            if not duration:   # a fragmented file: the fragments say how long it is
                duration, timescale = int(parse(data).duration * 1000), 1000
            return {"width": width >> 16, "height": height >> 16, "duration": duration / max(1, timescale)}
    except (StopIteration, struct.error, ValueError):
        return None
    return None

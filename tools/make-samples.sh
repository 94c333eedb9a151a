#!/usr/bin/env bash
# Generate Loopfeed's bundled first-run sample content into data/samples/.
#
#   bash tools/make-samples.sh            # regenerate everything
#   ONLY="03 07" bash tools/make-samples.sh   # re-render only some clips (JSON is always rewritten)
#   PREVIEW=1 bash tools/make-samples.sh  # only render one still per clip into /tmp/loopfeed-preview
#
# Needs: ffmpeg/ffprobe (libx264, native aac; build-time only, NOT an app dependency),
# ImageMagick (convert) and python3 (stdlib only). Everything is synthesised from
# ffmpeg lavfi sources / expressions -- there is no third-party media involved.
# Output is deterministic for a given ffmpeg/x264/ImageMagick version.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT="$ROOT/data/samples"
ONLY=${ONLY:-}
PREVIEW=${PREVIEW:-}
FPS=30
RATE=48000

for tool in ffmpeg ffprobe convert python3; do
    command -v "$tool" >/dev/null || { echo "make-samples: '$tool' not found (apt-get install -y --no-install-recommends ffmpeg imagemagick python3)" >&2; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT/videos" "$OUT/avatars" "$OUT/covers"

# ---------------------------------------------------------------------------
# Metadata + music table (single source of truth), as an embedded Python helper.
#   gen.py clips          -> "id slug width height frames" lines
#   gen.py authors        -> "handle initials colour1 colour2 colour3 seed" lines
#   gen.py audio ID       -> line 1: aevalsrc source (2 loop lengths), line 2: post filter chain
#   gen.py json OUTDIR    -> probes the videos and writes OUTDIR/samples.json
# ---------------------------------------------------------------------------
cat >"$TMP/gen.py" <<'PY'
import json, math, os, subprocess, sys

FPS, RATE = 30, 48000

AUTHORS = [
    # handle, name, bio, followers, following, likes, initials, colours (avatar c1,c2 / cover c3), seed
    ("aurora.waves", "Aurora Waves", "Fractals, synths and slow mornings ✨", 12800, 210, 340500, "AW", ("#7b2ff7", "#f107a3", "#1a0b3a"), 11),
    ("pixel.garden", "Pixel Garden", "Growing tiny worlds one cell at a time 🌱 cellular automata & chiptune", 3420, 388, 41900, "PG", ("#2ec4b6", "#83e377", "#0b3d2e"), 22),
    ("neon.nomad", "Neon Nomad", "Night walks, neon signs and lo-fi beats. DMs open for collabs", 248000, 95, 5120000, "NN", ("#ff4fd8", "#3a0ca3", "#0b0530"), 33),
    ("hana.loops", "Hana Sato 花", "東京 | generative art & music boxes | new loop every Sunday", 1730000, 412, 28400000, "HS", ("#e0457b", "#ff8fab", "#5e3a6e"), 44),
    ("mo.makes", "Mo Haddad", "Maker. Shapes that bounce, sounds that boop. مرحبا 👋", 96500, 1203, 2210000, "MH", ("#ffbe0b", "#fb5607", "#3d1d00"), 55),
    ("tide.and.tone", "Tide & Tone", "Water, light, patience 🌊", 560, 77, 2870, "TT", ("#00b4d8", "#0077b6", "#03045e"), 66),
]

N = None  # a rest

def rule30_melody(steps=64, width=31):
    cells = [0] * width
    cells[width // 2] = 1
    scale = [None, 0, 2, 4, 7, 9, 12, 14]
    out = []
    for _ in range(steps):
        c = width // 2
        out.append(scale[cells[c - 1] * 4 + cells[c] * 2 + cells[c + 1]])
        cells = [cells[i - 1] ^ (cells[i] | cells[(i + 1) % width]) for i in range(width)]
    return out

def cmt(author, text, likes, created):
    return {"author": author, "text": text, "likes": likes, "created": created}

# frames: clip length in video frames (all are multiples of 16 so audio = whole AAC frames);
# beats: musical beats in one loop (bpm is derived so the music loops exactly with the picture)
CLIPS = [
    dict(id=1, slug="deep-zoom", orient="P", frames=240, beats=16,
         audio=dict(root=220.0, steps=2, wave="pluck", dec=3.5, pan=0.25, echo=3,
                    notes=[0, 3, 7, 12, 15, 12, 7, 3, -4, 0, 3, 8, 12, 8, 3, 0,
                           3, 7, 10, 15, 19, 15, 10, 7, -2, 2, 5, 10, 14, 10, 5, 2],
                    bass=[0] * 4 + [-4] * 4 + [3] * 4 + [-2] * 4, bdec=1.5,
                    kick=[1, 0, 0, 0], hat=2, gains=(0.55, 0.5, 0.45, 0.05)),
         meta=dict(author="aurora.waves", caption="Falling into the set forever 🌀 #fractal #math #loop",
                   music="Deep Zoom — Aurora Waves (original sound)", likes=15300, shares=48,
                   created="2026-11-20T18:03:00Z",
                   comments_sample=[cmt("pixel.garden", "I could watch this all day", 31, "2026-11-20T19:10:00Z"),
                                    cmt("tide.and.tone", "how deep does it go??", 12, "2026-11-20T21:42:00Z"),
                                    cmt("mo.makes", "the little spirals at 0:05 😮", 8, "2026-11-21T07:15:00Z")])),
    dict(id=2, slug="game-of-life", orient="L", frames=192, beats=16,
         audio=dict(root=523.25, steps=4, wave="square", dec=6.0, pan=-0.2, echo=0,
                    notes=[0, N, 7, 12, 9, N, 7, 4, 0, 4, 7, 9, 12, N, 16, 14,
                           0, N, 7, 12, 9, N, 7, 4, 2, 4, 7, 9, 7, 4, 2, N],
                    bass=[0, 0, 5, 7], bdec=4.0, kick=[1, 1, 1, 1], hat=4, gains=(0.32, 0.55, 0.6, 0.08)),
         meta=dict(author="pixel.garden", caption="Conway would be proud. 96 generations of tiny drama #gameoflife #pixelart #loop",
                   music="Glider Gun — Pixel Garden (original sound)", likes=842, shares=5,
                   created="2026-11-10T09:12:00Z",
                   comments_sample=[cmt("aurora.waves", "the colours on this are so good", 4, "2026-11-10T10:01:00Z"),
                                    cmt("neon.nomad", "ok this chiptune slaps", 9, "2026-11-10T13:27:00Z")])),
    dict(id=3, slug="synth-sunset", orient="P", frames=256, beats=16,
         audio=dict(root=293.66, steps=2, wave="saw", dec=1.6, pan=0.2, echo=3,
                    notes=[7, N, 5, 7, 10, N, 7, 5, 3, N, 2, 3, 5, N, N, N,
                           7, N, 5, 7, 12, N, 10, 7, 5, N, 3, 2, 0, N, N, N],
                    bass=[0, 0, -2, -2, -4, -4, -5, -5], bdec=2.5, kick=[1, 0, 1, 0], hat=2,
                    gains=(0.35, 0.55, 0.5, 0.06)),
         meta=dict(author="tide.and.tone", caption="Every evening should end like this 🌅 #synthwave #sunset #aesthetic #relax",
                   music="Last Light — Tide & Tone (original sound)", likes=2480000, shares=96100,
                   created="2026-11-14T19:45:00Z",
                   comments_sample=[cmt("neon.nomad", "this is the vibe. saving it", 2140, "2026-11-14T20:02:00Z"),
                                    cmt("hana.loops", "夕焼けがきれい…", 873, "2026-11-14T22:30:00Z"),
                                    cmt("mo.makes", "the stripes on the sun!!", 312, "2026-11-15T08:11:00Z"),
                                    cmt("aurora.waves", "put this on a 10 hour loop please", 1520, "2026-11-15T12:47:00Z")])),
    dict(id=4, slug="neon-rain", orient="L", frames=240, beats=16,
         audio=dict(root=329.63, steps=2, wave="bell", dec=2.5, pan=0.3, echo=3,
                    notes=[0, N, N, 7, N, 10, N, N, 12, N, 10, N, 7, N, N, N,
                           3, N, N, 7, N, 10, N, 12, 15, N, 12, N, 10, 7, N, N],
                    bass=[0, N, 0, N, -4, N, -4, N, 3, N, 3, N, -2, N, -2, -2], bdec=2.0,
                    kick=[1, 0, 1, 0], hat=2, pad=[-12, -5, 3], gains=(0.4, 0.45, 0.5, 0.1, 0.12)),
         meta=dict(author="neon.nomad", caption="rainy night, empty streets, one more song #lofi #rain #citypop #aesthetic",
                   music="Wet Asphalt — Neon Nomad (original sound)", likes=187400, shares=5920,
                   created="2026-11-16T23:18:00Z",
                   comments_sample=[cmt("tide.and.tone", "I can hear the rain through my screen", 402, "2026-11-17T00:05:00Z"),
                                    cmt("hana.loops", "this is literally Shinjuku at 2am", 266, "2026-11-17T02:40:00Z"),
                                    cmt("pixel.garden", "what synth is the bell sound?", 57, "2026-11-17T09:13:00Z")])),
    dict(id=5, slug="plasma-dream", orient="P", frames=192, beats=16,
         audio=dict(root=261.63, steps=2, wave="tri", dec=3.0, pan=-0.25, echo=2,
                    notes=[0, 4, 7, 11, 12, 11, 7, 4, -3, 0, 4, 7, 9, 7, 4, 0,
                           -7, -3, 0, 4, 5, 4, 0, -3, -5, -1, 2, 5, 7, 5, 2, -1],
                    bass=[0] * 4 + [-3] * 4 + [-7] * 4 + [-5] * 4, bdec=1.2, kick=[0], hat=0,
                    gains=(0.5, 0.6, 0.0, 0.0)),
         meta=dict(author="hana.loops", caption="Plasma for your eyes, chords for your ears #generativeart #satisfying #loop",
                   music="Plasma Dream — Hana Sato (original sound)", likes=6210, shares=141,
                   created="2026-11-11T11:30:00Z",
                   comments_sample=[cmt("aurora.waves", "the colour cycling is perfect", 23, "2026-11-11T12:02:00Z"),
                                    cmt("mo.makes", "90s screensaver energy and I love it", 41, "2026-11-11T16:55:00Z")])),
    dict(id=6, slug="bounce-house", orient="L", frames=224, beats=16,
         audio=dict(root=392.0, steps=2, wave="marimba", dec=7.0, pan=0.3, echo=0,
                    notes=[0, 4, 7, 4, 12, 7, 4, 7, 5, 9, 12, 9, 7, 11, 14, 11,
                           0, 4, 7, 12, 7, 4, 0, N, 2, 5, 9, 5, 7, N, 7, N],
                    bass=[0, 12, 0, 12, 5, 17, 5, 17, 7, 19, 7, 19, 0, 12, 0, 12], bdec=5.0,
                    kick=[1, 0, 1, 0], hat=2, gains=(0.5, 0.4, 0.55, 0.07)),
         meta=dict(author="mo.makes", caption="physics homework but make it fun 🏀 #satisfying #physics #loop #oddlysatisfying",
                   music="Boing Boing — Mo Haddad (original sound)", likes=1204000, shares=40200,
                   created="2026-11-18T15:20:00Z",
                   comments_sample=[cmt("pixel.garden", "the shadows sell it", 930, "2026-11-18T15:41:00Z"),
                                    cmt("neon.nomad", "blue one is my favourite", 611, "2026-11-18T17:09:00Z"),
                                    cmt("hana.loops", "かわいい 🥹", 1208, "2026-11-18T21:33:00Z"),
                                    cmt("aurora.waves", "loop is so clean I can't find the seam", 2377, "2026-11-19T06:58:00Z"),
                                    cmt("tide.and.tone", "needed this today", 148, "2026-11-19T10:20:00Z")])),
    dict(id=7, slug="kaleidoscope", orient="P", frames=240, beats=12,
         audio=dict(root=349.23, steps=3, wave="pluck", dec=4.0, pan=-0.3, echo=2,
                    notes=[0, 4, 7, 11, 7, 4, 2, 6, 9, 14, 9, 6, 0, 4, 7, 12, 16, 19,
                           -1, 2, 7, 11, 7, 2, -3, 0, 4, 9, 4, 0, 2, 6, 9, 14, 18, 21],
                    bass=[0, 0, 2, 2, 0, 0, -1, -1, -3, -3, 2, 2], bdec=1.0, kick=[0], hat=3,
                    gains=(0.5, 0.5, 0.0, 0.04)),
         meta=dict(author="aurora.waves", caption="Turned a gradient into a kaleidoscope. Hypnotic ✨ #kaleidoscope #generativeart #trippy",
                   music="Glass Garden — Aurora Waves (original sound)", likes=48900, shares=1320,
                   created="2026-11-24T20:10:00Z",
                   comments_sample=[cmt("hana.loops", "the harp arps are so soothing", 88, "2026-11-24T20:31:00Z"),
                                    cmt("neon.nomad", "my cat is staring at this", 150, "2026-11-24T22:03:00Z"),
                                    cmt("tide.and.tone", "colours ✨✨✨", 19, "2026-11-25T07:45:00Z")])),
    dict(id=8, slug="warp-speed", orient="L", frames=240, beats=24,
         audio=dict(root=110.0, steps=2, wave="saw", dec=4.0, pan=0.15, echo=0, boct=-1,
                    notes=[0, 12, 7, 12] * 3 + [-4, 8, 3, 8] * 3 + [3, 15, 10, 15] * 3 + [-2, 10, 5, 10] * 3,
                    bass=[0] * 6 + [-4] * 6 + [3] * 6 + [-2] * 6, bdec=3.0, kick=[1], hat=2,
                    gains=(0.45, 0.45, 0.6, 0.07)),
         meta=dict(author="neon.nomad", caption="punch it 🚀 #space #stars #synthwave",
                   music="Hyperdrive — Neon Nomad (original sound)", likes=391, shares=2,
                   created="2026-11-27T01:05:00Z",
                   comments_sample=[cmt("aurora.waves", "lightspeed vibes", 3, "2026-11-27T08:44:00Z"),
                                    cmt("mo.makes", "turn it up!!", 1, "2026-11-27T12:20:00Z")])),
    dict(id=9, slug="rule-30", orient="P", frames=208, beats=16,
         audio=dict(root=440.0, steps=4, wave="square", dec=7.0, pan=-0.2, echo=0,
                    notes=rule30_melody(64), bass=[0, 0, -2, -2, -4, -4, -5, -5], bdec=3.0,
                    kick=[1, 0, 0, 1, 0, 0, 1, 0], hat=4, gains=(0.3, 0.5, 0.55, 0.08)),
         meta=dict(author="pixel.garden", caption="One rule, one cell, infinite chaos. The melody is generated by the same automaton #cellularautomata #math #pixelart",
                   music="Rule 30 — Pixel Garden (original sound)", likes=23750, shares=870,
                   created="2026-11-22T14:00:00Z",
                   comments_sample=[cmt("aurora.waves", "Wolfram would like a word 😄", 67, "2026-11-22T14:22:00Z"),
                                    cmt("mo.makes", "wait the music comes from the pattern?? genius", 120, "2026-11-22T18:05:00Z"),
                                    cmt("tide.and.tone", "looks like a seashell pattern", 33, "2026-11-23T09:30:00Z")])),
    dict(id=10, slug="ripple-pond", orient="L", frames=256, beats=16,
         audio=dict(root=523.25, steps=2, wave="sine", dec=5.0, pan=0.35, echo=3,
                    notes=[12, N, N, 7, N, N, 9, N, N, 4, N, N, 7, N, N, N,
                           14, N, N, 9, N, 12, N, N, N, 7, N, 4, N, N, 2, N],
                    bass=[N], bdec=1.0, kick=[0], hat=0, pad=[-24, -17, -8],
                    gains=(0.45, 0.0, 0.0, 0.0, 0.25)),
         meta=dict(author="tide.and.tone", caption="Three drops, one pond. Watch the waves cross 💧 #water #asmr #relax #satisfying",
                   music="Still Water — Tide & Tone (original sound)", likes=9870, shares=302,
                   created="2026-11-26T07:25:00Z",
                   comments_sample=[cmt("hana.loops", "so calming", 18, "2026-11-26T08:00:00Z"),
                                    cmt("pixel.garden", "interference patterns 🤓", 25, "2026-11-26T11:41:00Z"),
                                    cmt("neon.nomad", "perfect sleep content", 9, "2026-11-27T23:59:00Z")])),
    dict(id=11, slug="hypno-spiral", orient="P", frames=224, beats=16,
         audio=dict(root=220.0, steps=4, wave="saw", dec=5.0, pan=0.2, echo=3,
                    notes=[0, 7, 12, 7, 3, 7, 12, 7, 0, 7, 12, 7, 3, 7, 15, 7,
                           -2, 5, 10, 5, 1, 5, 10, 5, -2, 5, 10, 5, 1, 5, 13, 5],
                    bass=[0, 0, 0, 0, -2, -2, -2, -2], bdec=2.5, kick=[1], hat=2,
                    gains=(0.3, 0.5, 0.6, 0.08)),
         meta=dict(author="mo.makes", caption="لا تنظر طويلاً… you are getting sleepy 🌀 #hypnotic #illusion #loop",
                   music="Spin Cycle — Mo Haddad (original sound)", likes=612300, shares=15800,
                   created="2026-11-12T21:00:00Z",
                   comments_sample=[cmt("aurora.waves", "I looked away and the wall is moving", 1804, "2026-11-12T21:30:00Z"),
                                    cmt("pixel.garden", "how is this a perfect loop", 377, "2026-11-13T10:02:00Z"),
                                    cmt("tide.and.tone", "ok I'm sleepy now", 96, "2026-11-13T23:14:00Z")])),
    dict(id=12, slug="first-snow", orient="P", frames=240, beats=12,
         audio=dict(root=523.25, steps=2, wave="musicbox", dec=2.2, pan=-0.2, echo=2,
                    notes=[7, N, 4, 7, 12, N, 11, N, 9, N, 7, N, 5, N, 4, 5, 7, N, N, N, 4, N, 2, N],
                    bass=[N], bdec=1.0, kick=[0], hat=0, pad=[-24, -17, -8],
                    gains=(0.5, 0.0, 0.0, 0.0, 0.22)),
         meta=dict(author="hana.loops", caption="初雪の夜、オルゴールの音と一緒に ❄️ #冬 #snow #lofi #relax",
                   music="初雪 (First Snow) — Hana Sato (original sound)", likes=1050000, shares=33400,
                   created="2026-11-29T09:00:00Z",
                   comments_sample=[cmt("neon.nomad", "the music box 🥺", 2301, "2026-11-29T09:15:00Z"),
                                    cmt("tide.and.tone", "it's not even snowing here yet", 415, "2026-11-29T10:48:00Z"),
                                    cmt("mo.makes", "قمر جميل 🌙", 640, "2026-11-29T12:06:00Z"),
                                    cmt("aurora.waves", "the moon glow is lovely", 377, "2026-11-29T14:33:00Z")])),
]

def clip(cid):
    for c in CLIPS:
        if c["id"] == int(cid, 10):
            return c
    raise SystemExit(f"no clip {cid}")

def size(c):
    return (720, 1280) if c["orient"] == "P" else (1280, 720)

def num(x):
    return repr(round(float(x), 6))

def table(idx, vals):
    """Nested if() lookup: vals[idx] (idx evaluated mod len(vals) by the caller)."""
    s = num(vals[-1])
    for i in range(len(vals) - 2, -1, -1):
        s = f"if(eq({idx},{i}),{num(vals[i])},{s})"
    return s

WAVES = {
    # x: expression for cycles since the note started; ld(2) is the phase inside the step (0..1)
    "sine": "sin(2*PI*{x})",
    "pluck": "(sin(2*PI*{x})+0.5*sin(4*PI*{x})*exp(-ld(2)*4)+0.25*sin(6*PI*{x})*exp(-ld(2)*8))",
    "square": "(sin(2*PI*{x})+sin(6*PI*{x})/3+sin(10*PI*{x})/5+sin(14*PI*{x})/7+sin(18*PI*{x})/9)",
    "saw": "(sin(2*PI*{x})+sin(4*PI*{x})/2+sin(6*PI*{x})/3+sin(8*PI*{x})/4+sin(10*PI*{x})/5+sin(12*PI*{x})/6)*0.8",
    "tri": "(sin(2*PI*{x})-sin(6*PI*{x})/9+sin(10*PI*{x})/25)",
    "bell": "(sin(2*PI*{x})+0.5*sin(2*PI*2.76*{x})*exp(-ld(2)*6)+0.25*sin(2*PI*5.4*{x})*exp(-ld(2)*10))",
    "marimba": "(sin(2*PI*{x})+0.4*sin(2*PI*3.93*{x})*exp(-ld(2)*12))",
    "musicbox": "(sin(2*PI*{x})+0.35*sin(2*PI*3*{x})*exp(-ld(2)*5)+0.15*sin(2*PI*5.04*{x})*exp(-ld(2)*9))",
}

def audio(c):
    a = c["audio"]
    dur = c["frames"] / FPS
    bps = c["beats"] / dur              # beats per second
    sps = bps * a["steps"]              # steps per second
    notes, bass, kick = a["notes"], a["bass"], a["kick"]
    total_steps = c["beats"] * a["steps"]
    for lst, n in ((notes, total_steps), (bass, c["beats"]), (kick, c["beats"])):
        assert n % len(lst) == 0, (c["slug"], len(lst), n)
    g = list(a["gains"]) + [0.0] * (5 - len(a["gains"]))
    root = a["root"]
    broot = root * 2 ** a.get("boct", -2)
    release = "min(1,(1-ld(2))*25)"
    chans = []
    for ch, side in ((0, -1), (1, 1)):
        lead_gain = g[0] * (1 + side * a["pan"])
        hat_gain = g[3] * (1 - side * a["pan"])
        e = []
        # lead: one note per step, phase restarts at every note
        e.append(f"st(0,t*{num(sps)});st(1,floor(ld(0)));st(2,ld(0)-ld(1))")
        idx = f"mod(ld(1),{len(notes)})"
        e.append(f"st(4,{num(root)}*pow(2,({table(idx, [n if n is not None else 0 for n in notes])})/12))")
        e.append(f"st(5,({table(idx, [0 if n is None else 1 for n in notes])})*(1-exp(-ld(2)*40))*exp(-ld(2)*{num(a['dec'])})*{release})")
        e.append(f"st(6,ld(4)*(t-ld(1)/{num(sps)}))")
        e.append(f"st(7,{WAVES[a['wave']].format(x='ld(6)')}*ld(5))")
        # bass + kick: one event per beat
        e.append(f"st(0,t*{num(bps)});st(1,floor(ld(0)));st(2,ld(0)-ld(1));st(6,ld(2)/{num(bps)})")
        bidx = f"mod(ld(1),{len(bass)})"
        e.append(f"st(4,{num(broot)}*pow(2,({table(bidx, [n if n is not None else 0 for n in bass])})/12))")
        e.append(f"st(8,({table(bidx, [0 if n is None else 1 for n in bass])})*(sin(2*PI*ld(4)*ld(6))+0.35*sin(4*PI*ld(4)*ld(6)))"
                 f"*(1-exp(-ld(6)*300))*exp(-ld(2)*{num(a['bdec'])})*{release})")
        kidx = f"mod(ld(1),{len(kick)})"
        e.append(f"st(9,({table(kidx, kick)})*sin(2*PI*(50*ld(6)+2.5*(1-exp(-30*ld(6)))))*exp(-ld(6)*14)*{release})")
        mix = f"{num(lead_gain)}*ld(7)+{num(g[1])}*ld(8)+{num(g[2])}*ld(9)"
        if a["hat"]:
            hps = bps * a["hat"]
            # hash noise (deterministic), short decay; offbeats accented
            e.append(f"st(0,t*{num(hps)});st(1,ld(0)-floor(ld(0)));st(3,abs(sin(t*{91345.17 + 17.3 * ch}))*43758.5453)")
            e.append(f"st(3,(ld(3)-floor(ld(3)))*2-1)")
            mix += f"+{num(hat_gain)}*ld(3)*exp(-ld(1)/{num(hps)}*350)*(0.55+0.45*mod(floor(ld(0)),2))"
        if a.get("pad"):
            # sustained chord; every partial is a whole number of cycles per loop, so it loops seamlessly
            parts = []
            for k, semi in enumerate(a["pad"]):
                f = round(root * 2 ** (semi / 12) * dur) / dur
                parts.append(f"sin(2*PI*{num(f)}*t+{k + ch})")
            mix += f"+{num(g[4])}*({'+'.join(parts)})*(0.75+0.25*sin(2*PI*t/{num(dur)}))/{len(parts)}"
        e.append(mix)
        chans.append(";".join(e))
    # Render two loop lengths and keep the second one, so echo tails wrap around the loop point.
    src = f"aevalsrc=exprs='{chans[0]}|{chans[1]}':s={RATE}:c=stereo:d={num(2 * dur)}"
    post = ["volume=0.2"]  # headroom; the peak is normalised to -6 dBFS afterwards
    if a["echo"]:
        delay = 1000.0 * a["echo"] / sps
        post.append(f"aecho=0.9:0.9:{delay:.1f}|{2 * delay:.1f}:0.35|0.15")
    post.append(f"atrim=start_sample={round(dur * RATE)}:end_sample={round(2 * dur * RATE)},asetpts=PTS-STARTPTS")
    return src, ",".join(post)

def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                          "stream=codec_type,codec_name,profile,pix_fmt,width,height,duration,sample_rate,channels,r_frame_rate:stream_side_data=rotation",
                          "-of", "json", path], check=True, capture_output=True, text=True).stdout
    streams = json.loads(out)["streams"]
    v = next(s for s in streams if s["codec_type"] == "video")
    a = next(s for s in streams if s["codec_type"] == "audio")
    rot = 0
    for sd in v.get("side_data_list", []) or []:
        if "rotation" in sd:
            rot = int(sd["rotation"]) % 360
    return v, a, rot

# Two more creators' posts (the clips were first made as "your" posts: a new user's library holds
# nobody's activity on them, and a first launch never pretends the user posted anything).
EXTRA_POSTS = [
    ("videos/13-first-loop.mp4", "hana.loops", "a first loop, be nice 🙈 #firstpost #gradient #loop",
     "First Loop — Hana Sato (original sound)", 37, "2026-11-27T20:14:00Z"),
    ("videos/14-desk-life.mp4", "pixel.garden", "the game of life runs on my desk now #gameoflife #generativeart",
     "Desk Life — Pixel Garden (original sound)", 212, "2026-11-29T09:41:00Z"),
]

def write_json(outdir):
    authors = [dict(handle=h, name=n, bio=b, avatar=f"avatars/{h}.png", cover=f"covers/{h}.jpg",
                    followers=fo, following=fi, likes=li)
               for (h, n, b, fo, fi, li, *_rest) in AUTHORS]
    handles = {a["handle"] for a in authors}
    posts = []
    for c in CLIPS:
        m = c["meta"]
        rel = f"videos/{c['id']:02d}-{c['slug']}.mp4"
        v, a, rot = probe(os.path.join(outdir, rel))
        assert m["author"] in handles
        for cs in m["comments_sample"]:
            assert cs["author"] in handles and cs["author"] != m["author"], (c["slug"], cs)
            assert cs["created"] > m["created"]
        posts.append(dict(file=rel, author=m["author"], caption=m["caption"], music=m["music"],
                          width=int(v["width"]), height=int(v["height"]), rotation=rot,
                          duration=round(float(v["duration"]), 3),
                          likes=m["likes"], shares=m["shares"], created=m["created"],
                          comments_sample=m["comments_sample"]))
    for rel, author, caption, music, likes, created in EXTRA_POSTS:
        assert author in handles
        v, a, rot = probe(os.path.join(outdir, rel))
        posts.append(dict(file=rel, author=author, caption=caption, music=music,
                          width=int(v["width"]), height=int(v["height"]), rotation=rot,
                          duration=round(float(v["duration"]), 3), likes=likes, shares=0,
                          created=created, comments_sample=[]))
    # No activity: the Inbox of a new user is empty. A post's comment count is the comments that
    # can be read under it (the app counts what it stores).
    with open(os.path.join(outdir, "samples.json"), "w", encoding="utf-8") as f:
        json.dump(dict(authors=authors, posts=posts), f, ensure_ascii=False, indent=2)
        f.write("\n")

cmd = sys.argv[1]
if cmd == "clips":
    for c in CLIPS:
        w, h = size(c)
        print(f"{c['id']:02d} {c['slug']} {w} {h} {c['frames']}")
elif cmd == "authors":
    for (h, n, b, fo, fi, li, ini, cols, seed) in AUTHORS:
        print(h, ini, *cols, seed)
elif cmd == "audio":
    print("\n".join(audio(clip(sys.argv[2]))))
elif cmd == "verify":
    # every clip: H.264 Main yuv420p + AAC, audio/video stream durations within one frame
    ok = True
    print(f"{'clip':26} {'size':>9} {'video':>14} {'audio':>14} {'v_dur':>8} {'a_dur':>8} {'diff_ms':>7} {'MB':>5}")
    for c in CLIPS:
        path = os.path.join(sys.argv[2], f"videos/{c['id']:02d}-{c['slug']}.mp4")
        v, a, rot = probe(path)
        vd, ad = float(v["duration"]), float(a["duration"])
        diff = abs(vd - ad) * 1000
        good = (v["codec_name"] == "h264" and v.get("profile") == "Main" and v["pix_fmt"] == "yuv420p"
                and a["codec_name"] == "aac" and a.get("channels") == 2 and diff < 1000 / FPS
                and (int(v["width"]), int(v["height"])) == size(c) and v["r_frame_rate"] == f"{FPS}/1" and rot == 0)
        ok &= good
        print(f"{os.path.basename(path):26} {v['width']}x{v['height']:>4} {'h264/' + v['profile'] + '/' + v['pix_fmt']:>14}"
              f" {'aac/' + a['sample_rate'] + '/' + str(a['channels']) + 'ch':>14} {vd:8.3f} {ad:8.3f} {diff:7.1f}"
              f" {os.path.getsize(path) / 1e6:5.2f}{'' if good else '  <-- FAILED'}")
    sys.exit(0 if ok else 1)
elif cmd == "json":
    write_json(sys.argv[2])
else:
    raise SystemExit(f"unknown command {cmd}")
PY
gen() { python3 "$TMP/gen.py" "$@"; }

# ---------------------------------------------------------------------------
# Video filter graphs. Each prints a filter_complex graph ending in [v] (W x H, 30 fps).
# Args: id W H D(seconds) N(frames). Motion is periodic over D where practical.
# ---------------------------------------------------------------------------
HASH_XY='(st(9,abs(sin(X*12.9898+Y*78.233))*43758.5453);ld(9)-floor(ld(9)))'

vgraph() {
    local id=$1 W=$2 H=$3 D=$4 N=$5
    local w; w=$(python3 -c "import math;print(round(2*math.pi/$D,6))")   # angular freq of one loop
    case $id in
    01) # Mandelbrot deep zoom into seahorse valley, slowly hue-cycling
        # (rendered at half size and softened: full-resolution fractal edges are nearly incompressible)
        echo "mandelbrot=s=360x640:r=$FPS:start_scale=3:end_scale=0.0004:end_pts=$N:maxiter=1500:outer=normalized_iteration_count:inner=period,
              scale=720:1280:flags=bicubic,gblur=sigma=0.8,hue=H=2*PI*t/$D:s=1.25,vignette=PI/5[v]" ;;
    02) # Conway's game of life with mould trails, big pixels and a grid
        echo "life=s=160x90:r=15:ratio=0.22:seed=1234:mold=10:life_color=0xffd23f:death_color=0xff3d7f:mold_color=0x2a1b5c,
              scale=1280:720:flags=neighbor,fps=$FPS,drawgrid=w=8:h=8:t=1:c=0x0d0a1a@0.55,vignette=PI/5[v]" ;;
    03) # synthwave sunset: striped sun sinking into a shimmering sea (rendered at half size)
        local sun="st(1,640*(0.26+0.42*T/$D));st(2,hypot(X-180,Y-ld(1)));st(5,lt(ld(2),50)*not(gt(Y,ld(1))*lt(mod(Y-ld(1),14),(Y-ld(1))/7)));st(6,exp(-max(ld(2)-50,0)/45));st(7,clip((Y-ld(1)+50)/100,0,1))"
        local sea="st(3,(Y-410)/230);st(4,exp(-pow((X-180+9*sin(Y*0.6+T*5))/(30+60*ld(3)),2))*(0.55+0.45*sin(Y*1.3-T*7+X*0.04))*(1-0.5*ld(3))*clip((440-ld(1))/120,0.15,1));st(8,pow(0.5+0.5*sin(Y*0.8+2*sin(X*0.03+T*2)),8))"
        echo "nullsrc=s=360x640:r=$FPS,format=gbrp,
              geq=r='$sun;$sea;if(lt(Y,410),if(ld(5),255,min(255,40+215*pow(Y/410,0.8)+140*ld(6))),20+50*(1-ld(3))+235*ld(4)+25*ld(8))'
                 :g='$sun;$sea;if(lt(Y,410),if(ld(5),235-150*ld(7),min(255,20+140*pow(Y/410,2.2)+90*ld(6))),10+25*(1-ld(3))+150*ld(4)+15*ld(8))'
                 :b='$sun;$sea;if(lt(Y,410),if(ld(5),110+50*ld(7),min(255,90+40*sin(PI*Y/410)-50*Y/410+30*ld(6))),40+50*(1-ld(3))+80*ld(4)+30*ld(8))',
              scale=720:1280:flags=bicubic[v]" ;;
    04) # neon city in the rain: gradient sky, procedural skyline with lit windows, two rain layers
        local bh="st(0,150+300*(st(1,abs(sin(floor(X/64)*12.9898+3.1))*43758.5453);ld(1)-floor(ld(1))));st(2,gt(Y,720-ld(0)))"
        local win="st(3,ld(2)*lt(mod(X,16),8)*lt(mod(Y,24),11)*gt(Y,734-ld(0))*between(mod(X,64),8,55)*gt((st(4,abs(sin(floor(X/16)*91.3+floor(Y/24)*47.1))*43758.5453);ld(4)-floor(ld(4))),0.5));st(5,(st(6,abs(sin(floor(X/16)*7.7+floor(Y/24)*3.3))*43758.5453);ld(6)-floor(ld(6))))"
        echo "gradients=s=1280x720:r=$FPS:n=4:c0=0x0b0530:c1=0x3a0ca3:c2=0x8f1d8f:c3=0x12082e:speed=0.012:seed=7,format=gbrp[bg];
              color=c=black:s=1280x720:r=$FPS:d=1,trim=end_frame=1,format=gbrap,
              geq=r='$bh;$win;if(ld(3),if(lt(ld(5),0.6),255,if(lt(ld(5),0.8),255,80)),16)'
                 :g='$bh;$win;if(ld(3),if(lt(ld(5),0.6),196,if(lt(ld(5),0.8),90,230)),12)'
                 :b='$bh;$win;if(ld(3),if(lt(ld(5),0.6),110,if(lt(ld(5),0.8),210,255)),30)'
                 :a='$bh;255*ld(2)',loop=loop=-1:size=1[city];
              color=c=black:s=640x40:r=$FPS:d=1,trim=end_frame=1,format=gray,geq=lum='240*gt($HASH_XY,0.99)',
              scale=1280:720:flags=neighbor,loop=loop=-1:size=1,scroll=vertical=-$(python3 -c "print(8/$N)"),format=gbrp[near];
              color=c=black:s=1280x72:r=$FPS:d=1,trim=end_frame=1,format=gray,geq=lum='130*gt($HASH_XY,0.99)',
              scale=1280:720:flags=neighbor,loop=loop=-1:size=1,scroll=vertical=-$(python3 -c "print(5/$N)"):hpos=0.3,format=gbrp[far];
              [bg][city]overlay=format=gbrp,
              drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='NOODLES':x=860:y=300:fontsize=44:fontcolor=0xff4fd8:borderw=3:bordercolor=0xff4fd8@0.35:alpha='if(lt(mod(t,2.7),0.12),0.25,1)',
              format=gbrp[city2];
              [near][far]blend=all_mode=lighten,lutrgb=r='val*0.6':g='val*0.85':b='val',gblur=sigma=0.6[rain];
              [city2][rain]blend=all_mode=screen,vignette=PI/4[v]" ;;
    05) # colour-cycling plasma (half size), palette via LUT
        echo "nullsrc=s=360x640:r=$FPS,format=gray,
              geq=lum='128+31*(sin(X/26+2*$w*T)+sin(Y/19-$w*T)+sin((X+Y)/33+3*$w*T)+sin(hypot(X-180-60*cos($w*T),Y-320-90*sin($w*T))/17-2*$w*T))',
              format=gbrp,lutrgb=r='128+127*sin(val*0.0369)':g='128+127*sin(val*0.0369+2.1)':b='128+127*sin(val*0.0369+4.2)',
              scale=720:1280:flags=bicubic,hue=H=2*PI*t/$D[v]" ;;
    06) # shaded balls bouncing with shadows over a slowly shifting backdrop (2 loops rendered, 2nd kept)
        local ball shadow="color=c=black:s=140x28:r=$FPS:d=1,trim=end_frame=1,format=rgba,geq=r=0:g=0:b=0:a='110*clip(1-hypot((X-70)/70,(Y-14)/14),0,1)',loop=loop=-1:size=1"
        local g="gradients=s=1280x720:r=$FPS:n=3:c0=0x1b1b3a:c1=0x3d2a6b:c2=0x0f3a4f:speed=0.01:seed=3,
              drawbox=x=0:y=640:w=1280:h=80:c=0x15102a@0.85:t=fill,drawbox=x=0:y=638:w=1280:h=3:c=0xffffff@0.25:t=fill[b0]"
        local i=0 spec
        # size colour(r,g,b) kx(x-crossings per loop) ky(bounces per loop) x-phase
        for spec in "140 255 190 11 1 4 0" "110 64 180 255 2 5 400" "90 255 80 120 3 7 900" "120 120 230 120 1 3 1500"; do
            read -r s cr cg cb kx ky ph <<<"$spec"
            local rr=$((s / 2)) A=$((1280 - s))
            ball="color=c=black:s=${s}x${s}:r=$FPS:d=1,trim=end_frame=1,format=rgba,
                  geq=r='min(255,$cr*(0.35+0.65*clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.9),0,1))+170*pow(clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.35),0,1),3))'
                     :g='min(255,$cg*(0.35+0.65*clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.9),0,1))+170*pow(clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.35),0,1),3))'
                     :b='min(255,$cb*(0.35+0.65*clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.9),0,1))+170*pow(clip(1-hypot(X-$rr*0.7,Y-$rr*0.65)/($s*0.35),0,1),3))'
                     :a='255*clip(($rr-hypot(X-$rr+0.5,Y-$rr+0.5))*1.5,0,1)',loop=loop=-1:size=1"
            local xe="abs(mod(t*2*$A*$kx/$D+$ph,2*$A)-$A)"
            g+=";$shadow[s$i];[b$i][s$i]overlay=x='$xe+$rr-70':y=628:eval=frame[c$i];$ball[o$i];[c$i][o$i]overlay=x='$xe':y='640-$s-(420-$s)*abs(sin(PI*t*$ky/$D))':eval=frame[b$((i + 1))]"
            i=$((i + 1))
        done
        echo "$g;[b$i]trim=start_frame=$N,setpts=PTS-STARTPTS[v]" ;;
    07) # kaleidoscope / mandala: 8-fold mirrored polar pattern, slowly turning (half size)
        local k="st(1,hypot(X-180,Y-320));st(2,mod(atan2(Y-320,X-180)+PI/4*T/$D,PI/4));st(2,abs(ld(2)-PI/8));st(3,ld(1)*cos(ld(2)));st(4,ld(1)*sin(ld(2)))"
        k+=";st(5,sin(ld(3)/18-2*$w*T)*cos(ld(4)/11+$w*T)+sin(hypot(ld(3)-120,ld(4))/14-3*$w*T));st(6,2*ld(5)+ld(1)/90-$w*T);st(7,0.35+0.65*pow(0.5+0.5*cos(ld(5)*3),2))"
        echo "nullsrc=s=360x640:r=$FPS,format=gbrp,
              geq=r='$k;ld(7)*(128+127*sin(ld(6)))':g='$k;ld(7)*(128+127*sin(ld(6)+2.094))':b='$k;ld(7)*(128+127*sin(ld(6)+4.189))',
              scale=720:1280:flags=bicubic,vignette=PI/5[v]" ;;
    08) # warp-speed starfield (3 layers of radial streaks) over a nebula
        local layers="st(0,X-480);st(1,Y-270);st(2,hypot(ld(0),ld(1)));st(8,0)" K seed
        for ks in "180 1.7" "290 4.2" "460 9.9"; do
            read -r K seed <<<"$ks"
            layers+=";st(3,(atan2(ld(1),ld(0))+PI)*$K/(2*PI));st(4,abs(sin(floor(ld(3))*12.9898+$seed))*43758.5453);st(4,ld(4)-floor(ld(4)))"
            layers+=";st(5,ld(4)*7.3+T*$(python3 -c "print(2/$D)")*(1+floor(ld(4)*3)));st(5,ld(5)-floor(ld(5)));st(6,16/(1.03-ld(5)))"
            layers+=";st(8,ld(8)+255*ld(5)*ld(5)*between(ld(2),ld(6)*0.8,ld(6))*lt(abs(ld(3)-floor(ld(3))-0.5)*2*PI/$K*ld(2),0.9))"
        done
        echo "nullsrc=s=960x540:r=$FPS,format=gray,geq=lum='$layers;min(255,ld(8)+50*exp(-ld(2)/50))',
              scale=1280:720:flags=bicubic,format=gbrp,lutrgb=r='val*0.85':g='val*0.92':b='min(255,val*1.1)'[stars];
              gradients=s=1280x720:r=$FPS:n=3:c0=0x0a0420:c1=0x3a0f5f:c2=0x06204a:type=radial:speed=0.02:seed=5,format=gbrp[neb];
              [stars][neb]blend=all_mode=screen[v]" ;;
    09) # elementary cellular automaton rule 30 from a single cell, tinted with a moving gradient
        echo "cellauto=s=180x320:r=$FPS:rule=30:pattern=1:scroll=1:full=1:stitch=1,scale=720:1280:flags=neighbor,format=gbrp[ca];
              gradients=s=720x1280:r=$FPS:n=3:c0=0xff5d8f:c1=0xffc857:c2=0x2ec4b6:speed=0.02:seed=9,format=gbrp[gr];
              [ca][gr]blend=all_mode=multiply,lutrgb=r='max(val,18)':g='max(val,14)':b='max(val,40)'[v]" ;;
    10) # interfering ripples from three drops on a teal pond with caustic highlights (half size)
        echo "nullsrc=s=640x360:r=$FPS,format=gray,
              geq=lum='st(1,hypot(X-210,Y-150));st(2,hypot(X-460,Y-230));st(3,hypot(X-330,Y-60));128+52*(sin(ld(1)/6-4*$w*T)*exp(-ld(1)/260)+sin(ld(2)/8-3*$w*T)*exp(-ld(2)/300)+0.6*sin(ld(3)/5-5*$w*T)*exp(-ld(3)/200))',
              format=gbrp,lutrgb=r='20+235*pow(val/255,4)':g='60+0.7*val':b='105+0.58*val',
              scale=1280:720:flags=bicubic,vignette=PI/4[v]" ;;
    11) # rainbow hypno spiral (half size)
        local p="st(1,atan2(Y-320,X-180));st(2,hypot(X-180,Y-320));st(3,5*ld(1)+ld(2)*0.07-2*$w*T);st(4,(0.6+0.4*sin(ld(2)*0.09+3*$w*T))*min(1,ld(2)/40))"
        echo "nullsrc=s=360x640:r=$FPS,format=gbrp,
              geq=r='$p;ld(4)*(128+127*sin(ld(3)))':g='$p;ld(4)*(128+127*sin(ld(3)+2.094))':b='$p;ld(4)*(128+127*sin(ld(3)+4.189))',
              scale=720:1280:flags=bicubic[v]" ;;
    12) # night landscape with moon, mountains and two layers of falling snow
        local sc="st(1,820+70*sin(X/110+0.5)+35*sin(X/41+2));st(2,960+55*sin(X/80+1.3)+25*sin(X/29));st(3,1130+15*sin(X/60));st(4,hypot(X-520,Y-300));st(5,200*gt($HASH_XY,0.9985)*lt(Y,ld(1)));st(6,if(lt(ld(4),64),1,0));st(7,exp(-max(ld(4)-64,0)/90))"
        echo "color=c=black:s=720x1280:r=$FPS:d=1,trim=end_frame=1,format=gbrp,
              geq=r='$sc;if(gt(Y,ld(3)),200-30*(Y-ld(3))/150,if(gt(Y,ld(2)),18,if(gt(Y,ld(1)),40+25*lt(Y,ld(1)+18),if(ld(6),240,min(255,11+50*Y/1280+70*ld(7)+ld(5))))))'
                 :g='$sc;if(gt(Y,ld(3)),210-30*(Y-ld(3))/150,if(gt(Y,ld(2)),24,if(gt(Y,ld(1)),52+30*lt(Y,ld(1)+18),if(ld(6),238,min(255,16+70*Y/1280+70*ld(7)+ld(5))))))'
                 :b='$sc;if(gt(Y,ld(3)),235-20*(Y-ld(3))/150,if(gt(Y,ld(2)),48,if(gt(Y,ld(1)),90+40*lt(Y,ld(1)+18),if(ld(6),220,min(255,48+110*Y/1280+60*ld(7)+ld(5))))))',
              loop=loop=-1:size=1[bg];
              color=c=black:s=720x1280:r=$FPS:d=1,trim=end_frame=1,format=gray,geq=lum='255*gt($HASH_XY,0.9975)',gblur=sigma=0.8,lut=y='min(255,val*3)',
              loop=loop=-1:size=1,scroll=vertical=-$(python3 -c "print(1/$N)"):horizontal=$(python3 -c "print(1/$N)"),format=gbrp[far];
              color=c=black:s=180x320:r=$FPS:d=1,trim=end_frame=1,format=gray,geq=lum='255*gt($HASH_XY,0.994)',scale=720:1280:flags=bicubic,gblur=sigma=1.5,lut=y='min(255,val*2.2)',
              loop=loop=-1:size=1,scroll=vertical=-$(python3 -c "print(2/$N)"):horizontal=-$(python3 -c "print(1/$N)"),format=gbrp[near];
              [far][near]blend=all_mode=lighten[snow];[bg][snow]blend=all_mode=screen[v]" ;;
    *) echo "no graph for clip $id" >&2; return 1 ;;
    esac
}

# x264 quality per clip: noisy/high-detail generators get a higher CRF to stay small
crf_for() { case $1 in 01) echo 30 ;; *) echo 27 ;; esac; }

want() { [[ -z $ONLY ]] || [[ " $ONLY " == *" $1 "* ]]; }

# ---------------------------------------------------------------------------
# Videos
# ---------------------------------------------------------------------------
if [[ -n $PREVIEW ]]; then
    mkdir -p /tmp/loopfeed-preview
fi
while read -r id slug W H N; do
    want "$id" || continue
    D=$(python3 -c "print(repr($N/$FPS))")
    graph=$(vgraph "$id" "$W" "$H" "$D" "$N" | tr -d '\n' | sed 's/  */ /g')
    if [[ -n $PREVIEW ]]; then
        echo "preview $id-$slug"
        ffmpeg -nostdin -v error -y -filter_complex "$graph;[v]select='eq(n,$((N / 2)))'[p]" -map '[p]' -frames:v 1 "/tmp/loopfeed-preview/$id.png"
        continue
    fi
    echo "== $id-$slug ${W}x${H} ${N} frames (${D}s)"
    mapfile -t A < <(gen audio "$id")
    # audio: render, then normalise the peak to -6 dBFS
    ffmpeg -nostdin -v error -y -f lavfi -i "${A[0]}" -af "${A[1]}" -c:a pcm_f32le "$TMP/raw.wav"
    peak=$(ffmpeg -nostdin -hide_banner -i "$TMP/raw.wav" -af volumedetect -f null - 2>&1 | sed -n 's/.*max_volume: \(-\?[0-9.]*\) dB.*/\1/p')
    gain=$(python3 -c "print(round(-6.0-($peak),2))")
    ffmpeg -nostdin -v error -y -i "$TMP/raw.wav" -af "volume=${gain}dB" -c:a pcm_f32le "$TMP/audio.wav"
    # video + mux: exactly N frames and N/30 s of audio (a whole number of AAC frames)
    # (the picture is cut with trim inside the graph: -frames:v would stop the muxer early and
    #  drop the last ~2 s of audio still queued behind x264's lookahead)
    ffmpeg -nostdin -v error -y -filter_complex "$graph;[v]trim=end_frame=$N[vo]" -i "$TMP/audio.wav" \
        -map '[vo]' -map 0:a \
        -c:v libx264 -preset slow -crf "$(crf_for "$id")" -profile:v main -pix_fmt yuv420p -r $FPS -g 60 \
        -c:a aac -b:a 128k -ar $RATE -ac 2 \
        -map_metadata -1 -fflags +bitexact -movflags +faststart \
        "$OUT/videos/$id-$slug.mp4"
done < <(gen clips)
[[ -n $PREVIEW ]] && exit 0

# ---------------------------------------------------------------------------
# Clips 13 and 14: a portrait gradient and a portrait game of life, 6 s each
# ---------------------------------------------------------------------------
if [[ -z ${ONLY:-} || ${ONLY:-} == *13* || ${ONLY:-} == *14* ]]; then
    ffmpeg -nostdin -v error -y \
        -f lavfi -i "gradients=s=720x1280:r=30:speed=0.015:n=4:c0=0xff2c55:c1=0x25f4ee:c2=0x6a00ff:c3=0xffb800,drawbox=x=0:y=1000:w=720:h=280:color=black@0.25:t=fill" \
        -f lavfi -i "aevalsrc='0.25*sin(2*PI*t*(220*pow(2,floor(mod(t*2,4))/12*4)))*exp(-3*mod(t,0.5))':s=48000:c=stereo" \
        -t 6 -c:v libx264 -profile:v main -pix_fmt yuv420p -crf 27 -c:a aac -b:a 128k -movflags +faststart -shortest \
        "$OUT/videos/13-first-loop.mp4"
    ffmpeg -nostdin -v error -y \
        -f lavfi -i "life=s=180x320:r=30:mold=10:life_color=0xffb800:death_color=0x202040:mold_color=0x6a00ff,scale=720:1280:flags=neighbor" \
        -f lavfi -i "aevalsrc='0.2*sin(2*PI*t*(330+110*floor(mod(t*4,3))))*exp(-6*mod(t,0.25))':s=48000:c=stereo" \
        -t 6 -c:v libx264 -profile:v main -pix_fmt yuv420p -crf 27 -c:a aac -b:a 128k -movflags +faststart -shortest \
        "$OUT/videos/14-desk-life.mp4"
fi

# ---------------------------------------------------------------------------
# Avatars (256x256 circle, transparent outside) and covers (1080x720 abstract JPEG)
# ---------------------------------------------------------------------------
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
while read -r handle initials c1 c2 c3 seed; do
    convert -size 256x256 "radial-gradient:$c2-$c1" \
        \( -size 256x256 xc:black -fill white -draw "circle 127.5,127.5 127.5,1.5" \) \
        -alpha off -compose copy_opacity -composite \
        -fill none -stroke "rgba(255,255,255,0.55)" -strokewidth 6 -draw "circle 127.5,127.5 127.5,6" \
        -stroke none -fill white -font "$FONT" -pointsize 96 -gravity center -annotate +0+4 "$initials" \
        -depth 8 -define png:exclude-chunks=date,time "$OUT/avatars/$handle.png"
    convert -seed "$seed" -size 540x360 "plasma:$c1-$c3" -blur 0x10 -resize 1080x720\! \
        \( -size 1080x720 "gradient:$c2-$c3" \) -compose overlay -composite \
        \( -size 1080x720 xc:none -fill "rgba(255,255,255,0.10)" \
           -draw "circle 860,180 860,400" -draw "circle 200,600 200,700" -draw "circle 540,360 540,420" \) \
        -compose over -composite -quality 86 -sampling-factor 4:2:0 -strip "$OUT/covers/$handle.jpg"
done < <(gen authors)

# ---------------------------------------------------------------------------
# samples.json (metadata table above + probed width/height/duration)
# ---------------------------------------------------------------------------
gen json "$OUT"

# ---------------------------------------------------------------------------
# Verification: codecs and audio/video duration match (< 1 frame); exits non-zero on failure
# ---------------------------------------------------------------------------
du -ch "$OUT"/videos/*.mp4 | tail -1
gen verify "$OUT"

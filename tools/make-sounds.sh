#!/usr/bin/env bash
# Builds the recorder's bundled sounds (data/samples/sounds/) from the sample clips' own
# melodies: each clip's soundtrack loops seamlessly, so a few loops make a 60 s track to
# record over. Needs ffmpeg and python3 (build time only, not an app dependency).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SAMPLES="$ROOT/data/samples"
OUT="$SAMPLES/sounds"
SECONDS_LONG=60
mkdir -p "$OUT"
python3 - "$SAMPLES" "$OUT" "$SECONDS_LONG" <<'PY'
import json, subprocess, sys
samples, out, length = sys.argv[1], sys.argv[2], int(sys.argv[3])
catalog = json.load(open(f"{samples}/samples.json"))
picked = ["videos/03-synth-sunset.mp4", "videos/04-neon-rain.mp4", "videos/06-bounce-house.mp4",
          "videos/09-rule-30.mp4", "videos/12-first-snow.mp4"]
sounds = []
for post in catalog["posts"]:
    if post["file"] not in picked:
        continue
    name = post["file"].split("/")[-1].replace(".mp4", ".m4a")
    loops = int(length / post["duration"]) + 1
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", str(loops), "-i", f"{samples}/{post['file']}",
                    "-vn", "-t", str(length), "-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart",
                    f"{out}/{name}"], check=True)
    title, _, artist = post["music"].partition(" — ")
    sounds.append({"file": name, "title": title, "artist": artist.replace(" (original sound)", ""),
                   "author": post["author"], "duration": float(length)})
json.dump({"sounds": sounds}, open(f"{out}/sounds.json", "w"), ensure_ascii=False, indent=2)
print(f"{len(sounds)} sounds in {out}")
PY

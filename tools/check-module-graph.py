#!/usr/bin/env python3
"""The module graph's rules, checked against Package.swift (via `swift package dump-package`)
and the sources' imports. Run by tools/test.sh; prints each broken rule and exits 1.

- What plays media never sees GTK, not even at the C level.
- The domain (FeedCore) sees nothing but Localization.
- Only the Kit modules (and the storage's and the language's own wrappers) import C modules.
- FeedUI reaches storage and sources only through FeedCore protocols.
"""
import json
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                    capture_output=True, text=True).stdout)
deps = {}
for target in package["targets"]:
    names = []
    for dep in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.append(dep[kind][0])
    deps[target["name"]] = names


def closure(name):
    seen, todo = set(), [name]
    while todo:
        for dep in deps.get(todo.pop(), []):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


problems = []
for target in ("FeedCore", "FeedStorage", "FeedSources", "FeedMedia", "GStreamerKit", "GLibKit", "MediaControls"):
    reached = closure(target) & {"CGtk", "CGtkShims", "GtkKit", "VideoBridge", "FeedUI"}
    if reached:
        problems.append(f"{target} reaches GTK: {sorted(reached)}")
if closure("FeedCore") - {"Localization", "CIntl"}:
    problems.append(f"FeedCore depends on {sorted(closure('FeedCore'))}; the domain sees only Localization")
for forbidden in ("FeedStorage", "FeedSources"):
    if forbidden in closure("FeedUI"):
        problems.append(f"FeedUI depends on {forbidden}: reach it through a FeedCore protocol")

c_import = re.compile(r"^\s*(?:@\w+\s+)*(?:public |package |internal )?import (C\w+)", re.M)
allowed = {"GLibKit", "GStreamerKit", "GtkKit", "FeedStorage", "Localization"}
for source in sorted((root / "Sources").rglob("*.swift")):
    module = source.relative_to(root / "Sources").parts[0]
    if module in allowed:
        continue
    for match in c_import.finditer(source.read_text()):
        problems.append(f"{source.relative_to(root)} imports {match.group(1)}: C stays in the Kit modules")

for problem in problems:
    print("module graph:", problem)
sys.exit(1 if problems else 0)

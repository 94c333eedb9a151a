#!/usr/bin/env bash
# Rewrites POTFILES.in: the data templates and every Swift file that marks strings with tr/trn.
# Then `meson compile -C <build> loopfeed-pot` rewrites loopfeed.pot.
set -euo pipefail
cd "$(dirname "$0")/../.."
{
  echo "# Files with strings to translate, relative to meson-helpers/ (the meson source root)."
  echo "# Made by po/update-potfiles.sh; meson-helpers/check-translations.py fails when one is missing."
  echo "../data/io.github.loopfeed.Loopfeed.desktop.in"
  echo "../data/io.github.loopfeed.Loopfeed.metainfo.xml.in"
  grep -lE '\btrn?\("' Sources/FeedUI/*.swift Sources/FeedPresentation/*.swift Sources/FeedCore/*.swift Sources/FeedMedia/*.swift \
    Sources/FeedSources/*.swift Sources/FeedStorage/*.swift Sources/LoopfeedApp/*.swift | sort | sed 's|^|../|'
} > meson-helpers/po/POTFILES.in

#!/usr/bin/env bash
# Installs the Debian packages Loopfeed needs. Sourced by run.sh and test.sh.
# Usage: ensure_packages run|test

RUN_PACKAGES=(
  pkg-config libgtk-4-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libsqlite3-dev libxml2-dev
  libsoup-3.0-dev glib-networking libsecret-1-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
  gstreamer1.0-plugins-ugly gstreamer1.0-libav gstreamer1.0-pulseaudio gstreamer1.0-x
  gstreamer1.0-gl adwaita-icon-theme fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji
  librsvg2-common
)
TEST_PACKAGES=(
  gstreamer1.0-tools gstreamer1.0-plugins-base-apps xvfb xauth x11-utils xdotool imagemagick
  pulseaudio pulseaudio-utils dbus dbus-x11 meson ninja-build desktop-file-utils appstream
  libglib2.0-bin playerctl python3 python3-gi gir1.2-gtk-4.0 xclip openbox gettext
  at-spi2-core gir1.2-atspi-2.0 gnome-keyring
)

missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

ensure_packages() {
  local wanted=("${RUN_PACKAGES[@]}")
  [ "${1:-run}" = test ] && wanted+=("${TEST_PACKAGES[@]}")
  local missing
  missing=$(missing_packages "${wanted[@]}" | tr '\n' ' ')
  [ -z "${missing// /}" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "Loopfeed needs these Debian packages. Install them, then run this again:" >&2
    echo "  sudo apt-get install -y --no-install-recommends $missing" >&2
    exit 1
  fi
  echo "Installing: $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing >/dev/null
}

ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
  fi
  command -v swift >/dev/null 2>&1 || { echo "Swift 6 is needed (swift not found on PATH)" >&2; exit 1; }
}

"""A minimal XSETTINGS manager over ctypes (stdlib only), as a desktop's settings daemon is one: it owns
_XSETTINGS_S0 and publishes the given integer settings until it is ended.

GTK 4 on X11 takes gtk-xft-dpi from XSETTINGS' Xft/DPI (or the X server's 96 dpi without a manager)
over settings.ini, so a desktop's text scaling reaches it only this way:

    python3 xsettings.py Xft/DPI=147456      # 1.5x text; prints "ready" once it owns the selection
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import struct
import sys
import time

PROP_MODE_REPLACE = 0
STRUCTURE_NOTIFY_MASK = 1 << 17
CLIENT_MESSAGE = 33


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24)]


def settings_blob(settings: dict[str, int], serial: int = 1) -> bytes:
    """_XSETTINGS_SETTINGS in the spec's layout, little-endian: integer settings only."""
    out = struct.pack("<B3xII", 0, serial, len(settings))
    for name, value in settings.items():
        raw = name.encode()
        out += struct.pack("<BxH", 0, len(raw)) + raw + b"\0" * (-len(raw) % 4) + struct.pack("<Ii", serial, value)
    return out


def main() -> int:
    settings = {}
    for arg in sys.argv[1:]:
        name, _, value = arg.partition("=")
        settings[name] = int(value)
    x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XCreateSimpleWindow.restype = ctypes.c_ulong
    x.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_int] * 2 + [ctypes.c_uint] * 3 + \
        [ctypes.c_ulong] * 2
    x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                  ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    x.XSetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    x.XGetSelectionOwner.restype = ctypes.c_ulong
    x.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(XEvent)]
    x.XFlush.argtypes = [ctypes.c_void_p]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    dpy = x.XOpenDisplay(os.environ["DISPLAY"].encode())
    if not dpy:
        print("cannot open the display", file=sys.stderr)
        return 1
    root = x.XDefaultRootWindow(dpy)
    selection = x.XInternAtom(dpy, b"_XSETTINGS_S0", 0)
    prop = x.XInternAtom(dpy, b"_XSETTINGS_SETTINGS", 0)
    manager = x.XInternAtom(dpy, b"MANAGER", 0)
    if x.XGetSelectionOwner(dpy, selection):
        print("another XSETTINGS manager runs", file=sys.stderr)
        return 1
    window = x.XCreateSimpleWindow(dpy, root, 0, 0, 1, 1, 0, 0, 0)
    blob = settings_blob(settings)
    x.XChangeProperty(dpy, window, prop, prop, 8, PROP_MODE_REPLACE, blob, len(blob))
    x.XSetSelectionOwner(dpy, selection, window, 0)
    event = XEvent()
    event.xclient.type = CLIENT_MESSAGE
    event.xclient.window = root
    event.xclient.message_type = manager
    event.xclient.format = 32
    for i, v in enumerate((0, selection, window, 0, 0)):
        event.xclient.data[i] = v
    x.XSendEvent(dpy, root, 0, STRUCTURE_NOTIFY_MASK, ctypes.byref(event))
    x.XSync(dpy, 0)
    if x.XGetSelectionOwner(dpy, selection) != window:
        print("did not get the XSETTINGS selection", file=sys.stderr)
        return 1
    print("ready", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    sys.exit(main())

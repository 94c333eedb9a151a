"""Tiny X11 screen grabber over ctypes (stdlib only): XGetImage of a root-window rectangle."""

from __future__ import annotations

import ctypes
import ctypes.util
import os


class XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
    ]


ZPixmap = 2
AllPlanes = ctypes.c_ulong(0xFFFFFFFF)


class Grabber:
    def __init__(self, display: str | None = None):
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        x = ctypes.CDLL(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x = x
        disp = (display or os.environ["DISPLAY"]).encode()
        self.dpy = x.XOpenDisplay(disp)
        if not self.dpy:
            raise RuntimeError(f"cannot open display {disp!r}")
        self.root = x.XDefaultRootWindow(self.dpy)

    def grab(self, x: int, y: int, w: int, h: int) -> tuple[bytes, int, int]:
        """Returns (BGRX bytes, bytes_per_line, bytes_per_pixel)."""
        img = self.x.XGetImage(self.dpy, self.root, x, y, w, h, AllPlanes, ZPixmap)
        if not img:
            raise RuntimeError("XGetImage failed")
        try:
            im = img.contents
            bpp = im.bits_per_pixel // 8
            data = ctypes.string_at(im.data, im.bytes_per_line * im.height)
            return data, im.bytes_per_line, bpp
        finally:
            self.x.XDestroyImage(img)

    def sample(self, x: int, y: int, w: int, h: int, step: int = 10) -> list[tuple[int, int, int]]:
        """RGB triples on a grid of `step` pixels over the rectangle."""
        data, bpl, bpp = self.grab(x, y, w, h)
        out = []
        for yy in range(step // 2, h, step):
            row = yy * bpl
            for xx in range(step // 2, w, step):
                o = row + xx * bpp
                out.append((data[o + 2], data[o + 1], data[o]))
        return out

    def close(self) -> None:
        if self.dpy:
            self.x.XCloseDisplay(self.dpy)
            self.dpy = None


class Keyboard:
    """Key presses through XTEST on its own connection, so the bench knows the instant each
    press leaves for the X server (spawning xdotool adds 5-15 ms of its own start-up)."""

    def __init__(self, display: str | None = None):
        x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XStringToKeysym.restype = ctypes.c_ulong
        x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x.XKeysymToKeycode.restype = ctypes.c_ubyte
        x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XFlush.argtypes = [ctypes.c_void_p]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.x, self.xtst = x, xtst
        disp = (display or os.environ["DISPLAY"]).encode()
        self.dpy = x.XOpenDisplay(disp)
        if not self.dpy:
            raise RuntimeError(f"cannot open display {disp!r}")

    def press(self, keysym: str) -> None:
        """Press and release; returns once the server has both events."""
        code = self.x.XKeysymToKeycode(self.dpy, self.x.XStringToKeysym(keysym.encode()))
        self.xtst.XTestFakeKeyEvent(self.dpy, code, 1, 0)
        self.x.XFlush(self.dpy)
        self.xtst.XTestFakeKeyEvent(self.dpy, code, 0, 0)
        self.x.XSync(self.dpy, 0)

    def close(self) -> None:
        if self.dpy:
            self.x.XCloseDisplay(self.dpy)
            self.dpy = None

#!/usr/bin/env python3
"""A small GTK 4 window that drags the paths it was given as text/uri-list, as a file manager
does: the end-to-end tests drop files on Loopfeed with a real XDND drag (xdotool presses, moves
and releases the pointer over it). Prints "drag-end" when a drag finishes.

    drag_source.py PATH...
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

TITLE = "loopfeed-drag-source"
URIS = "".join(Gio.File.new_for_path(p).get_uri() + "\r\n" for p in sys.argv[1:])


def content(*_args):
    return Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(URIS.encode()))


def activate(app: Gtk.Application) -> None:
    window = Gtk.ApplicationWindow(application=app, title=TITLE)
    window.set_default_size(160, 120)
    label = Gtk.Label(label="drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.connect("prepare", content)
    source.connect("drag-end", lambda *_: print("drag-end", flush=True))
    label.add_controller(source)
    window.set_child(label)
    window.present()


app = Gtk.Application(application_id="io.github.loopfeed.e2e.DragSource", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
sys.exit(app.run([]))

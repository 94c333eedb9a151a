#!/usr/bin/python3
"""A stand-in for the desktop's file manager on the session bus: owns
org.freedesktop.FileManager1 and writes each ShowItems call as a JSON line to the file named
on the command line. Needs PyGObject (python3-gi), so it runs under the system's python3."""

import json
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowFolders"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""


def main() -> None:
    out = open(sys.argv[1], "a", buffering=1)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    loop = GLib.MainLoop()

    def on_call(connection, sender, path, interface, method, params, invocation):
        out.write(json.dumps({"method": method, "uris": list(params.unpack()[0])}) + "\n")
        invocation.return_value(None)

    def on_bus(connection, name):
        connection.register_object("/org/freedesktop/FileManager1", node.interfaces[0], on_call, None, None)

    def on_name(connection, name):
        out.write(json.dumps({"ready": name}) + "\n")

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE,
                     on_bus, on_name, lambda *_: loop.quit())
    loop.run()


if __name__ == "__main__":
    main()

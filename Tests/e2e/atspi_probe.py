#!/usr/bin/env python3
"""What a screen reader gets from a running app over AT-SPI: its accessible tree, or the events it
sends. Runs on the system's Python (python3-gi with gir1.2-atspi-2.0), in the session whose
accessibility bus the app talks to (DISPLAY and DBUS_SESSION_BUS_ADDRESS of the harness's session).

    atspi_probe.py tree PID [--window TITLE] [--page NAME ...]
        Prints one JSON object: {"windows": [titles], "nodes": [...]} for the app with that process id.
        Each node: path, depth, role, name, description, states, extents (x, y, width, height in the
        window's coordinates, or null), actions. --window keeps one toplevel (by its title); --page
        keeps only the named pages of every GtkStack (their other pages stay in the tree, unseen).

    atspi_probe.py watch PID
        Prints one JSON line per event the app sends (state changes, name and description changes,
        focus) until it is terminated: {"type", "detail1", "role", "name", "description"}. The first
        line is {"type": "listening"} once the listeners are registered.
"""

from __future__ import annotations

import json
import signal
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

# GTK 4.8 puts a node with only the Accessible interface (no Component) between a GtkStack and each
# of its pages, named after the page's title.
STACK_PAGE_INTERFACES = ["Accessible"]


def find_app(pid: int):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        try:
            if app.get_process_id() == pid:
                return app
        except GLib.Error:
            continue
    return None


def states_of(acc) -> list[str]:
    return sorted(Atspi.StateType(s).value_nick for s in acc.get_state_set().get_states())


def actions_of(acc) -> list[str]:
    action = acc.get_action_iface()
    if action is None:
        return []
    return [action.get_action_name(i) for i in range(action.get_n_actions())]


def extents_of(acc) -> list[int] | None:
    component = acc.get_component_iface()
    if component is None:
        return None
    box = component.get_extents(Atspi.CoordType.WINDOW)
    return [box.x, box.y, box.width, box.height]


def is_stack_page(acc) -> bool:
    try:
        return acc.get_role_name() == "panel" and list(acc.get_interfaces()) == STACK_PAGE_INTERFACES
    except GLib.Error:
        return False


def walk(acc, path: str, depth: int, pages: set[str] | None, out: list[dict]) -> None:
    try:
        role = acc.get_role_name()
        name = acc.get_name() or ""
        node = {"path": path, "depth": depth, "role": role, "name": name,
                "description": acc.get_description() or "", "states": states_of(acc),
                "extents": extents_of(acc), "actions": actions_of(acc)}
        count = acc.get_child_count()
    except GLib.Error as e:
        out.append({"path": path, "depth": depth, "role": "error", "name": str(e), "description": "",
                    "states": [], "extents": None, "actions": []})
        return
    if pages is not None and is_stack_page(acc) and name not in pages:
        return
    out.append(node)
    for i in range(count):
        child = acc.get_child_at_index(i)
        if child is not None:
            walk(child, f"{path}/{i}", depth + 1, pages, out)


def tree(pid: int, window: str | None, pages: list[str]) -> int:
    app = find_app(pid)
    if app is None:
        print(json.dumps({"error": f"no application with process id {pid} on the accessibility bus"}))
        return 1
    titles, nodes = [], []
    for i in range(app.get_child_count()):
        top = app.get_child_at_index(i)
        if top is None:
            continue
        title = top.get_name() or ""
        titles.append(title)
        if window is not None and title != window:
            continue
        walk(top, str(i), 0, set(pages) if pages else None, nodes)
    print(json.dumps({"windows": titles, "nodes": nodes}, ensure_ascii=False))
    return 0


EVENTS = ("object:state-changed:pressed", "object:state-changed:checked", "object:state-changed:focused",
          "object:property-change:accessible-name", "object:property-change:accessible-description")


def watch(pid: int) -> int:
    def on_event(event):
        source = event.source
        try:
            if source.get_process_id() != pid:
                return
            line = {"type": event.type, "detail1": event.detail1, "role": source.get_role_name(),
                    "name": source.get_name() or "", "description": source.get_description() or ""}
        except GLib.Error as e:
            line = {"type": event.type, "error": str(e)}
        print(json.dumps(line, ensure_ascii=False), flush=True)

    listener = Atspi.EventListener.new(on_event)
    for kind in EVENTS:
        listener.register(kind)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: Atspi.event_quit() or False)
    print(json.dumps({"type": "listening"}), flush=True)
    Atspi.event_main()
    return 0


def main() -> int:
    if len(sys.argv) < 3 or sys.argv[1] not in ("tree", "watch"):
        print(__doc__, file=sys.stderr)
        return 2
    Atspi.init()
    pid = int(sys.argv[2])
    if sys.argv[1] == "watch":
        return watch(pid)
    window, pages, args = None, [], sys.argv[3:]
    while args:
        flag, value, args = args[0], args[1], args[2:]
        if flag == "--window":
            window = value
        elif flag == "--page":
            pages.append(value)
    return tree(pid, window, pages)


if __name__ == "__main__":
    sys.exit(main())

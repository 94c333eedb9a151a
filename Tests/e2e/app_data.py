"""What the app kept on disk, read back after it quit: rows of its library (library.sqlite, read
only) and its settings file."""

from __future__ import annotations

import ast
import sqlite3
from typing import TYPE_CHECKING

from outcomes import CaseFailed, expect

if TYPE_CHECKING:
    from app import App


def db_rows(app: App, sql: str, params: tuple = ()) -> list[tuple]:
    """The rows `sql` reads from the library (read-only)."""
    con = sqlite3.connect(f"file:{app.data_dir / 'library.sqlite'}?mode=ro", uri=True)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def db_comments(app: App) -> list[tuple[int, int, str]]:
    """(id, post_id, text) of every stored comment, oldest id first; read after the app quit."""
    path = app.data_dir / "library.sqlite"
    expect(path.exists(), f"no {path}")
    return [(int(a), int(b), str(c)) for a, b, c in db_rows(app, "SELECT id, post_id, text FROM comments ORDER BY id")]


def db_post_where(app: App, column: str, value) -> dict:
    """The library's first post whose `column` is `value` (read-only), or {}."""
    con = sqlite3.connect(f"file:{app.data_dir / 'library.sqlite'}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        row = con.execute(f"SELECT * FROM posts WHERE {column} = ?", (value,)).fetchone()
        return dict(row) if row else {}
    finally:
        con.close()


def db_post(app: App, post_id: int) -> dict:
    return db_post_where(app, "id", post_id)


def read_preferences(app: App) -> dict:
    """The settings a launch with --data-dir keeps in DATA/settings.ini (GSettings' key file
    backend): key -> value, for the keys that were set (the others have the schema's default)."""
    path = app.data_dir / "settings.ini"
    expect(path.exists(), f"no {path} after quitting")
    values: dict = {}
    for line in path.read_text().splitlines():
        if "=" not in line or line.startswith("["):
            continue
        key, text = (part.strip() for part in line.split("=", 1))
        if text in ("true", "false"):
            values[key] = text == "true"
            continue
        try:
            values[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise CaseFailed(f"{path}: {key} has {text!r}, not a GVariant value")
    return values

#!/usr/bin/python3
"""A stand-in for the desktop's web browser, the default handler of http links in a case's
session: it opens the link it is given as a browser would, following redirects (a Loops
server's authorize page sends it back to Loopfeed's listener on 127.0.0.1), and writes what it
opened and where it ended, as a JSON line, to the file named on the command line."""

import json
import sys
import urllib.error
import urllib.request


def main() -> None:
    log_path, url = sys.argv[1], sys.argv[2]
    record = {"opened": url}
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            record.update(status=answer.status, ended=answer.geturl(), page=answer.read(4096).decode("utf-8", "replace"))
    except urllib.error.HTTPError as error:
        record.update(status=error.code, ended=error.geturl())
    except OSError as error:
        record.update(error=str(error))
    with open(log_path, "a") as out:
        out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()

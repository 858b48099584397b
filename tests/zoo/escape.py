#!/usr/bin/env python3
# escape OUTSIDE PORT_FILE: before playing as a good bot, tries to write the
# file OUTSIDE, to write a file in its working folder, and to connect to
# 127.0.0.1 on the port named in PORT_FILE; says on stderr what it could do
# ("escape: write outside: ok" or the error, and so on).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import socket  # noqa: E402


def write(path):
    with open(path, "w") as f:
        f.write("escaped\n")


def connect():
    with open(zoo.arg(2)) as f:
        port = int(f.read())
    socket.create_connection(("127.0.0.1", port), timeout=2).close()


zoo.attempt("escape", "write outside", lambda: write(zoo.arg(1)))
zoo.attempt("escape", "write inside", lambda: write("escape-inside.txt"))
zoo.attempt("escape", "connect", connect)
sys.stderr.flush()
sys.exit(zoo.run("escape"))

#!/usr/bin/env python3
# terminal [name]: plays tricks on the terminal of whoever reads what the
# referee prints of it: a screen clear (ESC [2J), a window title (OSC 0), a
# clipboard write (OSC 52), a bell, a carriage return and the C1 CSI (U+009B,
# two bytes in UTF-8).  It writes them on stderr at hello, then answers its
# first turn with them, a line that is not JSON; with `name`, it gives them
# as its name in hello instead (which the protocol refuses).  A copy under
# another file name gives no name in hello, so that the referee calls it
# by that file's name (which may hold the tricks too).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

TRICKS = "\x1b[2J\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\rok\u009b31m"
NAME = zoo.arg(1) == "name"
NAMELESS = os.path.basename(__file__) != "terminal.py"


def hook(msg, counts):
    if msg["type"] == "hello":
        zoo.say("terminal: " + TRICKS)
        if NAMELESS:
            return {"version": "1"}
        return {"name": TRICKS if NAME else "terminal", "version": "1"}
    if msg["type"] == "turn" and counts["turn"] == 1:
        return TRICKS
    return zoo.DEFAULT


sys.exit(zoo.run("terminal", hook))

#!/usr/bin/env python3
# annotate: a deterministic bot (legal[0]) that explains each move: its
# reply carries "info" ("turn K: A", K its turns so far) and it writes two
# lines to stderr for each turn ("thinking about turn K", "chose A").  The
# second argument picks a twist: "long" sends 300 bytes of info ("é" * 150),
# "escape" an info with an escape sequence and a newline, "number" an
# info that is not a string, "illegal-at=K" plays an occupied square at
# its turn K (a forfeit after its last words).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

twist = zoo.arg(1, "")


def hook(msg, counts):
    if msg.get("type") != "turn":
        return zoo.DEFAULT
    k = counts["turn"]
    action = msg["legal"][0]
    if twist == "illegal-at=%d" % k:
        action = zoo.occupied_square(msg)
    sys.stderr.write("thinking about turn %d\n" % k)
    sys.stderr.write("chose %s\n" % action)
    sys.stderr.flush()
    info = "turn %d: %s" % (k, action)
    if twist == "long":
        info = "\u00e9" * 150
    elif twist == "escape":
        info = "turn %d \x1b[2J\nforged" % k
    elif twist == "number":
        info = 42
    return {"action": action, "info": info}


sys.exit(zoo.run("annotate", hook))

#!/usr/bin/env python3
# flaky crash|junk [N]: a good bot but at one turn in N (25 unless given,
# 1 for every turn), picked by a hash of the turn's message (the same
# position, the same choice): there it says so on stderr, then exits with
# status 3 (crash) or answers a line that is no JSON (junk).  A bot that
# loses some games by forfeit and plays the rest (the league's lenient
# pre-flight takes it).
import hashlib, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

MODE = zoo.arg(1, "crash")
EVERY = int(zoo.arg(2, 25))


def hook(msg, counts):
    if msg["type"] != "turn":
        return zoo.DEFAULT
    digest = hashlib.sha256(json.dumps(msg, sort_keys=True).encode()).digest()
    if int.from_bytes(digest[:8], "big") % EVERY:
        return zoo.DEFAULT
    print(f"flaky: {MODE} at turn {counts['turn']}", file=sys.stderr, flush=True)
    if MODE == "crash":
        sys.exit(3)
    return "junk, not JSON"


sys.exit(zoo.run("flaky", hook))

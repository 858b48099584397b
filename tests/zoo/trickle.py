#!/usr/bin/env python3
# trickle: answers its first turn with a legal action written one byte every 300 ms (about 5 s for the line).
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def hook(msg, counts):
    if msg["type"] != "turn":
        return zoo.DEFAULT
    for byte in json.dumps({"action": msg["legal"][0]}) + "\n":
        sys.stdout.write(byte)
        sys.stdout.flush()
        time.sleep(0.3)
    return None


sys.exit(zoo.run("trickle", hook))

#!/usr/bin/env python3
# close-stdout: a good bot until its first turn, where it closes its stdout and sleeps (still running).
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def hook(msg, counts):
    if msg["type"] == "turn":
        sys.stdout.flush()
        os.close(1)
        time.sleep(300)
    return zoo.DEFAULT


sys.exit(zoo.run("close-stdout", hook))

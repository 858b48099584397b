#!/usr/bin/env python3
# grandchild: starts a process that keeps its stdout open and sleeps, then exits with status 7 at its first turn.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import subprocess  # noqa: E402

# The grandchild has the folder on its command line too, so tests find it.
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", zoo.workdir()])


def hook(msg, counts):
    if msg["type"] == "turn":
        sys.exit(7)
    return zoo.DEFAULT


sys.exit(zoo.run("grandchild", hook))

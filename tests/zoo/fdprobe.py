#!/usr/bin/env python3
# fdprobe: a good bot that, at each start, appends to fdprobe.log in its folder the number of open fds of its parent (the referee), or "unreadable", and its own open fds.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

def fds(pid):
    return sorted(int(fd) for fd in os.listdir("/proc/%s/fd" % pid))


def hook(msg, counts):
    if msg["type"] == "start":
        try:
            referee = str(len(fds(os.getppid())))
        except PermissionError:  # the referee is non-dumpable: root's alone
            referee = "unreadable"
        mine = [fd for fd in fds("self") if fd > 2]
        # One of mine is the folder listdir() was reading.
        with open(zoo.path("fdprobe.log"), "a") as f:
            f.write("%s %d\n" % (referee, len(mine) - 1))
    return zoo.DEFAULT


sys.exit(zoo.run("fdprobe", hook))

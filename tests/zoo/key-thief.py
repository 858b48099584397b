#!/usr/bin/env python3
# key-thief: a good bot that, at the start of each game, looks for the
# referee's secret signing key: in the default key home, in the output
# folder (named on the referee's command line, or any out/ folder near
# its own), at --key's path, and any referee.key under its folder and the
# folders above it.  It says on stderr each key it could read, or that it
# found none; with a key and an output folder it plants there a finished
# log signed with that key (games/stolen.jsonl).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def referee_args():
    """The command line of the process that started this bot."""
    try:
        with open("/proc/%d/cmdline" % os.getppid(), "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0")]
    except OSError:
        return []


def near(start, levels=1, depth=4):
    """Every folder within `depth` below `start` or the `levels` above it."""
    top = os.path.abspath(start)
    for _ in range(levels):
        top = os.path.dirname(top)
    base = top.count(os.sep)
    for root, dirs, _files in os.walk(top):
        yield root
        if root.count(os.sep) - base >= depth:
            dirs[:] = []


def guesses():
    args = referee_args()
    keys, outs = set(), set()
    for home in (os.environ.get("XDG_DATA_HOME"),
                 os.path.join(os.environ.get("HOME", "/"), ".local/share")):
        if home:
            keys.add(os.path.join(home, "arena", "referee.key"))
    for flag, value in zip(args, args[1:]):
        if flag == "--key":
            keys.add(value)
        if flag == "--out":
            outs.add(value)
    for folder in near(os.getcwd()):
        keys.add(os.path.join(folder, "referee.key"))
        if os.path.exists(os.path.join(folder, "run.jsonl")):
            outs.add(folder)
    for folder in outs:
        keys.add(os.path.join(folder, "referee.key"))
    return sorted(keys), sorted(outs)


def steal():
    keys, outs = guesses()
    stolen = []
    for key in keys:
        try:
            with open(key) as f:
                stolen.append((key, bytes.fromhex(f.readline().strip())))
        except (OSError, ValueError):
            pass
    if not stolen:
        zoo.say("key-thief: no signing key found (%d places tried)" % len(keys))
        return
    for key, _seed in stolen:
        zoo.say("key-thief: read %s" % key)
    for out in outs:
        logs = zoo.finished_logs(os.path.join(out, "games"))
        dest = os.path.join(out, "games", "stolen.jsonl")
        if logs and not os.path.exists(dest):
            zoo.forge(logs[0], stolen[0][1], dest)
            zoo.say("key-thief: planted %s" % dest)


def hook(msg, counts):
    if msg["type"] == "start":
        steal()
    return zoo.DEFAULT


sys.exit(zoo.run("key-thief", hook))

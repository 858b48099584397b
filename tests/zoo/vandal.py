#!/usr/bin/env python3
# vandal: a good bot whose folder holds the tournament's output folder.
# At the start of a game, once, it deletes the first finished log it finds
# in an output folder under its own and plants there a log signed by a key
# of its own (games/planted.jsonl), and says so on stderr.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def vandalise():
    for root, dirs, files in os.walk(os.getcwd()):
        if "run.jsonl" not in files:
            continue
        games = os.path.join(root, "games")
        planted = os.path.join(games, "planted.jsonl")
        logs = zoo.finished_logs(games)
        if logs and not os.path.exists(planted):
            zoo.forge(logs[0], os.urandom(32), planted)
            os.unlink(logs[0])
            zoo.say("vandal: deleted %s, planted %s" % (logs[0], planted))
        return
    zoo.say("vandal: no output folder in reach")


def hook(msg, counts):
    if msg["type"] == "start":
        vandalise()
    return zoo.DEFAULT


sys.exit(zoo.run("vandal", hook))

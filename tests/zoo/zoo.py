"""The protocol loop that the zoo bots share (not a bot itself).

A zoo bot is a well-behaved bot with one misbehaviour: it follows
docs/PROTOCOL.md (hello answered with its name, {} to every message but a
turn, the fairness exchange declined, a uniformly random legal action for a
turn) except where its hook says otherwise.  Every zoo bot takes the test's
temporary folder as its first argument: the folder for any file it keeps,
and a marker on its command line that lets a test find its processes.
"""

import json
import os
import random
import re
import sys

DEFAULT = object()   # a hook's answer: behave as a good bot would


def workdir():
    return sys.argv[1] if len(sys.argv) > 1 else "."


def arg(i, default=None):
    return sys.argv[i + 1] if len(sys.argv) > i + 1 else default


def write(text):
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def default_reply(msg, name):
    kind = msg.get("type")
    if kind == "hello":
        return {"name": name, "version": "1"}
    if kind == "turn":
        return {"action": random.choice(msg["legal"])}
    return {}


def run(name, hook=None):
    """Answers lines until goodbye or end of input.  hook(msg, counts) sees
    every message first (counts: messages of each type so far in this
    process, this one included) and returns DEFAULT, None to send nothing,
    a dict to send as JSON, or a str to send as it is."""
    counts = {}
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        counts[kind] = counts.get(kind, 0) + 1
        answer = hook(msg, counts) if hook else DEFAULT
        if answer is DEFAULT:
            answer = default_reply(msg, name)
        if isinstance(answer, dict):
            answer = json.dumps(answer, separators=(",", ":"))
        if answer is not None:
            write(answer)
        if kind == "goodbye":
            return 0
    return 0


def reply_after_commit(msg, counts, name, held):
    """For a bot that says nothing before the game's commitment has come:
    keeps its default replies in `held` (a list of lines) and returns None
    until the first commit, then returns them all and the reply to commit
    in one string, to be written at once; DEFAULT after that."""
    reply = json.dumps(default_reply(msg, name), separators=(",", ":"))
    if counts.get("commit", 0) == 0:
        held.append(reply)
        return None
    if msg["type"] == "commit" and counts["commit"] == 1:
        return "\n".join(held + [reply])
    return DEFAULT


def attempt(bot, what, action):
    """Runs action() and says on stderr whether it worked: "BOT: WHAT: ok"
    or "BOT: WHAT: " and the error; returns what it said after WHAT."""
    try:
        action()
        result = "ok"
    except OSError as e:
        result = e.strerror or str(e)
    sys.stderr.write("%s: %s: %s\n" % (bot, what, result))
    return result


def square(col, row):
    return "%s%d" % (chr(ord("A") + col), row + 1)


def occupied_square(turn):
    """A square that already holds a ball (board[0] is row 1)."""
    board = turn["state"]["board"]
    for row, text in enumerate(board):
        for col, cell in enumerate(text):
            if cell != ".":
                return square(col, row)
    raise ValueError("an empty board")


def bump(path):
    """Adds one to the number in the file at path; returns the new value."""
    try:
        with open(path) as f:
            value = int(f.read() or 0) + 1
    except FileNotFoundError:
        value = 1
    with open(path, "w") as f:
        f.write("%d\n" % value)
    return value


def path(name):
    return os.path.join(workdir(), name)


def say(text):
    """A line on stderr, which the referee keeps: how a bot in a sandbox,
    whose folders are read-only, tells the test what it did."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def finished_logs(folder):
    """The signed (complete) game logs in folder, by name."""
    logs = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return logs
    for name in names:
        log = os.path.join(folder, name)
        try:
            with open(log, "rb") as f:
                if b'"type":"signature"' in f.read().splitlines()[-1]:
                    logs.append(log)
        except (OSError, IndexError):
            pass
    return logs


def forge(log, seed, dest):
    """Writes to dest the game log `log` with the time of its first action
    changed, chained and signed again with the Ed25519 key `seed`: a game
    that was never played that way, which verifies with that key (the
    tests' logtool, nothing of the referee)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import logtool
    lines = logtool.read_lines(log)
    for i, line in enumerate(lines):
        if b'"type":"action"' in line:
            lines[i] = re.sub(rb'"us":\d+', b'"us":1', line, count=1)
            break
    logtool.write_lines(dest, logtool.resign(lines, seed))

#!/usr/bin/env python3
# misbehave MODE: a good bot but for its first turn, where it does MODE:
#   late      answers 0.6 s late (past a 300 ms deadline)
#   partial   writes half a line, no newline, then hangs
#   flood     answers, then writes 2000 more lines nobody asked for
#   badutf8   answers with a byte sequence that is not UTF-8
#   nul       answers with a NUL byte inside the line
#   deep      answers with an action nested 5000 arrays deep
#   hugenum   answers with the number 1e999999 (too large for a double)
#   segv      kills itself with SIGSEGV
#   exec      replaces itself with `true` (which exits at once)
import os, signal, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

MODE = zoo.arg(1, "late")


def raw(data):
    sys.stdout.buffer.write(data)
    sys.stdout.flush()


def hook(msg, counts):
    if msg["type"] != "turn" or counts["turn"] > 1:
        return zoo.DEFAULT
    if MODE == "late":
        time.sleep(0.6)
        return zoo.DEFAULT
    if MODE == "partial":
        raw(b'{"action":')
        time.sleep(30)
    if MODE == "flood":
        # One write: the extra lines are there before the next message.
        raw(('{"action":"%s"}\n' % msg["legal"][0]).encode() + b"{}\n" * 2000)
        return None
    if MODE == "badutf8":
        raw(b'{"action":"\xc3\x28"}\n')
        return None
    if MODE == "nul":
        raw(b'{"action":"D3"}\x00\n')
        return None
    if MODE == "deep":
        return '{"action":' + "[" * 5000 + "]" * 5000 + "}"
    if MODE == "hugenum":
        return '{"action":1e999999}'
    if MODE == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if MODE == "exec":
        os.execvp("true", ["true"])
    return zoo.DEFAULT


sys.exit(zoo.run("misbehave", hook))

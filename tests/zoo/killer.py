#!/usr/bin/env python3
# killer: at its first turn, sends SIGSTOP and then SIGTERM to its parent
# (the referee, without the sandbox) and SIGKILL to every other process it
# can see, says on stderr how many signals were delivered ("killer: 3 of 3
# signals sent to 2 processes"), then plays on as a good bot.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import signal  # noqa: E402


def attack():
    me, parent = os.getpid(), os.getppid()
    shots = [(parent, signal.SIGSTOP), (parent, signal.SIGTERM)]
    others = [int(p) for p in os.listdir("/proc")
              if p.isdigit() and int(p) not in (me, parent)]
    shots += [(pid, signal.SIGKILL) for pid in others]
    sent = 0
    for pid, sig in shots:
        try:
            os.kill(pid, sig)
            sent += 1
        except OSError:
            pass
    sys.stderr.write("killer: %d of %d signals sent to %d processes\n"
                     % (sent, len(shots), len(others) + 1))
    sys.stderr.flush()


def hook(msg, counts):
    if msg["type"] == "turn" and counts["turn"] == 1:
        attack()
    return zoo.DEFAULT


sys.exit(zoo.run("killer", hook))

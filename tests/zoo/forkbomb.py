#!/usr/bin/env python3
# forkbomb: at its first turn, starts a fork bomb whose every process calls
# setsid and forks as fast as it can for 60 s (each with the test's folder on
# its command line, as the bot's own); a process whose fork fails says so on
# stderr once, with the number of processes it sees ("forkbomb: fork
# failed: ERROR (N processes)"), as the bot does if its own first fork fails.
# The bot itself plays on as a good bot.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402


def fork_failed(e):
    seen = sum(name.isdigit() for name in os.listdir("/proc"))
    sys.stderr.write("forkbomb: fork failed: %s (%d processes)\n"
                     % (e.strerror, seen))
    sys.stderr.flush()


def bomb():
    said = False
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if os.fork() == 0:
                os.setsid()
                said = False
        except OSError as e:
            if not said:
                fork_failed(e)
                said = True
            time.sleep(0.01)


def hook(msg, counts):
    if msg["type"] == "turn" and counts["turn"] == 1:
        # The limit may be met at once (other processes of its user count
        # too without the sandbox): the bot then says so and plays on.
        try:
            child = os.fork()
        except OSError as e:
            fork_failed(e)
            child = -1
        if child == 0:
            os.setsid()
            bomb()
            os._exit(0)
    return zoo.DEFAULT


sys.exit(zoo.run("forkbomb", hook))

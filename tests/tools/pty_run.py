#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, as a person at a terminal would.

usage: pty_run.py [--delay SECONDS] [--step PROMPT TEXT]... -- COMMAND...

Each step waits until PROMPT appears in what the terminal shows after the
step before, then (after the delay, as a person thinking) types TEXT and
Enter (TEXT "^D" types Ctrl-D alone).
Everything the terminal showed is written to stdout; the exit status is the
command's (124 when it runs past 60 s).  Used by the tests of what the
referee shows on a terminal: the live progress line and the human seat.
"""

import os
import pty
import select
import sys
import time


def main(argv):
    steps, delay = [], 0.0
    while argv and argv[0] in ("--step", "--delay"):
        if argv[0] == "--delay":
            delay, argv = float(argv[1]), argv[2:]
            continue
        steps.append((argv[1].encode(), argv[2]))
        argv = argv[3:]
    if not argv or argv[0] != "--":
        sys.exit(__doc__)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[1], argv[1:])
    shown, since, deadline = b"", 0, time.monotonic() + 60
    while time.monotonic() < deadline:
        if steps and steps[0][0] in shown[since:]:
            text = steps.pop(0)[1]
            time.sleep(delay)
            os.write(fd, b"\x04" if text == "^D" else text.encode() + b"\r")
            since = len(shown)
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the command has ended
            break
        if not chunk:
            break
        shown += chunk
    else:
        os.kill(pid, 9)
        sys.stdout.buffer.write(shown)
        return 124
    sys.stdout.buffer.write(shown)
    status = os.waitpid(pid, 0)[1]
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

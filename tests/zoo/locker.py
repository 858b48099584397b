#!/usr/bin/env python3
# locker [FILE]: locks a file of its own at start, as a JVM locks its
# /tmp/hsperfdata_USER/PID: at hello it opens FILE (locker.lock in
# $TMPDIR, the sandbox's own /tmp, when not given) and locks it
# exclusively, each way in turn: flock(2) without waiting, lockf without
# waiting and waiting (fcntl's F_SETLK and F_SETLKW), an open file
# description lock (F_OFD_SETLK).  It says on stderr how each went
# ("locker: flock: ok" or the error).  A lock that fails is reported as the
# JVM does, on stdout before its reply: "[warning] Cannot use file FILE
# because flock failed (ERROR)", which the referee cannot read as a reply.
# Otherwise it plays as a good bot.
import fcntl
import json
import os
import struct
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

FILE = zoo.arg(1) or os.path.join(os.environ.get("TMPDIR") or "/tmp", "locker.lock")


def ofd_lock(fd):
    # struct flock: l_type, l_whence, l_start, l_len (0: to the end), l_pid
    fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, 0, 0, 0))


def lock_all():
    """The warnings of the locks that failed, a line each."""
    fd = os.open(FILE, os.O_RDWR | os.O_CREAT, 0o600)
    locks = [("flock", lambda: fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)),
             ("lockf", lambda: fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)),
             ("lockf waiting", lambda: fcntl.lockf(fd, fcntl.LOCK_EX)),
             ("ofd", lambda: ofd_lock(fd))]
    warnings = []
    for what, take in locks:
        result = zoo.attempt("locker", what, take)
        if result != "ok":
            warnings.append("[warning] Cannot use file %s because %s failed (%s)" % (FILE, what, result))
    sys.stderr.flush()
    return warnings


def hook(msg, counts):
    if msg["type"] != "hello":
        return zoo.DEFAULT
    reply = json.dumps(zoo.default_reply(msg, "locker"))
    return "\n".join(lock_all() + [reply])


sys.exit(zoo.run("locker", hook))

#!/usr/bin/env python3
# memread: before playing as a good bot, tries to read its parent's (the
# referee's, without the sandbox) memory through /proc/PID/mem at the first
# readable mapping, its /proc/PID/environ, and to attach to it with ptrace;
# says on stderr what it could do ("memread: mem: ok" or the error, and so
# on) and which processes it can see.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import ctypes  # noqa: E402

PTRACE_ATTACH, PTRACE_DETACH = 16, 17
parent = os.getppid()


def read_mem():
    with open("/proc/%d/maps" % parent) as f:
        for line in f:
            span, perms = line.split()[:2]
            if perms.startswith("r"):
                start = int(span.split("-")[0], 16)
                break
    with open("/proc/%d/mem" % parent, "rb") as f:
        f.seek(start)
        f.read(4096)


def read_environ():
    with open("/proc/%d/environ" % parent, "rb") as f:
        f.read()


def ptrace():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.ptrace(PTRACE_ATTACH, parent, None, None) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))
    libc.ptrace(PTRACE_DETACH, parent, None, None)


zoo.attempt("memread", "mem", read_mem)
zoo.attempt("memread", "environ", read_environ)
zoo.attempt("memread", "ptrace", ptrace)
pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
sys.stderr.write("memread: parent %d, sees %d processes\n" % (parent, len(pids)))
sys.stderr.flush()
sys.exit(zoo.run("memread"))

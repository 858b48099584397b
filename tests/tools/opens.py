#!/usr/bin/env python3
"""How often a command opens each file of a folder, as the kernel says.

    opens.py DIR CMD [ARGS...]

runs CMD with DIR watched by inotify (IN_OPEN), then prints one line per
file of DIR that was opened, "COUNT NAME", sorted by name, and exits with
CMD's status.  Unlike strace, it needs no right over CMD's process: the
referee makes itself non-dumpable, so a tracer that is not root sees the
addresses of the paths it opens, not the paths.
"""
import ctypes
import ctypes.util
import os
import struct
import subprocess
import sys

IN_OPEN = 0x20
IN_ISDIR = 0x40000000
IN_NONBLOCK = 0o4000
IN_Q_OVERFLOW = 0x4000
HEADER = struct.Struct("iIII")  # wd, mask, cookie, len


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    fd = libc.inotify_init1(IN_NONBLOCK)
    if fd < 0 or libc.inotify_add_watch(fd, os.fsencode(argv[1]), IN_OPEN) < 0:
        print("opens.py: inotify: %s" % os.strerror(ctypes.get_errno()), file=sys.stderr)
        return 2
    status = subprocess.call(argv[2:])
    counts = {}
    while True:
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            break
        at = 0
        while at < len(data):
            _, mask, _, size = HEADER.unpack_from(data, at)
            name = data[at + HEADER.size:at + HEADER.size + size].rstrip(b"\0")
            at += HEADER.size + size
            if mask & IN_Q_OVERFLOW:
                print("opens.py: too many events, some were lost", file=sys.stderr)
                return 2
            if name and not mask & IN_ISDIR:
                counts[name] = counts.get(name, 0) + 1
    for name in sorted(counts):
        print(counts[name], os.fsdecode(name))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# peek PATH...: before playing as a good bot, says on stderr who it runs as
# ("peek: uid 65534, capabilities 0000000000000000"), where it starts
# ("peek: cwd PATH"), its environment ("peek: env NAME=VALUE", sorted), the
# names in the environment of the sandbox's first process ("peek: pid 1
# env NAME NAME..."), and
# what it finds at each PATH: "peek: PATH: [names]" for a folder, "peek:
# PATH: N bytes" for a file, "peek: PATH: connected" for a socket it could
# connect to, "peek: PATH: opened" for a FIFO it could open, or the error
# ("peek: PATH: No such file or directory").  A PATH given as "look:PATH"
# names no file on its command line (which the sandbox would show it).
import os, socket, stat, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def look(path):
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            return "[%s]" % " ".join(sorted(os.listdir(path)))
        if stat.S_ISSOCK(mode):
            with socket.socket(socket.AF_UNIX) as s:
                s.connect(path)
            return "connected"
        if stat.S_ISFIFO(mode):
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            return "opened"
        with open(path, "rb") as f:
            return "%d bytes" % len(f.read())
    except OSError as e:
        return e.strerror or str(e)


with open("/proc/self/status") as f:
    caps = [line.split()[1] for line in f if line.startswith("CapEff:")][0]
sys.stderr.write("peek: uid %d, capabilities %s\n" % (os.getuid(), caps))
sys.stderr.write("peek: cwd %s\n" % os.getcwd())
for name in sorted(os.environ):
    sys.stderr.write("peek: env %s=%s\n" % (name, os.environ[name]))
try:
    with open("/proc/1/environ", "rb") as f:
        names = sorted(e.split(b"=")[0].decode() for e in f.read().split(b"\0") if e)
    sys.stderr.write("peek: pid 1 env %s\n" % " ".join(names))
except OSError as e:
    sys.stderr.write("peek: pid 1 env: %s\n" % e.strerror)
for path in sys.argv[2:]:
    path = path[len("look:"):] if path.startswith("look:") else path
    sys.stderr.write("peek: %s: %s\n" % (path, look(path)))
sys.stderr.flush()
sys.exit(zoo.run("peek"))

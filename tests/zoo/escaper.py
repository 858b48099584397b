#!/usr/bin/env python3
# escaper: at hello, leaves a sleeper behind in a session of its own (setsid
# and a double fork, so the sleeper is no child of the bot and in no process
# group of the bot's), says "escaper: sleeper N started" on stderr, then
# plays as a good bot.  The sleeper has the test's folder on its command line.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def escape():
    ready = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.close(ready[0])
            os.dup2(os.open(os.devnull, os.O_RDWR), 0)
            os.dup2(0, 1)
            os.write(ready[1], b"%d" % os.getpid())
            os.execv(sys.executable, [sys.executable, "-c",
                                      "import time; time.sleep(300)",
                                      zoo.workdir()])
        os._exit(0)
    os.close(ready[1])
    pid = os.read(ready[0], 32).decode()
    os.wait()
    sys.stderr.write("escaper: sleeper %s started\n" % pid)
    sys.stderr.flush()


def hook(msg, counts):
    if msg["type"] == "hello":
        escape()
    return zoo.DEFAULT


sys.exit(zoo.run("escaper", hook))

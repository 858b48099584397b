#!/usr/bin/env python3
# spawner N: says its process group on stderr, starts N sleeping children
# (fewer if fork fails, as under --max-processes), says on stderr how many
# it got, then plays as a good bot.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import subprocess  # noqa: E402

wanted = int(zoo.arg(1, 100))
started = 0
# Its process group, which a test checks is empty after the game.
sys.stderr.write("spawner: process group %d\n" % os.getpgid(0))
for _ in range(wanted):
    try:
        # The folder on the command line lets tests find the children.
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)",
                          zoo.workdir()])
        started += 1
    except OSError as e:
        sys.stderr.write("spawner: fork failed: %s\n" % e.strerror)
        break
sys.stderr.write("spawner: started %d of %d children\n" % (started, wanted))
sys.stderr.flush()
sys.exit(zoo.run("spawner"))

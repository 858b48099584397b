#!/usr/bin/env python3
# bad-commit: answers the referee's commit with a commitment that is not hex.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

sys.exit(zoo.run("bad-commit", lambda msg, n: {"commitment": "not hex"} if msg["type"] == "commit" else zoo.DEFAULT))

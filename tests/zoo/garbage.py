#!/usr/bin/env python3
# garbage: answers its first turn with a line that is not JSON.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

sys.exit(zoo.run("garbage", lambda msg, n: "this is not JSON" if msg["type"] == "turn" else zoo.DEFAULT))

#!/usr/bin/env python3
# no-action: answers its first turn with {} (valid JSON without an action).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

sys.exit(zoo.run("no-action", lambda msg, n: {} if msg["type"] == "turn" else zoo.DEFAULT))

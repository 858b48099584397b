#!/usr/bin/env python3
# huge-line: answers its first turn with one 10 MB line (a JSON object, newline at the end).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

HUGE = '{"action":"' + "A" * (10 << 20) + '"}'
sys.exit(zoo.run("huge-line", lambda msg, n: HUGE if msg["type"] == "turn" else zoo.DEFAULT))

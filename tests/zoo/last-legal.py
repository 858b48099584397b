#!/usr/bin/env python3
# last-legal: a deterministic bot, legal[-1] at every turn, {} to anything
# else (a second deterministic player, different from first-legal).
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": msg["legal"][-1]} if "legal" in msg else {}), flush=True)

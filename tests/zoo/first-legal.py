#!/usr/bin/env python3
# first-legal: a deterministic bot, legal[0] at every turn, {} to anything
# else; the same game twice gives the same moves, so runs can be compared.
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": msg["legal"][0]} if "legal" in msg else {}), flush=True)

#!/usr/bin/env python3
# minimal: the simplest bot of PROTOCOL.md: a random legal action for a turn, {} to anything else (declines the fairness exchange).
import json, random, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": random.choice(msg["legal"])} if "legal" in msg else {}), flush=True)

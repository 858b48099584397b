#!/usr/bin/env python3
"""A bot whose every choice is a function of the exact line it is sent:
legal[crc32(line) % len(legal)].  It declines the fairness exchange (no
commitment), so that a seeded run's dice are those of arena_env's games of
the same seed; tests/e2e/env_referee.sh plays it against environment games
that choose the same way from info["turn_line"], and compares the logs."""

import json
import sys
import zlib


def main() -> int:
    for line in sys.stdin:
        line = line.rstrip("\n")
        msg = json.loads(line)
        reply = {}
        if msg.get("type") == "turn":
            legal = msg["legal"]
            reply = {"action": legal[zlib.crc32(line.encode()) % len(legal)]}
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if msg.get("type") == "goodbye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())

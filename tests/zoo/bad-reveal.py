#!/usr/bin/env python3
# bad-reveal [wrong|none]: commits as FAIRNESS.md says, then reveals another value (wrong) or nothing (none) at the lock.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import hashlib  # noqa: E402
import secrets  # noqa: E402
import struct  # noqa: E402

MODE = zoo.arg(1, "wrong")
game = {}


def hook(msg, counts):
    kind = msg["type"]
    if kind == "start":
        game.update(id=bytes.fromhex(msg["game_id"]), seat=msg["seat"])
    elif kind == "commit":
        r = secrets.token_bytes(32)
        data = game["id"] + struct.pack("<I", game["seat"]) + bytes.fromhex(msg["commitment"]) + r
        c = hashlib.blake2b(data, digest_size=32, person=b"arena:botcommit").hexdigest()
        return {"commitment": c}
    elif kind == "lock":
        return {"reveal": secrets.token_hex(32)} if MODE == "wrong" else {}
    return zoo.DEFAULT


sys.exit(zoo.run("bad-reveal", hook))

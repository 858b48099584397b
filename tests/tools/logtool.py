#!/usr/bin/env python3
"""Tampers with game logs for tests/e2e/verify.sh, on the raw bytes.

    logtool.py byte IN OUT LINE [POS]   change one byte of line LINE
    logtool.py bytes IN PREFIX          `byte` on each line in turn, into
                                        PREFIX0.jsonl, PREFIX1.jsonl, ...
    logtool.py swap IN OUT I J          swap lines I and J
    logtool.py drop IN OUT I            drop line I
    logtool.py resign IN OUT KEY [EDIT]...
    logtool.py rechain IN OUT           rebuild seq and prev, sign nothing

where an EDIT is `sub LINE REGEX REPLACEMENT`, `drop LINE`, `dup LINE` or
`seats LINE ORDER`.

Lines count from 0.  `byte` changes the byte at POS (default: the middle
of the line) to another of its kind (digit, letter, anything else to 'x'),
so the line usually stays valid JSON.  `resign` applies each edit (`sub` is
Python's re.sub, once, on the raw text of the line; LINE may also be a
record type such as `draw`: the first record of that type), then rebuilds
the numbering and hash chain of docs/FAIRNESS.md and signs the log again with the secret
key seed in the file KEY (as `referee keygen` writes it; a tournament
manifest is re-signed the same way), so that what is
left to fail is the content, never the chain or the signature.  `drop` and
`dup` (a line twice) renumber "seq" too.  `seats` seats the header's
players anew: ORDER is seat numbers, "2,0,1", and seat s gets everything
of the player that seat ORDER[s] had but its "seat".  `rechain` does what `resign`
does but for the signature: the last line is rechained like the others,
as in the manifest of a stopped run.  It uses
hashlib and the Ed25519 of tests/tools/kat.py, nothing of the referee.
"""

import json
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kat  # noqa: E402


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data.endswith(b"\n"), "the log must end with a newline"
    return data[:-1].split(b"\n")


def write_lines(path, lines):
    with open(path, "wb") as f:
        f.write(b"".join(line + b"\n" for line in lines))


def other(byte):
    """Another byte of the same kind: digit, hex letter, letter, other."""
    c = chr(byte)
    for kind, pick in (("0123456789", "73"), ("abcdef", "ec"),
                       ("ghijklmnopqrstuvwxyz", "qz"),
                       ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "QZ")):
        if c in kind:
            return ord(pick[0] if c != pick[0] else pick[1])
    return ord("x")


def change_byte(line, pos=None):
    line = bytearray(line)
    pos = len(line) // 2 if pos is None else pos
    line[pos] = other(line[pos])
    return bytes(line)


def line_hash(line):
    return kat.H("arena:line", b"", line)


def find_line(lines, which):
    if which.isdigit():
        return int(which)
    for i, line in enumerate(lines):
        if json.loads(line).get("type") == which:
            return i
    raise SystemExit("no '%s' record" % which)


def resign(lines, seed):
    """Rebuilds every "seq", every "prev" and, with a key seed, the
    signature line (and a run's seals)."""
    out = []
    prev = None
    for i, line in enumerate(lines):
        if i > 0:
            line, n = re.subn(rb'^\{"seq":\d+,"prev":"[0-9a-f]{64}"',
                              b'{"seq":%d,"prev":"%s"' % (
                                  i, prev.hex().encode()), line)
            assert n == 1, "line %d has no prev to rebuild" % i
        # The last line, and a run's seals (after its started records).
        sealed = b'"type":"signature"' in line and i > 1 and b'"type":"started"' in out[-1]
        if (i == len(lines) - 1 or sealed) and seed is not None:
            header = json.loads(out[0])
            # A game log signs its game_id, a manifest its id.
            game_id = bytes.fromhex(header.get("game_id", header.get("id", "")))
            message = (b"arena:log:v1" + game_id + struct.pack("<Q", i - 1)
                       + prev)
            public = kat.ed25519_public_key(seed).hex()
            sig = kat.ed25519_sign(seed, message).hex()
            line = b'{"seq":%d,"prev":"%s","type":"signature","key":"%s","sig":"%s"}' % (
                i, prev.hex().encode(), public.encode(), sig.encode())
        out.append(line)
        prev = line_hash(line)
    return out


def reseat(line, order):
    """The header `line` with its players seated in `order`."""
    header = json.loads(line)
    old = header["players"]
    header["players"] = [dict(old[int(k)], seat=s)
                         for s, k in enumerate(order.split(","))]
    return json.dumps(header, separators=(",", ":"),
                      ensure_ascii=False).encode()


def main(argv):
    op, src, dst = argv[1], argv[2], argv[3]
    lines = read_lines(src)
    if op == "bytes":
        for i in range(len(lines)):
            write_lines("%s%d.jsonl" % (dst, i),
                        lines[:i] + [change_byte(lines[i])] + lines[i + 1:])
        return 0
    if op == "byte":
        i = int(argv[4])
        lines[i] = change_byte(lines[i], int(argv[5]) if len(argv) > 5 else None)
    elif op == "swap":
        i, j = int(argv[4]), int(argv[5])
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "drop":
        del lines[int(argv[4])]
    elif op == "rechain":
        lines = resign(lines, None)
    elif op == "resign":
        with open(argv[4]) as f:
            seed = bytes.fromhex(f.readline().strip())
        edits = argv[5:]
        while edits:
            what, i = edits[0], find_line(lines, edits[1])
            if what == "drop":
                del lines[i]
            elif what == "dup":
                lines.insert(i, lines[i])
            elif what == "seats":
                lines[i] = reseat(lines[i], edits[2])
                edits = edits[1:]
            elif what == "sub":
                new, n = re.subn(edits[2].encode(), edits[3].encode(),
                                 lines[i], count=1)
                if n != 1:
                    raise SystemExit("'%s' not found in line %d: %s" % (
                        edits[2], i, lines[i].decode()))
                lines[i] = new
                edits = edits[2:]
            else:
                raise SystemExit("unknown edit '%s'" % what)
            edits = edits[2:]
        lines = resign(lines, seed)
    else:
        raise SystemExit(__doc__)
    write_lines(dst, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Known-answer vectors of the fairness scheme, recomputed independently.

This is a second implementation of docs/FAIRNESS.md in Python 3 with the
standard library only (hashlib for BLAKE2b and SHA-512, ChaCha20 and
Ed25519 written out here from RFC 8439 and RFC 8032), so that it shares no
code with the referee.  It computes every vector from the fixed inputs and
compares it with the fenced ```kat block of docs/FAIRNESS.md, printing TAP;
the C unit test (tests/unit/check_fair.c) checks the same values, so both
implementations agree through the document.  With --print it prints the
block's contents instead (that is how the block was made).
"""

import hashlib
import os
import struct
import sys

# --- BLAKE2b with the scheme's personalization ------------------------------


def H(personal, key, msg):
    """H(P, key, msg): BLAKE2b-256, P zero-padded to 16 bytes (hashlib
    pads `person` with zeros itself), no salt."""
    assert len(personal) <= 16
    return hashlib.blake2b(msg, digest_size=32, key=key,
                           person=personal.encode("ascii")).digest()


def le32(v):
    return struct.pack("<I", v)


def le64(v):
    return struct.pack("<Q", v)


# --- ChaCha20 (RFC 8439, section 2.3) ----------------------------------------

MASK = 0xFFFFFFFF


def quarter_round(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] << 16) | (s[d] >> 16)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] << 12) | (s[b] >> 20)) & MASK
    s[a] = (s[a] + s[b]) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] << 8) | (s[d] >> 24)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] << 7) | (s[b] >> 25)) & MASK


def chacha20_block(key, counter, nonce):
    """The 64-byte keystream block for a 32-byte key, a 32-bit block
    counter and a 12-byte nonce."""
    state = ([0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
             + list(struct.unpack("<8I", key)) + [counter]
             + list(struct.unpack("<3I", nonce)))
    work = list(state)
    for _ in range(10):
        quarter_round(work, 0, 4, 8, 12)
        quarter_round(work, 1, 5, 9, 13)
        quarter_round(work, 2, 6, 10, 14)
        quarter_round(work, 3, 7, 11, 15)
        quarter_round(work, 0, 5, 10, 15)
        quarter_round(work, 1, 6, 11, 12)
        quarter_round(work, 2, 7, 8, 13)
        quarter_round(work, 3, 4, 9, 14)
    return struct.pack("<16I", *((w + s) & MASK for w, s in zip(work, state)))


def table_nonce(d):
    """The nonce of table draw d."""
    return le32(0) + le64(d)


def seat_nonce(seat, turn, roll):
    """The nonce of a seat draw: seat's roll `roll` of its turn `turn`."""
    return le32(1 + seat) + le32(turn) + le32(roll)


class Words:
    """The words of one draw: keystream blocks 0, 1, 2, ... under key K and
    the draw's nonce, read as little-endian 32-bit words."""

    def __init__(self, key, nonce):
        self.key = key
        self.nonce = nonce
        self.block = 0
        self.buffered = []
        self.read = []  # every word handed out, for the vectors

    def next(self):
        if not self.buffered:
            block = chacha20_block(self.key, self.block, self.nonce)
            self.buffered = list(struct.unpack("<16I", block))
            self.block += 1
        word = self.buffered.pop(0)
        self.read.append(word)
        return word

    def uniform(self, m):
        limit = 2**32 - 2**32 % m
        while True:
            x = self.next()
            if x < limit:
                return x % m


def dice(key, nonce, count):
    words = Words(key, nonce)
    return [1 + words.uniform(6) for _ in range(count)]


def shuffle(key, d, cards):
    words = Words(key, table_nonce(d))
    deck = list(range(cards))
    for j in range(cards - 1, 0, -1):
        k = words.uniform(j + 1)
        deck[j], deck[k] = deck[k], deck[j]
    return deck


# --- A Rolit opening (docs/games/rolit.md, docs/FAIRNESS.md "Openings") ------

DIRECTIONS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0),
              (-1, 1)]


def rolit_runs(board, row, col, ball):
    """The squares a ball of colour `ball` on (row, col) turns, by
    direction: each run of other colours up to the nearest ball of its own."""
    size, turned = len(board), []
    for dr, dc in DIRECTIONS:
        run, r, c = [], row + dr, col + dc
        while 0 <= r < size and 0 <= c < size and board[r][c] != ".":
            if board[r][c] == ball:
                turned += run
                break
            run.append((r, c))
            r, c = r + dr, c + dc
    return turned


def rolit_legal(board, ball):
    """The legal squares in the referee's order (row 1 first, A to H): the
    capturing ones if any, else every empty square next to a ball."""
    size = len(board)
    touching = [(r, c) for r in range(size) for c in range(size)
                if board[r][c] == "." and any(
                    0 <= r + dr < size and 0 <= c + dc < size and
                    board[r + dr][c + dc] != "." for dr, dc in DIRECTIONS)]
    capturing = [sq for sq in touching if rolit_runs(board, *sq, ball)]
    return capturing or touching


def rolit_opening(key, plies):
    """The opening of a 2-player Rolit game on the 8x8 board, seat 0 (red)
    first: each ply one table draw uniform(L) over the L legal squares,
    d = 0, 1, ... (no draw before it: who starts is seat 0)."""
    board = [list("........") for _ in range(8)]
    board[3][3], board[3][4], board[4][3], board[4][4] = "R", "Y", "B", "G"
    balls, counts, moves = "RG", [], []
    for d in range(plies):
        ball = balls[d % 2]
        legal = rolit_legal(board, ball)
        row, col = legal[Words(key, table_nonce(d)).uniform(len(legal))]
        for r, c in rolit_runs(board, row, col, ball) + [(row, col)]:
            board[r][c] = ball
        counts.append(len(legal))
        moves.append("ABCDEFGH"[col] + str(row + 1))
    return counts, moves


# --- Ed25519 (RFC 8032, section 5.1, after its reference code in 6) ---------

P = 2**255 - 19
Q = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def point_add(a, b):
    """Addition in extended coordinates (X, Y, Z, T)."""
    pa = (a[1] - a[0]) * (b[1] - b[0]) % P
    pb = (a[1] + a[0]) * (b[1] + b[0]) % P
    pc = 2 * a[3] * b[3] * D % P
    pd = 2 * a[2] * b[2] % P
    e, f, g, h = pb - pa, pd - pc, pd + pc, pb + pa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def point_mul(s, point):
    result = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            result = point_add(result, point)
        point = point_add(point, point)
        s >>= 1
    return result


def point_compress(point):
    zinv = pow(point[2], P - 2, P)
    x = point[0] * zinv % P
    y = point[1] * zinv % P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def recover_x(y, sign):
    x2 = (y * y - 1) * pow(D * y * y + 1, P - 2, P)
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P != 0:
        x = x * SQRT_M1 % P
    if x & 1 != sign:
        x = P - x
    return x


G_Y = 4 * pow(5, P - 2, P) % P
G_X = recover_x(G_Y, 0)
G = (G_X, G_Y, 1, G_X * G_Y % P)


def sha512_mod_q(data):
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % Q


def secret_expand(seed):
    h = hashlib.sha512(seed).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, h[32:]


def ed25519_public_key(seed):
    a, _ = secret_expand(seed)
    return point_compress(point_mul(a, G))


def ed25519_sign(seed, msg):
    a, prefix = secret_expand(seed)
    public = point_compress(point_mul(a, G))
    r = sha512_mod_q(prefix + msg)
    big_r = point_compress(point_mul(r, G))
    s = (r + sha512_mod_q(big_r + public + msg) * a) % Q
    return big_r + s.to_bytes(32, "little")


# --- self-tests against the RFCs' own vectors --------------------------------


def self_tests():
    """(name, computed, expected) for the primitives written out here."""
    block = chacha20_block(bytes(range(32)), 1,
                           bytes.fromhex("000000090000004a00000000"))
    rfc8439 = ("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c06803"
               "0422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2"
               "b5129cd1de164eb9cbd083e8a2503c4e")
    seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc4"
                         "4449c5697b326919703bac031cae7f60")
    rfc8032 = ("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325"
               "af021a68f707511a"  # public key, then the signature
               "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974"
               "d873e065224901555fb8821590a33bacc61e39701cf9b46b"
               "d25bf5f0595bbe24655141438e7a100b")
    return [
        ("ChaCha20 block, RFC 8439 section 2.3.2", block.hex(), rfc8439),
        ("Ed25519 TEST 1, RFC 8032 section 7.1",
         (ed25519_public_key(seed) + ed25519_sign(seed, b"")).hex(), rfc8032),
    ]


# --- the vectors of docs/FAIRNESS.md -----------------------------------------

REJECT_M = 2**30 + 1   # rejects about one word in four
FIRST_REJECT_SEARCH = 4  # draws 0..3 are the examples above
SEAT_ADDRESS = (1, 2, 3)  # seat 1's roll 3 of its turn 2 (a seat draw)
CARD_ADDRESS = (1, 1, 0)  # seat 1 turns its first card in its turn 1
CARDS = 56                # volle-lotte's deck
# Addresses of a set's draws, in no order: ("d", d) a table draw, ("s",
# seat, turn, draw) a seat draw; the seat that rolled first is IN_STEP_FIRST.
IN_STEP_FIRST = 1
IN_STEP_ADDRESSES = [("s", 0, 0, 1), ("d", 2), ("s", 2, 1, 0), ("s", 1, 0, 0),
                     ("s", 0, 1, 0), ("d", 0), ("s", 0, 0, 0), ("s", 2, 0, 3),
                     ("s", 1, 1, 2), ("d", 1)]

# "Sets in step", item 9: the draws of a set of two games, each game's own addresses in
# the order it drew them, listed in the order of their "dealt" (0, 1, ...),
# with seat DEALT_FIRST the first to play; the first set is in step, the
# second deals seat 2's roll after seat 0's, which comes later.
DEALT_FIRST = 1
DEALT_SETS = {
    "a": [("d", 0), ("d", 0), ("d", 1), ("d", 1), ("s", 1, 0, 0),
          ("s", 1, 0, 0), ("s", 1, 0, 1), ("s", 1, 0, 1), ("s", 2, 0, 0),
          ("s", 2, 0, 0), ("s", 0, 0, 0), ("s", 0, 0, 0)],
}
DEALT_SETS["b"] = DEALT_SETS["a"][:8] + [("s", 2, 0, 0), ("s", 0, 0, 0),
                                         ("s", 2, 0, 0), ("s", 0, 0, 0)]

# An opening book of BOOK_LINES lines in "order": "random", seeded with the
# run's seed of seed.* below: the lines units 0 to BOOK_UNITS - 1 open with
# (counted from 0 in the book's order, not the file's line numbers).
BOOK_LINES = 5
BOOK_UNITS = 10


def book_uniform(seed, run_pass, step, bound):
    """A number below `bound` from the seed, the pass and the step."""
    digest = hashlib.blake2b(seed + le64(run_pass) + le64(step),
                             digest_size=8).digest()
    return int.from_bytes(digest, "little") % bound


def book_pick(seed, lines, unit):
    """The line unit `unit` takes: its pass's shuffle (Fisher-Yates from
    the last line down), at its place."""
    run_pass, place = divmod(unit, lines)
    order = list(range(lines))
    for i in range(lines - 1, 0, -1):
        j = book_uniform(seed, run_pass, i, i + 1)
        order[i], order[j] = order[j], order[i]
    return order[place]


def out_of_step(addresses, first):
    """The "dealt" of the first draw whose address comes before the one
    dealt just before it, or "none"."""
    places = [in_step_order(a, first) for a in addresses]
    for i in range(1, len(places)):
        if places[i] < places[i - 1]:
            return str(i)
    return "none"


def in_step_order(address, first, seats=8):
    """The place of an address in the one order of a set's draws: table
    draws by d first, then seat draws by (turn, place in the order of play
    from the first seat, draw within the turn)."""
    if address[0] == "d":
        return (0, address[1], 0, 0)
    _, seat, turn, draw = address
    return (1, turn, (seat - first) % seats, draw)


def address_text(address):
    if address[0] == "d":
        return "d%d" % address[1]
    return "s%dt%dj%d" % address[1:]


def seat_cards(k, seat, turn, draws):
    """The first `draws` cards of a seat's turn in a set: each a seat draw
    uniform(m) over the m cards not yet dealt, in their numbers' order."""
    left, picks = list(range(CARDS)), []
    for j in range(draws):
        value = Words(k, seat_nonce(seat, turn, j)).uniform(len(left))
        picks.append((len(left), value, left.pop(value)))
    return picks


def vectors():
    """The known-answer vectors, in the order of the document's block."""
    game_id = bytes(range(0x00, 0x10))
    secret = bytes(range(0x20, 0x40))
    contributions = [bytes(range(0x40, 0x60)), bytes(range(0x60, 0x80)),
                     bytes(32)]
    n = len(contributions)
    out = [("game_id", game_id.hex()), ("S", secret.hex()), ("n", str(n))]
    out += [("r_%d" % i, r.hex()) for i, r in enumerate(contributions)]

    c = H("arena:commit", b"", game_id + secret)
    out.append(("C", c.hex()))
    for i, r in enumerate(contributions):
        msg = game_id + le32(i) + c + r
        out.append(("c_%d" % i, H("arena:botcommit", b"", msg).hex()))
    k = H("arena:key", secret,
          game_id + c + le32(n) + b"".join(contributions))
    out.append(("K", k.hex()))

    out.append(("draw0.block0", chacha20_block(k, 0, table_nonce(0)).hex()))
    words = Words(k, table_nonce(0))
    out.append(("draw0.words", " ".join(str(words.next()) for _ in range(8))))
    out.append(("draw0.dice7", " ".join(map(str, dice(k, table_nonce(0), 7)))))
    out.append(("draw1.dice5", " ".join(map(str, dice(k, table_nonce(1), 5)))))
    out.append(("draw2.uniform4", str(Words(k, table_nonce(2)).uniform(4))))
    out.append(("draw3.shuffle56", " ".join(map(str, shuffle(k, 3, 56)))))

    limit = 2**32 - 2**32 % REJECT_M
    d = FIRST_REJECT_SEARCH
    while Words(k, table_nonce(d)).next() < limit:
        d += 1
    words = Words(k, table_nonce(d))
    value = words.uniform(REJECT_M)
    out += [("reject.index", str(d)), ("reject.m", str(REJECT_M)),
            ("reject.limit", str(limit)),
            ("reject.words", " ".join(map(str, words.read))),
            ("reject.value", str(value))]

    nonce = seat_nonce(*SEAT_ADDRESS)
    words = Words(k, nonce)
    faces = [1 + words.uniform(6) for _ in range(7)]
    out += [("seat.address", " ".join(map(str, SEAT_ADDRESS))),
            ("seat.nonce", nonce.hex()),
            ("seat.words", " ".join(map(str, words.read))),
            ("seat.dice7", " ".join(map(str, faces)))]

    cards = seat_cards(k, *CARD_ADDRESS[:2], 2)
    out += [("card.address", " ".join(map(str, CARD_ADDRESS))),
            ("card.m", " ".join(str(m) for m, _, _ in cards)),
            ("card.values", " ".join(str(v) for _, v, _ in cards)),
            ("card.cards", " ".join(str(c) for _, _, c in cards))]
    ordered = sorted(IN_STEP_ADDRESSES,
                     key=lambda a: in_step_order(a, IN_STEP_FIRST))
    out += [("instep.first", str(IN_STEP_FIRST)),
            ("instep.order", " ".join(address_text(a) for a in ordered))]

    out.append(("dealt.first", str(DEALT_FIRST)))
    for name in sorted(DEALT_SETS):
        addresses = DEALT_SETS[name]
        out += [("dealt.%s" % name, " ".join(address_text(a) for a in addresses)),
                ("dealt.%s.out_of_step" % name, out_of_step(addresses, DEALT_FIRST))]

    line = b'{"seq":0,"type":"header"}'
    line_hash = H("arena:line", b"", line)
    out += [("line", line.decode("ascii")), ("line.hash", line_hash.hex())]

    seed = bytes(range(0x80, 0xA0))
    message = b"arena:log:v1" + game_id + le64(0) + line_hash
    out += [("sign.seed", seed.hex()),
            ("sign.public_key", ed25519_public_key(seed).hex()),
            ("sign.message", message.hex()),
            ("sign.signature", ed25519_sign(seed, message).hex())]
    out.append(("sign.line", '{"seq":1,"prev":"%s","type":"signature",'
                '"key":"%s","sig":"%s"}' % (
                    line_hash.hex(), ed25519_public_key(seed).hex(),
                    ed25519_sign(seed, message).hex())))

    seed_bytes = bytes([0x00])
    run_seed = H("arena:seed", b"", seed_bytes)
    out += [("seed.bytes", seed_bytes.hex()), ("seed.seed", run_seed.hex()),
            ("seed.game1.game_id",
             H("arena:seed:id", run_seed, le64(1))[:16].hex()),
            ("seed.game1.S", H("arena:seed:S", run_seed, le64(1)).hex())]
    out += [("book.lines", str(BOOK_LINES)),
            ("book.picks", " ".join(str(book_pick(run_seed, BOOK_LINES, u))
                                    for u in range(BOOK_UNITS)))]
    counts, moves = rolit_opening(k, 4)
    out += [("opening.m", " ".join(map(str, counts))),
            ("opening.actions", " ".join(moves))]
    return out


def read_doc(path):
    """The `name: value` lines of the first ```kat block of the document,
    as a list of pairs (the value is everything after the first ': ')."""
    pairs, inside = [], False
    with open(path, encoding="utf-8") as doc:
        for line in doc:
            line = line.rstrip("\n")
            if not inside:
                inside = line.strip() == "```kat"
            elif line.strip() == "```":
                return pairs
            elif line.strip():
                name, _, value = line.partition(": ")
                pairs.append((name, value))
    return pairs


def main():
    if sys.argv[1:] == ["--print"]:
        for name, value in vectors():
            print("%s: %s" % (name, value))
        return 0
    if len(sys.argv) > 2:
        print("usage: kat.py [--print | FAIRNESS.md]", file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    path = (sys.argv[1] if len(sys.argv) == 2
            else os.path.join(here, "..", "..", "docs", "FAIRNESS.md"))

    try:
        documented = read_doc(path)
    except OSError as err:
        print("Bail out! cannot read %s: %s" % (path, err.strerror))
        return 1
    checks = self_tests()
    computed = vectors()
    doc_values = dict(documented)
    for name, value in computed:
        checks.append(("FAIRNESS.md %s" % name, value,
                       doc_values.get(name, "(missing from %s)" % path)))
    names = [name for name, _ in computed]
    checks.append(("FAIRNESS.md has exactly these vectors, in this order",
                   " ".join(names), " ".join(name for name, _ in documented)))

    print("1..%d" % len(checks))
    failed = 0
    for number, (name, got, expected) in enumerate(checks, 1):
        if got == expected:
            print("ok %d - %s" % (number, name))
        else:
            failed += 1
            print("not ok %d - %s" % (number, name))
            print("# computed: %s" % got)
            print("# expected: %s" % expected)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

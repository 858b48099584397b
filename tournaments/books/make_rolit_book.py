#!/usr/bin/env python3
"""Makes a book of balanced Rolit openings (docs/FAIRNESS.md, "Opening
books"): every opening of PLIES moves from the start (seat 0 first), each
played GAMES times by the reference bot bots/rolit-search against itself,
one game per rotation of the seats over and over, and kept when no seat
is favoured: each seat's mean share of the balls at the end lies within
TOLERANCE of 1/players.  Since every seat is played by the same program,
what sets the seats apart is the opening alone.  The book is written with
a header of comments that records the command and the figures; the
openings come in the order they were enumerated (each ply's legal moves
in the order the referee lists them).  rolit-search thinks for a fixed
time a move, so a run on another machine may keep a few other openings:
the figures in the header are those of the run that made the book.

    make_rolit_book.py --players 2 --plies 3 --games 4 --ms 5 \
        --referee referee/referee --bot bots/rolit-search > book.txt
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sdk", "python"))
from arena_bot import games  # noqa: E402

COLOURS = {2: ["red", "green"], 3: ["red", "yellow", "green"],
           4: ["red", "yellow", "green", "blue"]}


def start_board():
    """The 8x8 start (docs/games/rolit.md): D4 red, E4 yellow, D5 blue,
    E5 green; board[0] is row 1."""
    rows = [list("........") for _ in range(8)]
    rows[3][3], rows[3][4], rows[4][3], rows[4][4] = "R", "Y", "B", "G"
    return ["".join(r) for r in rows]


def openings(board, colours, plies, turn=0):
    """Every sequence of `plies` legal moves, the seats in turn."""
    if plies == 0:
        yield []
        return
    colour = colours[turn % len(colours)]
    for move in games.rolit_legal_moves(board, colour):
        for rest in openings(games.rolit_apply(board, move, colour), colours,
                             plies - 1, turn + 1):
            yield [move] + rest


def shares(args, line, folder):
    """Each seat's mean share of the balls over the games played from
    `line` (the bots identical, the seats rotating)."""
    book = os.path.join(folder, "line.txt")
    with open(book, "w") as f:
        f.write(" ".join(line) + "\n")
    out = os.path.join(folder, "games")
    bot = "%s --ms %d" % (args.bot, args.ms)
    subprocess.run([args.referee, "play", "rolit", "-o", "first=seat0",
                    "--games", str(args.games), "--openings-book", book,
                    "--out", out] + ["s%d=%s" % (s, bot) for s in range(args.players)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = [0.0] * args.players
    for name in sorted(os.listdir(out)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(out, name)) as f:
            result = [json.loads(l) for l in f if '"type":"result"' in l][-1]
        scores = result["scores"]
        for s in range(args.players):
            total[s] += scores[s] / sum(scores)
        os.remove(os.path.join(out, name))
    return [t / args.games for t in total]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    p.add_argument("--plies", type=int, default=3)
    p.add_argument("--games", type=int, default=4,
                   help="games per opening, a multiple of players")
    p.add_argument("--ms", type=int, default=5, help="rolit-search's time a move")
    p.add_argument("--tolerance", type=float, default=0.05)
    p.add_argument("--referee", default="referee/referee")
    p.add_argument("--bot", default="bots/rolit-search")
    args = p.parse_args()
    if args.games % args.players:
        p.error("--games must be a multiple of --players")
    candidates = list(openings(start_board(), COLOURS[args.players], args.plies))
    kept = []
    with tempfile.TemporaryDirectory() as folder:
        for n, line in enumerate(candidates, 1):
            share = shares(args, line, folder)
            worst = max(abs(s - 1 / args.players) for s in share)
            if worst <= args.tolerance:
                kept.append((line, share))
            print("%d/%d %s %s%s" % (n, len(candidates), " ".join(line),
                                     " ".join("%.3f" % s for s in share),
                                     " kept" if worst <= args.tolerance else ""),
                  file=sys.stderr)
    print("# Balanced Rolit openings for %d players (8x8, seat 0 first), made by" % args.players)
    print("# tournaments/books/make_rolit_book.py --players %d --plies %d --games %d"
          " --ms %d --tolerance %g" % (args.players, args.plies, args.games, args.ms,
                                       args.tolerance))
    print("# %d openings of %d plies tried, %d kept: each played %d times by"
          % (len(candidates), args.plies, len(kept), args.games))
    print("# rolit-search --ms %d against itself, every seat's mean share of the"
          % args.ms)
    print("# balls within %g of 1/%d.  After each line: the seats' mean shares."
          % (args.tolerance, args.players))
    for line, share in kept:
        print("%-*s # %s" % (3 * args.plies, " ".join(line),
                             " ".join("%.3f" % s for s in share)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Recomputes a Swiss run's pairings from its manifest, for tests/e2e/swiss.sh
and tests/e2e/swiss_shards.sh.

    swiss.py pairings MANIFEST...  each round as the manifest seats it, a line
                                 a round: "R: a-b c-d ... bye:e" (bot
                                 numbers, the first seated bot of a
                                 pairing's first game first)
    swiss.py check MANIFEST...     each round as the rules of docs/SWISS.md
                                 pair it from the results the
                                 manifest lists for the rounds before, the
                                 same lines; exit status 1, with the first
                                 game whose seats differ, when the manifest
                                 does not seat them so

    swiss.py standings MANIFEST... the standings as `referee ladder` prints
                                 them above its table: by points, then
                                 Buchholz (the opponents' points), then bot
                                 number; points over the rounds done, each
                                 round's opponent, result (+ = -) and seat

MANIFEST...: one run's manifest, or those of every shard of a sharded run,
read as one (their finished games together).

The pairing is written again here from the documented rules, nothing of the
referee's code: score groups (a win of a round 2 half points, a draw 1, the
bye 2), the top half of a group against its bottom half, floaters down, no
pair twice while the search finds a pairing without (one budget a round,
the bye's choice included), the bye to the lowest bot of those with the
fewest byes, seats by need then rank then board.  Bots a "skipped" record
left out (--skip-broken) are paired in no round: the others are paired as a
field of their own on the first boards, the last boards left empty.
"""
import json
import sys

BUDGET = 100000


def read(path):
    header, finished = None, {}
    for line in open(path):
        r = json.loads(line)
        if r["seq"] == 0:
            header = r
            header["left_out"] = set()
        elif r["type"] == "skipped":
            header["left_out"].add(r["bot"])
        elif r["type"] == "finished":
            for g in r["games"]:
                finished[g["game"]] = (g["seats"], g["ranks"])
    return header, finished


class Standings:
    def __init__(self, n, absent=()):
        self.n = n
        self.absent = set(absent)
        self.score = [0] * n
        self.met = set()
        self.balance = [0] * n
        self.last = [0] * n
        self.before_last = [0] * n
        self.byes = [0] * n

    def order(self, skip=-1):
        return sorted((b for b in range(self.n)
                       if b != skip and b not in self.absent),
                      key=lambda b: (-self.score[b], b))


class Budget(Exception):
    pass


def search(s, lst, repeats, budget, pairs):
    if not lst:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        raise Budget
    top = lst[0]
    group = 1
    while group < len(lst) and s.score[lst[group]] == s.score[top]:
        group += 1
    half = group // 2
    if group < 2:
        choices = list(range(1, len(lst)))
    else:
        choices = (list(range(half, group)) + list(range(half - 1, 0, -1)) +
                   list(range(group, len(lst))))
    passes = [False, True] if repeats else [None]
    for p in passes:
        for c in choices:
            met = (top, lst[c]) in s.met
            if p is None and met:
                continue
            if p is not None and met != p:
                continue
            rest = [x for i, x in enumerate(lst) if i not in (0, c)]
            pairs.append([top, lst[c]])
            if search(s, rest, repeats, budget, pairs):
                return True
            pairs.pop()
    return False


def pair_list(s, lst, repeats, budget):
    """Pairs lst within what is left of budget (a one-element list)."""
    pairs = []
    try:
        if search(s, lst, repeats, budget, pairs):
            return pairs
    except Budget:
        pass
    return None


def need(s, b):
    if s.balance[b]:
        sign = -1 if s.balance[b] > 0 else 1
    else:
        sign = -s.last[b]
    if abs(s.balance[b]) >= 2 or (s.last[b] and s.last[b] == s.before_last[b]):
        return 3 * sign
    return (2 if s.balance[b] else 1) * sign


def seat(s, pair, board):
    a, b = need(s, pair[0]), need(s, pair[1])
    if not a and not b:
        swap = board % 2 == 1
    elif a and b and (a > 0) != (b > 0):
        swap = a < 0
    elif not a or not b:
        swap = (a if a else -b) < 0
    else:
        swap = b > 0 if abs(b) > abs(a) else a < 0
    return [pair[1], pair[0]] if swap else pair


def pair_round(s):
    """The bye's searches and the round's share one budget; repeats get
    a new one."""
    budget = [BUDGET]
    bye, pairs = -1, None
    lst = s.order()
    if len(lst) % 2:
        fallback = -1
        for b in reversed(lst):
            if s.byes[b] > min(s.byes[x] for x in lst):
                continue
            if fallback < 0:
                fallback = b
            pairs = pair_list(s, s.order(b), False, budget)
            if pairs is not None:
                bye = b
                break
        if bye < 0:
            bye = fallback
    else:
        pairs = pair_list(s, s.order(), False, budget)
    if pairs is None:
        pairs = pair_list(s, s.order(bye), True, [BUDGET])
    return [seat(s, p, i) for i, p in enumerate(pairs)], bye


def plan(header, finished):
    n = len(header["bots"])
    rounds = header["file"]["rounds"]
    boards = n // 2
    games = header["schedule_games"] // (rounds * boards)
    s = Standings(n, header["left_out"])
    out = []
    for r in range(rounds):
        pairs, bye = pair_round(s)
        points = []
        out.append((pairs, bye, points))
        for i, p in enumerate(pairs):
            pts = 0
            for g in range(games):
                number = (r * boards + i) * games + g + 1
                if number not in finished:
                    del points[:]
                    return out, games
                ranks = finished[number][1]
                mine, theirs = ranks[g % 2], ranks[1 - g % 2]
                pts += (mine <= theirs) + (mine < theirs)
            points.append(pts - games)
        for p, diff in zip(pairs, points):
            s.score[p[0]] += 2 if diff > 0 else 1 if diff == 0 else 0
            s.score[p[1]] += 2 if diff < 0 else 1 if diff == 0 else 0
            s.met.add((p[0], p[1]))
            s.met.add((p[1], p[0]))
            for k in (0, 1):
                s.before_last[p[k]] = s.last[p[k]]
                s.last[p[k]] = -1 if k else 1
                s.balance[p[k]] += -1 if k else 1
        if bye >= 0:
            s.score[bye] += 2
            s.byes[bye] += 1
    return out, games


def line(r, pairs, bye):
    text = "%d: %s" % (r + 1, " ".join("%d-%d" % tuple(p) for p in pairs))
    return text + (" bye:%d" % bye if bye >= 0 else "")


def seated(header, finished):
    """The rounds as the manifest seats them (first games of pairings)."""
    n = len(header["bots"])
    rounds = header["file"]["rounds"]
    boards = n // 2
    games = header["schedule_games"] // (rounds * boards)
    there = [b for b in range(n) if b not in header["left_out"]]
    for r in range(rounds):
        pairs = []
        for i in range(len(there) // 2):
            number = (r * boards + i) * games + 1
            if number not in finished:
                return
            pairs.append(finished[number][0])
        bye = [b for b in there if all(b not in p for p in pairs)]
        print(line(r, pairs, bye[0] if bye else -1))


def check(header, finished):
    rounds, games = plan(header, finished)
    boards = len(header["bots"]) // 2
    for r, (pairs, bye, _) in enumerate(rounds):
        for i, p in enumerate(pairs):
            for g in range(games):
                number = (r * boards + i) * games + g + 1
                want = p if g % 2 == 0 else [p[1], p[0]]
                if number in finished and finished[number][0] != want:
                    print("game %d seats %s, the pairing %s" %
                          (number, finished[number][0], want))
                    return 1
        print(line(r, pairs, bye))
    return 0


def half(points2):
    """Half points as "5½", "½" or "5"."""
    whole, half_point = divmod(points2, 2)
    return ("%d" % whole if whole or not half_point else "") + \
        ("\u00bd" if half_point else "")


def standings(header, finished):
    rounds, _ = plan(header, finished)
    names = header["bots"]
    n = len(names)
    score, met = [0] * n, set()
    cells = [[] for _ in range(n)]
    done = 0
    for pairs, bye, points in rounds:
        for p, diff in zip(pairs, points or [None] * len(pairs)):
            for k in (0, 1):
                mine = None if diff is None else (diff > 0) - (diff < 0)
                mark = "?" if diff is None else "-=+"[(mine if k == 0 else -mine) + 1]
                cells[p[k]].append("%s%s (%d)" % (mark, names[p[1 - k]], k + 1))
            if diff is not None:
                score[p[0]] += 2 if diff > 0 else diff == 0
                score[p[1]] += 2 if diff < 0 else diff == 0
                met.update({(p[0], p[1]), (p[1], p[0])})
        if bye >= 0:
            cells[bye].append("bye" if points else "bye?")
            score[bye] += 2 if points else 0
        done += bool(points)
    buchholz = [sum(score[b] for b in range(n) if (a, b) in met) for a in range(n)]
    order = sorted(range(n), key=lambda b: (-score[b], -buchholz[b], b))
    name_w = max([3] + [len(x) for x in names])
    cell_w = max([7] + [len(c) for row in cells for c in row])
    name = header.get("name") or header["file"].get("name") or ""
    print("Swiss standings%s after %d of %d rounds" %
          (" of " + name if name else "", done, header["file"]["rounds"]))
    print(("%4s  %-*s %7s %9s" % ("rank", name_w, "bot", "points", "Buchholz") +
           "".join("  %-*s" % (cell_w, "round %d" % (r + 1))
                   for r in range(len(rounds)))).rstrip())
    for k, b in enumerate(order):
        print(("%4d  %-*s %7s %9.1f" % (k + 1, name_w, names[b],
                                         "%s/%d" % (half(score[b]), done),
                                         buchholz[b] / 2) +
               "".join("  %-*s" % (cell_w, c) for c in cells[b])).rstrip())


def main(argv):
    header, finished = read(argv[2])
    for path in argv[3:]:
        finished.update(read(path)[1])
    if argv[1] == "pairings":
        seated(header, finished)
        return 0
    if argv[1] == "standings":
        standings(header, finished)
        return 0
    return check(header, finished)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

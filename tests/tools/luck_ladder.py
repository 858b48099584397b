"""The luck-adjusted ladder computed again from `referee grade --format
json` lines (stdin), by the model of docs/ANALYSIS.md ("A luck-adjusted
ladder") written a second time: the Bradley-Terry score equations with
each game's luck-adjusted score as a fractional result, solved by Newton's
method, the sandwich covariance grouped by duplicate set (the log
header's "set" "id"; a game in no set is a group of its own), centred on a
mean of 0 (by game with LUCK_LADDER_BY_GAME=1, to show what the sets
change).
Prints what `referee ladder --luck-adjusted --format csv` prints after its
blank line."""
import gzip
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ratings_reference import invert  # noqa: E402

C = math.log(10) / 400
Z95 = 1.959963984540054


def expected(d):
    return 1 / (1 + 10 ** (-d / 400))


def main():
    games, names = [], []
    for line in sys.stdin:
        g = json.loads(line)
        ids = []
        for name in g["players"]:
            if name not in names:
                names.append(name)
            ids.append(names.index(name))
        with open(g["log"], "rb") as raw:
            gzipped = raw.read(2) == b"\x1f\x8b"
        with (gzip.open if gzipped else open)(g["log"], "rb") as log:
            header = json.loads(log.readline())
        group = header.get("set", {}).get("id") or g["log"]
        if os.environ.get("LUCK_LADDER_BY_GAME"):
            group = g["log"]
        games.append((ids[0], ids[1], g["adjusted"][0], g["result"][0], group))
    k = len(names)
    n = k - 1
    r = [0.0] * k
    for _ in range(200):
        grad = [0.0] * k
        h = [[0.0] * n for _ in range(n)]
        for a, b, x, _, _ in games:
            p = expected(r[a] - r[b])
            grad[a] += x - p
            grad[b] -= x - p
            w = C * p * (1 - p)
            for i, j, s in ((a, a, 1), (b, b, 1), (a, b, -1), (b, a, -1)):
                if i < n and j < n:
                    h[i][j] += s * w
        hi = invert(h)
        step = [sum(hi[i][j] * grad[j] for j in range(n)) for i in range(n)]
        for i in range(n):
            r[i] += step[i]
        if max(abs(s) for s in step) < 1e-12:
            break
    # each group's score vector, then the sum of their outer products
    scores_of = {}
    for a, b, x, _, group in games:
        d = x - expected(r[a] - r[b])
        u = scores_of.setdefault(group, [0.0] * k)
        u[a] += d
        u[b] -= d
    meat = [[sum(u[i] * u[j] for u in scores_of.values()) for j in range(n)]
            for i in range(n)]
    cov = [[sum(hi[i][p] * meat[p][q] * hi[q][j] for p in range(n) for q in range(n))
            for j in range(n)] for i in range(n)]
    full = [[cov[i][j] if i < n and j < n else 0.0 for j in range(k)] for i in range(k)]
    mean = sum(r) / k
    # var(r_i - mean(r))
    se = []
    for i in range(k):
        v = full[i][i] - 2 * sum(full[i]) / k + sum(map(sum, full)) / k / k
        se.append(math.sqrt(max(0.0, v)))
    scores = {i: ([], []) for i in range(k)}
    for a, b, x, res, _ in games:
        scores[a][0].append(res)
        scores[a][1].append(x)
        scores[b][0].append(1 - res)
        scores[b][1].append(1 - x)

    def var(xs):
        m = sum(xs) / len(xs)
        return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)

    order = sorted(range(k), key=lambda i: (-(r[i] - mean), names[i]))
    print("rank,bot,elo,ci95,games,result,adjusted,variance_result,variance_adjusted")
    for rank, i in enumerate(order, 1):
        res, adj = scores[i]
        print(f"{rank},{names[i]},{r[i] - mean:.2f},{Z95 * se[i]:.2f},{len(res)},"
              f"{sum(res) / len(res):.4f},{sum(adj) / len(adj):.4f},{var(res):.5f},"
              f"{var(adj):.5f}")


main()

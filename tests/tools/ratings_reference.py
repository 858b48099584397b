#!/usr/bin/env python3
"""Reference values for tests/unit/check_ratings.c and check_sprt.c.

A second, deliberately plain implementation of the model in docs/LADDER.md,
written without looking at referee/ladder/ratings.c: Python 3 standard library
only, every game split into pairs of sides, a full Newton fit of the
logistic likelihood on the Elo scale with entrant 0 held at zero, a
Gauss-Jordan inverse, then centring on the mean.  It prints the ratings,
the naive and the game-grouped (sandwich) standard errors and a few LOS
values of each fixture, then the SPRT log-likelihood ratios of fastchess's
test cases (docs/LADDER.md) iterated to convergence; the two C tests hold
the same numbers as constants.
Run it with `python3 tests/tools/ratings_reference.py`.
"""

import math

C = math.log(10) / 400          # d/dElo of the logistic's argument


def expected(d):
    return 1 / (1 + 10 ** (-d / 400))


def sides(game):
    """The pairs of one game: (plus members, minus members, score of plus).
    A game is a list of seats (entrant, rank, team); team None = alone."""
    units = {}
    for k, (who, rank, team) in enumerate(game):
        key = ("solo", k) if team is None else ("team", team)
        units.setdefault(key, []).append((who, rank))
    units = list(units.values())
    out = []
    for a in range(len(units)):
        for b in range(a + 1, len(units)):
            ra, rb = units[a][0][1], units[b][0][1]
            y = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            out.append(([w for w, _ in units[a]], [w for w, _ in units[b]], y))
    return out


def design(plus, minus, n):
    x = [0.0] * n
    for w in plus:
        x[w] += 1
    for w in minus:
        x[w] -= 1
    return x


def invert(m):
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)]
         for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [row[n:] for row in a]


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b)))
             for j in range(len(b[0]))] for i in range(len(a))]


def fit(games, n, sets=None):
    """Ratings centred on 0, naive and sandwich covariance (n x n); the
    sandwich grouped by sets[g] (a duplicate set) when given, else by game."""
    sets = sets or list(range(len(games)))
    pairs = [(g, design(p, m, n), y)
             for g, game in enumerate(games) for p, m, y in sides(game)]
    r = [0.0] * n
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for _, x, y in pairs:
            p = expected(sum(xi * ri for xi, ri in zip(x, r)))
            for i in range(n):
                grad[i] += C * (y - p) * x[i]
                for j in range(n):
                    hess[i][j] += C * C * p * (1 - p) * x[i] * x[j]
        # entrant 0 is held at 0: solve on the others
        h = [row[1:] for row in hess[1:]]
        step = [sum(a * b for a, b in zip(row, grad[1:])) for row in invert(h)]
        for i in range(1, n):
            r[i] += step[i - 1]
        if max(abs(s) for s in step) < 1e-12:
            break
    hinv = invert(h)
    # sandwich: sum over games of the outer product of the game's score
    meat = [[0.0] * (n - 1) for _ in range(n - 1)]
    for g in sorted(set(sets)):
        s = [0.0] * n
        for gg, x, y in pairs:
            if sets[gg] == g:
                p = expected(sum(xi * ri for xi, ri in zip(x, r)))
                for i in range(n):
                    s[i] += C * (y - p) * x[i]
        for i in range(n - 1):
            for j in range(n - 1):
                meat[i][j] += s[i + 1] * s[j + 1]
    sand = matmul(matmul(hinv, meat), hinv)
    # centre: r - mean, covariance P V P with P = I - 1/n
    mean = sum(r) / n
    r = [v - mean for v in r]
    covs = []
    for v in (hinv, sand):
        full = [[0.0] * n for _ in range(n)]
        for i in range(1, n):
            for j in range(1, n):
                full[i][j] = v[i - 1][j - 1]
        p = [[(1.0 if i == j else 0.0) - 1 / n for j in range(n)]
             for i in range(n)]
        covs.append(matmul(matmul(p, full), p))
    return r, covs[0], covs[1]


def los(r, cov, i, j):
    v = cov[i][i] + cov[j][j] - 2 * cov[i][j]
    return 0.5 * math.erfc(-(r[i] - r[j]) / math.sqrt(v) / math.sqrt(2))


def two_player(a, b, w, d, l):
    """w wins, d draws, l losses of a against b."""
    return ([[(a, 1, None), (b, 2, None)]] * w +
            [[(a, 1, None), (b, 1, None)]] * d +
            [[(a, 2, None), (b, 1, None)]] * l)


def bound_above(games, n, fitted, who):
    """The rating at which `who`'s perfect result against the fitted
    entrants had probability 5%, by bisection."""
    lo, hi = -5000.0, 5000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        r = fitted[:]
        r[who] = mid
        ll = 0.0
        for game in games:
            for p, m, y in sides(game):
                if who in p + m:
                    x = design(p, m, n)
                    d = sum(xi * ri for xi, ri in zip(x, r))
                    ll += math.log(expected(d if y == 1 else -d))
        if ll < math.log(0.05):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def closest(q, phi):
    """p_i = q_i / (1 + theta phi_i) with sum p_i phi_i = 0, by bisection."""
    lo, hi = -1 / max(phi), -1 / min(phi)
    for _ in range(300):
        mid = (lo + hi) / 2
        if sum(a * b / (1 + mid * b) for a, b in zip(q, phi)) > 0:
            lo = mid
        else:
            hi = mid
    return [a / (1 + (lo + hi) / 2 * b) for a, b in zip(q, phi)]


def closest_t(q, a, t):
    """The distribution nearest q with (mean - 1/2) / sigma = t."""
    p = [1 / len(a)] * len(a)
    for _ in range(1000):
        mu = sum(x * y for x, y in zip(p, a))
        sd = math.sqrt(sum(x * (y - mu) ** 2 for x, y in zip(p, a)))
        phi = [y - 0.5 - t * sd * (1 + ((y - mu) / sd) ** 2) / 2 for y in a]
        new = closest(q, phi)
        if max(abs(x - y) for x, y in zip(new, p)) < 1e-15:
            return new
        p = new
    return p


def sprt_llr(counts, elo0, elo1, normalized):
    """GSPRT LLR; counts by score 0 .. 1 (3 per game or 5 per pair)."""
    c = [x if x else 1e-3 for x in counts]
    n, total = len(c), sum(c)
    q = [x / total for x in c]
    a = [i / (n - 1) for i in range(n)]
    if normalized:
        unit = (math.sqrt(2) if n == 5 else 1) * math.log(10) / 800
        p0, p1 = (closest_t(q, a, e * unit) for e in (elo0, elo1))
    else:
        p0, p1 = (closest(q, [x - expected(e) for x in a])
                  for e in (elo0, elo1))
    return total * sum(x * math.log(y / z) for x, y, z in zip(q, p1, p0))


# fastchess's test cases: (L, D, W) or (LL, LD, WL+DD, WD, WW)
SPRT = [
    ((21184, 40708, 21404), 0.5, 2.5, False),
    ((57030, 106593, 57433), 0, 2, False),
    ((36027, 68692, 36433), 0, 2, True),
    ((10650, 20431, 10871), -1.75, 0.25, True),
    ((0, 0, 4250), 0, 10, True),
    ((223, 9863, 21279, 10037, 246), 0.5, 2.5, False),
    ((871, 26175, 55983, 26678, 821), 0, 2, False),
    ((365, 16618, 36229, 16974, 390), 0, 2, True),
    ((127, 4883, 10712, 5150, 104), -1.75, 0.25, True),
    ((0, 0, 0, 0, 5550), 0, 5, True),
]

FIXTURES = {
    "three": (3, two_player(0, 1, 7, 2, 3) + two_player(0, 2, 9, 4, 2) +
              two_player(1, 2, 5, 6, 4)),
    "multi": (5, [[(e, r, None) for e, r in zip(es, rs)] for es, rs in [
        ([0, 1, 2, 3], [1, 2, 3, 4]),
        ([1, 2, 3, 4], [1, 1, 3, 4]),
        ([0, 2, 3, 4], [2, 1, 4, 3]),
        ([0, 1, 3, 4], [3, 1, 2, 4]),
        ([0, 1, 2, 4], [1, 3, 2, 2]),
        ([2, 3, 4, 0], [4, 1, 2, 3]),
        ([4, 3, 1, 2], [2, 3, 4, 1]),
        ([1, 0, 4, 3], [1, 2, 2, 4]),
    ]]),
    # seats 0 and 2 are team 0, seats 1 and 3 team 1; the first listed
    # team's rank is 1 (won), 2 (lost) or 1 for both (drawn)
    "team": (4, [[(s[0], ra, 0), (s[1], rb, 1), (s[2], ra, 0), (s[3], rb, 1)]
                 for s, ra, rb in [
        ([0, 2, 1, 3], 1, 2), ([0, 2, 1, 3], 1, 2), ([0, 2, 1, 3], 2, 1),
        ([0, 2, 1, 3], 1, 1), ([2, 0, 3, 1], 2, 1),
        ([0, 1, 2, 3], 1, 2), ([0, 1, 2, 3], 2, 1), ([0, 1, 2, 3], 2, 1),
        ([1, 0, 3, 2], 1, 1), ([0, 1, 2, 3], 1, 2),
        ([0, 1, 3, 2], 1, 2), ([0, 1, 3, 2], 2, 1), ([0, 1, 3, 2], 1, 2),
        ([1, 0, 2, 3], 2, 1),
    ]]),
}


def main():
    for name, (n, games) in FIXTURES.items():
        r, naive, sand = fit(games, n)
        print(name)
        for i in range(n):
            print("  %d  elo %+.6f  se %.6f  naive %.6f" %
                  (i, r[i], math.sqrt(sand[i][i]), math.sqrt(naive[i][i])))
        for i in range(n - 1):
            print("  los(%d,%d) %.6f" % (i, i + 1, los(r, sand, i, i + 1)))
    # the "three" games two by two in their order, each pair a set
    n, games = FIXTURES["three"]
    r, naive, sand = fit(games, n, [g // 2 + 1 for g in range(len(games))])
    print("three in sets of 2")
    for i in range(n):
        print("  %d  elo %+.6f  se %.6f  naive %.6f" %
              (i, r[i], math.sqrt(sand[i][i]), math.sqrt(naive[i][i])))
    for i in range(n - 1):
        print("  los(%d,%d) %.6f" % (i, i + 1, los(r, sand, i, i + 1)))
    # ten bots in a ring, the games in twelve sets that each seat all ten
    ring = []
    for i in range(10):
        ring += two_player(i, (i + 1) % 10, 3 + i % 3, 1 + i % 2, 2 + 2 * i % 3)
    r, naive, sand = fit(ring, 10, [1 + g % 12 for g in range(len(ring))])
    print("ring of ten in twelve sets")
    for i in range(10):
        print("  %d  elo %+.6f  se %.6f  naive %.6f" %
              (i, r[i], math.sqrt(sand[i][i]), math.sqrt(naive[i][i])))
    # entrant 3 wins every game against the "three" field
    n, games = FIXTURES["three"]
    r, _, _ = fit(games, n)
    extra = two_player(3, 0, 4, 0, 0) + two_player(3, 1, 3, 0, 0)
    print("perfect  bound > %+.6f" % bound_above(extra, 4, r + [0.0], 3))
    for counts, elo0, elo1, normalized in SPRT:
        print("sprt %s %s [%g, %g]  LLR %.6f" % (
            "normalized" if normalized else "logistic", counts, elo0, elo1,
            sprt_llr(counts, elo0, elo1, normalized)))


if __name__ == "__main__":
    main()

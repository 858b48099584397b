"""What `referee sprt --luck-adjusted` must print, computed again from
`referee grade --format json` of an sprt folder's logs (games 2k-1 and 2k
are pair k, A in seat 0 then seat 1), by the formulas of docs/ANALYSIS.md
("Luck-adjusted verdicts"), written a second time.

  luck_sprt.py lines GRADES ELO0 ELO1   the lines sprt prints, from the
                                        hypotheses to the variance (its
                                        stdout with --concurrency 1)
  luck_sprt.py first GRADES ELO0 ELO1   the pair at which the test on
                                        luck-adjusted scores stops over
                                        these games ("none": it does not)
"""
import json
import math
import sys

Z95 = 1.959963984540054
BOUND = math.log(0.95 / 0.05)


def expected(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score):
    if not 0 < score < 1:
        return math.nan
    return 400 * math.log10(score / (1 - score))


def llr(xs, s0, s1):
    # the scores with 1e-3 of a pair at each pentanomial value
    w = len(xs) + 5e-3
    mean = (sum(xs) + 1e-3 * 2.5) / w
    var = max(0.0, (sum(x * x for x in xs) + 1e-3 * 1.875) / w - mean * mean)
    return w / 2 * math.log((var + (mean - s0) ** 2) / (var + (mean - s1) ** 2))


def variance(xs):
    if len(xs) < 2:
        return math.nan
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def fmt(x, digits):
    return f"{x:.{digits}f}" if math.isfinite(x) else "n/a"


def pairs_of(path):
    grades = [json.loads(line) for line in open(path)]
    grades.sort(key=lambda g: g["log"])
    out = []
    for k in range(0, len(grades) - 1, 2):
        first, second = grades[k], grades[k + 1]
        out.append(((first["result"][0], second["result"][1]),
                    (first["adjusted"][0], second["adjusted"][1]),
                    first["players"][0], first["players"][1]))
    return out


def verdict(value):
    return "H1" if value >= BOUND else "H0" if value <= -BOUND else None


def lines(pairs, elo0, elo1):
    s0, s1 = expected(elo0), expected(elo1)
    a, b = pairs[0][2], pairs[0][3]
    words = lambda which, e: f"{which} {abs(e):g} Elo {'weaker' if e < 0 else 'stronger'}"
    out = [f"H1: {a} is {words('at least', elo1)} than {b}; H0: {a} is "
           f"{words('at most', elo0)} than {b} (logistic, luck-adjusted); "
           f"LLR bounds [{-BOUND:.3f}, {BOUND:.3f}]"]
    xs, plains, wld, said = [], [], [0, 0, 0], None
    for n, (plain, adj, _, _) in enumerate(pairs, 1):
        xs.append((adj[0] + adj[1]) / 2)
        plains.append((plain[0] + plain[1]) / 2)
        for p in plain:
            wld[0 if p == 1 else 1 if p == 0 else 2] += 1
        value = llr(xs, s0, s1)
        out.append(f"pair {n}: {plain[0]:.1f} + {plain[1]:.1f}, luck-adjusted "
                   f"{adj[0]:.4f} + {adj[1]:.4f}  LLR {value:.3f}")
        said = verdict(value)
        if said:
            break
    mu = sum(xs) / len(xs)
    sd = math.sqrt(variance(xs) / len(xs))
    elo = elo_of(mu)
    margin = (elo_of(mu + Z95 * sd) - elo_of(mu - Z95 * sd)) / 2
    if not math.isfinite(elo):
        elo_text = "n/a"
    elif not math.isfinite(margin):
        elo_text = f"{elo:+.1f} +/- n/a"
    elif margin < 0.05:
        elo_text = f"{elo:+.1f} +/- n/a (too few games)"
    else:
        elo_text = f"{elo:+.1f} +/- {margin:.1f}"
    los = 0.5 * math.erfc(-(mu - 0.5) / sd / math.sqrt(2))
    n = len(xs)
    out.append(f"{said + ' accepted' if said else 'no verdict'} after {n} pairs: "
               f"{a} scores {100 * mu:.1f}% luck-adjusted, Elo {elo_text}, "
               f"LOS {fmt(100 * los, 1)}%")
    out.append(f"{n} pair{'' if n == 1 else 's'}, {2 * n} games: W-L-D "
               f"{wld[0]}-{wld[1]}-{wld[2]}, luck-adjusted mean {mu:.4f}, "
               f"LLR {value:.3f} [{-BOUND:.3f}, {BOUND:.3f}]")
    vp, va = variance(plains), variance(xs)
    out.append(f"variance a pair: plain {fmt(vp, 5)}, luck-adjusted {fmt(va, 5)}, "
               f"ratio {fmt(vp / va if va else math.nan, 1)}")
    if said and math.isfinite(elo) and elo0 < elo < elo1:
        out.append(f"note: the estimate, {elo:+.1f} Elo, lies between the bounds "
                   f"{elo0:+g} and {elo1:+g}: runs of this test may accept H0 one "
                   f"time and H1 the next, and either only says the gap is not far "
                   f"past the other bound")
    return out


def first(pairs, elo0, elo1):
    s0, s1 = expected(elo0), expected(elo1)
    xs = []
    for n, (_, adj, _, _) in enumerate(pairs, 1):
        xs.append((adj[0] + adj[1]) / 2)
        if verdict(llr(xs, s0, s1)):
            return f"{verdict(llr(xs, s0, s1))} {n}"
    return "none"


def main():
    what, path, elo0, elo1 = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    pairs = pairs_of(path)
    if what == "lines":
        print("\n".join(lines(pairs, elo0, elo1)))
    else:
        print(first(pairs, elo0, elo1))


main()

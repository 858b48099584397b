#!/usr/bin/env python3
"""The Texel-style fit of rolit-search's evaluation weights.

`bench/rolit_texel GAMES SEED | python3 bench/rolit_texel.py [MOBILITY]`:
reads bench/rolit_texel.c's rows (the exact outcome for the seat to move,
the empty squares, then the differences of mobility, frontier, corners,
balls beside an empty corner, potential mobility and balls) and fits
P(win) = 1 / (1 + exp(-sum w_i x_i)) by the most likelihood (Newton's
method; a draw counts half a win), on the first four fifths of the games'
positions, and gives the log loss on the last fifth (other games).  Each
fit's weights are printed in values/rolit_weights.h's form (frontier and
beside as minuses) scaled so that mobility weighs MOBILITY (default 3),
beside the bundled weights with only their scale fitted.
"""
import sys

import numpy as np

TERMS = ["mobility", "frontier", "corner", "beside", "potential", "balls"]
SIGNS = np.array([1, -1, 1, -1, 1, 1])  # rolit_weights.h's: a minus for two
BUNDLED = np.array([3, 1, 20, 6, 0, 0])
STAGES = [(46, 60), (31, 45), (15, 30)]


def fit(x, y):
    """The weights of the most likely logistic of x for labels y."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hess = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(len(w))
        step = np.linalg.solve(hess, x.T @ (y - p))
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def loss(x, y, w):
    """The mean log loss of the logistic of x with weights w on labels y."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def report(name, rows, terms, mobility):
    """Fits rows' terms (indexes into TERMS), prints the weights and losses."""
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]

    def x(part):
        return part[:, 2:][:, terms] * SIGNS[terms]

    w = fit(x(train), train[:, 0])
    scaled = w * mobility / w[0] if terms[0] == 0 else w
    words = ", ".join("%s %.2f" % (TERMS[t], v) for t, v in zip(terms, scaled))
    print("%-28s %6d positions: %s; log loss %.4f (held out %.4f)"
          % (name, len(rows), words, loss(x(train), train[:, 0], w),
             loss(x(test), test[:, 0], w)))


def main():
    mobility = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    rows = np.loadtxt(sys.stdin, ndmin=2)
    bundled = (rows[:, 2:] * SIGNS) @ BUNDLED
    both = np.column_stack([rows[:, :2], bundled])
    cut = len(rows) * 4 // 5
    k = fit(both[:cut, 2:], both[:cut, 0])
    print("the bundled weights, scale %.4f: log loss %.4f (held out %.4f)"
          % (k[0], loss(both[:cut, 2:], both[:cut, 0], k),
             loss(both[cut:, 2:], both[cut:, 0], k)))
    report("the four terms", rows, [0, 1, 2, 3], mobility)
    report("and potential mobility", rows, [0, 1, 2, 3, 4], mobility)
    report("and the balls", rows, [0, 1, 2, 3, 4, 5], mobility)
    for low, high in STAGES:
        stage = rows[(rows[:, 1] >= low) & (rows[:, 1] <= high)]
        report("%d-%d empty, four terms" % (low, high), stage, [0, 1, 2, 3],
               mobility)
        report("%d-%d empty, and potential" % (low, high), stage,
               [0, 1, 2, 3, 4], mobility)


if __name__ == "__main__":
    main()

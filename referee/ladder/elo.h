/*
 * The Elo scale's formulas, shared by the ratings fit (ratings.c,
 * ratings_fit.c) and the SPRT (sprt.c): the logistic model on the
 * standard scale, where a 200.24 point difference expects a 76% score.
 * A leaf: it calls nothing of the referee's.
 */
#ifndef ARENA_ELO_H
#define ARENA_ELO_H

#include <math.h>

/* d(natural logit)/d(Elo): the logistic's argument is C * difference. */
#define ELO_C (M_LN10 / 400)

/* Expected score at an Elo difference, and the difference for a score in
 * (0, 1): 1 / (1 + 10^(-d/400)) and 400 log10(s / (1 - s)). */
double elo_expected(double diff);
double elo_diff(double score);

/* ln elo_expected(d) without overflow at either end. */
double elo_log_expected(double d);

#endif

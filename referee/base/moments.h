/*
 * A mean and a variance kept as sums: how many scores, their sum and
 * their sum of squares.  The SPRT on real-valued scores (sprt_scores.h)
 * and the luck-adjusted ladder's columns (ladder/grade_ladder.c) count
 * their scores in them.  Pure functions: no I/O.
 */
#ifndef ARENA_MOMENTS_H
#define ARENA_MOMENTS_H

struct moments {
	double n, sum, squares;
};

void moments_add(struct moments *m, double score);
/* NAN with none. */
double moments_mean(const struct moments *m);
/* The variance of one score (n - 1 in the denominator; NAN under 2). */
double moments_variance(const struct moments *m);

#endif

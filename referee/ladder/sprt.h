/*
 * The sequential probability ratio test of `referee sprt`: an A/B test of
 * two bots in one game that stops as soon as the games played say "A is at
 * least elo1 stronger" (H1) or "at most elo0" (H0) with error rates alpha
 * and beta.  It is the generalized SPRT of fishtest and fastchess: the
 * log-likelihood ratio of the two hypotheses, each taken at the outcome
 * distribution closest (maximum likelihood) to the observed frequencies,
 * on either per-game counts (trinomial: loss, draw, win) or per-pair
 * counts of seat-swapped pairs (pentanomial: pair scores 0, 1/4, 1/2, 3/4,
 * 1 of the pair's two games), with bounds in logistic or normalized Elo.
 * The formulas are in docs/LADDER.md.  Pure functions: no I/O.
 */
#ifndef ARENA_SPRT_H
#define ARENA_SPRT_H

#include <stdbool.h>
#include <stddef.h>

enum sprt_model {
	SPRT_LOGISTIC,   /* elo0/elo1 on the Elo scale: score
			  * 1 / (1 + 10^(-elo/400)) */
	SPRT_NORMALIZED, /* elo0/elo1 in normalized Elo: (s - 1/2) / sigma
			  * * 800 / ln 10, sigma the per-game deviation */
};

/* SPRT_FAILED: the caller could not count a pair (its logs could not be
 * graded); the test stops without a verdict. */
enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1, SPRT_FAILED };

struct sprt {
	double elo0, elo1, alpha, beta;
	enum sprt_model model;
	double lower;        /* ln(beta / (1 - alpha)) */
	double upper;        /* ln((1 - beta) / alpha) */
};

/* -1 with a message in err (ERR_LEN bytes) unless elo0 < elo1 and alpha,
 * beta and alpha + beta are in (0, 1). */
int sprt_init(struct sprt *test, double elo0, double elo1, double alpha,
	      double beta, enum sprt_model model, char *err);

/* The log-likelihood ratio of H1 over H0.  counts[i] is the number of
 * outcomes of score i / (n - 1): n = 3 for games (losses, draws, wins),
 * n = 5 for seat-swapped pairs (see sprt_pair_outcome).  Zero counts are
 * replaced by 1e-3, as fishtest does; no games at all give 0. */
double sprt_llr(const struct sprt *test, const long *counts, int n);

enum sprt_verdict sprt_verdict(const struct sprt *test, double llr);

/* The verdict's name in a run's records: "H1", "H0" or "none". */
const char *sprt_verdict_name(enum sprt_verdict v);

/* The pentanomial index (0..4) of a pair from A's two scores (0, 1/2 or
 * 1 each): twice the pair's points.  A win and a loss is 2, like two
 * draws. */
int sprt_pair_outcome(double first, double second);

/* The 5 pentanomial counts (by sprt_pair_outcome), labelled as fastchess
 * labels them: "LL 0 LD 1 DD/WL 2 WD 1 WW 0". */
#define SPRT_PENTANOMIAL_LEN 128
void sprt_pentanomial_text(const long *counts, char *buf, size_t len);

/* What the counts say about A - B, as fastchess prints it: the Elo of the
 * mean score with the 95% margin (Elo(s + z sd) - Elo(s - z sd)) / 2 taken
 * on the score scale, the normalized Elo with its margin, and the
 * likelihood of superiority Phi((s - 1/2) / sd), sd the standard error of
 * the mean score.  Infinite or NAN where the counts do not determine a
 * value (no games, every game won). */
struct sprt_estimate {
	double score;
	double elo, elo_margin;
	double nelo, nelo_margin;
	double los;
};

void sprt_estimate(const long *counts, int n, struct sprt_estimate *out);

/* The same from the mean score `mu`, its standard error `sd` and a game's
 * deviation `game_sd` (NAN: no normalized Elo). */
void sprt_estimate_mean(double mu, double sd, double game_sd,
			struct sprt_estimate *out);

/* A run's pairs counted so far: by A's points (LL LD DD/WL WD WW), A's
 * games won, lost and drawn, the LLR and the verdict it gives. */
struct sprt_tally {
	long counts[5];
	long wld[3];
	long pairs;
	double llr;
	enum sprt_verdict verdict;
};

/* Counts pair number `pair`, whose two games gave A score[0] and
 * score[1] (0, 1/2 or 1), under `test`: true once there is a verdict. */
bool sprt_tally_add(struct sprt_tally *tally, const struct sprt *test, long pair,
		    const double *score);

/* "9 pairs, 18 games: W-L-D 9-9-0, LL 0 LD 0 DD/WL 9 WD 0 WW 0, LLR
 * -2.951 [-2.944, 2.944]". */
void sprt_tally_text(const struct sprt_tally *tally, const struct sprt *test,
		     char *buf, size_t len);

/* The hypotheses in words, of bot `a` against bot `b`: "H1: A is at least
 * +50 Elo stronger than B; H0: A is at most +0 Elo stronger than B"
 * (with "weaker" for a negative bound). */
void sprt_hypotheses_text(char *buf, size_t len, const char *a, const char *b,
			  double elo0, double elo1);

/* A note for a verdict whose estimate lies between the bounds (NAN: none
 * there, "" into buf): either verdict then comes out of runs of the same
 * test, and neither means the gap is outside the bounds. */
void sprt_between_text(char *buf, size_t len, double elo, double elo0, double elo1);

#endif

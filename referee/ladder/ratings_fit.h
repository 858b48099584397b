/*
 * The maximum-likelihood fit of one block of bots (ratings.c picks the
 * block among those ratings_blocks.c finds): Newton's method on the pairs
 * inside it, then the inverse information matrix and the sandwich
 * covariance grouped by game, spread over the block and centred (or
 * anchored) as docs/LADDER.md says.
 */
#ifndef ARENA_RATINGS_FIT_H
#define ARENA_RATINGS_FIT_H

#include <math.h>

#include "base/ratings_types.h"

#define RATINGS_NOT_IN_BLOCK (-2)
#define RATINGS_REFERENCE (-1)

/* Working state of one ratings_compute call. */
struct fit {
	const struct rating_game *games;
	size_t count;
	/* The games told apart only by what the likelihood sees (seats,
	 * entrants, ranks, teams), each with how many games it stands for:
	 * the fit's passes run over these, and a million games between a few
	 * bots are a few thousand kinds. */
	const uint32_t *set;  /* ratings_options.set */
	const double *score;  /* ratings_options.score: each game a kind */
	struct rating_game *kinds;
	unsigned *weight;
	size_t kind_count;
	int k;               /* entrants */
	unsigned char *beat; /* k x k: row scored at least a draw against col */
	int *block;          /* strongly connected block of each entrant */
	int *param;          /* parameter of a fitted bot, RATINGS_REFERENCE,
			      * or RATINGS_NOT_IN_BLOCK */
	int m;               /* parameters: the fitted block's bots but one */
	double *r;           /* ratings */
	int passes;          /* likelihood passes over the games so far */
};

/* The score of game (or kind) g, NAN when its ranks give it. */
static inline double fit_score(const struct fit *f, size_t g)
{
	return f->score ? f->score[g] : NAN;
}

/* Fits block blk and places it: the anchor at its level, or the block's
 * mean at the level; fills the block's entries of out and out->cov.
 * scratch holds k x k doubles.  Returns why there are no finite ratings,
 * or NULL. */
const char *ratings_fit_block(struct fit *f, int blk,
			      const struct ratings_options *o,
			      struct ratings *out, double *scratch);

/* Numbers the strongly connected blocks of f->beat into f->block
 * (ratings_blocks.c). */
void ratings_find_blocks(struct fit *f);

/* The block to fit in each of out's groups (the entries' groups are
 * numbered): the anchor's; else the largest, then the one with the most
 * bots bounded around it, then the one with the most points.  So the
 * results choose it, not the entrants' numbers (which the league and
 * `referee ladder` give differently): only blocks the results cannot
 * tell apart go by the lowest-numbered bot.  Free the array. */
int *ratings_main_blocks(const struct fit *f, const struct ratings *out,
			 int anchor);

#endif

/*
 * The blocks of bots that ratings can place against each other
 * (ratings_blocks.c).
 */
#ifndef ARENA_RATINGS_BLOCKS_H
#define ARENA_RATINGS_BLOCKS_H

#include "ratings_fit.h"

/* Numbers the strongly connected blocks of f->beat into f->block. */
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

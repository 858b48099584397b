/*
 * One pair's games graded against the values of the two players' own
 * play (values.h, values_open_own(); docs/ANALYSIS.md, "Luck of the
 * players' own play"): the games split in two halves by their game id,
 * each player's decisions counted in each half, and each half graded
 * with the choices learned from the other, so that no game's luck is
 * measured with values learned from the game itself (each luck term
 * keeps its mean of zero: the luck-adjusted score stays unbiased).
 */
#ifndef ARENA_GRADE_OWN_H
#define ARENA_GRADE_OWN_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "grade_values.h"

struct grade_own;

/* Reads the logs at paths[0 .. count - 1], which must be games of one
 * pair (two players by name, 2-player bolo or bolo5 with the same
 * options), counts the players' decisions and solves the two halves'
 * values; NULL with why in err (ERR_LEN bytes). */
struct grade_own *grade_own_open(char *const *paths, size_t count, char *err);
void grade_own_close(struct grade_own *o);

/* The values to grade the game of `header` with, its players seated;
 * NULL with why in `why` (VALUES_ERR_LEN bytes) for a game not of the
 * pair. */
struct grade_values *grade_own_values(struct grade_own *o, const cJSON *header,
				      char *why);

#endif

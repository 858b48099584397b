/*
 * The values a grade reads (grade.c), behind one face: a game's exact
 * values (values/values.h) where it has them, else, when the grader
 * takes them, estimated ones (values/estimate.h).  Either gives each
 * legal action with each seat's chance after it.
 */
#ifndef ARENA_GRADE_VALUES_H
#define ARENA_GRADE_VALUES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/game_play.h"
#include "values/values.h"

struct grade_values;

/* A legal action, whether it is a dice game's word (roll, bank, ...)
 * rather than a keep, each seat's chance after it, and whether that is
 * exact. */
struct grade_choice {
	int move;
	bool word, exact;
	double chance[GAME_MAX_SEATS];
};

/* The values of `game` with `options` for `players`: exact where there
 * are, else estimated if `estimates`; NULL with why in err
 * (VALUES_ERR_LEN bytes).  `cache`: as values_open()'s. */
struct grade_values *grade_values_open(const char *game, const cJSON *options,
				       int players, const char *cache,
				       bool estimates, char *err);
void grade_values_close(struct grade_values *gv);

bool grade_values_exact(const struct grade_values *gv);
/* How the values were obtained, in words. */
const char *grade_values_how(const struct grade_values *gv);

/* The legal actions at `state` (the game not over) in the order of the
 * rules' moves(), into out (GAME_MAX_MOVES room); returns how many; and
 * each seat's chance at `state` into `here`: the best action's where the
 * values are exact, the playouts' rule's where they are estimated
 * (estimate_state()).  `key` picks the playouts of estimates (the same
 * key, the same values). */
int grade_values_actions(struct grade_values *gv, const void *state,
			 uint64_t key, struct grade_choice *out,
			 double here[GAME_MAX_SEATS]);

/* Each seat's chance once `play` (of the game with `options`) has
 * begun, before its first draws. */
void grade_values_start(struct grade_values *gv, const struct game_play *play,
			const cJSON *options, uint64_t key,
			double chance[GAME_MAX_SEATS]);

#endif

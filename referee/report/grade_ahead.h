/*
 * A log's decisions told to its values before they are graded
 * (values_ahead()), so that the turns of two-player bolo and bolo5 are
 * solved several at once (values/dice_lanes.h) rather than one at a time
 * as the grade meets them.
 */
#ifndef ARENA_GRADE_AHEAD_H
#define ARENA_GRADE_AHEAD_H

#include <cjson/cJSON.h>

#include "base/logread.h"
#include "games/game.h"
#include "grade_values.h"

/* What grade_replay() hands on at each decision: the state, the seat to
 * move and the action it played (the log's). */
typedef void grade_decided(void *ctx, const void *state, int seat,
			   const cJSON *action);

/* Replays the actions of `log` (a game of `rules` for `players` with
 * `options`) through the rules, its dice as its draw records say, and
 * hands each decision to each().  The log is not verified here (its
 * grade verifies it): a draw or an action the rules refuse ends the
 * replay, nothing else. */
void grade_replay(const struct game_log *log, const struct game_rules *rules,
		  int players, const cJSON *options, grade_decided *each,
		  void *ctx);

/* grade_replay() that tells gv each state where a seat decides; nothing
 * where the values are estimated. */
void grade_ahead(struct grade_values *gv, const struct game_log *log,
		 const struct game_rules *rules, int players,
		 const cJSON *options);

#endif

/*
 * Estimated values, for the games and player counts without exact ones
 * (values.h: two-player bolo and bolo5): each seat's chance to win (the
 * winners sharing 1, so that a two-player draw is a half each) as the mean
 * result of playouts, or in two-player Rolit by a search (its middle game
 * estimate_search.h, its end estimate_end.h), or in two-player Black-Pot
 * by black-pot-lookahead's evaluation (estimate_black_pot.h).  A playout
 * copies the game (its rules' state_size) and plays it to the end, every
 * seat following one fixed rule (estimate_rule.h: expect-bot's turns in
 * bolo, bolo5 and Volle Lotte, elsewhere a legal action at random), with
 * dice and cards from keys of the estimator's own.  An action's value is
 * the mean over the playouts it starts; the actions of one decision
 * share their keys (common random numbers), so that the differences
 * between them are not the draws' noise alone.  The values are those of
 * that rule's play, not of the best play: a loss is what an action gave
 * up against the best one followed by the rule, measured with the
 * playouts' noise (docs/ANALYSIS.md, "Estimated values").
 */
#ifndef VALUES_ESTIMATE_H
#define VALUES_ESTIMATE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "estimate_result.h"
#include "games/game.h"

/* The most playouts of one value, and of one decision: a decision of
 * many actions (Black-Pot's hundreds) gives each fewer, not below
 * ESTIMATE_FEWEST. */
#define ESTIMATE_PLAYOUTS 128
#define ESTIMATE_BUDGET 2048
#define ESTIMATE_FEWEST 4
#define ESTIMATE_HOW_LEN 512

struct estimate;

/* The estimates of `rules` for `players`. */
struct estimate *estimate_open(const struct game_rules *rules, int players);
void estimate_close(struct estimate *e);

/* How the values are obtained, in words ("estimated: ..."). */
const char *estimate_how(const struct estimate *e);

/* A legal action and each seat's chance after it; `exact` where a
 * search solved it (estimate_end.h: Rolit's last moves). */
struct estimate_action {
	int move;
	bool exact;
	double chance[GAME_MAX_SEATS];
};

/* The legal actions at `state` (the game not over), in the order of the
 * rules' moves(), valued by playouts whose keys `key` picks (the same
 * key, the same values), or by search in two-player Rolit, or by the
 * evaluation of the board each leaves in two-player Black-Pot.
 * Returns how many (out: GAME_MAX_MOVES room). */
int estimate_actions(struct estimate *e, const void *state, uint64_t key,
		     struct estimate_action *out);

/* Each seat's chance at `state` as the rule plays on, from the values of
 * its n actions (estimate_actions()'s): the action the rule plays, or
 * the mean of them all where it plays at random (estimate_rule_weights());
 * the best action's where they are exact; the search's where it values
 * the position (estimate_search.h: the value of the action before it);
 * in two-player Black-Pot, the board's plus the roll's lead where the
 * roll was just drawn, else the best action's (estimate_black_pot.h).
 * Its mean over the draws that lead to `state` is the value of the
 * action before them, so that their luck (the one less the other) has
 * mean zero. */
void estimate_state(struct estimate *e, const void *state,
		    const struct estimate_action *a, int n,
		    double chance[GAME_MAX_SEATS]);

/* Each seat's chance when `first` is to start (`out`: the seats gone
 * before play), nothing drawn yet: the mean over games created anew with
 * `options` (every option, as a log's header holds them). */
void estimate_start(struct estimate *e, const cJSON *options, int first,
		    const bool out[GAME_MAX_SEATS], uint64_t key,
		    double chance[GAME_MAX_SEATS]);

#endif

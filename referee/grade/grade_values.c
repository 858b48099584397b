/*
 * Exact or estimated values behind one face (grade_values.h).  Exact
 * values are two seats' (the other seat has the rest); estimates are
 * every seat's.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "games/dice.h"
#include "games/registry.h"
#include "grade_values.h"
#include "values/estimate.h"

struct grade_values {
	struct values *exact;		/* or: */
	struct estimate *estimate;
	const struct game_rules *rules;
};

struct grade_values *grade_values_open(const char *game, const cJSON *options,
				       int players, const char *cache,
				       bool estimates, char *err)
{
	const struct game_rules *rules = arena_game_find(game);
	struct values *exact = values_open(game, options, players, cache, err);
	struct grade_values *gv;

	if (!exact && (!estimates || !rules || !rules->moves ||
		       !rules->state_size || players < rules->min_players ||
		       players > rules->max_players))
		return NULL;
	gv = xcalloc(1, sizeof *gv);
	gv->rules = rules;
	gv->exact = exact;
	if (!exact)
		gv->estimate = estimate_open(rules, players);
	return gv;
}

void grade_values_close(struct grade_values *gv)
{
	if (!gv)
		return;
	values_close(gv->exact);
	estimate_close(gv->estimate);
	free(gv);
}

bool grade_values_exact(const struct grade_values *gv)
{
	return gv->exact != NULL;
}

const char *grade_values_how(const struct grade_values *gv)
{
	return gv->exact ? values_how(gv->exact) : estimate_how(gv->estimate);
}

static int grade_values_exactly(struct grade_values *gv, const void *state,
				struct grade_choice *out,
				double here[GAME_MAX_SEATS])
{
	struct values_action a[GAME_MAX_MOVES];
	int n = values_actions(gv->exact, state, a), best = 0;
	int me = gv->rules->to_move(state);

	for (int i = 0; i < n; i++) {
		out[i] = (struct grade_choice){.move = a[i].move,
					       .word = a[i].chance,
					       .exact = true};
		values_split(out[i].chance, me, a[i].value);
		if (a[i].value > a[best].value)
			best = i;
	}
	memcpy(here, out[best].chance, sizeof out[best].chance);
	return n;
}

int grade_values_actions(struct grade_values *gv, const void *state,
			 uint64_t key, struct grade_choice *out,
			 double here[GAME_MAX_SEATS])
{
	struct estimate_action a[GAME_MAX_MOVES];
	int n;

	if (gv->exact)
		return grade_values_exactly(gv, state, out, here);
	n = estimate_actions(gv->estimate, state, key, a);
	estimate_state(gv->estimate, state, a, n, here);
	for (int i = 0; i < n; i++) {
		out[i].move = a[i].move;
		out[i].exact = a[i].exact;
		out[i].word = gv->rules->family == GAME_FAMILY_DICE &&
			      arena_dice_game_legal_word(state, a[i].move) >= 0;
		memcpy(out[i].chance, a[i].chance, sizeof out[i].chance);
	}
	return n;
}

void grade_values_start(struct grade_values *gv, const struct game_play *play,
			const cJSON *options, uint64_t key,
			double chance[GAME_MAX_SEATS])
{
	double two[VALUES_SEATS];

	if (!gv->exact) {
		estimate_start(gv->estimate, options, play->first_seat,
			       play->out, key, chance);
		return;
	}
	values_start(gv->exact, play->first_seat, two);
	memcpy(chance, two, sizeof two);
}

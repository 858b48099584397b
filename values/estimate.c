/*
 * Estimated values by playouts (estimate.h).  A playout's draws come from
 * a key made of the caller's key and the playout's number, so that a
 * value is the same each time it is asked, and the k-th playouts of a
 * decision's actions share their dice and cards.
 */
#include "estimate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate_black_pot.h"
#include "estimate_end.h"
#include "estimate_rule.h"
#include "estimate_search.h"
#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/game_err.h"
#include "games/support.h"

/* ESTIMATE_END_MOVES in words. */
#define END_WORD(n) #n
#define END_WORDS(n) END_WORD(n)
#define END_MOVES END_WORDS(ESTIMATE_END_MOVES)

struct estimate {
	const struct game_rules *rules;
	int players;
	char how[ESTIMATE_HOW_LEN];
	void *copy;		/* the game a playout plays on */
	void *end;		/* estimate_end.h's room */
	struct estimate_black_pot *pot;	/* two-player Black-Pot's, or NULL */
	struct estimate_rule rule;
};

/* How two-player Rolit's values are obtained (estimate_search.h). */
static void estimate_searched_how(struct estimate *e)
{
	snprintf(e->how, sizeof e->how, "estimated: a position searched %d "
		 "plies by rolit-search's evaluation (an action's value one ply "
		 "more), its score a chance to win by a logistic of scale %.1f "
		 "fitted against the solved end; the last " END_MOVES " moves "
		 "solved by search, exact", ESTIMATE_SEARCH_DEPTH,
		 ESTIMATE_SEARCH_SCALE);
}

/* How two-player Black-Pot's values are obtained (estimate_black_pot.h). */
static void estimate_pot_how(struct estimate *e)
{
	snprintf(e->how, sizeof e->how, "estimated: each board weighed by "
		 "the evaluation of black-pot-lookahead (points, pawns in hand, "
		 "windows of five), a chance to win by a logistic of scale %.1f "
		 "at 20 pawns in hand, doubling every %.1f more, fitted against "
		 "games played on; a roll's luck what both sides can best make "
		 "of it against the mean roll", ESTIMATE_BLACK_POT_SCALE,
		 log(2) / ESTIMATE_BLACK_POT_GROWTH);
}

struct estimate *estimate_open(const struct game_rules *rules, int players)
{
	struct estimate *e = arena_games_xcalloc(1, sizeof *e);

	e->copy = arena_games_xmalloc(rules->state_size);
	e->end = estimate_end_room(rules);
	estimate_rule_init(&e->rule, rules);
	e->rules = rules;
	e->players = players;
	e->pot = estimate_black_pot_open(rules, players);
	if (estimate_search_values(rules, players))
		estimate_searched_how(e);
	else if (e->pot)
		estimate_pot_how(e);
	else	/* a mean of results in [0, 1]: a standard error of 1/2 / sqrt(n) at most */
		snprintf(e->how, sizeof e->how, "estimated: the mean result of "
			 "up to %d playouts a value (a standard error of up to "
			 "%.1f%%; a decision of more than %d actions shares %d, "
			 "%d at least each), every seat %s", ESTIMATE_PLAYOUTS,
			 50 / sqrt(ESTIMATE_PLAYOUTS),
			 ESTIMATE_BUDGET / ESTIMATE_PLAYOUTS, ESTIMATE_BUDGET,
			 ESTIMATE_FEWEST, estimate_rule_words(&e->rule));
	return e;
}

void estimate_close(struct estimate *e)
{
	if (!e)
		return;
	free(e->copy);
	free(e->end);
	estimate_black_pot_close(e->pot);
	estimate_rule_free(&e->rule);
	free(e);
}

const char *estimate_how(const struct estimate *e)
{
	return e->how;
}

/* The draws of playout k of the key `key`, and its stream of choices. */
static uint64_t estimate_draws(struct draws *draws, uint64_t key, int k)
{
	uint64_t stream = key ^ (uint64_t)(k + 1) * 0xd6e8feb86659fd93u;
	unsigned char bytes[32];

	for (int i = 0; i < 4; i++) {
		uint64_t word = arena_splitmix64(&stream);

		memcpy(bytes + 8 * i, &word, sizeof word);
	}
	arena_draws_init(draws, bytes, NULL, NULL);
	return stream;
}

/* Plays `state` to its end by the rule; adds each seat's share to sum. */
static void estimate_playout(struct estimate *e, void *state,
			     struct draws *draws, uint64_t stream,
			     double sum[GAME_MAX_SEATS])
{
	int moves[GAME_MAX_MOVES];
	double share[GAME_MAX_SEATS];

	while (e->rules->to_move(state) >= 0) {
		int n = e->rules->moves(state, moves);

		e->rules->apply_move(state, moves[estimate_rule_pick(
			&e->rule, state, moves, n, &stream)], draws);
	}
	estimate_result(e->rules, e->players, state, share);
	for (int s = 0; s < e->players; s++)
		sum[s] += share[s];
}

/* How many playouts each of n actions gets. */
static int estimate_each(int n)
{
	int each = ESTIMATE_BUDGET / (n > 0 ? n : 1);

	if (each > ESTIMATE_PLAYOUTS)
		return ESTIMATE_PLAYOUTS;
	return each < ESTIMATE_FEWEST ? ESTIMATE_FEWEST : each;
}

int estimate_actions(struct estimate *e, const void *state, uint64_t key,
		     struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n, seat = e->rules->to_move(state), each;

	if (estimate_end_reached(e->rules, e->players, state, e->end))
		return estimate_end_actions(e->rules, state, e->end, out);
	if (estimate_search_reached(e->rules, e->players, state, e->end))
		return estimate_search_actions(e->rules, state, out);
	if (e->pot) {
		struct draws draws;

		estimate_draws(&draws, key, 0);
		return estimate_black_pot_actions(e->pot, state, &draws, out);
	}
	n = e->rules->moves(state, moves);
	each = estimate_each(n);
	for (int i = 0; i < n; i++) {
		struct estimate_action *a = &out[i];

		*a = (struct estimate_action){.move = moves[i]};
		for (int k = 0; k < each; k++) {
			struct draws draws;
			uint64_t stream = estimate_draws(&draws, key, k);

			memcpy(e->copy, state, e->rules->state_size);
			/* the turn under way: its rolls are the seat's */
			arena_draws_turn(&draws, seat);
			e->rules->apply_move(e->copy, moves[i], &draws);
			estimate_playout(e, e->copy, &draws, stream, a->chance);
		}
		for (int s = 0; s < e->players; s++)
			a->chance[s] /= each;
	}
	return n;
}

void estimate_state(struct estimate *e, const void *state,
		    const struct estimate_action *a, int n,
		    double chance[GAME_MAX_SEATS])
{
	int moves[GAME_MAX_MOVES] = {0};
	double weight[GAME_MAX_MOVES];

	for (int i = 0; i < n; i++)
		moves[i] = a[i].move;
	if (e->pot && estimate_black_pot_state(e->pot, state, chance))
		return;
	if ((n && a[0].exact) || e->pot) {	/* solved, or Black-Pot's
						 * second seat: the best action's */
		int me = e->rules->to_move(state), best = 0;

		for (int i = 0; i < n; i++) {
			weight[i] = 0;
			if (a[i].chance[me] > a[best].chance[me])
				best = i;
		}
		weight[best] = 1;
	} else if (estimate_search_reached(e->rules, e->players, state,
					   e->end)) {
		estimate_search_state(e->rules, state, chance);
		return;
	} else {
		estimate_rule_weights(&e->rule, state, moves, n, weight);
	}
	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	for (int i = 0; i < n; i++)
		for (int s = 0; s < e->players; s++)
			chance[s] += a[i].chance[s] * weight[i];
}

/* Adds each seat's chance at `state`, a game just made, to sum: the
 * search's where it values the game, Black-Pot's board's before its first
 * roll (the mean over that roll), else a playout's result. */
static void estimate_begun(struct estimate *e, void *state,
			   struct draws *draws, uint64_t stream,
			   double sum[GAME_MAX_SEATS])
{
	double chance[GAME_MAX_SEATS];

	if (e->pot && e->rules->to_move(state) >= 0)
		estimate_black_pot_before(e->pot, state, chance);
	else if (estimate_search_reached(e->rules, e->players, state, e->end))
		estimate_search_state(e->rules, state, chance);
	else {
		estimate_playout(e, state, draws, stream, sum);
		return;
	}
	for (int s = 0; s < e->players; s++)
		sum[s] += chance[s];
}

void estimate_start(struct estimate *e, const cJSON *options, int first,
		    const bool out[GAME_MAX_SEATS], uint64_t key,
		    double chance[GAME_MAX_SEATS])
{
	struct game_setup setup = {.players = e->players, .first_seat = first,
				   .options = options};
	char err[GAME_ERR_LEN];
	int made = 0;

	memcpy(setup.out, out, sizeof setup.out);
	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	for (int k = 0; k < ESTIMATE_PLAYOUTS; k++) {
		struct draws draws;
		uint64_t stream = estimate_draws(&draws, key, k);
		void *state = e->rules->create(&setup, &draws, err);

		if (!state)	/* options the log's game was made with */
			continue;
		for (int s = 0; s < e->players; s++)
			if (out[s])
				e->rules->forfeit(state, s, &draws);
		estimate_begun(e, state, &draws, stream, chance);
		e->rules->destroy(state);
		made++;
	}
	for (int s = 0; s < e->players && made; s++)
		chance[s] /= made;
}

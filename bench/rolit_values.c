/*
 * How near the grader's estimated Rolit values come to the exact ones
 * (`bench/rolit_values [EMPTIES [GAMES]]`, default 16 and 300): positions
 * of two-player 8x8 games played by the greedy rule, a quarter of the
 * moves at random, to EMPTIES empty squares, whose ends the grader's
 * search solves (values/estimate_end.h); each action valued by 128
 * playouts of the greedy rule with one move in `explore` at random (1:
 * every move, random playouts), and compared with its exact value.
 * Positions whose actions are all worth the same are left out.  The
 * figures went in docs/ANALYSIS.md ("Rolit's playouts against its solved
 * end"), and chose ESTIMATE_RULE_EXPLORE.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "values/estimate.h"
#include "values/estimate_end.h"
#include "values/rolit_greedy.h"

#define PLAYOUTS 128
#define RULES 6

static const int explores[RULES] = {1, 2, 3, 4, 8, 1 << 30};

/* What a rule's values did, summed over the positions. */
struct tally {
	double error;	/* |estimated - exact|, summed over the actions */
	double regret;	/* the exact value the estimated best gave up */
	double charged;	/* the loss charged to an exactly best action */
	int hits;	/* the estimated best is exactly best */
};

/* A position of game `g` with `empties` empty squares, or NULL. */
static void *position(const struct game_rules *rules, const cJSON *options,
		      int g, int empties)
{
	struct game_setup setup = {.players = 2, .options = options};
	unsigned char key[32] = {(unsigned char)g, (unsigned char)(g >> 8)};
	uint64_t stream = 1000 + (uint64_t)g;
	int moves[GAME_MAX_MOVES];
	struct draws d;
	char err[GAME_ERR_LEN];
	void *s;

	arena_draws_init(&d, key, NULL, NULL);
	if (!(s = rules->create(&setup, &d, err)))
		return NULL;
	for (int left = 60; left > empties && rules->to_move(s) >= 0; left--) {
		int n = rules->moves(s, moves), seat = rules->to_move(s);
		uint64_t draw = arena_splitmix64(&stream);

		rules->apply_move(s, moves[draw % 4 == 0 ? (int)(draw / 4 % (uint64_t)n)
					 : rolit_greedy_pick(s, seat, moves, n)], &d);
	}
	if (rules->to_move(s) < 0) {
		rules->destroy(s);
		return NULL;
	}
	return s;
}

/* The seat to move's estimated value of `move` at `s`. */
static double estimated(const struct game_rules *rules, const void *s,
			int move, int explore, void *copy)
{
	int me = rules->to_move(s);
	double sum = 0, share[GAME_MAX_SEATS];

	for (int k = 0; k < PLAYOUTS; k++) {
		uint64_t stream = 77 * (uint64_t)k + 5;

		memcpy(copy, s, rules->state_size);
		rules->apply_move(copy, move, NULL);
		if (rules->to_move(copy) < 0) {
			estimate_result(rules, 2, copy, share);
			sum += share[me];
		} else {
			sum += 1 - rolit_greedy_playout(copy, 1 - me, explore,
							&stream);
		}
	}
	return sum / PLAYOUTS;
}

/* One rule's values of the n actions `ex` (exact) at `s` into t. */
static void rate(const struct game_rules *rules, const void *s,
		 const struct estimate_action *ex, int n, double best,
		 int explore, void *copy, struct tally *t)
{
	int me = rules->to_move(s), arg = 0, tied = 0;
	double est[GAME_MAX_MOVES], charged = 0;

	for (int i = 0; i < n; i++) {
		est[i] = estimated(rules, s, ex[i].move, explore, copy);
		t->error += est[i] > ex[i].chance[me] ? est[i] - ex[i].chance[me]
						      : ex[i].chance[me] - est[i];
		if (est[i] > est[arg])
			arg = i;
	}
	t->regret += best - ex[arg].chance[me];
	t->hits += ex[arg].chance[me] == best;
	for (int i = 0; i < n; i++)
		if (ex[i].chance[me] == best) {
			charged += est[arg] - est[i];
			tied++;
		}
	t->charged += charged / tied;
}

/* Rates every rule at `s`; false when its actions are all worth the same. */
static bool position_rated(const struct game_rules *rules, const void *s,
			   void *room, void *copy, struct tally t[RULES],
			   int *actions)
{
	struct estimate_action ex[GAME_MAX_MOVES];
	int me = rules->to_move(s), n = estimate_end_actions(rules, s, room, ex);
	double best = 0, worst = 1;

	for (int i = 0; i < n; i++) {
		best = ex[i].chance[me] > best ? ex[i].chance[me] : best;
		worst = ex[i].chance[me] < worst ? ex[i].chance[me] : worst;
	}
	if (best == worst)
		return false;
	for (int r = 0; r < RULES; r++)
		rate(rules, s, ex, n, best, explores[r], copy, &t[r]);
	*actions += n;
	return true;
}

int main(int argc, char **argv)
{
	const struct game_rules *rules = &arena_rolit_rules;
	int empties = argc > 1 ? atoi(argv[1]) : 16;
	int games = argc > 2 ? atoi(argv[2]) : 300, rated = 0, actions = 0;
	cJSON *options = cJSON_Parse("{\"size\":8}");
	void *room = estimate_end_room(rules), *copy = malloc(rules->state_size);
	struct tally t[RULES] = {{0}};

	for (int g = 0; g < games && copy; g++) {
		void *s = position(rules, options, g, empties);

		if (s && position_rated(rules, s, room, copy, t, &actions))
			rated++;
		if (s)
			rules->destroy(s);
	}
	printf("%d empty squares: %d positions of %d games with actions of "
	       "unequal exact values, %d actions\n", empties, rated, games,
	       actions);
	for (int r = 0; r < RULES && rated; r++)
		printf("one move in %10d at random: value error %.3f, best "
		       "exactly best %5.1f%%, exact regret %.3f, loss charged to "
		       "an exactly best action %.3f\n", explores[r],
		       t[r].error / actions, 100.0 * t[r].hits / rated,
		       t[r].regret / rated, t[r].charged / rated);
	free(copy);
	free(room);
	cJSON_Delete(options);
	return 0;
}

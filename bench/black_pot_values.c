/*
 * The scale of the grader's logistic for two-player Black-Pot
 * (`bench/black_pot_values [GAMES]`, default 400): games on the fixed
 * layout played by black-pot-lookahead's first weighing (each seat the
 * move whose delta of the evaluation is best, a quarter of the moves at
 * random, so that the positions vary), each position where a roll was
 * just drawn scored for its seat to move by the evaluation of its board
 * (values/black_pot_eval.h, as values/estimate_black_pot.c scores it) and
 * paired with that seat's result.  Printed: the scale of the most likely
 * logistic of those scores for those results, and its log loss against a
 * coin's, for all the positions and by the stage of the game; then the
 * most likely scale that grows exponentially with the pawns in hand, as
 * the grader's does, and its log loss.  The figures went in
 * bench/README.md ("Black-Pot valued by its evaluation") and chose
 * ESTIMATE_BLACK_POT_SCALE and ESTIMATE_BLACK_POT_GROWTH.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "values/black_pot_eval.h"
#include "values/estimate.h"

#define MOST 100000	/* positions */
#define STAGES 3	/* by the fewer pawns in hand: 27-40, 14-26, 0-13 */

struct scored {
	double score, result;
	int stage, pawns;	/* pawns: the fewer of the two sides' in hand */
};

static struct scored seen[MOST];
static int count;

/* The legal move of `state` whose delta is best for its side, or at
 * random one time in four. */
static int pick(const struct black_pot_eval *eval,
		struct black_pot_eval_board *board, const void *state,
		uint64_t *stream)
{
	int ids[GAME_MAX_MOVES], n = arena_black_pot_rules.moves(state, ids);
	int side = arena_black_pot_rules.to_move(state) % 2, best = 0;
	double top = -1e300;

	if (arena_splitmix64(stream) % 4 == 0)
		return ids[arena_splitmix64(stream) % (uint64_t)n];
	for (int i = 0; i < n; i++) {
		int cells[3], k = arena_black_pot_move_cells(ids[i], cells);
		double d = black_pot_eval_delta(eval, board, side, cells, k);

		if (d > top) {
			top = d;
			best = i;
		}
	}
	return ids[best];
}

/* Plays game g, scoring its positions into seen[]. */
static void play(const struct black_pot_rolls *rolls, int g)
{
	unsigned char key[32] = {(unsigned char)g, (unsigned char)(g >> 8), 9};
	cJSON *options = cJSON_Parse("{\"layout\":\"fixed\"}");
	struct game_setup setup = {.players = 2, .first_seat = g % 2,
				   .options = options};
	struct black_pot_eval_board board;
	struct black_pot_eval eval;
	struct draws draws;
	char err[GAME_ERR_LEN];
	uint64_t stream = (uint64_t)g * 0x9e3779b97f4a7c15u + 1;
	int first = count, seat[MOST], dice[3];
	double share[GAME_MAX_SEATS];
	void *state;

	arena_draws_init(&draws, key, NULL, NULL);
	if (!(state = arena_black_pot_rules.create(&setup, &draws, err)))
		abort();
	cJSON_Delete(options);
	black_pot_eval_board_of(state, &board);
	black_pot_eval_init(&eval, &board, rolls);
	while (arena_black_pot_rules.to_move(state) >= 0) {
		int me = arena_black_pot_rules.to_move(state);

		black_pot_eval_board_of(state, &board);
		if (black_pot_eval_roll(state, dice) && count < MOST) {
			int fewer = board.pawns[0] < board.pawns[1] ?
					    board.pawns[0] : board.pawns[1];

			seat[count - first] = me;
			seen[count++] = (struct scored){
				.score = black_pot_eval_value(&eval, &board, me),
				.stage = fewer > 26 ? 0 : fewer > 13 ? 1 : 2,
				.pawns = fewer};
		}
		arena_black_pot_rules.apply_move(
			state, pick(&eval, &board, state, &stream), &draws);
	}
	estimate_result(&arena_black_pot_rules, 2, state, share);
	for (int i = first; i < count; i++)
		seen[i].result = share[seat[i - first]];
	arena_black_pot_rules.destroy(state);
}

/* The log-likelihood of the results of stage `stage` (STAGES: all) under
 * the logistic of scale `scale` at 20 pawns in hand, times e every
 * 1 / `growth` pawns more; how many positions into *n. */
static double likelihood(int stage, double scale, double growth, int *n)
{
	double sum = 0;

	*n = 0;
	for (int i = 0; i < count; i++) {
		double at = scale * exp(growth * (seen[i].pawns - 20));
		double p = 1 / (1 + exp(-seen[i].score / at));

		if (stage < STAGES && seen[i].stage != stage)
			continue;
		p = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
		sum += seen[i].result * log(p) + (1 - seen[i].result) * log(1 - p);
		++*n;
	}
	return sum;
}

/* Prints the most likely scale of stage `stage`, to 1%, between 5 and
 * 5000 points. */
static void fit(int stage, const char *name)
{
	double best = 5, top = -1e300;
	int n;

	for (double s = 5; s < 5000; s *= 1.01) {
		double l = likelihood(stage, s, 0, &n);

		if (l > top) {
			top = l;
			best = s;
		}
	}
	printf("%s: scale %.0f, log loss %.3f (a coin's %.3f) over %d "
	       "positions\n", name, best, n ? -top / n : 0, log(2), n);
}

/* Prints the most likely scale at 20 pawns in hand (to 1%) and growth
 * (to 0.002 a pawn) of all the positions. */
static void fit_growth(void)
{
	double best = 5, best_growth = 0, top = -1e300;
	int n;

	for (double g = 0; g < 0.12; g += 0.002)
		for (double s = 20; s < 500; s *= 1.01) {
			double l = likelihood(STAGES, s, g, &n);

			if (l > top) {
				top = l;
				best = s;
				best_growth = g;
			}
		}
	printf("growing with the pawns in hand: scale %.1f at 20, times e "
	       "every %.1f more (growth %.3f), log loss %.3f\n", best,
	       1 / best_growth, best_growth, n ? -top / n : 0);
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 400;
	struct black_pot_rolls rolls;

	if (games < 1) {
		fputs("usage: bench/black_pot_values [GAMES]\n", stderr);
		return 2;
	}
	black_pot_rolls_init(&rolls);
	for (int g = 0; g < games; g++)
		play(&rolls, g);
	fit(STAGES, "all");
	fit(0, "27 to 40 pawns in hand");
	fit(1, "14 to 26 pawns in hand");
	fit(2, "13 or fewer pawns in hand");
	fit_growth();
	return 0;
}

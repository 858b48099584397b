/*
 * How near the grader's estimated Rolit values come to the exact ones
 * (`bench/rolit_values [EMPTIES[,EMPTIES...] [GAMES]]`, default 16 and
 * 300): positions of two-player 8x8 games played by the greedy rule, a
 * quarter of the moves at random, to EMPTIES empty squares (each of them,
 * pooled), whose ends the grader's search solves (values/estimate_end.h); each action valued by the
 * grader's former playouts (128 of the greedy rule, every other move at
 * random) and by the search of each depth (values/estimate_search.h: the
 * position after the action searched so many plies, its score on a
 * logistic whose scale is fitted here, by the most likelihood of the
 * exact values), and compared with its exact value.  Positions whose
 * actions are all worth the same are left out.  The figures went in
 * bench/README.md ("Rolit's middle game searched"), and chose
 * ESTIMATE_SEARCH_DEPTH and ESTIMATE_SEARCH_SCALE.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "values/estimate.h"
#include "values/estimate_end.h"
#include "values/estimate_search.h"
#include "values/rolit_search.h"
#include "rolit_greedy.h"

#define PLAYOUTS 128
#define DEPTHS 6		/* the search of 0 to 5 plies */
#define ROWS (DEPTHS + 1)	/* and the playouts, row 0 */
#define MOST 1000		/* positions */

/* A position's actions: exact values and each row's score or value, for
 * the seat to move. */
struct rated {
	int n;
	double exact[GAME_MAX_MOVES];
	double est[ROWS][GAME_MAX_MOVES];
	int score[DEPTHS][GAME_MAX_MOVES];	/* the other seat's, after */
};

static struct rated rated[MOST];
static double seconds[ROWS];

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

/* The seat to move's value of `move` at `s` by the former playouts. */
static double played_out(const struct game_rules *rules, const void *s,
			 int move, void *copy)
{
	int me = rules->to_move(s);
	double sum = 0;

	for (int k = 0; k < PLAYOUTS; k++) {
		uint64_t stream = 77 * (uint64_t)k + 5;

		memcpy(copy, s, rules->state_size);
		rules->apply_move(copy, move, NULL);
		sum += 1 - rolit_greedy_playout(copy, 1 - me, 2, &stream);
	}
	return sum / PLAYOUTS;
}

/* Each row's view of the n actions at `s` into r. */
static void estimate_all(const struct game_rules *rules, const void *s,
			 void *copy, struct rated *r)
{
	int me = rules->to_move(s), moves[GAME_MAX_MOVES];
	struct rolit_eval_pos p = rolit_eval_pos_of(s, me);
	clock_t t = clock();

	rules->moves(s, moves);
	for (int i = 0; i < r->n; i++)
		r->est[0][i] = played_out(rules, s, moves[i], copy);
	seconds[0] += (double)(clock() - t) / CLOCKS_PER_SEC;
	for (int d = 0; d < DEPTHS; d++) {
		t = clock();
		for (int i = 0; i < r->n; i++)
			r->score[d][i] = rolit_search_score(rolit_eval_play(
				p, 1ULL << (moves[i] / p.size * 8 + moves[i] % p.size)), d);
		seconds[d + 1] += (double)(clock() - t) / CLOCKS_PER_SEC;
	}
}

/* Rates `s` into r; false when its actions are all worth the same. */
static bool position_rated(const struct game_rules *rules, const void *s,
			   void *room, void *copy, struct rated *r)
{
	struct estimate_action ex[GAME_MAX_MOVES];
	int me = rules->to_move(s);
	double best = 0, worst = 1;

	r->n = estimate_end_actions(rules, s, room, ex);
	for (int i = 0; i < r->n; i++) {
		r->exact[i] = ex[i].chance[me];
		best = fmax(best, r->exact[i]);
		worst = fmin(worst, r->exact[i]);
	}
	if (best == worst)
		return false;
	estimate_all(rules, s, copy, r);
	return true;
}

/* The log-likelihood of the exact values under depth d's scores on the
 * logistic of `scale`. */
static double likelihood(int m, int d, double scale)
{
	double sum = 0;

	for (int k = 0; k < m; k++)
		for (int i = 0; i < rated[k].n; i++) {
			double q = estimate_search_chance(rated[k].score[d][i], scale);
			double y = 1 - rated[k].exact[i];

			q = fmin(fmax(q, 1e-12), 1 - 1e-12);
			sum += y * log(q) + (1 - y) * log(1 - q);
		}
	return sum;
}

/* The scale of depth d's logistic of most likelihood, to a tenth; its
 * values into each position's row d + 1. */
static double fit(int m, int d)
{
	double scale = 1, most = -INFINITY;

	for (double s = 1; s <= 100; s += 0.1) {
		double l = likelihood(m, d, s);

		if (l > most) {
			most = l;
			scale = s;
		}
	}
	for (int k = 0; k < m; k++)
		for (int i = 0; i < rated[k].n; i++)
			rated[k].est[d + 1][i] =
				1 - estimate_search_chance(rated[k].score[d][i], scale);
	return scale;
}

/* Row `row`'s figures over the m positions. */
static void report(int m, int row, const char *name)
{
	double error = 0, regret = 0, charged = 0;
	int hits = 0, actions = 0;

	for (int k = 0; k < m; k++) {
		const struct rated *r = &rated[k];
		const double *est = r->est[row];
		double best = 0, sum = 0;
		int arg = 0, tied = 0;

		for (int i = 0; i < r->n; i++) {
			error += fabs(est[i] - r->exact[i]);
			best = fmax(best, r->exact[i]);
			arg = est[i] > est[arg] ? i : arg;
		}
		for (int i = 0; i < r->n; i++)
			if (r->exact[i] == best) {
				sum += est[arg] - est[i];
				tied++;
			}
		regret += best - r->exact[arg];
		hits += r->exact[arg] == best;
		charged += sum / tied;
		actions += r->n;
	}
	printf("%-26s value error %.3f, best exactly best %5.1f%%, exact "
	       "regret %.3f, loss charged to an exactly best action %.3f, "
	       "%.3f ms a position\n", name, error / actions, 100.0 * hits / m,
	       regret / m, charged / m, 1000 * seconds[row] / m);
}

/* Rates the positions of `games` games at `empties` empty squares from
 * rated[m] on; the count rated after them. */
static int rate_games(const cJSON *options, int games, int empties, int m)
{
	const struct game_rules *rules = &arena_rolit_rules;
	void *room = estimate_end_room(rules), *copy = malloc(rules->state_size);

	for (int g = 0; g < games && copy && m < MOST; g++) {
		void *s = position(rules, options, g, empties);

		if (s && position_rated(rules, s, room, copy, &rated[m]))
			m++;
		if (s)
			rules->destroy(s);
	}
	free(copy);
	free(room);
	return m;
}

int main(int argc, char **argv)
{
	const char *empties = argc > 1 ? argv[1] : "16";
	int games = argc > 2 ? atoi(argv[2]) : 300, m = 0;
	cJSON *options = cJSON_Parse("{\"size\":8}");

	for (const char *at = empties; *at;) {
		char *end;
		int each = (int)strtol(at, &end, 10);

		if (end == at)
			break;
		m = rate_games(options, games, each, m);
		at = *end == ',' ? end + 1 : end;
	}
	printf("%s empty squares: %d positions of %d games with actions of "
	       "unequal exact values\n", empties, m, games);
	if (m)
		report(m, 0, "playouts (the former)");
	for (int d = 0; d < DEPTHS && m; d++) {
		char name[64];
		double scale = fit(m, d);

		snprintf(name, sizeof name, "search %d plies, scale %.1f:", d, scale);
		report(m, d + 1, name);
	}
	cJSON_Delete(options);
	return 0;
}

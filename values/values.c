/*
 * The values of one game opened (values.h): which games have exact values,
 * and where their tables come from: built into the library at the default
 * target, read from the cache, or solved here (and written to the cache).
 * Then the values of a state of two-player bolo or bolo5: where its turn
 * starts as the tables see it (struct win_spot), that turn solved
 * (dice_policy.h), and from it what each legal action is worth to the
 * seat to move.  The other seat's chance is the rest: the game is zero
 * sum, a draw counting half.  Every value is the turn solver's own, so
 * that a bot playing the solver's best play (win-bot) loses nothing.
 */
#include "values.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dice_rolls.h"
#include "estimate_result.h"
#include "games/registry.h"
#include "games/support.h"
#include "values_file.h"
#include "values_tables.h"
#include "win_policy.h"

/* A turn is solved once per spot where it starts
 * (win_policy_turn_values(), a tenth of a millisecond or more), in rows
 * kept from turn to turn: a game's decisions come a turn at a time, and
 * spots come again from game to game (each starts at 0 to 0), so up to
 * 2048 turns solved are kept, one a hash of its spot, their values only
 * and only below the row `settled` (about 36 MB at most for bolo to
 * 10,000). */
#define VALUES_TURNS 2048	/* turns kept solved */

struct values_solved {
	bool used;
	struct win_spot at;
	struct win_turn turn;
};

struct values {
	const struct game_rules *rules;
	struct win_policy model;	/* its tables: built in, solved or read */
	char how[VALUES_HOW_LEN];
	struct values_solved solved[VALUES_TURNS];
	struct dice_policy_work *work;	/* the solver's rows, once made */
};

/* Bolo's own numbers (games/bolo.c, bolo_numbers(); docs/ENVIRONMENT.md)
 * with two players: each seat opened, the phase (play, final round,
 * sudden death, over), the leader, its score, the seats owed the final
 * round, the contenders, then the sudden-death turns played. */
enum { BOLO_FINAL_ROUND = 3, BOLO_SUDDEN_DEATH = 4, BOLO_TURNS = 12,
       BOLO_NUMBERS = 13 };

/* Where the turn of the seat to move started. */
static struct win_spot values_spot(const struct values *v,
				   const struct dice_game *g)
{
	int me = g->to_move;
	struct win_spot s = {
		.phase = WIN_PLAY, .mine = g->score[me], .theirs = g->score[1 - me],
	};
	double own[BOLO_NUMBERS];

	if (v->model.game.rules != DICE_BOLO ||
	    g->hooks->numbers(g, me, NULL) != BOLO_NUMBERS)
		return s;
	g->hooks->numbers(g, me, own);
	if (own[BOLO_FINAL_ROUND] > 0) {
		s.phase = WIN_FINAL;	/* theirs: the leader's score */
	} else if (own[BOLO_SUDDEN_DEATH] > 0) {
		s.phase = WIN_SUDDEN;
		s.turns = (int)own[BOLO_TURNS];
	}
	return s;
}

/* The entry of solved[] that holds spot s if any holds it: a hash of
 * the spot (the turns kept are a direct-mapped cache). */
static struct values_solved *values_slot(struct values *v,
					 const struct win_spot *s)
{
	uint64_t k = (uint64_t)s->mine * 0x9e3779b97f4a7c15u ^
		     (uint64_t)s->theirs * 0xc2b2ae3d27d4eb4fu ^
		     (uint64_t)(s->phase * WIN_SUDDEN_TURNS + s->turns) *
			     0x165667b19e3779f9u;

	return &v->solved[(k ^ k >> 31) % VALUES_TURNS];
}

/* The turn starting at spot s, solved once while it is kept. */
static const struct dice_policy_turn *values_turn(struct values *v,
						  const struct win_spot *s)
{
	struct values_solved *e = values_slot(v, s);

	if (e->used && win_spot_same(&e->at, s))
		return &e->turn.turn;
	if (e->used)
		win_policy_turn_free(&e->turn);
	e->used = true;
	e->at = *s;
	if (!v->work)
		v->work = dice_policy_work_new(&v->model.game);
	win_policy_turn_values(&v->model, s, v->work, &e->turn);
	return &e->turn.turn;
}

/* Frees the turns kept solved and the solver's rows. */
static void values_turn_free(struct values *v)
{
	for (int i = 0; i < VALUES_TURNS; i++)
		if (v->solved[i].used)
			win_policy_turn_free(&v->solved[i].turn);
	memset(v->solved, 0, sizeof v->solved);
	dice_policy_work_free(v->work);
	v->work = NULL;
}

/* Roll e of the table of n dice, rolled at `total`: its best keep. */
static double values_entry(const struct dice_policy_turn *t, int n,
			   long total, int e)
{
	const struct roll_table *r = &t->game->roll[n];
	const struct roll_entry *en = &r->entry[e];
	double best = dice_policy_turn_after(t, n, total, &r->keep[en->first]);

	for (int k = en->first + 1; k < en->first + en->keeps; k++) {
		double after = dice_policy_turn_after(t, n, total, &r->keep[k]);

		if (after > best)
			best = after;
	}
	return best;
}

/* Rolling n dice (0: all) at `total`: the solver's value where it solved
 * the turn; from the row `settled` on, where it holds only a bound that a
 * bank beats (dice_policy.h), one roll ahead: each roll's best keep,
 * whose banks there are exact. */
static double values_roll(const struct dice_policy_turn *t, int n, long total)
{
	const struct roll_table *r;
	double value;

	if (n <= 0)
		n = t->game->dice;
	if (total / DICE_POLICY_STEP < t->settled)
		return dice_policy_turn_roll(t, n, total);
	r = &t->game->roll[n];
	value = r->bust * t->bust;
	for (int e = 0; e < r->rolls; e++)
		value += r->entry[e].p * values_entry(t, n, total, e);
	return value;
}

int values_actions(struct values *v, const void *state,
		   struct values_action *out)
{
	const struct dice_game *g = state;
	struct win_spot s = values_spot(v, g);
	const struct dice_policy_turn *t = values_turn(v, &s);
	int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);

	for (int i = 0; i < n; i++) {
		/* moves() lists the roll's keeps first, in g->set's order */
		int word = g->rolled && i < g->sets ?
			-1 - i : arena_dice_game_legal_word(g, moves[i]);

		out[i] = (struct values_action){.move = moves[i],
						.chance = word >= 0};
		if (word == DICE_BANK) {
			out[i].value = dice_policy_turn_bank(t, g->turn);
		} else if (word == DICE_ROLL) {
			out[i].value = values_roll(t, g->left, g->turn);
		} else if (word < 0) {
			struct roll_keep k = dice_rolls_keep_of(
				v->model.game.rules, g->roll, &g->set[-1 - word]);

			out[i].value = dice_policy_turn_after(t, g->rolled,
							      g->turn, &k);
		}
	}
	return n;
}

void values_split(double chance[VALUES_SEATS], int me, double value)
{
	chance[me] = value;
	chance[1 - me] = 1 - value;
}

void values_state(struct values *v, const void *state,
		  double chance[VALUES_SEATS])
{
	const struct dice_game *g = state;
	struct values_action a[GAME_MAX_MOVES];
	int n;
	double best;

	if (g->to_move < 0) {	/* the result: a draw counts half */
		double shares[GAME_MAX_SEATS];

		estimate_result(v->rules, VALUES_SEATS, state, shares);
		memcpy(chance, shares, VALUES_SEATS * sizeof *chance);
		return;
	}
	n = values_actions(v, state, a);
	best = a[0].value;
	for (int i = 1; i < n; i++)
		if (a[i].value > best)
			best = a[i].value;
	values_split(chance, g->to_move, best);
}

void values_start(struct values *v, int first, double chance[VALUES_SEATS])
{
	struct win_spot s = {.phase = WIN_PLAY};

	values_split(chance, first, values_roll(values_turn(v, &s), 0, 0));
}

/* Whether `move` is one of the rules' moves at `state`. */
static bool values_legal(const struct values *v, const void *state, int move)
{
	int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);

	for (int i = 0; i < n; i++)
		if (moves[i] == move)
			return true;
	return false;
}

int values_outcomes(struct values *v, const void *state, int move,
		    struct values_outcome *out, long *of)
{
	const struct dice_game *g = state;
	const struct dice_policy_turn *t;
	const struct roll_table *r;
	struct win_spot s;
	int count[DICE_FACES + 1] = {0}, n = g->left, outcomes = 0;

	if (g->to_move < 0 || !values_legal(v, state, move) ||
	    arena_dice_game_legal_word(g, move) != DICE_ROLL)
		return -1;
	s = values_spot(v, g);
	t = values_turn(v, &s);
	r = &t->game->roll[n];
	*of = 1;
	for (int i = 0; i < n; i++)
		*of *= DICE_FACES;
	count[1] = n;
	do {
		struct values_outcome *o = &out[outcomes++];
		int e = dice_rolls_entry(r, count);

		memcpy(o->count, count, sizeof o->count);
		/* in how many of the 6^n ways: an integer a double holds */
		o->ways = lround(dice_rolls_probability(count, n) * (double)*of);
		/* nothing to set aside: the turn is lost */
		values_split(o->chance, g->to_move,
			     e < 0 ? t->bust : values_entry(t, n, g->turn, e));
	} while (dice_rolls_next(count));
	return outcomes;
}

/* The tables of a target past this one would take many minutes of one
 * core to solve (about the square of the target; docs/ANALYSIS.md). */
#define VALUES_MAX_TARGET 25000

/* Why `game` with these options and players has no exact values, in err
 * (false); or true, with the target as the tables count it (scores are
 * multiples of 50: a target between two counts as the one above). */
static bool values_exact(const char *game, const cJSON *options, int players,
			 long *target, char *err)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(options, "target");
	const char *clause = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(options, "yahtzee_clause"));

	/* A log's header is read before it verifies: any number may be here,
	 * and one past a long's range must not be cast. */
	double want = cJSON_IsNumber(t) ? t->valuedouble : 10000;
	bool in_range = want >= DICE_POLICY_STEP && want <= VALUES_MAX_TARGET;

	*target = in_range ? ((long)want + DICE_POLICY_STEP - 1) /
				     DICE_POLICY_STEP * DICE_POLICY_STEP : 0;
	if (strcmp(game, "bolo") && strcmp(game, "bolo5"))
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s: only "
			 "two-player bolo and bolo5 have them", game);
	else if (players != VALUES_SEATS)
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s with %d "
			 "players: only two-player games have them", game,
			 players);
	else if (clause && strcmp(clause, "off"))
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s with the "
			 "Yahtzee clause: the tables are solved without it",
			 game);
	else if (!in_range)
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s to a "
			 "target of %g: the tables go from %d to %d", game, want,
			 DICE_POLICY_STEP, VALUES_MAX_TARGET);
	else
		return true;
	return false;
}

/* Solves the tables of v->model, timed in v->how. */
static void values_solve(struct values *v)
{
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	win_policy_solve(&v->model);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	snprintf(v->how, sizeof v->how,
		 "exact: tables to %ld solved now in %.1f s", v->model.target,
		 (double)(t1.tv_sec - t0.tv_sec) +
			 (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
}

/* The tables of the model just initialised, from wherever they are. */
static int values_tables(struct values *v, const char *game, const char *cache,
			 char *err)
{
	if (v->model.target == values_tables_target) {
		bool bolo = v->model.game.rules == DICE_BOLO;

		win_policy_free(&v->model);
		win_policy_load(&v->model, game, values_tables_target,
				bolo ? values_tables_bolo_play :
				       values_tables_bolo5_play,
				bolo ? values_tables_bolo_final : NULL,
				bolo ? values_tables_bolo_sudden : NULL);
		snprintf(v->how, sizeof v->how, "exact: tables to %ld built in",
			 values_tables_target);
		return 0;
	}
	if (cache && values_file_read(&v->model, cache) == 0) {
		char path[4096];

		values_file_path(&v->model, cache, path, sizeof path);
		snprintf(v->how, sizeof v->how, "exact: tables to %ld read from %s",
			 v->model.target, path);
		return 0;
	}
	values_solve(v);
	/* Tables not kept are solved again next time, but right: said, not
	 * an error. */
	if (cache && values_file_write(&v->model, cache, err)) {
		size_t len = strlen(v->how);

		snprintf(v->how + len, sizeof v->how - len, " (not kept: %s)", err);
	}
	return 0;
}

struct values *values_open(const char *game, const cJSON *options,
			   int players, const char *cache, char *err)
{
	struct values *v;
	long target;

	if (!values_exact(game, options, players, &target, err))
		return NULL;
	v = arena_games_xcalloc(1, sizeof *v);
	v->rules = arena_game_find(game);
	if (win_policy_init(&v->model, game, target, WIN_CAP) < 0 ||
	    values_tables(v, game, cache, err) < 0) {
		values_close(v);
		return NULL;
	}
	return v;
}

void values_close(struct values *v)
{
	if (!v)
		return;
	values_turn_free(v);
	win_policy_free(&v->model);
	free(v);
}

const char *values_how(const struct values *v)
{
	return v->how;
}

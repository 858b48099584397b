/*
 * The values of two players' own play (values.h, values_open_own()): the
 * tables of own_play.h for the choices learned from each player's counted
 * decisions, and from them what values_turn.c gives for the best play:
 * each legal action's value for the seat to move, a state's value (the
 * action its player's choices tell, the best where they tell none) and
 * each outcome of a roll.  A turn is solved for its player at each spot
 * it starts from, the last OWN_KEPT kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "own_policy.h"
#include "values_turn.h"

#define OWN_KEPT 512	/* turns kept solved, one a hash of spot and player */

struct values_own_turn {
	bool used;
	int player;
	struct win_spot at;
	struct win_turn turn;
};

struct values_own {
	struct own_play play;
	struct own_choices choices[2][OWN_OPENED][OWN_PHASES];
	int player[VALUES_SEATS];	/* the player at each seat */
	struct values_own_turn kept[OWN_KEPT];
};

static const struct own_choices *own_choices_at(const struct values_own *o,
						int player,
						const struct win_spot *s)
{
	return o->play.choices[player][own_play_opened(s)][s->phase];
}

/* The turn of the seat to move at g, solved for its player. */
static const struct dice_policy_turn *own_turn(struct values *v,
					       const struct dice_game *g,
					       const struct own_choices **c)
{
	struct values_own *o = v->own;
	struct win_spot s = values_spot(v, g);
	int player = o->player[g->to_move];
	uint64_t k = (uint64_t)s.mine * 0x9e3779b97f4a7c15u ^
		     (uint64_t)s.theirs * 0xc2b2ae3d27d4eb4fu ^
		     (uint64_t)(s.phase * WIN_SUDDEN_TURNS + s.turns) * 0x165667b19e3779f9u ^
		     (uint64_t)player;
	struct values_own_turn *e = &o->kept[(k ^ k >> 31) % OWN_KEPT];

	*c = own_choices_at(o, player, &s);
	if (e->used && e->player == player && e->at.phase == s.phase &&
	    e->at.mine == s.mine && e->at.theirs == s.theirs && e->at.turns == s.turns)
		return &e->turn.turn;
	if (e->used)
		win_policy_turn_free(&e->turn);
	*e = (struct values_own_turn){.used = true, .player = player, .at = s};
	own_play_turn(&o->play, player, &s, &e->turn);
	return &e->turn.turn;
}

/* The row of `total` as turn t counts it: totals past its last row count
 * as that one (dice_policy.h). */
static int own_row(const struct dice_policy_turn *t, long total)
{
	long i = total / DICE_POLICY_STEP;

	return i < t->steps ? (int)i : t->steps;
}

/* The player's choice after a keep leaving `left` dice at `total`: 1
 * banks, 0 rolls on, -1 not told (own_turn.c reads the same). */
static int own_bank_told(const struct dice_policy_turn *t,
			 const struct own_choices *c, int left, long total)
{
	int i = own_row(t, total);

	return c && c->bank && i < c->rows ? c->bank[left * c->rows + i] : -1;
}

/* The player's keep of entry `entry` of r at `total` (its index among the
 * entry's), or -1 not told: below the row `settled` only, where
 * own_turn.c solves the turn's states. */
static int own_keep_told(const struct dice_policy_turn *t,
			 const struct own_choices *c,
			 const struct roll_table *r, long total, int entry)
{
	int i = own_row(t, total);

	return c && c->keep[r->n] && i < c->rows && i < t->settled && entry >= 0 ?
		c->keep[r->n][(size_t)i * (size_t)r->rolls + (size_t)entry] : -1;
}

/* Having set aside k out of n dice rolled at `total`: bank or roll on as
 * the player's choices tell, else whichever is worth more. */
static double own_after(const struct dice_policy_turn *t,
			const struct own_choices *c, int n, long total,
			const struct roll_keep *k)
{
	int left = n - k->dice;
	long after = total + k->points;
	double roll = dice_policy_turn_roll(t, left, after), bank;
	int told;

	if (after < t->threshold || !dice_policy_may_follow(t->game, left, k->quiet))
		return roll;
	bank = dice_policy_turn_bank(t, after);
	told = own_bank_told(t, c, left, after);
	if (told >= 0)
		return told ? bank : roll;
	return bank > roll ? bank : roll;
}

/* Entry e of n dice rolled at `total`: the keep the player takes, the
 * best of the entry's where its choices tell none (as own_turn.c). */
static double own_entry(const struct dice_policy_turn *t,
			const struct own_choices *c, int n, long total, int e)
{
	const struct roll_table *r = &t->game->roll[n];
	const struct roll_entry *en = &r->entry[e];
	int told = own_keep_told(t, c, r, total, e);
	double best;

	if (told >= 0 && told < en->keeps)
		return own_after(t, c, n, total, &r->keep[en->first + told]);
	best = own_after(t, c, n, total, &r->keep[en->first]);
	for (int k = en->first + 1; k < en->first + en->keeps; k++) {
		double v = own_after(t, c, n, total, &r->keep[k]);

		if (v > best)
			best = v;
	}
	return best;
}

/* Rolling n dice (0: all) at `total`: the solved value below the row
 * `settled`, from it on one roll ahead. */
static double own_roll(const struct dice_policy_turn *t,
		       const struct own_choices *c, int n, long total)
{
	const struct roll_table *r;
	double value;

	if (n <= 0)
		n = t->game->dice;
	if (own_row(t, total) < t->settled)
		return dice_policy_turn_roll(t, n, total);
	r = &t->game->roll[n];
	value = r->bust * t->bust;
	for (int e = 0; e < r->rolls; e++)
		value += r->entry[e].p * own_entry(t, c, n, total, e);
	return value;
}

/* An outcome of rolling n dice at `total`: its value. */
static double own_roll_outcome(const struct dice_policy_turn *t,
			       const struct own_choices *c,
			       const int count[DICE_FACES + 1], int n, long total)
{
	int entry = dice_rolls_entry(&t->game->roll[n], count);

	return entry < 0 ? t->bust : own_entry(t, c, n, total, entry);
}

int values_own_actions(struct values *v, const void *state,
		       struct values_action *out)
{
	const struct dice_game *g = state;
	const struct own_choices *c;
	const struct dice_policy_turn *t = own_turn(v, g, &c);
	int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);

	for (int i = 0; i < n; i++) {
		int word = g->rolled && i < g->sets ?
			-1 - i : arena_dice_game_legal_word(g, moves[i]);

		out[i] = (struct values_action){.move = moves[i],
						.chance = word >= 0};
		if (word == DICE_BANK) {
			out[i].value = dice_policy_turn_bank(t, g->turn);
		} else if (word == DICE_ROLL) {
			out[i].value = own_roll(t, c, g->left, g->turn);
		} else if (word < 0) {
			struct roll_keep k = dice_rolls_keep_of(
				v->model.game.rules, g->roll, &g->set[-1 - word]);

			out[i].value = own_after(t, c, g->rolled, g->turn, &k);
		}
	}
	return n;
}

/* The index among out[0..n) of the action the player's choices tell at
 * g, or -1: at a roll, the keep told (of the sets that make it, the one
 * worth most); after a keep, a bank or a roll on. */
static int own_told_action(const struct values *v, const struct dice_game *g,
			   const struct dice_policy_turn *t,
			   const struct own_choices *c,
			   const struct values_action *out, int n)
{
	int pick = -1;

	if (g->rolled) {
		const struct roll_table *r = &v->model.game.roll[g->rolled];
		int entry = dice_rolls_entry(r, g->roll);
		int told = own_keep_told(t, c, r, g->turn, entry);

		for (int i = 0; i < g->sets && i < n && told >= 0; i++) {
			struct roll_keep k = dice_rolls_keep_of(
				v->model.game.rules, g->roll, &g->set[i]);

			if (dice_rolls_keep_index(r, v->model.game.rules, entry, &k) == told &&
			    (pick < 0 || out[i].value > out[pick].value))
				pick = i;
		}
		return pick;
	}
	for (int i = 0; i < n; i++) {
		int word = arena_dice_game_legal_word(g, out[i].move);
		int told = own_bank_told(t, c, g->left == g->dice ? 0 : g->left, g->turn);

		if ((word == DICE_BANK && told == 1) || (word == DICE_ROLL && told == 0))
			pick = i;
	}
	return pick;
}

void values_own_state(struct values *v, const void *state,
		      double chance[VALUES_SEATS])
{
	const struct dice_game *g = state;
	struct values_action a[GAME_MAX_MOVES];
	const struct own_choices *c;
	const struct dice_policy_turn *t;
	int n, told;
	double best;

	if (g->to_move < 0) {
		values_result(v, state, chance);
		return;
	}
	n = values_own_actions(v, state, a);
	t = own_turn(v, g, &c);
	told = own_told_action(v, g, t, c, a, n);
	best = a[0].value;
	for (int i = 1; i < n; i++)
		if (a[i].value > best)
			best = a[i].value;
	values_split(chance, g->to_move, told >= 0 ? a[told].value : best);
}

void values_own_start(struct values *v, int first, double chance[VALUES_SEATS])
{
	struct win_spot s = {.phase = WIN_PLAY};
	struct win_turn t;
	int player = v->own->player[first];

	own_play_turn(&v->own->play, player, &s, &t);
	values_split(chance, first,
		     own_roll(&t.turn, own_choices_at(v->own, player, &s), 0, 0));
	win_policy_turn_free(&t);
}

int values_own_outcomes(struct values *v, const void *state, int move,
			struct values_outcome *out, long *of)
{
	const struct dice_game *g = state;
	const struct own_choices *c;
	const struct dice_policy_turn *t;
	int count[DICE_FACES + 1] = {0}, n = g->left, outcomes = 0;

	if (g->to_move < 0 || !values_legal(v, state, move) ||
	    arena_dice_game_legal_word(g, move) != DICE_ROLL)
		return -1;
	t = own_turn(v, g, &c);
	*of = 1;
	for (int i = 0; i < n; i++)
		*of *= DICE_FACES;
	count[1] = n;
	do {
		struct values_outcome *o = &out[outcomes++];

		memcpy(o->count, count, sizeof o->count);
		o->ways = values_ways(count);
		values_split(o->chance, g->to_move,
			     own_roll_outcome(t, c, count, n, g->turn));
	} while (dice_rolls_next(count));
	return outcomes;
}

void values_count(struct values *v, const void *state, int move,
		  struct own_policy *counts)
{
	const struct dice_game *g = state;
	struct win_spot s;
	int word, row;

	if (g->to_move < 0 || !values_legal(v, state, move))
		return;
	s = values_spot(v, g);
	row = (int)(g->turn / DICE_POLICY_STEP);
	word = arena_dice_game_legal_word(g, move);
	if (word < 0 && g->rolled) {
		const struct roll_table *r = &v->model.game.roll[g->rolled];
		int entry = dice_rolls_entry(r, g->roll);
		struct roll_keep k = dice_rolls_keep_of(v->model.game.rules, g->roll,
							&g->set[-1 - word]);

		if (entry >= 0)
			own_policy_keep(counts, own_play_opened(&s), (int)s.phase, g->rolled, row,
					entry, dice_rolls_keep_index(r, v->model.game.rules,
								     entry, &k));
	} else if ((word == DICE_BANK || word == DICE_ROLL) && !g->rolled) {
		int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);
		bool both = false;

		for (int i = 0; i < n; i++)
			both |= arena_dice_game_legal_word(g, moves[i]) == DICE_BANK;
		if (both)
			own_policy_bank(counts, own_play_opened(&s), (int)s.phase,
					g->left == g->dice ? 0 : g->left, row,
					word == DICE_BANK);
	}
}

struct values *values_open_own(const char *game, const cJSON *options,
			       int players, const struct own_policy *counts[2],
			       char *err)
{
	struct values *v = values_open(game, options, players, NULL, err);
	const struct own_choices *told[2][OWN_OPENED][OWN_PHASES];
	struct values_own *o;
	struct timespec t0, t1;

	if (!v)
		return NULL;
	o = dice_policy_alloc(1, sizeof *o);
	for (int m = 0; m < 2; m++) {
		own_policy_choices(counts[m], o->choices[m]);
		for (int a = 0; a < OWN_OPENED; a++)
			for (int p = 0; p < OWN_PHASES; p++)
				told[m][a][p] = &o->choices[m][a][p];
	}
	o->player[1] = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	own_play_init(&o->play, game, v->model.target, told);
	own_play_solve(&o->play);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	v->own = o;
	snprintf(v->how, sizeof v->how, "of the two players' own play, learned "
		 "from their decisions: tables to %ld solved now in %.1f s",
		 v->model.target, (double)(t1.tv_sec - t0.tv_sec) +
			 (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return v;
}

void values_seat(struct values *v, const int player[VALUES_SEATS])
{
	memcpy(v->own->player, player, sizeof v->own->player);
}

void values_own_free(struct values_own *o)
{
	if (!o)
		return;
	for (int i = 0; i < OWN_KEPT; i++)
		if (o->kept[i].used)
			win_policy_turn_free(&o->kept[i].turn);
	own_play_free(&o->play);
	for (int m = 0; m < 2; m++)
		for (int a = 0; a < OWN_OPENED; a++)
			for (int p = 0; p < OWN_PHASES; p++)
				own_choices_free(&o->choices[m][a][p]);
	free(o);
}

/*
 * The values of two players' own play (values.h, values_open_own()): the
 * tables of own_play.h for the choices learned from each player's counted
 * decisions (values_count()), and the turns values_turn.c reads them
 * from: a turn solved for its player at each spot it starts from, the
 * last OWN_KEPT kept, with the player's choices there.
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

const struct dice_policy_turn *values_own_turn(struct values *v, int seat,
					       const struct win_spot *s,
					       const struct own_choices **c)
{
	struct values_own *o = v->own;
	int player = o->player[seat];
	struct values_own_turn *e =
		&o->kept[values_spot_slot(s, (uint64_t)player, OWN_KEPT)];

	*c = own_choices_at(o, player, s);
	if (e->used && e->player == player && values_same_spot(&e->at, s))
		return &e->turn.turn;
	if (e->used)
		win_policy_turn_free(&e->turn);
	*e = (struct values_own_turn){.used = true, .player = player, .at = *s};
	own_play_turn(&o->play, player, s, &e->turn);
	return &e->turn.turn;
}

void values_count(struct values *v, const void *state, int move,
		  struct own_policy *counts)
{
	const struct dice_game *g = state;
	struct values_action a[GAME_MAX_MOVES];
	struct win_spot s;
	int word, row, n, taken = -1;
	bool bank = false, best = true;

	if (g->to_move < 0 || v->own)
		return;
	n = values_actions(v, state, a);
	for (int i = 0; i < n; i++) {
		if (a[i].move == move)
			taken = i;
		bank |= arena_dice_game_legal_word(g, a[i].move) == DICE_BANK;
	}
	if (taken < 0)
		return;
	for (int i = 0; i < n; i++)
		best &= a[i].value <= a[taken].value;
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
								     entry, &k), best);
	} else if ((word == DICE_BANK || word == DICE_ROLL) && !g->rolled && bank) {
		own_policy_bank(counts, own_play_opened(&s), (int)s.phase,
				g->left == g->dice ? 0 : g->left, row,
				word == DICE_BANK, best);
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

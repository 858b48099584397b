/*
 * The model of win_policy.h: what banking each total is worth and what
 * losing the turn is worth, from the tables, at each kind of spot, and
 * how far a turn must be solved.  The generator (win_solve.c) and the bot
 * set up every turn here, so that the bot plays the turns the tables
 * were solved with.
 */
#include "win_policy.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"

int win_policy_init(struct win_policy *w, const char *game, long target,
		    long cap)
{
	memset(w, 0, sizeof *w);
	if (target <= 0 || target % DICE_POLICY_STEP || cap <= 0 ||
	    cap % DICE_POLICY_STEP || dice_policy_game_init(&w->game, game) < 0)
		return -1;
	w->target = target;
	w->cap = cap;
	w->opening = arena_dice_game_threshold(w->game.rules, false, 0);
	w->cells = (int)(target / DICE_POLICY_STEP);
	w->gaps = (int)(cap / DICE_POLICY_STEP) + 1;
	return 0;
}

void win_policy_load(struct win_policy *w, const char *game, long target,
		     const double *play, const double *final,
		     const double *sudden)
{
	win_policy_init(w, game, target, WIN_CAP);
	w->play = play;
	w->final = final;
	w->sudden = sudden;
}

void win_policy_free(struct win_policy *w)
{
	free(w->solved);
	dice_policy_game_free(&w->game);
}

long win_policy_threshold(const struct win_policy *w, long mine)
{
	/* A score above 0 was banked: opened, on the board. */
	return arena_dice_game_threshold(w->game.rules, mine > 0, mine);
}

bool win_policy_reachable(const struct win_policy *w, long score)
{
	return score == 0 || score >= w->opening;
}

bool win_policy_covers(const struct win_policy *w, long target,
		       const struct win_spot *s)
{
	if (s->phase != WIN_PLAY)
		return w->game.rules == DICE_BOLO;
	return target == w->target && s->mine >= 0 && s->mine < w->target &&
	       s->mine % DICE_POLICY_STEP == 0 && s->theirs >= 0 &&
	       s->theirs < w->target && s->theirs % DICE_POLICY_STEP == 0;
}

/* table[i] for a lead or deficit of `points` >= 0, counted up to the cap. */
static double win_gap(const struct win_policy *w, const double *table,
		      long points)
{
	return table[points < w->cap ? points / DICE_POLICY_STEP : w->gaps - 1];
}

/* Banking `total` at spot s: the other's chance when their turn starts
 * after it, subtracted from 1. */
static double win_bank(const struct win_policy *w, const struct win_spot *s,
		       long total)
{
	long score = s->mine + total, margin = score - s->theirs;

	switch (s->phase) {
	case WIN_PLAY:
		if (score < w->target)
			return 1 - w->play[s->theirs / DICE_POLICY_STEP *
						   w->cells +
					   score / DICE_POLICY_STEP];
		/* bolo5: a win at once; bolo: their final turn */
		return w->game.rules == DICE_BOLO5 ? 1 :
			1 - win_gap(w, w->final, margin);
	case WIN_FINAL:	/* the leader starts sudden death */
		return margin < 0 ? 0 : 1 - win_gap(w, w->sudden, margin);
	case WIN_SUDDEN:	/* strictly above, or out */
		if (margin <= 0)
			return 0;
		if (s->turns + 1 >= WIN_SUDDEN_TURNS)
			return 0.5;	/* both still in: a draw */
		return 1 - win_gap(w, w->sudden + (s->turns + 1) * w->gaps,
				   margin);
	}
	return 0;
}

/* The first row from which banking is the best play whenever the rules
 * allow it, so the turn need not be solved there: at row i a bank is
 * worth at least any play on when it is worth at least what a roll can
 * bring at best, a bust with the game's least chance of one, else the
 * best of losing the turn and every later bank.  bolo only: in bolo5 a
 * bank also needs a quiet die, which the rows past it do not promise. */
static int win_settled(const struct dice_policy_turn *t, long threshold)
{
	double later = t->bank[t->steps];
	int i = t->steps;

	while (i > 0 && (long)(i - 1) * DICE_POLICY_STEP >= threshold) {
		double best = later > t->bust ? later : t->bust;

		if (t->bank[i - 1] < best - t->game->least_bust *
						     (best - t->bust))
			break;
		i--;
		if (t->bank[i] > later)
			later = t->bank[i];
	}
	return i;
}

/* The turn starting at spot s set up, not solved yet. */
static void win_policy_turn_setup(const struct win_policy *w,
				  const struct win_spot *s, struct win_turn *t)
{
	long deficit = s->theirs - s->mine, last;

	/* The total from which every bank is worth as much as a bank of
	 * more (bolo5: the target, and its threshold, are met), or from
	 * which the lead counts as the cap. */
	switch (s->phase) {
	case WIN_PLAY:
		last = w->target - s->mine;
		if (w->game.rules == DICE_BOLO && deficit + w->cap > last)
			last = deficit + w->cap;
		if (last < win_policy_threshold(w, s->mine))
			last = win_policy_threshold(w, s->mine);
		break;
	default:
		last = deficit + w->cap;
		break;
	}
	t->bank = arena_games_xmalloc(((size_t)(last / DICE_POLICY_STEP) + 1) *
				      sizeof *t->bank);
	/* The opening rule never matters at the end: a bank below the
	 * leader's score (at least the target, 1000 or more) is worth
	 * nothing there, as losing the turn is. */
	t->turn = (struct dice_policy_turn){
		.game = &w->game, .steps = (int)(last / DICE_POLICY_STEP),
		.threshold = s->phase == WIN_PLAY ?
				     win_policy_threshold(w, s->mine) : 0,
		.bank = t->bank,
		.bust = s->phase == WIN_PLAY ?
				1 - w->play[s->theirs / DICE_POLICY_STEP *
						    w->cells +
					    s->mine / DICE_POLICY_STEP] : 0,
	};
	for (int i = 0; i <= t->turn.steps; i++)
		t->bank[i] = win_bank(w, s, (long)i * DICE_POLICY_STEP);
	t->turn.settled = w->game.rules == DICE_BOLO ?
		win_settled(&t->turn, t->turn.threshold) : t->turn.steps;
}

void win_policy_turn(const struct win_policy *w, const struct win_spot *s,
		     struct win_turn *t)
{
	win_policy_turn_setup(w, s, t);
	dice_policy_turn_solve(&t->turn);
}

void win_policy_turn_values(const struct win_policy *w,
			    const struct win_spot *s,
			    struct dice_policy_work *work, struct win_turn *t)
{
	win_policy_turn_setup(w, s, t);
	t->turn.values_only = true;
	dice_policy_turn_solve_in(&t->turn, work);
}

void win_policy_turn_free(struct win_turn *t)
{
	dice_policy_turn_free(&t->turn);
	free(t->bank);
	t->bank = NULL;
}

double win_policy_chance(const struct win_policy *w, const struct win_spot *s)
{
	struct win_turn t;
	double chance;

	win_policy_turn(w, s, &t);
	chance = dice_policy_turn_roll(&t.turn, 0, 0);
	win_policy_turn_free(&t);
	return chance;
}

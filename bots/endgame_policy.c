/*
 * endgame_policy.h: bolo's turns that must reach a score, solved by
 * dice_policy.h with a bank worth 1 at the score and 0 below it; bolo5's
 * winning bank, picked among the keeps before any other, as the points
 * would not always pick it (expect-bot may roll on past the target).
 */
#include "endgame_policy.h"

#include <stdlib.h>

#include "games/support.h"

void endgame_policy_reach(struct endgame_turn *e,
			  const struct dice_policy_game *g, long mine,
			  long need, long threshold)
{
	long rows = (need - mine + DICE_POLICY_STEP - 1) / DICE_POLICY_STEP;

	if (e->bank && e->mine == mine && e->need == need &&
	    e->threshold == threshold && e->turn.game == g)
		return;
	endgame_policy_free(e);
	if (rows < 1)
		rows = 1;
	e->bank = arena_games_xmalloc(((size_t)rows + 1) * sizeof *e->bank);
	for (long i = 0; i <= rows; i++)
		e->bank[i] = mine + i * DICE_POLICY_STEP >= need ? 1 : 0;
	e->mine = mine;
	e->need = need;
	e->threshold = threshold;
	e->turn = (struct dice_policy_turn){
		.game = g, .steps = (int)rows, .settled = (int)rows,
		.threshold = threshold, .bank = e->bank,
	};
	dice_policy_turn_solve(&e->turn);
}

void endgame_policy_free(struct endgame_turn *e)
{
	if (e->bank)
		dice_policy_turn_free(&e->turn);
	free(e->bank);
	e->bank = NULL;
}

/* bolo5: the keep that lets a bank win with the most points, or -1. */
static int endgame_winning_keep(const struct dice_turn *t)
{
	long need = t->view.target - t->view.scores[t->view.you];
	int pick = -1;
	long best = 0;

	for (int i = 0; i < t->view.keep_count; i++) {
		struct roll_keep k = dice_turn_keep(t, i);
		long total = t->view.turn_total + k.points;

		if (k.quiet && total >= t->threshold && total >= need &&
		    (pick < 0 || k.points > best)) {
			pick = i;
			best = k.points;
		}
	}
	return pick;
}

cJSON *endgame_policy_decide(struct endgame_turn *e, struct expect_player *p,
			     const struct dice_turn *t)
{
	int keep;

	if (t->rules == DICE_BOLO && t->must_reach > 0) {
		endgame_policy_reach(e, &p->policy.dice.game,
				     t->view.scores[t->view.you], t->must_reach,
				     t->threshold);
		return expect_policy_play(&e->turn, t);
	}
	if (t->rules == DICE_BOLO5) {
		if (t->view.keep_count == 0 && dice_turn_may(t, "bank") &&
		    t->view.scores[t->view.you] + t->view.turn_total >=
			    t->view.target)
			return dice_turn_word(t, "bank");
		if ((keep = endgame_winning_keep(t)) >= 0)
			return dice_turn_keep_action(t, keep);
	}
	return expect_policy_decide(&p->policy, t);
}

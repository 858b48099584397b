/*
 * win_player.h: which turns the models hold, the spot of a turn from its
 * view, and the turn solved once per spot (a turn's decisions share it).
 */
#include "win_player.h"

#include <stdlib.h>
#include <string.h>

/* The spot of a 2-player turn. */
static struct win_spot win_spot_of(const struct dice_turn *t)
{
	struct win_spot s = {
		.phase = WIN_PLAY, .mine = t->view.scores[t->view.you],
		.theirs = t->view.scores[1 - t->view.you],
	};

	if (t->sudden_turns >= 0) {
		s.phase = WIN_SUDDEN;
		s.turns = t->sudden_turns;
	} else if (t->must_reach > 0) {
		s.phase = WIN_FINAL;
		s.theirs = t->must_reach;
	}
	return s;
}

/* Solves p->turn unless it was solved for this spot: by the model, or
 * (reach) for the chance to bank at.theirs or more, when a bank is worth
 * 1 from that score on and nothing below. */
static void win_player_solve(struct win_player *p, const struct win_spot *s,
			     bool reach, long threshold)
{
	long rows = (s->theirs - s->mine + DICE_POLICY_STEP - 1) /
		    DICE_POLICY_STEP;

	if (p->turn.bank && p->reach == reach &&
	    memcmp(&p->at, s, sizeof *s) == 0)
		return;
	win_policy_turn_free(&p->turn);
	p->at = *s;
	p->reach = reach;
	if (!reach) {
		win_policy_turn(p->model, s, &p->turn);
		return;
	}
	if (rows < 1)
		rows = 1;
	p->turn.bank = malloc(((size_t)rows + 1) * sizeof *p->turn.bank);
	if (!p->turn.bank)
		abort();
	for (long i = 0; i <= rows; i++)
		p->turn.bank[i] =
			s->mine + i * DICE_POLICY_STEP >= s->theirs ? 1 : 0;
	p->turn.turn = (struct dice_policy_turn){
		.game = &p->expect.policy.dice, .steps = (int)rows,
		.settled = (int)rows, .threshold = threshold,
		.bank = p->turn.bank,
	};
	dice_policy_turn_solve(&p->turn.turn);
}

void win_player_start(struct win_player *p, const cJSON *start,
		      const char *bot)
{
	const char *game = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game"));
	int players = cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(start, "players"));

	p->model = NULL;
	if (game && players == 2 && strcmp(game, "bolo") == 0)
		p->model = p->bolo;
	else if (game && players == 2 && strcmp(game, "bolo5") == 0)
		p->model = p->bolo5;
	win_policy_turn_free(&p->turn);
	expect_policy_player_start(&p->expect, start, bot);
}

cJSON *win_player_decide(struct win_player *p, const cJSON *turn,
			 const char *bot)
{
	struct dice_turn t;
	struct win_spot s;

	if (expect_policy_player_turn(&p->expect, turn, &t, bot) < 0)
		return NULL;
	if (p->model) {
		s = win_spot_of(&t);
		if (win_policy_covers(p->model, t.view.target, &s)) {
			win_player_solve(p, &s, false, 0);
			return expect_policy_play(&p->turn.turn, &t);
		}
	}
	if (t.must_reach > 0) {
		s = (struct win_spot){
			.mine = t.view.scores[t.view.you], .theirs = t.must_reach,
		};
		win_player_solve(p, &s, true, t.threshold);
		return expect_policy_play(&p->turn.turn, &t);
	}
	return expect_policy_decide(&p->expect.policy, &t);
}

void win_player_free(struct win_player *p)
{
	win_policy_turn_free(&p->turn);
	if (p->expect.ready)
		expect_policy_free(&p->expect.policy);
}

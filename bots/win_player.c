/*
 * win_player.h: which turns the models hold, the spot of a turn from its
 * view, and the turn solved once per spot (a turn's decisions share it);
 * without a model, bolo's turns that must reach a score as the end-game
 * rule plays them (endgame_policy.h).
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

/* Solves p->turn by the model unless it was solved for this spot. */
static void win_player_solve(struct win_player *p, const struct win_spot *s)
{
	if (p->turn.bank && win_spot_same(&p->at, s))
		return;
	win_policy_turn_free(&p->turn);
	p->at = *s;
	win_policy_turn(p->model, s, &p->turn);
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
	endgame_policy_free(&p->reach);
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
			win_player_solve(p, &s);
			return expect_policy_play(&p->turn.turn, &t);
		}
	}
	if (t.must_reach > 0) {
		endgame_policy_reach(&p->reach, &p->expect.policy.dice.game,
				     t.view.scores[t.view.you], t.must_reach,
				     t.threshold);
		return expect_policy_play(&p->reach.turn, &t);
	}
	return expect_policy_decide(&p->expect.policy, &t);
}

void win_player_free(struct win_player *p)
{
	win_policy_turn_free(&p->turn);
	endgame_policy_free(&p->reach);
	if (p->expect.ready)
		expect_policy_free(&p->expect.policy);
}

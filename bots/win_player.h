/*
 * win-bot's play (win_bot.c), apart from its tables so that the tests can
 * play it through the referee's own rules at any target: with 2 players,
 * the turns of bolo and bolo5 that the models hold are solved at their
 * exact spot (win_policy.h); with more players, a bolo turn that must
 * reach a score (the last turn against the leader, sudden death) is
 * played for the best chance to reach it; everything else as expect-bot
 * plays it (expect_policy.h).
 */
#ifndef BOTS_WIN_PLAYER_H
#define BOTS_WIN_PLAYER_H

#include "endgame_policy.h"
#include "expect_policy.h"
#include "values/win_policy.h"

struct win_player {
	struct expect_player expect;
	const struct win_policy *bolo, *bolo5;	/* the caller's models */
	const struct win_policy *model;	/* this game's, 2 players; or NULL */
	struct win_turn turn;	/* solved by the model at the spot below */
	struct win_spot at;
	struct endgame_turn reach;	/* no model: a turn that must reach a score */
};

/* At the start message of a game (expect_policy_player_start() as `bot`). */
void win_player_start(struct win_player *p, const cJSON *start,
		      const char *bot);
/* The action for a turn message (a new cJSON value), or NULL, after
 * saying so on stderr as `bot`, when the bot cannot play it. */
cJSON *win_player_decide(struct win_player *p, const cJSON *turn,
			 const char *bot);
void win_player_free(struct win_player *p);

#endif

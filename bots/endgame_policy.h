/*
 * The end-game rule on top of expect-bot's turns, for a bot that counts
 * points but must not lose the game at its end by counting them: in
 * bolo, a turn that must reach a score to stay in (the last turn against
 * the leader, sudden death; rule 1.6) is played for the best chance to
 * reach it; in bolo5, a bank that wins (rule 2.1) is taken as soon as the
 * rules allow.  `expect-bot --endgame` plays it; win-bot plays the bolo
 * part where it has no model (more than 2 players).
 */
#ifndef BOTS_ENDGAME_POLICY_H
#define BOTS_ENDGAME_POLICY_H

#include "expect_policy.h"

/* A bolo turn solved for the chance to bank `need` or more from `mine`:
 * a bank is worth 1 from that score on, 0 below, and so is a lost turn. */
struct endgame_turn {
	struct dice_policy_turn turn;
	double *bank;		/* NULL until solved */
	long mine, need, threshold;
};

/* Solves e for the spot unless it was solved for it (a turn's decisions
 * share it). */
void endgame_policy_reach(struct endgame_turn *e,
			  const struct dice_policy_game *g, long mine,
			  long need, long threshold);
void endgame_policy_free(struct endgame_turn *e);

/* The action for the turn t of the game p plays (a new cJSON value):
 * the end-game rule where it applies, else expect-bot's. */
cJSON *endgame_policy_decide(struct endgame_turn *e, struct expect_player *p,
			     const struct dice_turn *t);

#endif

/*
 * expect-bot's play: the turn policy with the most expected points in
 * bolo, bolo5 and volle-lotte (dice_policy.h, vl_policy.h), whatever the
 * scores; win-bot plays it too where it has no table of its own.  Bank
 * thresholds are respected: a turn is solved once per threshold met
 * (values/dice_expect.h).
 */
#ifndef BOTS_EXPECT_POLICY_H
#define BOTS_EXPECT_POLICY_H

#include <stdio.h>

#include "values/dice_expect.h"
#include "dice_turn.h"
#include "values/vl_policy.h"

struct expect_policy {
	char game[16];
	struct dice_expect dice;	/* bolo, bolo5 */
	struct vl_policy vl;	/* volle-lotte */
};

/* A bot's policy for the game being played. */
struct expect_player {
	struct expect_policy policy;
	bool ready;
};

/* At the start message of a game: solves its game unless that is done;
 * false, after saying so on stderr as `bot`, when it is no dice game. */
bool expect_policy_player_start(struct expect_player *p, const cJSON *start,
				const char *bot);
/* Reads a turn of the game started; -1, after saying so on stderr as
 * `bot`, when the bot cannot play it. */
int expect_policy_player_turn(struct expect_player *p, const cJSON *turn,
			      struct dice_turn *t, const char *bot);

/* Solves `game`: 0, or -1 when it is not a dice game. */
int expect_policy_init(struct expect_policy *p, const char *game);
void expect_policy_free(struct expect_policy *p);

/* The best action in bolo or bolo5 for the turn t under the solved turn
 * `turn` (whatever it values): the keep worth most, then bank when a
 * bank is worth at least rolling on.  A new cJSON value. */
cJSON *expect_policy_play(const struct dice_policy_turn *turn,
			  const struct dice_turn *t);

/* The best action for the turn t (a new cJSON value). */
cJSON *expect_policy_decide(struct expect_policy *p,
			    const struct dice_turn *t);

/* Prints the expected points of a turn from its start under the policy:
 * with no threshold in force, with each threshold of the game, and per
 * card for Volle Lotte; 2 decimals. */
void expect_policy_table(struct expect_policy *p, FILE *out);

#endif

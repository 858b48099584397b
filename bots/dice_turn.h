/*
 * What the dice bots (expect-bot, win-bot) read from a turn of bolo,
 * bolo5 or volle-lotte: the common view (arena_games.h) plus the fields a
 * turn policy needs (the seat's bank threshold, Volle Lotte's card and
 * deck), and the actions they answer with.
 */
#ifndef BOTS_DICE_TURN_H
#define BOTS_DICE_TURN_H

#include <stdbool.h>

#include "arena_bot.h"
#include "arena_games.h"
#include "values/dice_rolls.h"
#include "values/vl_policy.h"

struct dice_turn {
	struct arena_dice_view view;
	const cJSON *legal;
	enum dice_rules rules;
	long threshold;		/* the least total the seat may bank now */
	int roll[DICE_FACES + 1];	/* the roll waiting, as counts */
	int card;		/* volle-lotte: enum vl_card, -1 before one */
	int deck[VLC_CARDS];	/* volle-lotte: the cards left */
	bool after_volle;	/* volle-lotte: bank or draw now */
	/* bolo: what the seat must reach to stay in, 0 when nothing is: the
	 * leader's score in its final turn, strictly more than the best
	 * other contender's in sudden death (rule 1.6) */
	long must_reach;
	int sudden_turns;	/* bolo: sudden-death turns played, or -1 */
};

/* Reads the turn of `game`; -1 when it is not a dice game's turn. */
int dice_turn_read(const cJSON *turn, const char *game, struct dice_turn *t);

/* Keep i of the view as the policy sees it (dice, points, quiet). */
struct roll_keep dice_turn_keep(const struct dice_turn *t, int i);

/* The action setting aside keep i: {"keep":[faces]}. */
cJSON *dice_turn_keep_action(const struct dice_turn *t, int i);

/* Whether the word ("bank", "roll", "draw") is legal now. */
bool dice_turn_may(const struct dice_turn *t, const char *word);

/* The word as an action if legal, else the first legal action. */
cJSON *dice_turn_word(const struct dice_turn *t, const char *word);

#endif

/*
 * A person at the terminal as a seat (`referee play rolit human BOT`):
 * a bot_responder that answers the protocol for them, names their colour
 * or side, shows the legal actions of each turn numbered (a keep with the
 * points it is worth), and reads their choice (a number, an action typed
 * out, or a keep's dice in any order) from the input.  The end of input
 * (Ctrl-D) resigns, a forfeit.  It takes no part in the fairness exchange, and has no
 * time limit: the referee waits for the answer.
 */
#ifndef ARENA_HUMAN_H
#define ARENA_HUMAN_H

#include <stdio.h>

#include "bot/bot.h"

/* The word that seats a person in place of a bot command. */
#define HUMAN_COMMAND "human"

struct human {
	const char *name;
	FILE *in, *out;
	struct bot_responder responder;
};

/* `name` must outlive the human. */
void human_init(struct human *h, const char *name, FILE *in, FILE *out);

#endif

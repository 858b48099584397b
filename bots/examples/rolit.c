/*
 * rolit-example-c: plays Rolit greedily with libarena-bot and its game
 * helpers (arena_games.h), as bots/examples/rolit.py does in Python.  Each
 * legal square is tried on a copy of the position with arena_rolit_apply;
 * the bot plays the one that leaves the most balls of its colour on the
 * board (the first in legal order on a tie).
 */
#include <stdio.h>

#include "arena_bot.h"
#include "arena_games.h"

static cJSON *decide(const cJSON *turn, void *ctx)
{
	const cJSON *legal = arena_legal(turn), *square, *best = NULL;
	struct arena_rolit view;
	int most = -1;

	(void)ctx;
	if (arena_rolit_read(arena_state(turn), &view) < 0 || !view.you) {
		fputs("rolit-example-c: the turn has no Rolit view\n", stderr);
		return NULL;
	}
	cJSON_ArrayForEach(square, legal) {
		struct arena_rolit after = view;
		int mine;

		if (arena_rolit_apply(&after, cJSON_GetStringValue(square),
				      view.you) < 0)
			continue;
		mine = arena_rolit_count(&after, view.you);
		if (mine > most) {
			most = mine;
			best = square;
		}
	}
	return best ? cJSON_Duplicate(best, 1) : NULL;
}

int main(void)
{
	static const struct arena_bot_callbacks callbacks = {
		.decide = decide,
	};

	return arena_bot_run("rolit-example-c", "1", &callbacks);
}

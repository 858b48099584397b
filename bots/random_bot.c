/*
 * random-c: the bundled bot that plays every game by picking a uniformly
 * random element of the legal actions of each turn.  It is the baseline
 * of the ladder and the smallest example of a bot built on libarena-bot:
 * the SDK does the protocol and the fairness exchange, this file only
 * decides.
 */
#include <stdio.h>
#include <stdlib.h>

#include <sodium.h>

#include "arena_bot.h"
#include "bot_help.h"

static cJSON *decide(const cJSON *turn, void *ctx)
{
	const cJSON *legal = arena_legal(turn);
	int n = cJSON_GetArraySize(legal);

	(void)ctx;
	if (n <= 0) {
		fputs("random-c: this turn has no legal actions to pick from\n",
		      stderr);
		return NULL;
	}
	/* randombytes_uniform has no modulo bias; arena_bot_run has
	 * already called sodium_init(). */
	return cJSON_Duplicate(cJSON_GetArrayItem(legal,
			       (int)randombytes_uniform((uint32_t)n)), 1);
}

int main(int argc, char **argv)
{
	const struct arena_bot_callbacks cb = { .decide = decide };

	/* Other arguments are ignored: tests mark a bot's command line. */
	if (bot_help(argc, argv, "random-bot   (plays every game with a uniformly random legal action)"))
		return EXIT_SUCCESS;
	return arena_bot_run("random-c", "1", &cb) ? EXIT_FAILURE
						      : EXIT_SUCCESS;
}

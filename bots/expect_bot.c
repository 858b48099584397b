/*
 * expect-bot: plays bolo, bolo5 and volle-lotte with the turn policy of
 * the most expected points (expect_policy.h), solved exactly at start-up.
 * `expect-bot --table [GAME]` prints what a turn is worth under it
 * (docs/bots/expect-bot.md quotes it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "expect_policy.h"

static const char *const expect_games[] = {"bolo", "bolo5", "volle-lotte"};

struct expect_bot {
	struct expect_policy policy;
	bool ready;
};

/* Solves the game when a game of it starts (the first time only). */
static void expect_start(const cJSON *start, void *ctx)
{
	struct expect_bot *bot = ctx;
	const char *game = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game"));

	if (!game || (bot->ready && strcmp(game, bot->policy.game) == 0))
		return;
	if (bot->ready)
		expect_policy_free(&bot->policy);
	bot->ready = expect_policy_init(&bot->policy, game) == 0;
	if (!bot->ready)
		fprintf(stderr, "expect-bot: %s is not a dice game: it plays bolo, bolo5 and volle-lotte\n",
			game);
}

static cJSON *expect_decide(const cJSON *turn, void *ctx)
{
	struct expect_bot *bot = ctx;
	struct dice_turn t;

	if (!bot->ready ||
	    dice_turn_read(turn, bot->policy.game, &t) < 0) {
		fprintf(stderr, "expect-bot: cannot read this turn of %s; giving up\n",
			bot->ready ? bot->policy.game : "an unknown game");
		return NULL;
	}
	return expect_policy_decide(&bot->policy, &t);
}

static int expect_table(const char *only)
{
	int shown = 0;

	for (size_t i = 0; i < sizeof expect_games / sizeof *expect_games; i++) {
		struct expect_policy p;

		if (only && strcmp(only, expect_games[i]) != 0)
			continue;
		expect_policy_init(&p, expect_games[i]);
		expect_policy_table(&p, stdout);
		expect_policy_free(&p);
		shown++;
	}
	if (!shown) {
		fprintf(stderr, "expect-bot: no game %s: use bolo, bolo5 or volle-lotte\n",
			only);
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct expect_bot bot;
	const struct arena_bot_callbacks cb = {
		.decide = expect_decide, .on_start = expect_start, .ctx = &bot,
	};

	if (argc > 1 && strcmp(argv[1], "--table") == 0 && argc <= 3)
		return expect_table(argc == 3 ? argv[2] : NULL);
	if (argc > 1) {
		fprintf(stderr, "usage: expect-bot            (a bot: speaks the protocol on stdin/stdout)\n"
				"       expect-bot --table [GAME] (what a turn is worth)\n");
		return 2;
	}
	return arena_bot_run("expect-bot", "1", &cb) ? EXIT_FAILURE : EXIT_SUCCESS;
}

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
#include "bot_help.h"
#include "expect_policy.h"

static const char *const expect_games[] = {"bolo", "bolo5", "volle-lotte"};

static void expect_start(const cJSON *start, void *ctx)
{
	expect_policy_player_start(ctx, start, "expect-bot");
}

static cJSON *expect_decide(const cJSON *turn, void *ctx)
{
	struct expect_player *player = ctx;
	struct dice_turn t;

	if (expect_policy_player_turn(player, turn, &t, "expect-bot") < 0)
		return NULL;
	return expect_policy_decide(&player->policy, &t);
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

static const char expect_usage[] =
	"expect-bot                (bolo, bolo5, volle-lotte: the most expected points)\n"
	"       expect-bot --table [GAME] (what a turn is worth)";

int main(int argc, char **argv)
{
	static struct expect_player player;
	const struct arena_bot_callbacks cb = {
		.decide = expect_decide, .on_start = expect_start, .ctx = &player,
	};

	if (bot_help(argc, argv, "%s", expect_usage))
		return EXIT_SUCCESS;
	if (argc > 1 && strcmp(argv[1], "--table") == 0 && argc <= 3)
		return expect_table(argc == 3 ? argv[2] : NULL);
	if (argc > 1) {
		fprintf(stderr, "usage: %s\n", expect_usage);
		return 2;
	}
	return arena_bot_run("expect-bot", "1", &cb) ? EXIT_FAILURE : EXIT_SUCCESS;
}

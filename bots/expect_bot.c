/*
 * expect-bot: plays bolo, bolo5 and volle-lotte with the turn policy of
 * the most expected points (expect_policy.h), solved exactly at start-up;
 * `expect-bot --endgame` adds the end-game rule (endgame_policy.h).
 * `expect-bot --table [GAME]` prints what a turn is worth under it
 * (docs/bots/expect-bot.md quotes it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "bot_help.h"
#include "endgame_policy.h"
#include "expect_policy.h"

static const char *const expect_games[] = {"bolo", "bolo5", "volle-lotte"};

struct expect_bot {
	struct expect_player player;
	bool endgame;			/* --endgame */
	struct endgame_turn reach;	/* its last turn solved */
};

static void expect_start(const cJSON *start, void *ctx)
{
	struct expect_bot *bot = ctx;

	endgame_policy_free(&bot->reach);
	expect_policy_player_start(&bot->player, start, "expect-bot");
}

static cJSON *expect_decide(const cJSON *turn, void *ctx)
{
	struct expect_bot *bot = ctx;
	struct dice_turn t;

	if (expect_policy_player_turn(&bot->player, turn, &t, "expect-bot") < 0)
		return NULL;
	if (bot->endgame)
		return endgame_policy_decide(&bot->reach, &bot->player, &t);
	return expect_policy_decide(&bot->player.policy, &t);
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
	"       expect-bot --endgame      (the same, but bolo's last turn and sudden\n"
	"                                 death played for the best chance to reach\n"
	"                                 the score needed, and a bolo5 bank that\n"
	"                                 wins taken as soon as the rules allow)\n"
	"       expect-bot --table [GAME] (what a turn is worth)";

int main(int argc, char **argv)
{
	static struct expect_bot bot;
	const struct arena_bot_callbacks cb = {
		.decide = expect_decide, .on_start = expect_start, .ctx = &bot,
	};
	int status;

	if (bot_help(argc, argv, "%s", expect_usage))
		return EXIT_SUCCESS;
	if (argc > 1 && strcmp(argv[1], "--table") == 0 && argc <= 3)
		return expect_table(argc == 3 ? argv[2] : NULL);
	bot.endgame = argc == 2 && strcmp(argv[1], "--endgame") == 0;
	if (argc > 1 && !bot.endgame) {
		fprintf(stderr, "usage: %s\n", expect_usage);
		return 2;
	}
	status = arena_bot_run("expect-bot", "1", &cb) ? EXIT_FAILURE : EXIT_SUCCESS;
	endgame_policy_free(&bot.reach);
	if (bot.player.ready)
		expect_policy_free(&bot.player.policy);
	return status;
}

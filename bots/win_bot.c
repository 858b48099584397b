/*
 * win-bot: plays 2-player bolo5 for the best chance to win the game, not
 * the most points per turn: each turn is solved at its exact scores with,
 * at its end, the chances to win of the tables solved at build time
 * (win_policy.h: the opponent assumed to play expect-bot).  Other games,
 * other numbers of players and another target are played as expect-bot
 * plays them.  `win-bot --table` prints the chances of a few positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "expect_policy.h"
#include "win_bolo5_table.h"
#include "win_policy.h"

struct win_bot {
	struct expect_policy expect;
	bool expect_ready, winning;	/* winning: this game uses the tables */
	struct win_policy win;
	double bank[WIN_GAIN_STEPS + 1];
	struct policy_turn turn;	/* solved for the scores below */
	long mine, theirs;
};

static void win_start(const cJSON *start, void *ctx)
{
	struct win_bot *bot = ctx;
	const char *game = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game"));
	const cJSON *target = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(start, "options"), "target");
	int players = cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(start, "players"));

	if (!game)
		return;
	bot->winning = strcmp(game, "bolo5") == 0 && players == 2 &&
		       cJSON_GetNumberValue(target) == (double)win_bolo5_target;
	policy_turn_free(&bot->turn);
	if (!bot->expect_ready || strcmp(game, bot->expect.game) != 0) {
		if (bot->expect_ready)
			expect_policy_free(&bot->expect);
		bot->expect_ready = expect_policy_init(&bot->expect, game) == 0;
		if (!bot->expect_ready)
			fprintf(stderr, "win-bot: %s is not a dice game: it plays bolo, bolo5 and volle-lotte\n",
				game);
	}
}

static cJSON *win_decide(const cJSON *turn, void *ctx)
{
	struct win_bot *bot = ctx;
	struct dice_turn t;
	long mine, theirs;

	if (!bot->expect_ready ||
	    dice_turn_read(turn, bot->expect.game, &t) < 0) {
		fprintf(stderr, "win-bot: cannot read this turn of %s; giving up\n",
			bot->expect_ready ? bot->expect.game : "an unknown game");
		return NULL;
	}
	if (!bot->winning || t.view.players != 2)
		return expect_policy_decide(&bot->expect, &t);
	mine = t.view.scores[t.view.you];
	theirs = t.view.scores[1 - t.view.you];
	/* One solve serves every decision of a turn. */
	if (!bot->turn.value || mine != bot->mine || theirs != bot->theirs) {
		policy_turn_free(&bot->turn);
		win_policy_turn(&bot->win, mine, theirs, &bot->turn, bot->bank);
		bot->mine = mine;
		bot->theirs = theirs;
	}
	return expect_policy_play(&bot->turn, &t);
}

/* The chance to win of the player whose turn starts, at a few scores. */
static void win_table(const struct win_policy *w)
{
	static const long at[] = {0, 2500, 5000, 7500, 9000};
	int n = (int)(sizeof at / sizeof *at);

	printf("bolo5, 2 players, target %ld: chance to win when my turn starts\n"
	       "(rows: my score; columns: theirs; they play expect-bot)\n%8s",
	       w->target, "");
	for (int j = 0; j < n; j++)
		printf(" %7ld", at[j]);
	printf("\n");
	for (int i = 0; i < n; i++) {
		printf("%8ld", at[i]);
		for (int j = 0; j < n; j++) {
			struct policy_turn t;
			double bank[WIN_GAIN_STEPS + 1];

			win_policy_turn(w, at[i], at[j], &t, bank);
			printf(" %6.2f%%", 100 * policy_turn_roll(&t, 0, 0));
			policy_turn_free(&t);
		}
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	static struct win_bot bot;
	const struct arena_bot_callbacks cb = {
		.decide = win_decide, .on_start = win_start, .ctx = &bot,
	};
	int status;

	win_policy_load(&bot.win, win_bolo5_target, win_bolo5_unit,
			win_bolo5_mine, win_bolo5_theirs);
	if (argc == 2 && strcmp(argv[1], "--table") == 0) {
		win_table(&bot.win);
		status = 0;
	} else if (argc > 1) {
		fprintf(stderr, "usage: win-bot           (a bot: speaks the protocol on stdin/stdout)\n"
				"       win-bot --table   (its chances to win at a few scores)\n");
		status = 2;
	} else {
		status = arena_bot_run("win-bot", "1", &cb) ? EXIT_FAILURE :
							       EXIT_SUCCESS;
	}
	win_policy_free(&bot.win);
	return status;
}

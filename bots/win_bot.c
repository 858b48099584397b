/*
 * win-bot: plays for the best chance to win the game, not the most points
 * per turn.  In 2-player bolo5 each turn is solved at its exact scores
 * with, at its end, the chances to win of the tables solved at build time
 * (win_policy.h: the opponent assumed to play expect-bot).  In bolo, a
 * turn that must reach a score (the last turn against the leader, sudden
 * death) is played for the best chance to reach it.  Everything else
 * (other turns of bolo, volle-lotte, bolo5 with more players or another
 * target) is played as expect-bot plays it.  `win-bot --table` prints
 * its bolo5 chances at a few scores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "expect_policy.h"
#include "win_bolo5_table.h"
#include "win_policy.h"

struct win_bot {
	struct expect_player expect;
	bool winning;		/* this game uses the bolo5 tables */
	struct win_policy win;
	double bank[WIN_GAIN_STEPS + 1];
	struct policy_turn turn;	/* solved for the three values below */
	long mine, theirs, threshold;	/* theirs: or the score to reach */
};

/* Solves bot->turn unless it was solved for these values: the bolo5
 * tables' turn, or (reach > 0) bolo's turn that must reach `reach`. */
static void win_solve(struct win_bot *bot, long mine, long theirs,
		      long threshold, long reach)
{
	long to = reach > 0 ? reach : theirs;

	if (bot->turn.value && mine == bot->mine && to == bot->theirs &&
	    threshold == bot->threshold)
		return;
	policy_turn_free(&bot->turn);
	bot->mine = mine;
	bot->theirs = to;
	bot->threshold = threshold;
	if (reach <= 0) {
		win_policy_turn(&bot->win, mine, theirs, &bot->turn, bot->bank);
		return;
	}
	/* Worth 1 from the score to reach on, nothing below or on a bust. */
	bot->turn = (struct policy_turn){
		.game = &bot->expect.policy.dice, .threshold = threshold,
		.bank = bot->bank,
		.steps = reach > mine ? (int)((reach - mine + POLICY_STEP - 1) /
					      POLICY_STEP) : 1,
	};
	if (bot->turn.steps > WIN_GAIN_STEPS)
		bot->turn.steps = WIN_GAIN_STEPS;
	for (int i = 0; i <= bot->turn.steps; i++)
		bot->bank[i] = mine + (long)i * POLICY_STEP >= reach ? 1 : 0;
	policy_turn_solve(&bot->turn);
}

static void win_start(const cJSON *start, void *ctx)
{
	struct win_bot *bot = ctx;
	const char *game = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game"));
	const cJSON *target = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(start, "options"), "target");
	int players = cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(start, "players"));

	bot->winning = game && strcmp(game, "bolo5") == 0 && players == 2 &&
		       cJSON_GetNumberValue(target) == (double)win_bolo5_target;
	policy_turn_free(&bot->turn);
	expect_player_start(&bot->expect, start, "win-bot");
}

static cJSON *win_decide(const cJSON *turn, void *ctx)
{
	struct win_bot *bot = ctx;
	struct dice_turn t;
	long mine, theirs;

	if (expect_player_turn(&bot->expect, turn, &t, "win-bot") < 0)
		return NULL;
	mine = t.view.scores[t.view.you];
	if (t.must_reach > 0) {
		win_solve(bot, mine, 0, t.threshold, t.must_reach);
		return expect_policy_play(&bot->turn, &t);
	}
	theirs = t.view.players == 2 ? t.view.scores[1 - t.view.you] : 0;
	if (!bot->winning || t.view.players != 2 ||
	    !win_policy_covers(&bot->win, mine, theirs))
		return expect_policy_decide(&bot->expect.policy, &t);
	win_solve(bot, mine, theirs, t.threshold, 0);
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

	win_policy_load(&bot.win, win_bolo5_target, win_bolo5_mine,
			win_bolo5_theirs);
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

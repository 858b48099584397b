/*
 * win-bot: plays for the best chance to win the game, not the most points
 * per turn (win_player.h).  With 2 players it plays bolo and bolo5 as the
 * zero-sum games they are, each turn solved at its exact spot with, at
 * its ends, the chances of the tables that values/win_table.c solved at
 * build time (win_tables.h), which assume the other player plays as well:
 * bolo's last turn and sudden death at any target, the rest of bolo and
 * bolo5 at the default target.  `win-bot --table` prints its chances at a
 * few spots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "bot_help.h"
#include "win_player.h"
#include "values/values_tables.h"

static void win_start(const cJSON *start, void *ctx)
{
	win_player_start(ctx, start, "win-bot");
}

static cJSON *win_decide(const cJSON *turn, void *ctx)
{
	return win_player_decide(ctx, turn, "win-bot");
}

/* The chance to win of the player whose turn starts, at a few scores. */
static void win_table_play(const struct win_policy *w, const char *game)
{
	static const long at[] = {0, 2500, 5000, 7500, 9000};
	int n = (int)(sizeof at / sizeof *at);

	printf("%s, 2 players, target %ld: chance to win when my turn starts\n"
	       "(rows: my score; columns: theirs; a draw counts half)\n%8s",
	       game, w->target, "");
	for (int j = 0; j < n; j++)
		printf(" %7ld", at[j]);
	printf("\n");
	for (int i = 0; i < n; i++) {
		printf("%8ld", at[i]);
		for (int j = 0; j < n; j++) {
			struct win_spot s = {
				.phase = WIN_PLAY, .mine = at[i], .theirs = at[j],
			};

			printf(" %6.2f%%", 100 * win_policy_chance(w, &s));
		}
		printf("\n");
	}
}

/* bolo's end: the chance of the player to move, by how far behind. */
static void win_table_end(const struct win_policy *w)
{
	static const long behind[] = {50, 500, 1000, 2000, 5000};
	static const struct win_spot rows[] = {
		{.phase = WIN_FINAL},
		{.phase = WIN_SUDDEN, .turns = 0},
		{.phase = WIN_SUDDEN, .turns = WIN_SUDDEN_TURNS - 1},
	};
	static const char *const names[] = {
		"last turn", "sudden death, turn 1", "sudden death, turn 64",
	};
	int n = (int)(sizeof behind / sizeof *behind);

	printf("bolo, any target: chance to win when my turn starts\n"
	       "(columns: points behind the leader or the other contender)\n%-22s",
	       "");
	for (int j = 0; j < n; j++)
		printf(" %7ld", behind[j]);
	printf("\n");
	for (int i = 0; i < 3; i++) {
		printf("%-22s", names[i]);
		for (int j = 0; j < n; j++) {
			struct win_spot s = rows[i];

			s.theirs = behind[j];
			printf(" %6.2f%%", 100 * win_policy_chance(w, &s));
		}
		printf("\n");
	}
}

static const char win_usage[] =
	"win-bot           (bolo, bolo5: the best chance to win the game)\n"
	"       win-bot --table   (its chances to win at a few spots)";

int main(int argc, char **argv)
{
	static struct win_player player;
	static struct win_policy bolo, bolo5;
	const struct arena_bot_callbacks cb = {
		.decide = win_decide, .on_start = win_start, .ctx = &player,
	};
	int status;

	if (bot_help(argc, argv, "%s", win_usage))
		return EXIT_SUCCESS;
	win_policy_load(&bolo, "bolo", values_tables_target, values_tables_bolo_play,
			values_tables_bolo_final, values_tables_bolo_sudden);
	win_policy_load(&bolo5, "bolo5", values_tables_target, values_tables_bolo5_play,
			NULL, NULL);
	player.bolo = &bolo;
	player.bolo5 = &bolo5;
	if (argc == 2 && strcmp(argv[1], "--table") == 0) {
		win_table_play(&bolo, "bolo");
		win_table_end(&bolo);
		win_table_play(&bolo5, "bolo5");
		status = 0;
	} else if (argc > 1) {
		fprintf(stderr, "usage: %s\n", win_usage);
		status = 2;
	} else {
		status = arena_bot_run("win-bot", "1", &cb) ? EXIT_FAILURE :
							       EXIT_SUCCESS;
	}
	win_player_free(&player);
	win_policy_free(&bolo);
	win_policy_free(&bolo5);
	return status;
}

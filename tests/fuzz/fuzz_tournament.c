/*
 * Fuzzing the tournament file reader: the input is written to a file (the
 * reader takes a path) and read with tournament_file_read; a file that
 * reads is then scheduled, with a cap on the number of games so that a
 * large but valid field does not make one input run for minutes.  The
 * schedule must keep its promises (schedule.h): every game seats distinct
 * bots of its table, and each of a table's bots sits in each seat equally
 * often (in a Swiss, whose pairings may play an odd number of games, as
 * often but one; its tables of rounds not seated yet are skipped).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "fuzz.h"
#include "plan/schedule.h"
#include "plan/tournament_file.h"

#define FUZZ_MAX_GAMES 5000

/* The position of `bot` among the table's bots, or -1. */
static int position(const struct schedule_table *table, int bot)
{
	for (int p = 0; p < GAME_MAX_SEATS && table->bots[p] >= 0; p++)
		if (table->bots[p] == bot)
			return p;
	return -1;
}

static void check_schedule(const struct schedule *schedule)
{
	int k = schedule->players, slack = schedule->swiss.rounds ? k - 1 : 0;

	for (int t = 0; t < schedule->table_count; t++) {
		const struct schedule_table *table = &schedule->tables[t];
		int tally[GAME_MAX_SEATS][GAME_MAX_SEATS] = {{0}};

		if (!schedule_table_seated(schedule, t))
			continue;
		for (long g = table->first_game; g < table->first_game +
						     table->game_count; g++) {
			const struct scheduled_game *game =
				&schedule->games[g - 1];
			bool seated[GAME_MAX_SEATS] = {false};

			if (game->table != t || game->number != g)
				fuzz_fail("a game is not where its table says");
			for (int s = 0; s < GAME_MAX_SEATS; s++) {
				int p = position(table, game->seating[s]);

				if (s >= k ? game->seating[s] != -1 :
					     p < 0 || seated[p])
					fuzz_fail("a seating is not a placing "
						  "of the table's bots");
				if (s < k) {
					seated[p] = true;
					tally[p][s]++;
				}
			}
		}
		for (int p = 0; p < k; p++)
			for (int s = 0; s < k; s++)
				if (labs(tally[p][s] * k - table->game_count) > slack)
					fuzz_fail("a table's seating is not "
						  "balanced");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write_temp("tournament", data, size);
	struct tournament_spec spec;
	struct schedule schedule;
	char err[ERR_LEN];
	int rc = tournament_file_read(path, &spec, err);

	unlink(path);
	if (rc)
		return 0;
	if (schedule_build(&spec, spec.bot_count, FUZZ_MAX_GAMES, &schedule, err) == 0) {
		check_schedule(&schedule);
		schedule_free(&schedule);
	}
	tournament_file_free(&spec);
	return 0;
}

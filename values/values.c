/*
 * The values of one game opened (values.h): which games have exact values,
 * and where their tables come from: built into the library at the default
 * target, read from the cache, or solved here (and written to the cache).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/registry.h"
#include "games/support.h"
#include "values_file.h"
#include "values_tables.h"
#include "values_turn.h"

/* The tables of a target past this one would take many minutes of one
 * core to solve (about the square of the target; docs/ANALYSIS.md). */
#define VALUES_MAX_TARGET 25000

/* Why `game` with these options and players has no exact values, in err
 * (false); or true, with the target as the tables count it (scores are
 * multiples of 50: a target between two counts as the one above). */
static bool values_exact(const char *game, const cJSON *options, int players,
			 long *target, char *err)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(options, "target");
	const char *clause = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(options, "yahtzee_clause"));

	/* A log's header is read before it verifies: any number may be here,
	 * and one past a long's range must not be cast. */
	double want = cJSON_IsNumber(t) ? t->valuedouble : 10000;
	bool in_range = want >= DICE_POLICY_STEP && want <= VALUES_MAX_TARGET;

	*target = in_range ? ((long)want + DICE_POLICY_STEP - 1) /
				     DICE_POLICY_STEP * DICE_POLICY_STEP : 0;
	if (strcmp(game, "bolo") && strcmp(game, "bolo5"))
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s: only "
			 "two-player bolo and bolo5 have them", game);
	else if (players != VALUES_SEATS)
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s with %d "
			 "players: only two-player games have them", game,
			 players);
	else if (clause && strcmp(clause, "off"))
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s with the "
			 "Yahtzee clause: the tables are solved without it",
			 game);
	else if (!in_range)
		snprintf(err, VALUES_ERR_LEN, "no exact values for %s to a "
			 "target of %g: the tables go from %d to %d", game, want,
			 DICE_POLICY_STEP, VALUES_MAX_TARGET);
	else
		return true;
	return false;
}

/* Solves the tables of v->model, timed in v->how. */
static void values_solve(struct values *v)
{
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	win_policy_solve(&v->model);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	snprintf(v->how, sizeof v->how,
		 "exact: tables to %ld solved now in %.1f s", v->model.target,
		 (double)(t1.tv_sec - t0.tv_sec) +
			 (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
}

/* The tables of the model just initialised, from wherever they are. */
static int values_tables(struct values *v, const char *game, const char *cache,
			 char *err)
{
	if (v->model.target == values_tables_target) {
		bool bolo = v->model.game.rules == DICE_BOLO;

		win_policy_free(&v->model);
		win_policy_load(&v->model, game, values_tables_target,
				bolo ? values_tables_bolo_play :
				       values_tables_bolo5_play,
				bolo ? values_tables_bolo_final : NULL,
				bolo ? values_tables_bolo_sudden : NULL);
		snprintf(v->how, sizeof v->how, "exact: tables to %ld built in",
			 values_tables_target);
		return 0;
	}
	if (cache && values_file_read(&v->model, cache) == 0) {
		char path[4096];

		values_file_path(&v->model, cache, path, sizeof path);
		snprintf(v->how, sizeof v->how, "exact: tables to %ld read from %s",
			 v->model.target, path);
		return 0;
	}
	values_solve(v);
	/* Tables not kept are solved again next time, but right: said, not
	 * an error. */
	if (cache && values_file_write(&v->model, cache, err)) {
		size_t len = strlen(v->how);

		snprintf(v->how + len, sizeof v->how - len, " (not kept: %s)", err);
	}
	return 0;
}

struct values *values_open(const char *game, const cJSON *options,
			   int players, const char *cache, char *err)
{
	struct values *v;
	long target;

	if (!values_exact(game, options, players, &target, err))
		return NULL;
	v = arena_games_xcalloc(1, sizeof *v);
	v->rules = arena_game_find(game);
	if (win_policy_init(&v->model, game, target, WIN_CAP) < 0 ||
	    values_tables(v, game, cache, err) < 0) {
		values_close(v);
		return NULL;
	}
	return v;
}

void values_close(struct values *v)
{
	if (!v)
		return;
	values_turn_free(v);
	win_policy_free(&v->model);
	free(v);
}

const char *values_how(const struct values *v)
{
	return v->how;
}

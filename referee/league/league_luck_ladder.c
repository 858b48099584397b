/*
 * The league's luck-adjusted ladder; see league_luck_ladder.h.
 */
#include "league/league_luck_ladder.h"

#include <stdlib.h>

#include "base/outdir.h"
#include "base/util.h"
#include "ladder/grade_ladder.h"

enum grade_status league_luck_ladder(const char *dir, const struct league_info *info,
				     const struct league_rating *lr, cJSON **doc, char *err)
{
	struct grade *g = grade_new(NULL, 0);
	size_t n = lr->game_count;
	/* A log a game of the rating, each seat named by its version: two a
	 * log. */
	char **paths = xcalloc(n + 1, sizeof *paths), **seats = xcalloc(2 * n + 1, sizeof *seats);
	enum grade_status status = grade_ready(g, info->rules->name, info->options,
					       info->players, err);

	*doc = NULL;
	for (size_t i = 0; status == GRADE_OK && i < n; i++) {
		char *run_dir = league_run_dir(dir, lr->at[i].run);

		paths[i] = outdir_play_log(run_dir, lr->at[i].game);
		free(run_dir);
		for (int s = 0; s < lr->games[i].seats && s < 2; s++) {
			const struct league_version *v = &lr->versions[lr->games[i].entrant[s]];

			seats[2 * i + (size_t)s] = xasprintf("%s v%d", v->name, v->number);
		}
	}
	if (status == GRADE_OK && !n) {
		errorf(err, "the season has no game yet to grade");
		status = GRADE_UNVERIFIED;
	}
	if (status == GRADE_OK)
		status = grade_ladder(g, paths, n, seats, doc, err);
	for (size_t i = 0; i < n; i++) {
		free(paths[i]);
		free(seats[2 * i]);
		free(seats[2 * i + 1]);
	}
	free(paths);
	free(seats);
	grade_free(g);
	return status;
}

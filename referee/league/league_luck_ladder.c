/*
 * The league's luck-adjusted ladder; see league_luck_ladder.h.
 */
#include "league/league_luck_ladder.h"

#include <stdlib.h>

#include "base/outdir.h"
#include "base/util.h"
#include "ladder/grade_ladder.h"

/* The season's games as league_db_each_season_seat() hands their seats:
 * a log a game, each seat named by its version. */
struct season_logs {
	const char *dir;
	const struct league_version *versions;
	int count;                     /* of versions */
	char **paths, **seats;         /* seats: two a path */
	size_t n, cap;
	long run, game;                /* the game being filled */
};

/* A seat of the season's games: a new log at a new (run, game), and the
 * seat named by its version. */
static int take_seat(const struct league_season_seat *s, void *ctx, char *err)
{
	struct season_logs *l = ctx;
	const struct league_version *v;

	if (s->version < 1 || s->version > l->count || s->seat < 0 || s->seat > 1)
		return errorf(err, "league.db: game %ld of run %ld names a version or "
			      "seat that is not there: rebuild the index", s->game, s->run);
	if (s->run != l->run || s->game != l->game) {
		char *run_dir = league_run_dir(l->dir, s->run);

		if (l->n == l->cap) {
			l->cap = 2 * l->cap + 64;
			l->paths = xrealloc(l->paths, l->cap * sizeof *l->paths);
			l->seats = xrealloc(l->seats, 2 * l->cap * sizeof *l->seats);
		}
		l->seats[2 * l->n] = l->seats[2 * l->n + 1] = NULL;
		l->paths[l->n++] = outdir_play_log(run_dir, s->game);
		free(run_dir);
		l->run = s->run, l->game = s->game;
	}
	v = &l->versions[s->version - 1];
	l->seats[2 * (l->n - 1) + (size_t)s->seat] = xasprintf("%s v%d", v->name, v->number);
	return 0;
}

static void logs_free(struct season_logs *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->paths[i]);
		free(l->seats[2 * i]);
		free(l->seats[2 * i + 1]);
	}
	free(l->paths);
	free(l->seats);
}

enum grade_status league_luck_ladder(const char *dir, const struct league_info *info,
				     sqlite3 *db, cJSON **doc, char *err)
{
	struct grade *g = grade_new(NULL, 0);
	struct league_version *versions = NULL;
	struct season_logs l = {.dir = dir, .run = -1, .game = -1};
	enum grade_status status = grade_ready(g, info->rules->name, info->options,
					       info->players, err);

	*doc = NULL;
	if (status == GRADE_OK && (l.count = league_db_versions(db, &versions, err)) < 0)
		status = GRADE_UNVERIFIED;
	l.versions = versions;
	if (status == GRADE_OK && league_db_each_season_seat(db, take_seat, &l, err))
		status = GRADE_UNVERIFIED;
	if (status == GRADE_OK && !l.n) {
		errorf(err, "the season has no game yet to grade");
		status = GRADE_UNVERIFIED;
	}
	if (status == GRADE_OK)
		status = grade_ladder(g, l.paths, l.n, l.seats, doc, err);
	logs_free(&l);
	league_versions_free(versions, l.count > 0 ? l.count : 0);
	grade_free(g);
	return status;
}

/*
 * The league's games graded, the picker's ratings from their
 * luck-adjusted scores, and the luck-adjusted ladder of their logs; see
 * league_luck.h.
 */
#include "league/league_luck.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outdir.h"
#include "base/ratings_types.h"
#include "base/util.h"
#include "ladder/grade_ladder.h"
#include "ladder/ratings_scores.h"
#include "league/league_db.h"
#include "league/league_folder.h"

void league_luck_init(struct league_luck *l)
{
	l->grade = grade_new(NULL, 0);
	l->none = false;
	l->games = -1;
}

void league_luck_free(struct league_luck *l)
{
	grade_free(l->grade);
	l->grade = NULL;
}

/* A game's grade, a seat each, as the index keeps it; a log that does not
 * grade has decisions -1 in every seat. */
struct graded {
	struct league_grade seat[GAME_MAX_SEATS];
	int seats;
};

/* Grades game `ref` of league `dir` into *out: GRADE_OK (a log that does
 * not grade too, marked so) or GRADE_NO_VALUES. */
static enum grade_status grade_game(struct league_luck *l, const char *dir,
				    const struct league_game_ref *ref, struct graded *out)
{
	char *run_dir = league_run_dir(dir, ref->run);
	char *path = outdir_play_log(run_dir, ref->game), why[ERR_LEN];
	const cJSON *seat;
	cJSON *doc;
	enum grade_status status = grade_log(l->grade, path, NULL, &doc, why);
	int s = 0;

	free(run_dir);
	free(path);
	if (status == GRADE_NO_VALUES)
		return status;
	out->seats = status == GRADE_OK ?
		cJSON_GetArraySize(json_member(doc, "seats")) : 2;
	cJSON_ArrayForEach(seat, json_member(doc, "seats")) {
		if (s == GAME_MAX_SEATS)
			break;
		struct grade_tally t = {0};

		/* The tally counts the marks as the report's and the pages' do. */
		grade_tally_add(&t, seat);
		out->seat[s] = (struct league_grade){
			.adjusted = grade_seat(doc, "adjusted", s),
			.luck = t.luck,
			.error = t.error,
			.decisions = (int)t.decisions,
			.marks = (int)t.marks,
		};
		s++;
	}
	for (; s < out->seats; s++)
		out->seat[s] = (struct league_grade){.decisions = -1};
	cJSON_Delete(doc);
	return GRADE_OK;
}

/* Grades up to `limit` of the season's games not graded yet, each from
 * its log in league `dir`, into the index: how many were graded (0 as
 * well when the league's game has no exact values: l->none is set, and
 * nothing is asked again); -1 with err when the index cannot be read or
 * written.  A log that does not grade (missing, damaged) is entered as
 * such, counted by no sum: `verify` says what is wrong with it, and the
 * picker goes on rating from the results. */
static int league_luck_fill(struct league_luck *l, sqlite3 *db, const char *dir,
			    int limit, char *err)
{
	struct league_game_ref *refs;
	struct graded *graded;
	int n, done = 0, rc;

	if ((n = league_db_ungraded(db, limit, &refs, err)) <= 0) {
		free(refs);
		return n;
	}
	/* Graded before the index is written, so that the write lock is
	 * held for the inserts alone. */
	graded = xcalloc((size_t)n, sizeof *graded);
	while (done < n && !l->none)
		if (grade_game(l, dir, &refs[done], &graded[done]) == GRADE_NO_VALUES)
			l->none = true;
		else
			done++;
	rc = done ? league_db_begin(db, err) : 0;
	for (int i = 0; !rc && i < done; i++)
		rc = league_db_add_grades(db, refs[i].run, refs[i].game, refs[i].sha256,
					  graded[i].seats, graded[i].seat, err);
	if (done)
		rc = league_db_end(db, rc, err);
	free(graded);
	free(refs);
	return rc ? -1 : done;
}

/* The graded two-player games of the rating's load (a log that did not
 * grade is none), each in its duplicate set, as the ratings of scores
 * take them (a version by its id - 1), into games[]: how many; each
 * version's count of them into games_of[]. */
static size_t take_games(const struct league_rating *lr, struct scored_game *games,
			 long *games_of)
{
	size_t count = 0;

	for (size_t g = 0; g < lr->game_count; g++) {
		const struct rating_game *rg = &lr->games[g];

		if (isnan(lr->adjusted[g]) || rg->seats != 2)
			continue;
		games_of[rg->entrant[0]]++;
		games_of[rg->entrant[1]]++;
		games[count++] = (struct scored_game){rg->entrant[0], rg->entrant[1],
						      lr->adjusted[g], lr->sets[g]};
	}
	return count;
}

/* Each version's standard error: the larger of the sandwich's grouped by
 * set and by game (a few sets can split evenly, their error near 0). */
static bool rate(const struct scored_game *games, size_t count, int entrants,
		 double *elo, double *se)
{
	struct scored_game *alone = xcalloc(count + 1, sizeof *alone);
	double *elo_alone = xcalloc((size_t)entrants + 1, sizeof *elo_alone);
	double *se_alone = xcalloc((size_t)entrants + 1, sizeof *se_alone);
	char err[ERR_LEN];
	bool ok;

	for (size_t g = 0; g < count; g++)
		alone[g] = (struct scored_game){games[g].a, games[g].b, games[g].x, 0};
	ok = ratings_scores(games, count, entrants, elo, se, err) == 0 &&
	     ratings_scores(alone, count, entrants, elo_alone, se_alone, err) == 0;
	for (int i = 0; ok && i < entrants; i++)
		se[i] = fmax(se[i], se_alone[i]);
	free(alone);
	free(elo_alone);
	free(se_alone);
	return ok;
}

int league_luck_rate(const struct league_rating *lr, struct league_luck_ratings *out)
{
	struct scored_game *games = xcalloc(lr->game_count + 1, sizeof *games);
	int played = 0;
	bool ok;

	*out = (struct league_luck_ratings){
		.elo = xcalloc((size_t)lr->count + 1, sizeof *out->elo),
		.se = xcalloc((size_t)lr->count + 1, sizeof *out->se),
		.games = xcalloc((size_t)lr->count + 1, sizeof *out->games),
	};
	out->graded = (long)take_games(lr, games, out->games);
	for (int i = 0; i < lr->count; i++)
		played += out->games[i] > 0;
	ok = played >= 2 && rate(games, (size_t)out->graded, lr->count, out->elo, out->se);
	for (int i = 0; !ok && i < lr->count; i++)
		if (out->games[i])
			out->elo[i] = out->se[i] = NAN;
	free(games);
	return ok ? 0 : -1;
}

void league_luck_ratings_free(struct league_luck_ratings *r)
{
	free(r->elo);
	free(r->se);
	free(r->games);
	memset(r, 0, sizeof *r);
}

/* Whether every game of the season has a grade of its log that graded. */
static bool all_graded(const struct league_rating *lr)
{
	for (size_t g = 0; g < lr->game_count; g++)
		if (isnan(lr->adjusted[g]))
			return false;
	return true;
}

bool league_luck_pick(const struct league_rating *lr, const int *active,
		      struct league_pick *p)
{
	struct league_luck_ratings r;
	bool ok;

	if (!all_graded(lr) || lr->count < 2)
		return false;
	ok = league_luck_rate(lr, &r) == 0;
	for (int a = 0; ok && a < p->count; a++)
		ok = !r.games[active[a]] || r.games[active[a]] >= LEAGUE_LUCK_MIN_GAMES;
	p->luck = ok;
	for (int a = 0; ok && a < p->count; a++)
		if (r.games[active[a]]) {
			p->e[a].rated = true;
			p->e[a].elo = r.elo[active[a]];
			p->e[a].se = league_pick_se(r.se[active[a]],
						    lr->r.entry[active[a]].pairs);
		}
	league_luck_ratings_free(&r);
	return ok;
}

void league_luck_grade(struct league_luck *l, sqlite3 *db, const char *dir)
{
	char err[ERR_LEN];
	long games;

	if (l->none)
		return;
	games = league_db_game_count(db);
	if (l->games < 0)  /* the run's start: what is there is a backlog */
		l->games = games;
	/* All that was entered since (a league's steady pace), and some of
	 * what was there before. */
	league_luck_fill(l, db, dir, (int)fmin(INT_MAX, LEAGUE_LUCK_BATCH +
				     fmax(0, (double)(games - l->games))), err);
	l->games = games;
}

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

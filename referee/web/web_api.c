/*
 * The league server's JSON API: the ladder, the counts and the ratings
 * over time from the server's view of the fit (web_fit.h: the ladder the
 * same bytes `league ladder --format json --versions` prints), and bots
 * and games straight from the index's tables.  Games are named
 * by their cursor (league_db.h).
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/ratings_types.h"
#include "base/util.h"
#include "grade/grade_tally.h"
#include "ladder/crosstable.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_pace.h"
#include "league/league_quota.h"
#include "league/league_stale.h"
#include "web/web_activity.h"
#include "web/web_api.h"
#include "web/web_games.h"
#include "web/web_history.h"

cJSON *web_api_crosstable(const struct web_fit_view *v)
{
	const struct league_rating *lr = &v->lr;
	char **names;
	struct crosstable t;
	cJSON *j;

	if (!v->ladder)
		return NULL;
	crosstable_compute(lr->games, lr->game_count, lr->count, &t);
	names = xcalloc((size_t)lr->count + 1, sizeof *names);
	for (int i = 0; i < lr->count; i++)
		names[i] = xasprintf("%s v%d", lr->versions[i].name, lr->versions[i].number);
	j = crosstable_json(&t, names);
	strings_free_count(names, lr->count);
	crosstable_free(&t);
	return j;
}

cJSON *web_api_luck(const struct web_fit_view *v)
{
	cJSON *j = cJSON_CreateObject(), *ladder;
	int n = 0;

	cJSON_AddNumberToObject(j, "graded", (double)v->luck.graded);
	cJSON_AddNumberToObject(j, "games", (double)v->lr.game_count);
	ladder = cJSON_AddArrayToObject(j, "ladder");
	for (int k = 0; v->luck_rated && k < v->lr.count; k++) {
		int i = v->lr.order[k];
		cJSON *o;

		if (!v->luck.games[i])
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", v->lr.versions[i].name);
		cJSON_AddNumberToObject(o, "version", v->lr.versions[i].number);
		cJSON_AddNumberToObject(o, "elo", round(v->luck.elo[i] * 10) / 10);
		cJSON_AddNumberToObject(o, "ci95", round(RATINGS_Z95 * v->luck.se[i] * 10) / 10);
		cJSON_AddNumberToObject(o, "games", (double)v->luck.games[i]);
		cJSON_AddItemToArray(ladder, o);
		n++;
	}
	if (!n)
		cJSON_AddStringToObject(j, "why", v->luck.graded ? "the graded games give no "
					"finite ratings yet" : "no game is graded: only "
					"two-player bolo and bolo5 have exact values, and a "
					"run grades its games at its refits");
	return j;
}

/* While a run plays: whether it rests, and its pace in words. */
static void add_pace(cJSON *j, const struct league_counts *c, const char *dir)
{
	struct league_pace pace;
	char *text;

	if (c->open_runs <= 0 || league_pace_read(dir, &pace))
		return;
	text = league_pace_text(&pace);
	cJSON_AddBoolToObject(j, "resting", pace.resting);
	cJSON_AddStringToObject(j, "pace", text);
	free(text);
}

/* The league's quotas on uploads (league_quota.h) as "quota"; their
 * error as "quota_error" when quota.json is not the league's quotas. */
static void add_quota(cJSON *j, const char *dir)
{
	struct league_quota q;
	char err[ERR_LEN];

	if (league_quota_read(dir, &q, err))
		cJSON_AddStringToObject(j, "quota_error", "quota.json is not the league's "
					"quotas: its organiser sets them again");
	else
		cJSON_AddItemToObject(j, "quota", league_quota_json(&q));
}

cJSON *web_api_status(sqlite3 *db, const struct web_fit_view *v, struct web_activity *a,
		      const char *dir)
{
	const struct league_counts *c = &v->counts;
	cJSON *j = cJSON_CreateObject();
	char err[ERR_LEN], *game = NULL, *season, *text;
	int players = 0;
	long first;

	if (league_db_meta(db, &game, &players, err) == 0)
		cJSON_AddStringToObject(j, "game", game);
	cJSON_AddNumberToObject(j, "players", players);
	season = league_db_current_season(db, &first);
	cJSON_AddStringToObject(j, "season", season);
	cJSON_AddNumberToObject(j, "bots", (double)c->bots);
	cJSON_AddNumberToObject(j, "retired", (double)c->retired);
	cJSON_AddNumberToObject(j, "versions", (double)c->versions);
	cJSON_AddNumberToObject(j, "runs", (double)c->runs);
	cJSON_AddNumberToObject(j, "open_runs", (double)c->open_runs);
	cJSON_AddNumberToObject(j, "games", (double)c->games);
	cJSON_AddNumberToObject(j, "sets", (double)c->sets);
	cJSON_AddNumberToObject(j, "cut", (double)c->cut);
	text = league_cut_text(db);
	cJSON_AddStringToObject(j, "cut_text", text);
	free(text);
	add_pace(j, c, dir);
	/* The versions a run found changed and still the league's, with their
	 * words (none: not there). */
	cJSON_AddItemToObject(j, "changed", league_stale_list(dir, db));
	add_quota(j, dir);
	web_activity_add(a, j, db);
	free(game);
	free(season);
	return j;
}

/* A game of the index and its seats, added to the array `ctx`. */
static void add_game(long run, long game, const struct league_game_seat *seats, int count,
		     void *ctx)
{
	cJSON *g = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(g, "seats");
	char *log = xasprintf("/logs/%06ld/game-%06ld.jsonl", run, game);
	char *replay = xasprintf("/games/%06ld/game-%06ld", run, game);

	cJSON_AddNumberToObject(g, "id", (double)(run * LEAGUE_DB_GAME_CURSOR + game));
	cJSON_AddNumberToObject(g, "run", (double)run);
	cJSON_AddNumberToObject(g, "game", (double)game);
	cJSON_AddStringToObject(g, "log", log);
	cJSON_AddStringToObject(g, "replay", replay);
	free(log);
	free(replay);
	for (int i = 0; i < count; i++) {
		cJSON *s = cJSON_CreateObject();

		cJSON_AddNumberToObject(s, "seat", seats[i].seat);
		cJSON_AddStringToObject(s, "name", seats[i].name);
		cJSON_AddNumberToObject(s, "version", seats[i].number);
		cJSON_AddNumberToObject(s, "rank", seats[i].rank);
		cJSON_AddBoolToObject(s, "forfeit", seats[i].forfeit);
		cJSON_AddItemToArray(list, s);
	}
	cJSON_AddItemToArray(ctx, g);
}

/* The games of bot `name` (NULL: all) after `since`, up to `limit`,
 * oldest first, or the latest first when `latest`. */
static cJSON *select_games(sqlite3 *db, const char *name, long long since, int limit,
			   bool latest)
{
	cJSON *games = cJSON_CreateArray();

	league_db_each_game(db, name, since, limit, latest, add_game, games);
	return games;
}

/* Bot `name`'s versions, or NULL when it has none; their games as the
 * view counts them, and their notes as its ladder has them: waiting for
 * a first game, or superseded until the newest is rated (a version newer
 * than the view has 0 games and no note yet). */
static cJSON *versions_of(sqlite3 *db, const struct web_fit_view *view, const char *name)
{
	struct league_version *v;
	char err[ERR_LEN];
	int n = league_db_versions(db, &v, err);
	cJSON *list = NULL;

	for (int i = 0; i < n; i++) {
		cJSON *o;
		bool seen = v[i].id >= 1 && v[i].id <= view->lr.count;

		if (strcmp(v[i].name, name))
			continue;
		list = list ? list : cJSON_CreateArray();
		o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "version", v[i].number);
		cJSON_AddStringToObject(o, "files", v[i].hash);
		cJSON_AddNumberToObject(o, "games", seen ? (double)view->version_games[v[i].id - 1] : 0);
		if (seen)
			league_rating_add_note(o, &view->lr, v[i].id - 1);
		cJSON_AddItemToArray(list, o);
	}
	if (n > 0)
		league_versions_free(v, n);
	return list;
}

/* Adds tally `g` to `t`. */
static void add_tally(struct grade_tally *t, const struct grade_tally *g)
{
	t->games += g->games;
	t->decisions += g->decisions;
	t->marks += g->marks;
	t->error += g->error;
	t->luck += g->luck;
}

/* Bot `name`'s figures over `games` (each with its "run" and "game"), from
 * their grades in index `db`. */
static cJSON *grade_of_games(sqlite3 *db, const cJSON *games, const char *name)
{
	struct grade_tally t = {0};
	const cJSON *game, *seat;
	cJSON *out;
	int of = 0;

	cJSON_ArrayForEach(game, games) {
		long run = (long)cJSON_GetNumberValue(json_member(game, "run"));
		long number = (long)cJSON_GetNumberValue(json_member(game, "game"));

		of++;
		cJSON_ArrayForEach(seat, json_member(game, "seats")) {
			const char *who = cJSON_GetStringValue(json_member(seat, "name"));
			struct league_grade g;

			if (who && !strcmp(who, name) &&
			    league_db_seat_grade(db, run, number, (int)cJSON_GetNumberValue(
					json_member(seat, "seat")), &g) == 0)
				add_tally(&t, &(struct grade_tally){1, g.decisions, g.marks, g.error,
								    g.luck});
		}
	}
	out = grade_tally_json(&t);
	cJSON_AddNumberToObject(out, "of", of);
	return out;
}

/* Bot `name`'s versions in view `v`, walked once: their games this
 * season and how many they forfeited, as the ladder counts them, added
 * to `j` as "season": {"games","forfeits"}; and their figures over every
 * game of them the view has graded, "of" their games in the view (a new
 * object).  A view without a fit has no versions (and no grades). */
static cJSON *add_season(cJSON *j, const struct web_fit_view *v, const char *name)
{
	cJSON *season = cJSON_AddObjectToObject(j, "season"), *all;
	struct grade_tally t = {0};
	long games = 0, forfeits = 0, of = 0;

	for (int i = 0; i < v->lr.count; i++)
		if (!strcmp(v->lr.versions[i].name, name)) {
			games += v->lr.r.entry[i].games;
			forfeits += v->lr.forfeits[i];
			add_tally(&t, &v->version_grades[i]);
			of += v->version_games[i];
		}
	cJSON_AddNumberToObject(season, "games", (double)games);
	cJSON_AddNumberToObject(season, "forfeits", (double)forfeits);
	all = grade_tally_json(&t);
	cJSON_AddNumberToObject(all, "of", (double)of);
	return all;
}

cJSON *web_api_bot(sqlite3 *db, const struct web_fit_view *view, const char *name,
		   const char *dir, const struct web_viewer *who)
{
	cJSON *versions = versions_of(db, view, name), *j, *all;

	if (!versions)
		return NULL;
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "name", name);
	cJSON_AddBoolToObject(j, "retired", league_db_retired(db, name));
	cJSON_AddItemToObject(j, "versions", versions);
	all = add_season(j, view, name);
	cJSON_AddItemToObject(j, "games", select_games(db, name, 0, 50, true));
	cJSON_AddItemToObject(j, "history", web_history_of(&view->history, &view->lr, name));
	cJSON_AddItemToObject(j, "forfeits", web_game_forfeits(dir, view->words,
								json_member(j, "games"), name, who));
	cJSON_AddItemToObject(j, "grade", grade_of_games(db, json_member(j, "games"), name));
	cJSON_AddItemToObject(j, "grade_all", all);
	return j;
}

cJSON *web_api_games(sqlite3 *db, const char *name, long long since)
{
	cJSON *j = cJSON_CreateObject();

	cJSON_AddItemToObject(j, "games", select_games(db, name, since, 500, false));
	return j;
}

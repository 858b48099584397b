/*
 * The league's fit as the server keeps it (docs/LEAGUE-SERVER.md, "The server"):
 * one view of the index, shared by the handler threads and made again by
 * a thread of its own once the index has changed, so that no request
 * fits the season.  A view holds what the ladder, a bot's page and the
 * status read of the whole season: the ladder's rating (league_rate.h)
 * and its JSON text with the bots' owners (the register's when the view
 * was made: an upload that claims a bot adds a version too, which has the
 * view made again), each version's games and the sums of their
 * grades that the index keeps, the versions rated from the graded games'
 * luck-adjusted scores (league_luck.h), the counts, the
 * ratings over time (web_history.h), and the index of the stderr files
 * that a game's words and forfeits are looked up in (web_games.h): a
 * game's words are there once a view has its game.  The index is the
 * same for every request; what each is answered of it is cut to its
 * viewer's (web_games.h), never kept in the view.
 *
 * Its lag is bounded: the thread looks at the index each second (SQLite's
 * data_version, and the file itself, which `league rebuild` replaces) and
 * after a view that took t to make waits max(1 s, t) before it looks
 * again, so a view is of the index as it was at most max(1 s, t) + 2t
 * before (t some 0.6 s of CPU at 100,000 games); the first request waits
 * for the first view, and one whose versions are not the index's waits
 * for the next (web_fit_get()).  A view is made from the index alone with the ladder's own
 * code, so its ladder is the bytes `league ladder --format json
 * --versions` prints of the same index.
 */
#ifndef ARENA_WEB_FIT_H
#define ARENA_WEB_FIT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_luck.h"
#include "league/league_rate.h"
#include "report/replay_words.h"
#include "web/web_history.h"

struct web_fit_view {
	char *ladder;                /* the ladder's JSON text; NULL: err says why */
	char err[ERR_LEN];
	struct league_rating lr;     /* its versions, games and ratings */
	cJSON *owners;               /* the ladder's, lr.owners */
	long *version_games;         /* by version id - 1: its games, every season */
	struct grade_tally *version_grades; /* by version id - 1: its graded
					     * games' sums (league_luck.h) */
	struct league_luck_ratings luck;    /* from the graded games' luck-
					     * adjusted scores */
	bool luck_rated;                    /* luck has ratings */
	struct league_counts counts; /* as `league status` counts */
	struct league_roster roster; /* read before the rest */
	struct web_history history;  /* its ratings over time */
	struct words_index *words;   /* the league's stderr files */
	int refs;                    /* web_fit.c's, under its mutex */
};

struct web_fit;

/* Starts the thread that keeps league `dir`'s view (NULL: it cannot). */
struct web_fit *web_fit_start(const char *dir);
void web_fit_stop(struct web_fit *f);

/* The newest view (waits for the first), to read only, kept until
 * web_fit_put().  When its versions, retired bots or seasons are not
 * those of index `db` now (a bot added, uploaded or retired: rare), the
 * view is made at once and waited for (WEB_FIT_WAIT_S at most), so that
 * a new version is on the ladder as soon as its upload is accepted;
 * only games lag. */
#define WEB_FIT_WAIT_S 10
struct web_fit_view *web_fit_get(struct web_fit *f, sqlite3 *db);
/* (db NULL: the newest view, whatever its versions.) */
void web_fit_put(struct web_fit *f, struct web_fit_view *v);

#endif

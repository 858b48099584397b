/*
 * A league's sets cut by a stop, kept and counted; see league_cut.h.
 */
#include "league/league_cut.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "league/league_task.h"

int league_cut_keep(struct run_manifest *m, const char *run_dir, long first, int players,
		    const char *c, char *err)
{
	char *aside = path_join(run_dir, OUTDIR_ASIDE), *logs[GAME_MAX_SEATS] = {0};
	int rc = files_mkdirs(aside, err);

	for (int k = 0; !rc && k < players; k++) {
		char *from = outdir_play_log(run_dir, first + k);
		char *to = outdir_play_log(aside, first + k);

		/* A game the stop came before left no log: said so (null).  A
		 * log already aside was moved by a run stopped before it could
		 * list it (its disk full): listed now, not left unlisted. */
		if (!rename(from, to) || (errno == ENOENT && access(to, F_OK) == 0))
			logs[k] = outdir_play_log(OUTDIR_ASIDE, first + k);
		else if (errno != ENOENT)
			rc = errorf(err, "cannot keep %s in %s: %s", from, aside, strerror(errno));
		free(from);
		free(to);
	}
	rc = rc ? rc : run_manifest_cut(m, first, players, c, logs, err);
	for (int k = 0; k < players; k++)
		free(logs[k]);
	free(aside);
	return rc;
}

/* The version of a cut log's seat `player` if the run seated it (`bots`,
 * its run.jsonl's "bots", NAME-vN each; a run.jsonl without them, any),
 * else 0: a program replaced during the run plays the set it cuts with
 * files that a version added after the run may hold, and the index must
 * not count the set for that version then when it did not before. */
static long seated_version(sqlite3 *db, const cJSON *bots, const cJSON *player)
{
	long id = league_task_log_version(db, player);
	const cJSON *b;
	char *label;
	bool seated = false;

	if (!id || !cJSON_IsArray(bots))
		return id;
	label = league_task_label(cJSON_GetStringValue(json_member(player, "name")),
				  league_db_version_number(db, id));
	cJSON_ArrayForEach(b, bots)
		seated |= cJSON_IsString(b) && !strcmp(b->valuestring, label);
	free(label);
	return seated ? id : 0;
}

/* The versions of the set's seats (0: none known) from the headers of
 * the logs that the cut record `r` lists, the set's from `first`, among
 * the run's `bots`; false when the record lists no log. */
static bool cut_versions(sqlite3 *db, const char *run_dir, const cJSON *bots,
			 const cJSON *r, long first, int players, long *versions)
{
	const cJSON *logs = json_member(r, "logs");
	bool any = false;

	for (int k = 0; k < players; k++) {
		char *name = outdir_play_log(OUTDIR_ASIDE, first + k), *path;
		const char *listed = cJSON_GetStringValue(cJSON_GetArrayItem(logs, k));
		struct game_log log;
		char err[ERR_LEN];
		const cJSON *p;
		int s = 0;

		/* Only the name the run gives it: verify names any other. */
		if (!listed || strcmp(listed, name)) {
			free(name);
			continue;
		}
		any = true;
		path = path_join(run_dir, name);
		free(name);
		if (!logread_load(path, &log, err)) {
			/* Game k of a set seats at s the set's seat s + k. */
			cJSON_ArrayForEach(p, json_member(log.count ? log.lines[0].json : NULL,
							  "players"))
				if (s < players && !versions[(s++ + k) % players])
					versions[(s - 1 + k) % players] =
						seated_version(db, bots, p);
			logread_free(&log);
		}
		free(path);
	}
	return any;
}

int league_cut_index(sqlite3 *db, const char *run_dir, long run, int players, char *err)
{
	char *path = outdir_run_manifest(run_dir);
	struct game_log log;
	int rc = 0;

	if (logread_load(path, &log, err)) {
		free(path);
		return -1;
	}
	for (size_t i = 1; !rc && i < log.count; i++) {
		const cJSON *r = log.lines[i].json;
		const cJSON *games = json_member(r, "games");
		long versions[GAME_MAX_SEATS] = {0}, first;

		if (!log.lines[i].type || strcmp(log.lines[i].type, "cut") ||
		    cJSON_GetArraySize(games) != players ||
		    !json_whole(cJSON_GetArrayItem(games, 0), 1, 1000000000L, &first))
			continue;
		if (cut_versions(db, run_dir, json_member(log.lines[0].json, "bots"), r,
				 first, players, versions))
			rc = league_db_add_cut(db, run, first, players, versions, err);
	}
	logread_free(&log);
	free(path);
	return rc;
}

/* The text being made by league_cut_text(), and what it is at. */
struct cut_words {
	char *text;
	bool first;
};

static void add_count(const char *name, long number, long sets, void *ctx)
{
	struct cut_words *w = ctx;
	char *more = name ? xasprintf("%s%s%s v%ld: %ld", w->text, w->first ? "" : ", ", name,
				      number, sets)
			  : xasprintf("%s%srun %ld: %ld", w->text, w->first ? "" : ", ", number,
				      sets);

	free(w->text);
	w->text = more;
	w->first = false;
}

char *league_cut_text(sqlite3 *db)
{
	struct league_counts c;
	struct cut_words w;
	char *text;

	league_db_counts(db, &c);
	if (c.cut <= 0) {
		text = xstrdup("no set cut by a stop");
	} else {
		w = (struct cut_words){.text = xasprintf("%ld set%s cut by a stop, %s logs "
							 "kept (", c.cut, c.cut == 1 ? "" : "s",
							 c.cut == 1 ? "its" : "their"),
				       .first = true};
		league_db_cut_each(db, false, add_count, &w);
		text = xasprintf("%s; ", w.text);
		free(w.text);
		w = (struct cut_words){.text = text, .first = true};
		league_db_cut_each(db, true, add_count, &w);
		text = xasprintf("%s)", w.text);
		free(w.text);
	}
	if (c.dropped <= 0)
		return text;
	/* Revision 5 ended a cut set so; a Slurm run still so ends a set it
	 * refuses. */
	w.text = xasprintf("%s; %ld set%s dropped uncounted, %s logs removed (a revision-5 "
			   "league's cut sets, or sets refused)", text, c.dropped,
			   c.dropped == 1 ? "" : "s", c.dropped == 1 ? "its" : "their");
	free(text);
	return w.text;
}

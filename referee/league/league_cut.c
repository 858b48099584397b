/*
 * A league's sets cut by a stop, kept and counted; see league_cut.h.
 */
#include "league/league_cut.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "league/league_task.h"

/* The whole lines of the log at `path` (0: none, or unread). */
static long whole_lines(const char *path)
{
	struct game_log log;
	char err[ERR_LEN];
	long lines;

	if (logread_load(path, &log, err))
		return 0;
	lines = log.count > log.ends_mid_line ? (long)log.count - log.ends_mid_line : 0;
	logread_free(&log);
	return lines;
}

int league_cut_keep(struct run_manifest *m, const char *run_dir, long first, int players,
		    const char *c, char *err)
{
	char *aside = path_join(run_dir, OUTDIR_ASIDE), *logs[GAME_MAX_SEATS] = {0};
	long lines[GAME_MAX_SEATS] = {0};
	int rc = files_mkdirs(aside, err);

	for (int k = 0; !rc && k < players; k++) {
		char *from = outdir_play_log(run_dir, first + k);
		char *to = outdir_play_log(aside, first + k);

		struct stat st;

		/* A game the stop came before left no log: said so (null), as
		 * one whose log holds no byte (the stop came during hello,
		 * before its header: removed, nothing lost).  A log already
		 * aside was moved by a run stopped before it could list it
		 * (its disk full): listed now, not left unlisted. */
		if (!stat(from, &st) && !st.st_size)
			unlink(from);
		if (!rename(from, to) || (errno == ENOENT && access(to, F_OK) == 0)) {
			logs[k] = outdir_play_log(OUTDIR_ASIDE, first + k);
			lines[k] = whole_lines(to);
		}
		else if (errno != ENOENT)
			rc = errorf(err, "cannot keep %s in %s: %s", from, aside, strerror(errno));
		free(from);
		free(to);
	}
	rc = rc ? rc : run_manifest_cut(m, first, players, c, logs, lines, err);
	for (int k = 0; k < players; k++)
		free(logs[k]);
	free(aside);
	return rc;
}

/* Whether the cut record `r` of the set from `first` lists a log kept,
 * by the only name the run gives it (verify names any other). */
static bool lists_a_log(const cJSON *r, long first, int players)
{
	bool any = false;

	for (int k = 0; k < players; k++) {
		char *name = outdir_play_log(OUTDIR_ASIDE, first + k);
		const char *listed = cJSON_GetStringValue(cJSON_GetArrayItem(json_member(r, "logs"),
									    k));

		any = any || (listed && !strcmp(listed, name));
		free(name);
	}
	return any;
}

/* The versions the started record `started` seats (its "seats", signed
 * before the set began: item 24 counts a cut set for each of them, whatever
 * its logs hold), 0 for one the register does not have. */
static void seated_versions(sqlite3 *db, const cJSON *started, int players, long *versions)
{
	const cJSON *seat;
	int s = 0;

	cJSON_ArrayForEach(seat, json_member(started, "seats"))
		if (s < players)
			versions[s++] = league_db_version_id(
				db, cJSON_GetStringValue(json_member(seat, "name")),
				cJSON_GetStringValue(json_member(seat, "hash")));
}

int league_cut_index(sqlite3 *db, const char *run_dir, long run, int players, char *err)
{
	char *path = outdir_run_manifest(run_dir);
	struct game_log log;
	long revision = 0;
	int rc = 0;

	if (logread_load(path, &log, err)) {
		free(path);
		return -1;
	}
	json_get_int(log.count ? log.lines[0].json : NULL, "fairness", 0, 1000, &revision);
	for (size_t i = 1; !rc && i < log.count; i++) {
		const cJSON *r = log.lines[i].json;
		const cJSON *games = json_member(r, "games");
		const char *type = log.lines[i].type ? log.lines[i].type : "";
		const char *reason = cJSON_GetStringValue(json_member(r, "reason"));
		long versions[GAME_MAX_SEATS] = {0}, first;
		/* A set a Slurm run refused counts as a cut one (item 25):
		 * only its reason, of revision 7, tells it. */
		bool refused = !strcmp(type, "dropped") && reason &&
			       !strcmp(reason, RUN_DROPPED_REFUSED);

		/* Of revision 7 every set cut counts, whatever logs are left
		 * of it (item 24); before, one that left none never began. */
		if ((strcmp(type, "cut") && !refused) || cJSON_GetArraySize(games) != players ||
		    !json_whole(cJSON_GetArrayItem(games, 0), 1, 1000000000L, &first) ||
		    (revision < 7 && !refused && !lists_a_log(r, first, players)))
			continue;
		seated_versions(db, run_manifest_started_of(&log, i, first), players, versions);
		rc = league_db_add_cut(db, run, first, refused ? LEAGUE_CUT_REFUSED : LEAGUE_CUT_STOP,
				       players, versions, err);
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

/* The reasons of the sets dropped (item 25), in words: a static string
 * made again at each call. */
static const char *dropped_reasons(sqlite3 *db)
{
	static const char *const reasons[][2] = {
		/* Revision 5 ended a cut set so; a Slurm run of revision 6
		 * so ended a set it refused. */
		{"dropped", "a revision-5 league's cut sets, or sets refused"},
		{"dropped:" RUN_DROPPED_FILES, "a version's files changed"},
		{"dropped:" RUN_DROPPED_REFUSED, "refused"},
		{"dropped:" RUN_DROPPED_LOSS, "lost, closed with --accept-loss"},
	};
	static char text[256];
	size_t len = 0;

	text[0] = '\0';
	for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++) {
		long n = league_db_tasks_in_state(db, reasons[i][0]);

		if (n <= 0 || len >= sizeof text)
			continue;
		/* The first said without its count, as before revision 7. */
		if (i)
			snprintf(text + len, sizeof text - len, "%s%s: %ld", len ? "; " : "",
				 reasons[i][1], n);
		else
			snprintf(text + len, sizeof text - len, "%s", reasons[i][1]);
		len = strlen(text);
	}
	return text;
}

/* `text` (freed) followed by the sets of `kind` by run and by version:
 * "... (run 2: 2, run 3: 1; alice v1: 3, bob v1: 3)".  A new string. */
static char *by_run_and_version(sqlite3 *db, const char *kind, char *text)
{
	struct cut_words w = {.text = xasprintf("%s (", text), .first = true};

	free(text);
	league_db_cut_each(db, kind, false, add_count, &w);
	text = xasprintf("%s; ", w.text);
	free(w.text);
	w = (struct cut_words){.text = text, .first = true};
	league_db_cut_each(db, kind, true, add_count, &w);
	text = xasprintf("%s)", w.text);
	free(w.text);
	return text;
}

char *league_cut_text(sqlite3 *db)
{
	struct league_counts c;
	char *text, *more;

	league_db_counts(db, &c);
	if (c.cut <= 0)
		text = xstrdup("no set cut by a stop");
	else
		text = by_run_and_version(db, LEAGUE_CUT_STOP,
					  xasprintf("%ld set%s cut by a stop, %s logs kept", c.cut,
						    c.cut == 1 ? "" : "s",
						    c.cut == 1 ? "its" : "their"));
	/* The sets refused count, as the cut ones, for the versions their
	 * started records seat (item 25). */
	if (c.refused > 0) {
		more = xasprintf("%s; %ld set%s refused by a run's check", text, c.refused,
				 c.refused == 1 ? "" : "s");
		free(text);
		text = by_run_and_version(db, LEAGUE_CUT_REFUSED, more);
	}
	if (c.dropped <= 0)
		return text;
	more = xasprintf("%s; %ld set%s dropped uncounted, %s logs removed (%s)", text,
			 c.dropped, c.dropped == 1 ? "" : "s", c.dropped == 1 ? "its" : "their",
			 dropped_reasons(db));
	free(text);
	return more;
}

/*
 * A league's index against its logs; see league_check.h.
 */
#include "league/league_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_register.h"
#include "league/league_sync.h"
#include "run/run_lock.h"

/* The list league_check_runs() makes, NULL-terminated. */
struct run_list {
	char **runs;
	int count;
};

static int list_run(long run, const char *run_dir, void *ctx)
{
	struct run_list *l = ctx;

	(void)run;
	l->runs = xrealloc(l->runs, ((size_t)l->count + 2) * sizeof *l->runs);
	l->runs[l->count++] = xstrdup(run_dir);
	l->runs[l->count] = NULL;
	return 0;
}

char **league_check_runs(const char *dir, int *count)
{
	struct run_list l = {xcalloc(1, sizeof *l.runs), 0};

	league_runs_each(dir, list_run, &l);
	*count = l.count;
	return l.runs;
}

long league_check_live(const char *dir)
{
	long last = league_next_run(dir) - 1;
	char *run = last > 0 ? league_run_dir(dir, last) : NULL;
	char *path = run ? outdir_run_manifest(run) : NULL;
	struct chain_lines l = {0};
	bool closed;

	if (path)
		chain_lines_read(&l, path);
	closed = l.text && !l.cut && chain_lines_closed(&l);
	chain_lines_free(&l);
	free(path);
	free(run);
	return last > 0 && !closed && run_lock_held(dir) ? last : 0;
}

void league_check_differ(enum league_db_difference kind, const char *a, long b, void *ctx)
{
	const struct league_check_differences *d = ctx;
	struct problems *problems = d->problems;
	const char *where = d->where;

	switch (kind) {
	case LEAGUE_DB_NOT_INDEXED:
		problems_add(problems, where, "the register's %s v%ld is not in "
			     "it, or not as the register has it", a, b);
		break;
	case LEAGUE_DB_NOT_REGISTERED:
		problems_add(problems, where, "it holds %s v%ld otherwise than "
			     "the register, or a version the register does not "
			     "have", a, b);
		break;
	case LEAGUE_DB_RETIRED:
		problems_add(problems, where, "it and the register disagree on "
			     "whether %s is retired", a);
		break;
	case LEAGUE_DB_SEASON:
		problems_add(problems, where, "it and the register disagree on "
			     "season %s (from run %ld)", a, b);
		break;
	case LEAGUE_DB_GAME_NOT_INDEXED:
		problems_add(problems, where, "game %ld of run %s is in the "
			     "logs, not in it as its log has it", b, a);
		break;
	case LEAGUE_DB_GAME_NOT_LOGGED:
		problems_add(problems, where, "it holds game %ld of run %s, "
			     "which no log of the folder gives so", b, a);
		break;
	case LEAGUE_DB_CUT_NOT_INDEXED:
	case LEAGUE_DB_REFUSED_NOT_INDEXED:
		problems_add(problems, where, "the set from game %ld of run %s, "
			     "%s, is listed so in its run.jsonl, not in it %s", b, a,
			     kind == LEAGUE_DB_CUT_NOT_INDEXED ? "cut by a stop" : "refused",
			     kind == LEAGUE_DB_CUT_NOT_INDEXED ? "as its logs give it"
			     : "with the versions its started record seats");
		break;
	case LEAGUE_DB_CUT_NOT_LOGGED:
	case LEAGUE_DB_REFUSED_NOT_LOGGED:
		problems_add(problems, where, "it holds a set from game %ld of run "
			     "%s as %s, which no run.jsonl lists so", b, a,
			     kind == LEAGUE_DB_CUT_NOT_LOGGED ? "cut by a stop" : "refused");
		break;
	}
}

/* What check_run_place() holds a run to, and where it says so. */
struct run_place {
	const struct league_info *info;
	struct problems *problems;
};

/* That run `number`'s run.jsonl names this league (ctx's info->id, none
 * for a league made without one) and this run's number (docs/FAIRNESS.md,
 * item 18): a run copied from another league, or moved from another of
 * its runs, is refused (its logs are held to what run.jsonl says by
 * verify_run.h).  A run.jsonl that cannot be read is verify_run.h's to
 * name. */
static int check_run_place(long number, const char *run_dir, void *ctx)
{
	const struct league_info *info = ((const struct run_place *)ctx)->info;
	struct problems *problems = ((const struct run_place *)ctx)->problems;
	char *path = outdir_run_manifest(run_dir);
	cJSON *run = logread_header(path);
	const char *league = cJSON_GetStringValue(json_member(run, "league"));
	long named = 0;

	json_get_int(run, "run_number", 1, 1L << 40, &named);
	if (run && strcmp(league ? league : "", info->id))
		problems_add(problems, path, "names %s%s, not this league's %s: a run of "
			     "another league", league ? "league " : "no league",
			     league ? league : "", *info->id ? info->id : "(none: a league "
			     "made before leagues had an id)");
	else if (run && *info->id && !named)
		problems_add(problems, path, "names no run, where it is run %ld of the "
			     "league: a run.jsonl of an earlier revision than its league",
			     number);
	else if (run && *info->id && named != number)
		problems_add(problems, path, "names run %ld, where it is run %ld of the "
			     "league: moved from another run", named, number);
	cJSON_Delete(run);
	free(path);
	return 0;
}

char *league_check(const char *dir, struct problems *problems)
{
	char *cut = NULL;
	struct league_info info;
	char err[ERR_LEN] = "", *path = path_join(dir, "league.db");
	sqlite3 *disk = NULL, *mem = NULL;
	struct league_check_differences found = {problems, path};

	if (league_folder_read(dir, &info, err)) {
		problems_add(problems, dir, "%s", err);
		free(path);
		return NULL;
	}
	league_runs_each(dir, check_run_place, &(struct run_place){&info, problems});
	if (!(disk = league_db_open(dir, false, info.rules->name, info.players, err)) &&
	    league_db_rebuild_advice(err, dir))
		problems_add(problems, path, "%s", err);
	else if (!(mem = league_db_open(NULL, true, info.rules->name, info.players, err)) ||
		 league_register_load(dir, &info, mem, NULL, err) ||
		 league_sync(dir, mem, info.rules->name, info.players, NULL, err))
		problems_add(problems, dir, "its logs cannot be indexed: %s", err);
	else if (league_db_compare(mem, path, true, league_check_differ, &found, err))
		problems_add(problems, path, "%s", err);
	/* Counted from the logs, whatever the index on disk says. */
	if (mem && !*err)
		cut = league_cut_text(mem);
	league_db_close(mem);
	league_db_close(disk);
	league_info_free(&info);
	free(path);
	return cut;
}

/*
 * Building the report site (report.h): the folders, the data gathered by
 * report_games.c, report_ladder.c and report_manifest.c, each bot's
 * grades summed (grade_tally.h), and index.html
 * drawn from it by html/report.js.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <time.h>

#include "base/files.h"
#include "base/json.h"
#include "grade/grade_tally.h"
#include "html.h"
#include "html_assets.h"
#include "base/outdir.h"
#include "report.h"
#include "base/util.h"

/* Each bot's grades summed (grade_tally.h) into data's "skill"; the
 * games' own sums, which only these need, taken out of the page. */
static void add_skill(cJSON *data)
{
	cJSON *games = json_member(data, "games"), *g;

	cJSON_AddItemToObject(data, "skill", grade_tally_players(games));
	cJSON_ArrayForEach(g, games)
		cJSON_DeleteItemFromObjectCaseSensitive(g, "grade");
}

/* How often a page of a run still going on reloads itself. */
#define REPORT_RELOAD_SECONDS 10

/* The site's folder. */
static char *site_folder(const char *dir, const struct report_options *options)
{
	return options->out ? xstrdup(options->out) : outdir_report(dir);
}

char *report_index(const char *dir, const struct report_options *options)
{
	char *folder = site_folder(dir, options), *index = outdir_report_index(folder);

	free(folder);
	return index;
}

int report_build(const char *dir, const struct report_options *options,
		 cJSON **keys, char *err)
{
	const char *styles[] = {html_page_css, NULL};
	const char *scripts[] = {html_dom_js, html_report_js, NULL};
	char *folder = NULL, *path = NULL, head[160], stamp[32];
	struct html_page page = {.styles = styles, .scripts = scripts};
	cJSON *data = cJSON_CreateObject();
	struct report_manifest run;
	const cJSON *name, *verification;
	time_t now = time(NULL);
	struct stat st;
	bool complete;
	int rc = -1, run_problems;

	if (stat(dir, &st)) {
		errorf(err, "cannot read '%s': %s", dir, strerror(errno));
		goto out;
	}
	if (!S_ISDIR(st.st_mode)) {
		errorf(err, "'%s' is not a folder: give a tournament's output folder", dir);
		goto out;
	}
	folder = site_folder(dir, options);
	path = outdir_replays(folder);
	if (files_mkdirs(path, err))
		goto out;
	free(path);
	path = NULL;
	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	cJSON_AddStringToObject(data, "made", stamp);
	report_manifest(dir, options->trusted_key, data, &run);
	cJSON_AddBoolToObject(data, "live", options->live && !run.complete);
	rc = report_games(dir, folder, &run, options->trusted_key, options->warn, data,
			  err) ||
	     report_ladder(dir, &run, options->luck_adjusted, data, err) ? -1 : 0;
	if (rc == 0)
		add_skill(data);
	report_manifest_hashes(&run, data);
	complete = run.complete;
	run_problems = run.run_problems;
	report_manifest_free(&run);
	if (rc)
		goto out;
	name = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(data, "manifest"), "name");
	page.title = cJSON_IsString(name) ? name->valuestring : "tournament report";
	if (options->live && !complete) {
		snprintf(head, sizeof head, "<meta http-equiv=\"refresh\" content=\"%d\">\n",
			 REPORT_RELOAD_SECONDS);
		cJSON_AddNumberToObject(data, "reload_seconds", REPORT_RELOAD_SECONDS);
		page.head = head;
	}
	page.data = data;
	path = outdir_report_index(folder);
	verification = cJSON_GetObjectItemCaseSensitive(data, "verification");
	if (options->run_problems)
		*options->run_problems = run_problems;
	rc = html_write(path, &page, err) ? -1 : cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(verification, "failed"));
	if (rc >= 0 && keys)
		*keys = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(verification,
									 "keys"), true);
out:
	free(path);
	free(folder);
	cJSON_Delete(data);
	return rc;
}

void report_live_update(void *ctx)
{
	struct report_live *live = ctx;
	const struct report_options options = {.live = true, .warn = live->warn};
	int64_t start = now_ns(), spent;
	char err[ERR_LEN];

	if (start < live->next_ns)
		return;
	if (report_build(live->dir, &options, NULL, err) < 0 && !live->warned) {
		report_warn(live->warn, "the report cannot be updated: %s", err);
		live->warned = true;
	}
	spent = now_ns() - start;
	live->next_ns = now_ns() + (10 * spent > REPORT_LIVE_MIN_SECONDS * 1000000000LL
				    ? 10 * spent : REPORT_LIVE_MIN_SECONDS * 1000000000LL);
}

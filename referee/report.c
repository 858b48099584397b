/*
 * Building the report site (report.h): the folders, the data gathered by
 * report_games.c, report_ladder.c and report_manifest.c, and index.html
 * drawn from it by html/report.js.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <time.h>

#include "files.h"
#include "html.h"
#include "html_assets.h"
#include "report.h"
#include "util.h"

/* How often a page of a run still going on reloads itself. */
#define REPORT_RELOAD_SECONDS 10

int report_build(const char *dir, const char *out, bool live, char *err)
{
	const char *styles[] = {html_page_css, NULL};
	const char *scripts[] = {html_dom_js, html_report_js, NULL};
	char folder[4096], path[4096 + 16], head[160], stamp[32];
	struct html_page page = {.styles = styles, .scripts = scripts};
	cJSON *data = cJSON_CreateObject();
	cJSON *finished;
	const cJSON *name;
	time_t now = time(NULL);
	struct stat st;
	bool complete;
	int rc = -1;

	if (stat(dir, &st)) {
		errorf(err, "cannot read '%s': %s", dir, strerror(errno));
		goto out;
	}
	if (!S_ISDIR(st.st_mode)) {
		errorf(err, "'%s' is not a folder: give a tournament's output folder", dir);
		goto out;
	}
	snprintf(folder, sizeof folder, "%s", out ? out : dir);
	if (!out)
		snprintf(folder, sizeof folder, "%s/report", dir);
	snprintf(path, sizeof path, "%s/replays", folder);
	if (files_mkdirs(path, err))
		goto out;
	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	cJSON_AddStringToObject(data, "made", stamp);
	complete = report_manifest(dir, data);
	cJSON_AddBoolToObject(data, "live", live && !complete);
	/* Until the run is complete, a log the manifest does not list as
	 * finished is a game being played (or cut by a stop), not a result. */
	finished = cJSON_DetachItemFromObjectCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(data, "manifest"), "finished_logs");
	if (complete) {
		cJSON_Delete(finished);
		finished = NULL;
	}
	rc = report_games(dir, folder, finished, data, err) ||
	     report_ladder(dir, finished, data, err) ? -1 : 0;
	cJSON_Delete(finished);
	if (rc)
		goto out;
	name = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(data, "manifest"), "name");
	page.title = cJSON_IsString(name) ? name->valuestring : "tournament report";
	if (live && !complete) {
		snprintf(head, sizeof head, "<meta http-equiv=\"refresh\" content=\"%d\">\n",
			 REPORT_RELOAD_SECONDS);
		cJSON_AddNumberToObject(data, "reload_seconds", REPORT_RELOAD_SECONDS);
		page.head = head;
	}
	page.data = data;
	snprintf(path, sizeof path, "%s/index.html", folder);
	rc = html_write(path, &page, err) ? -1 : cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(data, "verification"), "failed"));
out:
	cJSON_Delete(data);
	return rc;
}

void report_live_update(void *ctx)
{
	struct report_live *live = ctx;
	int64_t start = now_ns(), spent;
	char err[ERR_LEN];

	if (start < live->next_ns)
		return;
	if (report_build(live->dir, NULL, true, err) < 0 && !live->warned) {
		fprintf(stderr, "referee tournament: the report cannot be updated: %s\n", err);
		live->warned = true;
	}
	spent = now_ns() - start;
	live->next_ns = now_ns() + (10 * spent > REPORT_LIVE_MIN_SECONDS * 1000000000LL
				    ? 10 * spent : REPORT_LIVE_MIN_SECONDS * 1000000000LL);
}

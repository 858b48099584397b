/*
 * A league run's pace, in DIR/pace.json; see league_pace.h.
 */
#include "league/league_pace.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"
#include "league/league_pick.h"

bool league_pace_settled(long interval, double widest)
{
	return interval > 0 && widest <= (double)interval;
}

/* When the trickle's set after one at `now` is due (never without a
 * trickle). */
static int64_t trickle_after(long trickle, int64_t now)
{
	return trickle ? now + 60000000000LL / trickle : INT64_MAX;
}

/* DIR/pace.json written whole (a reader sees the old or the new); only
 * what status says: a run does not stop for it. */
static void pace_write(const char *dir, const struct league_pace *p)
{
	cJSON *j = cJSON_CreateObject();
	char err[ERR_LEN];

	cJSON_AddBoolToObject(j, "resting", p->resting);
	cJSON_AddNumberToObject(j, "interval", (double)p->interval);
	if (isfinite(p->widest))
		cJSON_AddNumberToObject(j, "widest", round(p->widest * 10) / 10);
	if (*p->widest_version)
		cJSON_AddStringToObject(j, "widest_version", p->widest_version);
	cJSON_AddNumberToObject(j, "trickle", (double)p->trickle);
	cJSON_AddBoolToObject(j, "luck_adjusted", p->luck);
	league_json_write(dir, "pace.json", j, err);
	cJSON_Delete(j);
}

void league_rest_fitted(struct league_rest *rest, const char *dir, long interval,
			long trickle, const struct league_pick *pick,
			const char *const *labels)
{
	int widest = league_pick_widest(pick);
	struct league_pace p = {.interval = interval, .trickle = trickle, .luck = pick->luck,
				.widest = widest < 0 ? 0 : RATINGS_Z95 * pick->e[widest].se};

	if (widest >= 0)
		snprintf(p.widest_version, sizeof p.widest_version, "%s", labels[widest]);
	rest->refitted = now_ns();
	p.resting = league_pace_settled(interval, p.widest);
	if (p.resting && !rest->resting)
		rest->next_set = trickle_after(trickle, rest->refitted);
	rest->resting = p.resting;
	pace_write(dir, &p);
}

bool league_rest_set_due(struct league_rest *rest, long trickle)
{
	int64_t now = now_ns();

	if (now < rest->next_set)
		return false;
	rest->next_set = trickle_after(trickle, now);
	return true;
}

bool league_rest_refit_due(const struct league_rest *rest)
{
	return rest->resting && now_ns() - rest->refitted >= LEAGUE_REST_REFIT_NS;
}

int league_pace_read(const char *dir, struct league_pace *p)
{
	char *path = path_join(dir, "pace.json"), err[ERR_LEN];
	cJSON *j = league_json_read(path, NULL, err);
	const cJSON *resting = json_member(j, "resting"), *widest = json_member(j, "widest");
	const cJSON *version = json_member(j, "widest_version");
	int rc = -1;

	if (j && cJSON_IsBool(resting)) {
		*p = (struct league_pace){
			.resting = cJSON_IsTrue(resting),
			.widest = cJSON_IsNumber(widest) ? widest->valuedouble : INFINITY,
			.luck = cJSON_IsTrue(json_member(j, "luck_adjusted")),
		};
		if (cJSON_IsString(version))
			snprintf(p->widest_version, sizeof p->widest_version, "%s",
				 version->valuestring);
		rc = json_whole(json_member(j, "interval"), 0, 100000, &p->interval) &&
		     json_whole(json_member(j, "trickle"), 0, 100000, &p->trickle) ? 0 : -1;
	}
	cJSON_Delete(j);
	free(path);
	return rc;
}

void league_pace_clear(const char *dir)
{
	char *path = path_join(dir, "pace.json");

	unlink(path);
	free(path);
}

char *league_pace_trickle_text(long trickle)
{
	return trickle == 0 ? xstrdup("no set") : trickle == 1 ? xstrdup("one set a minute")
	       : xasprintf("%ld sets a minute", trickle);
}

char *league_pace_text(const struct league_pace *p)
{
	char widest[128], *trickle, *text;
	const char *interval = p->luck ? "95% interval (of its luck-adjusted rating)" :
					 "95% interval";

	if (!p->interval)
		return xstrdup("full speed (this run does not rest)");
	if (isfinite(p->widest))
		snprintf(widest, sizeof widest, "the widest +/- %.0f%s%s", p->widest,
			 *p->widest_version ? ", " : "", p->widest_version);
	else
		snprintf(widest, sizeof widest, "%s has none yet",
			 *p->widest_version ? p->widest_version : "a version");
	if (!p->resting)
		return xasprintf("full speed until every active version's %s is "
				 "within +/- %ld Elo (%s)", interval, p->interval, widest);
	trickle = league_pace_trickle_text(p->trickle);
	text = xasprintf("resting: every active version's %s is within "
			 "+/- %ld Elo (%s), so %s until a version arrives or an interval "
			 "widens", interval, p->interval, widest, trickle);
	free(trickle);
	return text;
}

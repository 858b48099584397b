/*
 * A league's tasks, shared by both engines of a run; see league_task.h.
 */
#include "league/league_task.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/game_figures.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/reply_times.h"
#include "league/league_folder.h"
#include "match/match_set.h"

struct match_entrant league_task_entrant(const char *dir, const struct league_version *v,
					 int writer, const struct bot_limits *limits)
{
	struct match_entrant e = {.name = v->name};

	e.spec.command = v->command;
	e.spec.command_dir = v->dir;
	e.spec.stderr_path = league_stderr_path(dir, v, writer);
	e.spec.limits = *limits;
	e.spec.limits.workdir = v->workdir;
	e.spec.limits.readable = (const char *const *)v->readable;
	return e;
}

int league_task_started(struct run_manifest *m, sqlite3 *db, long run, long first, int sets,
			const struct league_version *const *v, int n, char *err)
{
	struct run_manifest_seat seats[GAME_MAX_SEATS];
	int rc;

	for (int s = 0; s < n; s++)
		seats[s] = (struct run_manifest_seat){v[s]->name, v[s]->number, v[s]->hash};
	rc = run_manifest_started_seated(m, first, sets * n, seats, n, err);
	for (int k = 0; !rc && k < sets; k++)
		rc = league_db_task(db, run, first + (long)k * n, "started", err);
	return rc;
}

int league_task_play_set(const struct match_config *config, const char *run_dir,
			 struct match **lanes, int n, long first, bool duplicate,
			 struct game_outcome *outcomes, char *err)
{
	struct match_set_game set_games[GAME_MAX_SEATS];
	struct match_round round = {.games = set_games, .count = n, .seats = n,
				    .duplicate = duplicate,
				    .set_seed = match_secrets_seed(config)};
	int rc;

	match_round_rotate(set_games, n, n, first, 0);
	for (int k = 0; k < n; k++)
		set_games[k].log_path = outdir_play_log(run_dir, first + k);
	rc = match_play_round(lanes, &round, outcomes, err);
	for (int k = 0; k < n; k++)
		free((char *)set_games[k].log_path);
	return rc;
}

/* Game `game`'s "seats" for its "finished" record: each seat's version,
 * rank and forfeit. */
static cJSON *seats_record(const struct league_version *const *at, const int *ranks,
			   const int *forfeits, int n)
{
	cJSON *r = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(r, "seats");

	for (int s = 0; s < n; s++) {
		cJSON *seat = cJSON_CreateObject();

		cJSON_AddStringToObject(seat, "name", at[s]->name);
		cJSON_AddNumberToObject(seat, "version", at[s]->number);
		cJSON_AddNumberToObject(seat, "rank", ranks[s]);
		cJSON_AddBoolToObject(seat, "forfeit", forfeits[s] != 0);
		cJSON_AddItemToArray(list, seat);
	}
	return r;
}

int league_task_enter(sqlite3 *db, struct run_manifest *m, long run, long first, int n,
		      const struct league_version *const *seats,
		      int ranks[][GAME_MAX_SEATS], int forfeits[][GAME_MAX_SEATS], char *err)
{
	char sha[GAME_MAX_SEATS][FILES_SHA256_HEX];
	const struct league_version *at[GAME_MAX_SEATS];
	int rc = 0;

	/* Each log hashed once, for run.jsonl and the index alike. */
	for (int k = 0; !rc && k < n; k++) {
		for (int s = 0; s < n; s++)
			at[s] = seats[match_set_rotated(k, s, n)];
		rc = run_manifest_finished_with(m, first + k, seats_record(at, ranks[k],
									forfeits[k], n),
						sha[k], err);
	}
	rc = rc ? rc : league_db_begin(db, err);
	for (int k = 0; !rc && k < n; k++) {
		long versions[GAME_MAX_SEATS];

		for (int s = 0; s < n; s++)
			versions[s] = seats[match_set_rotated(k, s, n)]->id;
		rc = league_db_add_game(db, run, first + k, first, sha[k], n, versions,
					ranks[k], forfeits[k], err);
	}
	rc = rc ? rc : league_db_task(db, run, first, "finished", err);
	return league_db_end(db, rc, err);
}

int league_task_log_result(const struct game_log *log, int *ranks, int *forfeits,
			   double *seconds, int max)
{
	struct forfeit_reasons reasons = {0};
	struct game_figures figures;
	struct reply_clocks *clocks = seconds ? xcalloc((size_t)max, sizeof *clocks) : NULL;
	struct reply_clocks *replies[GAME_MAX_SEATS];
	int seats = logread_ranks(log, ranks, max);

	for (int s = 0; clocks && s < max && s < GAME_MAX_SEATS; s++)
		replies[s] = &clocks[s];
	if (seats > 0) {
		game_figures_from_log(log, seats, &reasons, &figures, clocks ? replies : NULL);
		for (int s = 0; s < seats; s++) {
			forfeits[s] = figures.reason[s] != 0;
			if (seconds)
				seconds[s] = reply_times_seconds(&clocks[s].wall);
		}
	}
	forfeit_reasons_free(&reasons);
	free(clocks);
	return seats;
}

int league_task_set_logs(const char *run_dir, long first, int n)
{
	int there = 0;

	for (long g = first; g < first + n; g++) {
		char *path = outdir_play_log(run_dir, g);

		there += access(path, F_OK) == 0;
		free(path);
	}
	return there;
}

bool league_task_log_signed(const struct game_log *log)
{
	return log->count && !log->ends_mid_line && !log->corrupt &&
	       log->lines[log->count - 1].type &&
	       !strcmp(log->lines[log->count - 1].type, "signature");
}

bool league_task_log_seat(const cJSON *player, const char **name, char hash[65])
{
	const cJSON *files = json_member(player, "files");

	*name = cJSON_GetStringValue(json_member(player, "name"));
	if (!*name || !cJSON_IsArray(files))
		return false;
	files_command_hash(cJSON_GetStringValue(json_member(player, "command")), files, hash);
	return true;
}

bool league_task_roster_changed(sqlite3 *db, const struct league_roster *then)
{
	struct league_roster now;

	league_db_roster(db, &now);
	return now.versions >= 0 && now.retired >= 0 && now.seasons >= 0 &&
	       memcmp(&now, then, sizeof now) != 0;
}

void league_task_place(struct league_place *p, const char *league, long number,
		       const unsigned char *run_id, int players)
{
	snprintf(p->league, sizeof p->league, "%s", league ? league : "");
	p->place = (struct match_place){.run_id = run_id,
					.league = *p->league ? p->league : NULL,
					.run_number = number, .set_games = players};
}

int league_task_place_read(struct league_place *p, const char *run_dir, int players,
			   char *err)
{
	char *path = outdir_run_manifest(run_dir);
	cJSON *first = logread_header(path);
	const char *league = cJSON_GetStringValue(json_member(first, "league"));
	const char *id = cJSON_GetStringValue(json_member(first, "id"));
	long number = 0;
	int rc = 0;

	if (hex_decode(p->run_id, sizeof p->run_id, id) ||
	    !json_whole(json_member(first, "run_number"), 1, 1L << 40, &number) ||
	    (league && strlen(league) != 2 * LEAGUE_ID_BYTES))
		rc = errorf(err, "%s: not a league run's run.jsonl (its id, league and "
			    "run_number)", path);
	else
		league_task_place(p, league, number, p->run_id, players);
	cJSON_Delete(first);
	free(path);
	return rc;
}

/*
 * A league's register checked for `referee verify` (league_register.h):
 * its chain and signatures, and the state of it each run began under.
 */
#include "league/league_register.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_check.h"
#include "league/league_seats.h"
#include "verify/verify_keys.h"

/* Checks the "register" record of run folder `run_dir`'s run.jsonl
 * against the register `r`: a state it no longer has is a problem, and a
 * version seated that was not the newest, not retired, in that state
 * (league_seats.h); and the key that signed it, the register's
 * (verify_keys.h). */
static void check_run(const char *run_dir, const struct league_register *r,
		      struct problems *problems)
{
	char *path = outdir_run_manifest(run_dir);
	struct chain_lines l;
	struct chain_end end = {0};
	char why[ERR_LEN];

	chain_lines_read(&l, path);
	if (l.count && !l.cut) {
		cJSON *last = chain_line_json(&l, l.count - 1);
		const char *type = cJSON_GetStringValue(json_member(last, "type"));

		if (type && !strcmp(type, "signature"))
			verify_keys_same(path, cJSON_GetStringValue(json_member(last, "key")),
					 r->keys, "the league's register's", problems);
		cJSON_Delete(last);
	}
	/* It follows the header: among the first lines. */
	for (size_t i = 0; i < l.count && i < 4; i++) {
		cJSON *j = chain_line_json(&l, i);
		const char *type = cJSON_GetStringValue(json_member(j, "type"));
		const char *hash = cJSON_GetStringValue(json_member(j, "hash"));
		long lines = 0;

		if (type && !strcmp(type, "register")) {
			json_get_int(j, "lines", 1, LONG_MAX, &lines);
			if (lines >= 1 && lines <= (long)r->file.count)
				chain_take(&end, r->file.at[lines - 1], r->file.len[lines - 1]);
			if (!end.seq || !hash || strcmp(hash, end.prev))
				problems_add(problems, path, "the run began under register.jsonl "
					     "line %ld, which the register no longer has as "
					     "it was: lines were cut from its end, or changed",
					     lines);
			/* The state there: what the run may seat. */
			else if (league_seats_check(&r->file, &l, why))
				problems_add(problems, path, "%s", why);
			i = 4;
		}
		cJSON_Delete(j);
	}
	chain_lines_free(&l);
	free(path);
}

bool league_register_verify(const char *dir, const unsigned char *trusted_key,
			    struct problems *problems, char *said, size_t len)
{
	char trusted[65];
	char err[ERR_LEN], *path = path_join(dir, LEAGUE_REGISTER);
	struct league_register r = {0};
	struct league_info info;
	bool whole = false;
	char **runs;
	int count;

	said[0] = '\0';
	if (league_folder_read(dir, &info, err))
		problems_add(problems, dir, "%s", err);
	else if (league_register_read(dir, &info, &r, err))
		problems_add(problems, path, "%s", err);
	else if (r.broken[0])
		problems_add(problems, path, "%s", r.broken);
	else if (!r.chained)
		whole = snprintf(said, len, "a revision-5 league: its register is not "
				 "signed") > 0;
	else {
		whole = true;
		if (trusted_key)
			hex_encode(trusted, trusted_key, 32);
		verify_keys_same(path, r.keys, trusted_key ? trusted : NULL, "--key's",
				 problems);
		runs = league_check_runs(dir, &count);
		for (int i = 0; i < count; i++) {
			check_run(runs[i], &r, problems);
			free(runs[i]);
		}
		free(runs);
		snprintf(said, len, "its register: %zu lines, chained, each change signed "
			 "(key %s)", r.file.count, r.keys);
	}
	league_register_free(&r);
	league_info_free(&info);
	free(path);
	return whole;
}

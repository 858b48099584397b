/*
 * `referee league quota DIR [--user-mb MB] [--user-files N]
 * [--versions-kept K] [--league-mb MB] [--league-files N]`: the
 * league's quotas on its users' uploads (league_quota.h) set, then said
 * with what the uploads hold, in all and for each user.
 */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/util.h"
#include "cli.h"
#include "cmd_league.h"
#include "league/league_folder.h"
#include "league/league_owners.h"
#include "league/league_prune.h"
#include "league/league_quota.h"
#include "league/league_use.h"
#include "web/web_users.h"

#define fail(...) cli_fail("league", __VA_ARGS__)

/* Says the quotas, and what the uploads hold, in all and by user. */
static void say(const char *dir, sqlite3 *db, const struct league_quota *q)
{
	char *text = league_quota_text(q);
	cJSON *owners = league_owners(dir), *users = cJSON_CreateObject(), *o;
	struct league_use mine, all;

	printf("quotas: %s\n", text);
	free(text);
	league_use_of(dir, db, NULL, "", NULL, q->versions_kept, &mine, &all);
	printf("uploads: %.1f MB and %llu files in all\n", (double)all.bytes / (1 << 20),
	       all.files);
	cJSON_ArrayForEach(o, owners) {
		if (!cJSON_IsString(o) || json_member(users, o->valuestring))
			continue;
		cJSON_AddTrueToObject(users, o->valuestring);
		league_use_of(dir, db, owners, o->valuestring, NULL, q->versions_kept, &mine, NULL);
		printf("user %s: %.1f MB and %llu files\n", o->valuestring,
		       (double)mine.bytes / (1 << 20), mine.files);
	}
	cJSON_Delete(users);
	cJSON_Delete(owners);
}

void league_quota_status(const char *dir, sqlite3 *db)
{
	struct league_quota q;
	struct league_use mine, all;
	char err[ERR_LEN], *text;

	if (league_quota_read(dir, &q, err)) {
		printf("quotas: %s\n", err);
		return;
	}
	text = league_quota_text(&q);
	league_use_of(dir, db, NULL, "", NULL, q.versions_kept, &mine, &all);
	printf("quotas: %s; the uploads hold %.1f MB and %llu files\n", text,
	       (double)all.bytes / (1 << 20), all.files);
	free(text);
}

static const struct cmd_entry league_quota_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_OPT("user-mb", required_argument, 'b'),
		CLI_OPT("user-files", required_argument, 'f'),
		CLI_OPT("versions-kept", required_argument, 'k'),
		CLI_OPT("league-mb", required_argument, 'B'),
		CLI_OPT("league-files", required_argument, 'F'),
		CLI_END,
	},
};

int league_quota(int argc, char **argv)
{
	struct { int index; const char *text; } given[16];
	struct league_quota q;
	struct league_info info;
	char err[ERR_LEN], *name;
	int opt, index, n = 0, rc = EXIT_OK;
	sqlite3 *db;

	while ((opt = cli_option(&league_quota_entry, argc, argv, &index, NULL)) != -1) {
		if (opt == '?')
			return EXIT_USAGE;
		if (n == 16)
			return fail("quota takes each option once");
		given[n].index = index;
		given[n++].text = optarg;
	}
	if (argc - optind != 1)
		return fail("quota takes a league's folder");
	if (league_open(argv[optind], &info, &db, err))
		return fail("%s", err);
	if (league_quota_read(argv[optind], &q, err))
		rc = fail("%s", err);
	for (int i = 0; rc == EXIT_OK && i < n; i++) {
		/* --user-mb sets quota.json's "user_mb". */
		name = xstrdup(league_quota_entry.options[given[i].index].name);
		for (char *c = name; *c; c++)
			*c = *c == '-' ? '_' : *c;
		if (league_quota_set(&q, name, given[i].text, err))
			rc = fail("--%s takes %s",
				  league_quota_entry.options[given[i].index].name, err);
		free(name);
	}
	if (rc == EXIT_OK && n && league_quota_write(argv[optind], &q, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK && n)
		league_prune(argv[optind], db);
	if (rc == EXIT_OK)
		say(argv[optind], db, &q);
	league_db_close(db);
	league_info_free(&info);
	return rc;
}

/*
 * A league's register, chained and signed, written, checked and read
 * into the index; see league_register.h.
 */
#include "league/league_register.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"

/* Whether line 0, `j`, names the league that league.json describes. */
static bool names_league(const cJSON *j, const struct league_info *info)
{
	const char *format = cJSON_GetStringValue(json_member(j, "format"));
	const char *id = cJSON_GetStringValue(json_member(j, "id"));
	const char *game = cJSON_GetStringValue(json_member(j, "game"));
	long players;

	return format && !strcmp(format, LEAGUE_REGISTER_FORMAT) && id &&
	       !strcmp(id, info->id) && game && !strcmp(game, info->rules->name) &&
	       json_whole(json_member(j, "players"), 2, GAME_MAX_SEATS, &players) &&
	       players == info->players &&
	       cJSON_Compare(json_member(j, "options"), info->options, true);
}

/* Whether signature line `j` signs the lines before it, which r->end
 * is after; its key kept among r->keys. */
static bool signs(struct league_register *r, const cJSON *j, const unsigned char *id)
{
	const char *key_hex = cJSON_GetStringValue(json_member(j, "key"));
	struct chain_owner owner = {CHAIN_REGISTER_TAG, id, LEAGUE_ID_BYTES};
	size_t used = strlen(r->keys);
	char why[ERR_LEN];

	if (chain_signature_check(&owner, &r->end, key_hex,
				  cJSON_GetStringValue(json_member(j, "sig")), NULL, why))
		return false;
	if (!strstr(r->keys, key_hex) && used + 67 < sizeof r->keys)
		snprintf(r->keys + used, sizeof r->keys - used, "%s%s", used ? ", " : "",
			 key_hex);
	return true;
}

/* Checks line `seq` (`j`) of a chained register, which r->end is
 * before: "" into r->broken, or what is wrong. */
static void check_line(struct league_register *r, const struct league_info *info,
		       const unsigned char *id, long seq, const cJSON *j)
{
	const char *type = cJSON_GetStringValue(json_member(j, "type"));
	const char *prev = cJSON_GetStringValue(json_member(j, "prev"));
	long n = -1;

	if (!j)
		snprintf(r->broken, ERR_LEN, "line %ld: not a JSON object", seq + 1);
	else if (!json_get_int(j, "seq", 0, LONG_MAX, &n) || n != seq ||
		 (seq ? !prev : json_member(j, "prev") != NULL))
		snprintf(r->broken, ERR_LEN, "line %ld: its chain is broken: its \"seq\" "
			 "is not %ld (a line added, removed or moved without the key)",
			 seq + 1, seq);
	else if (seq && strcmp(prev, r->end.prev))
		snprintf(r->broken, ERR_LEN, "line %ld: changed: the \"prev\" of line %ld "
			 "is not its hash", seq, seq + 1);
	else if (!type || (seq == 0) != !strcmp(type, "league"))
		snprintf(r->broken, ERR_LEN, "line %ld: %s", seq + 1, seq ? "not a register's "
			 "line (no type, or a second \"league\" line)" : "not the league's "
			 "own line (\"type\": \"league\"), which a register begins with");
	else if (seq == 0 && !names_league(j, info))
		snprintf(r->broken, ERR_LEN, "line 1: it names another league than "
			 "league.json does (its id, game, options or players): one of "
			 "them was changed");
	else if (!strcmp(type, "signature") && !signs(r, j, id))
		snprintf(r->broken, ERR_LEN, "line %ld: its signature does not check: "
			 "the lines before it are not the ones it signed", seq + 1);
	/* One key (docs/FAIRNESS-LEAGUE.md, item 23): the league's, that signed
	 * its first lines. */
	else if (!strcmp(type, "signature") && strchr(r->keys, ','))
		snprintf(r->broken, ERR_LEN, "line %ld: signed by key %.64s, not the "
			 "league's key %.64s, which signed its lines before: a change made "
			 "with another key", seq + 1, r->keys + strlen(r->keys) - 64, r->keys);
}

/* Checks every line of the chained register in r->file. */
static void check_chain(struct league_register *r, const struct league_info *info)
{
	const struct chain_lines *l = &r->file;
	unsigned char id[LEAGUE_ID_BYTES];
	long last_signature = -1;

	hex_decode_exact(id, sizeof id, info->id);
	for (size_t seq = 0; !r->broken[0] && seq < l->count; seq++) {
		cJSON *j = chain_line_json(l, seq);
		const char *type = cJSON_GetStringValue(json_member(j, "type"));

		check_line(r, info, id, (long)seq, j);
		chain_take(&r->end, l->at[seq], l->len[seq]);
		if (type && !strcmp(type, "signature"))
			last_signature = (long)seq;
		cJSON_Delete(j);
	}
	if (!r->broken[0] && l->cut)
		snprintf(r->broken, ERR_LEN, "line %zu: cut short (no newline)", l->count + 1);
	else if (!r->broken[0] && last_signature < (long)l->count - 1)
		snprintf(r->broken, ERR_LEN, "line %ld: nothing signs it: a register ends "
			 "with a signature (its last lines were cut, or lines were added "
			 "without the key)", last_signature + 2);
}

int league_register_read(const char *dir, const struct league_info *info,
			 struct league_register *r, char *err)
{
	char *path = path_join(dir, LEAGUE_REGISTER);
	bool exists = access(path, F_OK) == 0;

	memset(r, 0, sizeof *r);
	if (exists)
		chain_lines_read(&r->file, path);
	if (exists && !r->file.text) {
		errorf(err, "%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	r->chained = r->file.text && !strncmp(r->file.text, "{\"seq\":", 7);
	if (r->chained && !info->id[0])
		snprintf(r->broken, ERR_LEN, "line 1: chained and signed, but league.json "
			 "has no id: its id was taken out");
	else if (!r->chained && info->id[0])
		snprintf(r->broken, ERR_LEN, "%s: a league of revision 6 (league.json has "
			 "an id) has a register chained and signed from 'league init' on",
			 r->file.text ? "not chained and signed" : "missing");
	else if (r->chained)
		check_chain(r, info);
	return 0;
}

void league_register_key(const char *dir, const struct league_info *info, char key_hex[65])
{
	struct league_register r;
	char err[ERR_LEN];

	key_hex[0] = '\0';
	if (!league_register_read(dir, info, &r, err) && !r.broken[0] && strlen(r.keys) == 64)
		memcpy(key_hex, r.keys, 65);
	league_register_free(&r);
}

void league_register_free(struct league_register *r)
{
	chain_lines_free(&r->file);
	memset(&r->file, 0, sizeof r->file);
}

/* `line` (a copy chained after the register's `end`) and the signature
 * of the register up to it, as one text, new. */
static char *signed_lines(const cJSON *line, struct chain_end end, const unsigned char *id,
			  const struct referee_key *key)
{
	struct chain_owner owner = {CHAIN_REGISTER_TAG, id, LEAGUE_ID_BYTES};
	char *text, *both;
	size_t len;

	text = chain_next(&end, cJSON_Duplicate(line, true), &len);
	both = chain_next(&end, chain_signature(&owner, &end, key), &len);
	text = xrealloc(text, strlen(text) + len + 2);
	strcat(text, both);
	free(both);
	return text;
}

/* Appends `line` to the register of `info`'s league in `dir`, locked
 * against another writer; `start` for its first line. */
static int append(const char *dir, const struct league_info *info, const cJSON *line,
		  const struct referee_key *key, bool start, char *err)
{
	char *path = path_join(dir, LEAGUE_REGISTER), *text = NULL, *plain;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644), rc = -1;
	struct league_register r = {0};
	unsigned char id[LEAGUE_ID_BYTES];

	if (fd < 0 || flock(fd, LOCK_EX))
		errorf(err, "%s: %s", path, strerror(errno));
	else if (league_register_read(dir, info, &r, err))
		;
	else if (start ? r.file.text && r.file.text[0] : r.broken[0] != 0)
		errorf(err, "%s: %s: nothing is added to a broken register (see "
		       "'referee verify')", path, start ? "there is one already" : r.broken);
	else if (info->id[0] && !key)
		errorf(err, "%s: a change of a league's register is signed: no key", path);
	else {
		hex_decode_exact(id, sizeof id, info->id);
		plain = json_print_line(line);
		text = info->id[0] ? signed_lines(line, r.end, id, key) : xasprintf("%s\n", plain);
		free(plain);
		rc = files_write_all(fd, text, strlen(text)) || fsync(fd)
		     ? errorf(err, "%s: %s", path, strerror(errno)) : 0;
	}
	if (fd >= 0 && close(fd) && !rc)
		rc = errorf(err, "%s: %s", path, strerror(errno));
	league_register_free(&r);
	free(text);
	free(path);
	return rc;
}

void league_register_lines(const char *dir, struct chain_lines *l)
{
	char *path = path_join(dir, LEAGUE_REGISTER);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*l = (struct chain_lines){0};
	if (fd >= 0 && flock(fd, LOCK_SH) == 0)
		chain_lines_read(l, path);
	if (fd >= 0)
		close(fd);
	free(path);
}

cJSON *league_register_state(const char *dir)
{
	struct chain_lines l;
	struct chain_end end = {0};
	cJSON *r = NULL;

	league_register_lines(dir, &l);
	if (l.count && !strncmp(l.text, "{\"seq\":", 7)) {
		chain_take(&end, l.at[l.count - 1], l.len[l.count - 1]);
		r = json_typed("register");
		cJSON_AddNumberToObject(r, "lines", (double)l.count);
		cJSON_AddStringToObject(r, "hash", end.prev);
	}
	chain_lines_free(&l);
	return r;
}

int league_register_start(const char *dir, const struct league_info *info,
			  const struct referee_key *key, char *err)
{
	cJSON *j = json_typed("league");
	int rc;

	cJSON_AddStringToObject(j, "format", LEAGUE_REGISTER_FORMAT);
	cJSON_AddStringToObject(j, "id", info->id);
	cJSON_AddStringToObject(j, "game", info->rules->name);
	cJSON_AddItemToObject(j, "options", cJSON_Duplicate(info->options, true));
	cJSON_AddNumberToObject(j, "players", info->players);
	rc = append(dir, info, j, key, true, err);
	cJSON_Delete(j);
	return rc;
}

int league_register_append(const char *dir, const struct league_info *info,
			   const cJSON *line, const struct referee_key *key, char *err)
{
	return append(dir, info, line, key, false, err);
}

/* A register's "add" line as a version (its strings borrowed). */
static int take_add(sqlite3 *db, const cJSON *j, char *err)
{
	struct league_version v;
	int rc;

	if (!league_version_read(j, &v))
		return errorf(err, "an \"add\" line without its name, number, hash, "
			      "command, dir or readable");
	rc = league_db_add_version(db, &v, err);
	free(v.readable);
	return rc;
}

/* A register's "season" line. */
static int take_season(sqlite3 *db, const cJSON *j, const char *name, char *err)
{
	long first;

	if (!json_whole(json_member(j, "first_run"), 1, 1000000000L, &first))
		return errorf(err, "a \"season\" line without its first_run");
	return league_db_season(db, name, first, err);
}

int league_register_load(const char *dir, const struct league_info *info, sqlite3 *db,
			 struct league_register *kept, char *err)
{
	char *path = path_join(dir, LEAGUE_REGISTER);
	struct league_register r;
	int rc = league_register_read(dir, info, &r, err);

	if (!rc && (r.broken[0] || r.file.cut))
		rc = errorf(err, "%s: %s", path, r.broken[0] ? r.broken : "its last line is cut "
			    "short (no newline)");
	for (size_t number = 1; !rc && number <= r.file.count; number++) {
		char why[ERR_LEN] = "";
		cJSON *j = json_parse_object(r.file.at[number - 1], r.file.len[number - 1], why);
		const char *type = cJSON_GetStringValue(json_member(j, "type"));
		const char *name = cJSON_GetStringValue(json_member(j, "name"));

		/* The league's own line and the signatures were checked. */
		if (type && (!strcmp(type, "league") || !strcmp(type, "signature")))
			;
		else if (!j || !type || !name)
			rc = errorf(why, "not a register's line (%s)", j ? "no type or name"
				    : "not JSON");
		else if (!strcmp(type, "add"))
			rc = take_add(db, j, why);
		else if (!strcmp(type, "retire"))
			rc = league_db_retire(db, name, why);
		else if (!strcmp(type, "season"))
			rc = take_season(db, j, name, why);
		else
			rc = errorf(why, "unknown type '%s'", type);
		if (rc)
			errorf(err, "%s: line %zu: %s", path, number, why);
		cJSON_Delete(j);
	}
	if (kept)
		*kept = r;
	else
		league_register_free(&r);
	free(path);
	return rc;
}

/*
 * A league game's replay, its words and a bot's forfeits (web_games.h): the log
 * read and replayed as `referee replay` does (replay.h), checked as it
 * goes, with the bots' words from DIR/stderr/NAME-vK.stderr, where `league
 * run` keeps each version's stderr under its marks of each game, and its
 * badge saying in words true for whoever reads the page whether its
 * signature is the league's key (DIR/referee.pub, served at /referee.pub),
 * in place of what `referee replay` says to the user who runs it
 * ("checked against your own key", with the path of the server's).  A log
 * without a forfeit record is not replayed for the forfeits: most games
 * have none.  What of a replay a viewer sees is cut here too: no path of
 * the server's, and the bots' stderr only to whom may see it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/keys.h"
#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "grade/grade.h"
#include "league/league_owners.h"
#include "report/html.h"
#include "report/replay.h"
#include "report/replay_members.h"
#include "report/replay_words.h"
#include "web/web_db.h"
#include "web/web_games.h"

/* Whether `c` may be part of a path's name. */
static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("._-+@%~/", c));
}

char *web_words_scrub(const char *text)
{
	size_t len = 0;
	char *out = NULL;
	FILE *f = open_memstream(&out, &len);

	for (const char *p = text; *p; ) {
		const char *end = p, *stop, *part;
		int slashes = 0;

		/* A path starts a word ("'/a/b'", "(/a/b)", "at /a/b") and has
		 * a folder: "1/2" and a lone "/" are no paths. */
		if (*p != '/' || (p > text && path_char(p[-1]))) {
			fputc(*p++, f);
			continue;
		}
		while (path_char(*end))
			end++;
		for (stop = end; stop > p + 1 && stop[-1] == '/'; stop--)
			;
		for (part = stop; part > p && part[-1] != '/'; part--)
			;
		for (const char *q = p; q < stop; q++)
			slashes += *q == '/';
		if (slashes < 2)
			part = p, stop = end;
		fwrite(part, 1, (size_t)(stop - part), f);
		p = end;
	}
	fclose(f);
	return out;
}

/* `line` with the bot's folder `folder` (NULL: none) in it made relative
 * ("FOLDER/lib/a.py" "lib/a.py", "FOLDER" alone "."), and every other
 * absolute path scrubbed (web_words_scrub()): a new string. */
static char *relative_line(const char *line, const char *folder)
{
	size_t n = folder ? strlen(folder) : 0, len = 0;
	char *out = NULL, *clean;
	FILE *f = open_memstream(&out, &len);

	for (const char *p = line; *p; ) {
		bool here = n > 1 && !strncmp(p, folder, n) && (p == line || !path_char(p[-1]));

		if (here && p[n] == '/') {
			p += n + 1;
		} else if (here && !path_char(p[n])) {
			fputc('.', f);
			p += n;
		} else {
			fputc(*p++, f);
		}
	}
	fclose(f);
	clean = web_words_scrub(out);
	free(out);
	return clean;
}

/* Each line of `list` made relative to `folder` (relative_line()). */
static void relative_lines(cJSON *list, const char *folder)
{
	cJSON *line;

	cJSON_ArrayForEach(line, list)
		if (cJSON_IsString(line)) {
			char *rel = relative_line(line->valuestring, folder);

			cJSON_SetValuestring(line, rel);
			free(rel);
		}
}

/* The stderr lines of replay document `doc` (each move's and the last
 * words') shown relative to their bot: its folder, as log header
 * `header` names it, cut off the paths in them ("lib/a.py"), every other
 * absolute path cut to its last part (web_words_scrub()), so that its
 * owner reads where in the bot, not where on the server. */
static void web_words_relative(cJSON *doc, const cJSON *header)
{
	const cJSON *players = json_member(header, "players");
	cJSON *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		const cJSON *player = cJSON_GetArrayItem(players, replay_int(step, "seat", -1));
		const char *folder = cJSON_GetStringValue(json_member(json_member(player, "folder"),
								      "path"));

		relative_lines(json_member(step, "stderr"), folder);
		relative_lines(json_member(json_member(step, "last_words"), "stderr"), folder);
	}
}

/* Replaces string member `key` of `o` by its scrubbed text. */
static void scrub_member(cJSON *o, const char *key)
{
	const char *text = cJSON_GetStringValue(json_member(o, key));
	char *clean;

	if (!text)
		return;
	clean = web_words_scrub(text);
	cJSON_ReplaceItemInObjectCaseSensitive(o, key, cJSON_CreateString(clean));
	free(clean);
}

/* The forfeits' words of replay document `doc` (replay.h) scrubbed
 * (web_words_scrub()): each forfeit's detail and its step's text. */
static void web_words_public(cJSON *doc)
{
	cJSON *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps"))
		if (json_member(step, "forfeit")) {
			scrub_member(json_member(step, "forfeit"), "detail");
			scrub_member(step, "text");
		}
}

/* Whether viewer `v` sees bot `bot`'s stderr: they own it (the league's
 * register says, league_owners.h) or organise. */
static bool web_words_sees(const struct web_viewer *v, const char *dir, const char *bot)
{
	char *owner;
	bool sees;

	if (!v->user || v->organiser)
		return v->user != NULL;
	owner = league_owner(dir, bot);
	sees = owner && !strcmp(owner, v->user);
	free(owner);
	return sees;
}

/* Takes the stderr lines (each move's and the last words') of the seats
 * of `doc` whose bot viewer `v` does not see out of it: how many seats
 * it sees. */
static int web_words_hide(cJSON *doc, const char *dir, const struct web_viewer *v)
{
	const cJSON *players = json_member(doc, "players");
	int seats = cJSON_GetArraySize(players), seen = 0;
	bool *sees = xcalloc((size_t)seats + 1, sizeof *sees);
	cJSON *step;

	for (int s = 0; s < seats; s++) {
		const char *bot = cJSON_GetStringValue(cJSON_GetArrayItem(players, s));

		sees[s] = bot && web_words_sees(v, dir, bot);
		seen += sees[s];
	}
	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		int seat = replay_int(step, "seat", -1);
		cJSON *last = json_member(step, "last_words");

		if (seat >= 0 && seat < seats && sees[seat])
			continue;
		cJSON_DeleteItemFromObjectCaseSensitive(step, "stderr");
		cJSON_DeleteItemFromObjectCaseSensitive(last, "stderr");
		if (last && !last->child)
			cJSON_DeleteItemFromObjectCaseSensitive(step, "last_words");
	}
	free(sees);
	return seen;
}

/* Whether `hex` is the public key of DIR/referee.pub. */
static bool is_league_key(const char *dir, const char *hex)
{
	char *path = path_join(dir, KEYS_PUBLIC_FILE), err[ERR_LEN], have[65];
	unsigned char key[32];
	bool is = keys_load_public(path, key, err) == 0;

	free(path);
	if (is)
		hex_encode(have, key, sizeof key);
	return is && !strcmp(have, hex);
}

/* Says in replay document `doc`'s "verify" whether its signature is by
 * the key of league `dir` ("trusted", "trust"); a log that does not
 * verify is left as it is. */
static void key_trust(cJSON *doc, const char *dir)
{
	cJSON *v = json_member(doc, "verify");
	const char *key = cJSON_GetStringValue(json_member(v, "key"));
	bool league;

	if (!cJSON_IsTrue(json_member(v, "ok")) || !key ||
	    cJSON_IsFalse(json_member(v, "refereed")))
		return;
	league = is_league_key(dir, key);
	cJSON_ReplaceItemInObjectCaseSensitive(v, "trusted", cJSON_CreateBool(league));
	cJSON_ReplaceItemInObjectCaseSensitive(v, "trust", cJSON_CreateString(
		league ? "the league's key: its public key is /referee.pub, and `referee "
		"verify --key referee.pub LOG` checks the log (/logs/...) with it"
		: "not the league's key (/referee.pub): not checked"));
}

/* The replay of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl) with the bots'
 * words of `x`: 0, or -1 when it cannot be read. */
static int game_replay(const char *dir, const char *rel, const struct words_index *x,
		       struct replay *r)
{
	char *path = path_join(dir, rel), err[ERR_LEN];
	struct replay_options options = {0};
	struct game_log log;
	int rc = logread_load(path, &log, err);

	free(path);
	if (rc)
		return -1;
	rc = replay_build(&log, &options, r, err);
	if (rc == 0) {
		const char *id = cJSON_GetStringValue(json_member(r->doc, "game_id"));
		int seats = cJSON_GetArraySize(json_member(r->doc, "players"));

		/* A game newer than the view's index, or its last one then:
		 * what its stderr files hold now. */
		if (x && id && !words_index_settled(x, id, seats)) {
			char *folder = path_join(dir, "stderr");
			struct words_index *newer = words_index_newer(x, folder, id);

			replay_words_add(r->doc, newer);
			words_index_free(newer);
			free(folder);
		} else {
			replay_words_add(r->doc, x);
		}
		web_words_relative(r->doc, log.count ? log.lines[0].json : NULL);
		key_trust(r->doc, dir);
	}
	logread_free(&log);
	return rc;
}

cJSON *web_game_grade(const char *dir, const char *rel)
{
	char *path = path_join(dir, rel), err[ERR_LEN];
	cJSON *grade;

	grade_log(web_grader_of_thread(), path, NULL, &grade, err);
	free(path);
	return grade;
}

char *web_game_page(const char *dir, const char *rel)
{
	char err[ERR_LEN], *text = NULL;
	struct replay r;
	size_t len;

	/* The bots' info alone: their stderr is asked for by the page
	 * (web_game_words()), with its viewer's token. */
	if (game_replay(dir, rel, NULL, &r) == 0) {
		cJSON *grade = web_game_grade(dir, rel);

		if (grade)
			cJSON_AddItemToObject(r.doc, "grade", grade);
		web_words_public(r.doc);
		web_words_hide(r.doc, dir, &(struct web_viewer){NULL, false});
		text = html_league_replay_text(r.doc, &len, err);
		replay_free(&r);
	}
	return text;
}

cJSON *web_game_words(const char *dir, const struct words_index *x, const char *rel,
		      const struct web_viewer *v, unsigned *status)
{
	struct replay r;
	cJSON *steps = NULL, *step;
	int i = 0;

	*status = 404;
	if (game_replay(dir, rel, x, &r) == 0) {
		*status = web_words_hide(r.doc, dir, v) ? 200 : 403;
		steps = cJSON_CreateArray();
		cJSON_ArrayForEach(step, json_member(r.doc, "steps")) {
			const char *keys[] = {"stderr", "last_words"};

			for (int k = 0; k < 2; k++)
				if (json_member(step, keys[k])) {
					cJSON *o = cJSON_CreateObject();

					/* Moved, not copied: the replay is freed. */
					cJSON_AddNumberToObject(o, "index", i);
					cJSON_AddItemToObject(o, keys[k],
						cJSON_DetachItemFromObjectCaseSensitive(step, keys[k]));
					cJSON_AddItemToArray(steps, o);
				}
			i++;
		}
		replay_free(&r);
	}
	return steps;
}

/* Adds to `out` the forfeits of seats named `name` in replay `doc`. */
static void forfeits_of(cJSON *out, const cJSON *doc, const cJSON *game, const char *name)
{
	const cJSON *players = json_member(doc, "players"), *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		const cJSON *f = json_member(step, "forfeit"), *seat = json_member(step, "seat");
		const char *who = cJSON_IsNumber(seat) ? cJSON_GetStringValue(
			cJSON_GetArrayItem(players, seat->valueint)) : NULL;
		cJSON *o;

		if (!f || !who || strcmp(who, name) || cJSON_GetArraySize(out) >= WEB_FORFEITS)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddItemToObject(o, "id", cJSON_Duplicate(json_member(game, "id"), 1));
		cJSON_AddItemToObject(o, "replay", cJSON_Duplicate(json_member(game, "replay"), 1));
		cJSON_AddItemToObject(o, "reason", cJSON_Duplicate(json_member(f, "reason"), 1));
		cJSON_AddItemToObject(o, "detail", cJSON_Duplicate(json_member(f, "detail"), 1));
		if (json_member(step, "last_words"))
			cJSON_AddItemToObject(o, "last_words",
					      cJSON_Duplicate(json_member(step, "last_words"), 1));
		cJSON_AddItemToArray(out, o);
	}
}

cJSON *web_game_forfeits(const char *dir, const struct words_index *x, const cJSON *games,
			 const char *name, const struct web_viewer *v)
{
	bool sees = web_words_sees(v, dir, name);
	cJSON *out = cJSON_CreateArray();
	const cJSON *g;

	cJSON_ArrayForEach(g, games) {
		const char *log = cJSON_GetStringValue(json_member(g, "log"));
		char *rel, *path, *text, err[ERR_LEN];
		size_t len;
		struct replay r;

		if (cJSON_GetArraySize(out) >= WEB_FORFEITS || !log || strncmp(log, "/logs/", 6))
			continue;
		rel = xasprintf("runs/%s", log + 6);
		path = path_join(dir, rel);
		text = logread_text(path, &len, err);
		if (text && strstr(text, "\"type\":\"forfeit\"")) {
			/* Its stderr's lines only for whom may see them. */
			if (game_replay(dir, rel, sees ? x : NULL, &r) == 0) {
				web_words_public(r.doc);
				web_words_hide(r.doc, dir, v);
				forfeits_of(out, r.doc, g, name);
				replay_free(&r);
			}
		}
		free(text);
		free(path);
		free(rel);
	}
	return out;
}

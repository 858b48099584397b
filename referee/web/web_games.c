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
 * have none.
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
#include "report/html.h"
#include "report/replay.h"
#include "report/replay_words.h"
#include "web/web_db.h"
#include "web/web_games.h"
#include "web/web_words.h"

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

/*
 * What of a league game's replay a viewer sees (web_words.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "league/league_owners.h"
#include "report/replay_members.h"
#include "web/web_words.h"

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

void web_words_relative(cJSON *doc, const cJSON *header)
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

void web_words_public(cJSON *doc)
{
	cJSON *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps"))
		if (json_member(step, "forfeit")) {
			scrub_member(json_member(step, "forfeit"), "detail");
			scrub_member(step, "text");
		}
}

bool web_words_sees(const struct web_viewer *v, const char *dir, const char *bot)
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

int web_words_hide(cJSON *doc, const char *dir, const struct web_viewer *v)
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

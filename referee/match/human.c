/*
 * The person at the terminal; see human.h.
 */
#include "human.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/action_words.h"
#include "base/json.h"
#include "base/util.h"

/* Counts the dice of a keep, face by face; false unless it is a JSON
 * array of faces 1 to 6. */
static bool count_faces(const cJSON *faces, int count[7])
{
	const cJSON *face;

	memset(count, 0, 7 * sizeof *count);
	if (!cJSON_IsArray(faces) || !cJSON_GetArraySize(faces))
		return false;
	cJSON_ArrayForEach(face, faces) {
		if (!cJSON_IsNumber(face) || face->valuedouble < 1 ||
		    face->valuedouble > 6 || face->valuedouble != (int)face->valuedouble)
			return false;
		count[(int)face->valuedouble]++;
	}
	return true;
}

/* The dice a typed keep names, in any order: "keep 5 1", "5 1" (two or
 * more: one number alone is a number of the list), "[5,1]" or
 * {"keep":[5,1]}; false when `text` is none of these. */
static bool typed_keep(const char *text, int count[7])
{
	cJSON *json = cJSON_ParseWithOpts(text, NULL, true), *faces;
	bool named = !strncasecmp(text, "keep", 4), ok;
	const char *p = text + (named ? 4 : 0);

	if (json) {
		ok = count_faces(cJSON_IsObject(json)
				 ? cJSON_GetObjectItemCaseSensitive(json, "keep") : json,
				 count);
		cJSON_Delete(json);
		return ok;
	}
	faces = cJSON_CreateArray();
	for (;;) {
		char *end;
		long face;

		p += strspn(p, " \t,");
		if (!*p)
			break;
		face = strtol(p, &end, 10);
		if (end == p) {
			cJSON_Delete(faces);
			return false;
		}
		cJSON_AddItemToArray(faces, cJSON_CreateNumber((double)face));
		p = end;
	}
	ok = (named || cJSON_GetArraySize(faces) > 1) && count_faces(faces, count);
	cJSON_Delete(faces);
	return ok;
}

/* The legal action the person means by `text`: its number in the list,
 * its JSON text, a string action as shown (any case), or a keep of the
 * same dice in any order; NULL if none. */
static const cJSON *pick(const cJSON *legal, const char *text)
{
	int count = cJSON_GetArraySize(legal), want[7], have[7];
	char *end;
	long n = strtol(text, &end, 10);
	const cJSON *action;
	bool keep = typed_keep(text, want);

	if (end != text && !*end)
		return n >= 1 && n <= count ? cJSON_GetArrayItem(legal, (int)n - 1) : NULL;
	cJSON_ArrayForEach(action, legal) {
		char *json = json_print_line(action);
		bool same = !strcmp(json, text) ||
			    (cJSON_IsString(action) && !strcasecmp(action->valuestring, text)) ||
			    (keep && count_faces(cJSON_GetObjectItemCaseSensitive(action, "keep"), have) &&
			     !memcmp(want, have, sizeof want));

		free(json);
		if (same)
			return action;
	}
	return NULL;
}

/* The colour or side the seat plays, when its view names one: Rolit's
 * "you" is a colour, Black-Pot's the number of a side in "sides". */
static const char *side_of(const cJSON *view)
{
	const cJSON *you = cJSON_GetObjectItemCaseSensitive(view, "you");
	const cJSON *sides = cJSON_GetObjectItemCaseSensitive(view, "sides");

	if (cJSON_IsString(you))
		return you->valuestring;
	if (cJSON_IsNumber(you) && cJSON_IsArray(sides))
		return cJSON_GetStringValue(cJSON_GetArrayItem(sides, (int)you->valuedouble));
	return NULL;
}

/* One legal action as listed: a word as it is typed, a keep as its dice
 * and the points the view says it is worth, anything else as JSON. */
static void print_choice(FILE *out, int number, const cJSON *action,
			 const cJSON *view)
{
	const cJSON *faces = cJSON_GetObjectItemCaseSensitive(action, "keep"), *face;
	long points = action_keep_points(view, faces);
	char *json;

	if (cJSON_IsString(action)) {
		fprintf(out, "%4d. %s\n", number, action->valuestring);
		return;
	}
	if (!cJSON_IsArray(faces)) {
		json = json_print_line(action);
		fprintf(out, "%4d. %s\n", number, json);
		free(json);
		return;
	}
	fprintf(out, "%4d. keep", number);
	cJSON_ArrayForEach(face, faces)
		fprintf(out, " %d", (int)cJSON_GetNumberValue(face));
	if (points >= 0)
		fprintf(out, " (%ld points)", points);
	fputc('\n', out);
}

/* Shows the legal actions and reads a choice until it is one of them;
 * NULL at the end of input. */
static const cJSON *ask(struct human *h, const cJSON *turn)
{
	const cJSON *legal = cJSON_GetObjectItemCaseSensitive(turn, "legal");
	const cJSON *view = cJSON_GetObjectItemCaseSensitive(turn, "state");
	const char *side = side_of(view);
	int count = cJSON_GetArraySize(legal), k = 0;
	char *line = NULL;
	size_t cap = 0;
	const cJSON *action, *chosen = NULL;

	fprintf(h->out, "%s (seat %d%s%s), your move:\n", h->name,
		(int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(turn, "seat")),
		side ? ", " : "", side ? side : "");
	cJSON_ArrayForEach(action, legal)
		print_choice(h->out, ++k, action, view);
	while (!chosen) {
		ssize_t n;

		fprintf(h->out, "action (1-%d, or the action itself; Ctrl-D resigns): ",
			count);
		fflush(h->out);
		if ((n = getline(&line, &cap, h->in)) < 0)
			break;
		line[strcspn(line, "\r\n")] = '\0';
		if (!(chosen = pick(legal, line)))
			fprintf(h->out, "'%s' is not one of the %d legal actions above\n",
				line, count);
	}
	if (!chosen)
		fprintf(h->out, "\nyou resigned\n");
	fflush(h->out);
	free(line);
	return chosen;
}

static char *respond(void *ctx, const char *line, size_t len)
{
	struct human *h = ctx;
	cJSON *msg = cJSON_ParseWithLength(line, len), *reply = cJSON_CreateObject();
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "type"));
	char *text = NULL;

	if (type && !strcmp(type, "hello")) {
		cJSON_AddStringToObject(reply, "name", h->name);
		cJSON_AddStringToObject(reply, "version", HUMAN_COMMAND);
	} else if (type && !strcmp(type, "turn")) {
		const cJSON *action = ask(h, msg);

		if (!action)
			goto out;
		cJSON_AddItemToObject(reply, "action", cJSON_Duplicate(action, true));
	}
	/* Anything else gets {}: the fairness exchange declined. */
	text = json_print_line(reply);
out:
	cJSON_Delete(msg);
	cJSON_Delete(reply);
	return text;
}

void human_init(struct human *h, const char *name, FILE *in, FILE *out)
{
	*h = (struct human){.name = name, .in = in, .out = out};
	h->responder = (struct bot_responder){.respond = respond, .ctx = h};
}

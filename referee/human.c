/*
 * The person at the terminal; see human.h.
 */
#include "human.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json.h"
#include "util.h"

/* The legal action the person means by `text`: its number in the list,
 * its JSON text, or a string action as shown (any case); NULL if none. */
static const cJSON *pick(const cJSON *legal, const char *text)
{
	int count = cJSON_GetArraySize(legal);
	char *end;
	long n = strtol(text, &end, 10);
	const cJSON *action;

	if (end != text && !*end)
		return n >= 1 && n <= count ? cJSON_GetArrayItem(legal, (int)n - 1) : NULL;
	cJSON_ArrayForEach(action, legal) {
		char *json = json_print_line(action);
		bool same = !strcmp(json, text) ||
			    (cJSON_IsString(action) && !strcasecmp(action->valuestring, text));

		free(json);
		if (same)
			return action;
	}
	return NULL;
}

/* Shows the legal actions and reads a choice until it is one of them;
 * NULL at the end of input. */
static const cJSON *ask(struct human *h, int seat, const cJSON *legal)
{
	int count = cJSON_GetArraySize(legal), k = 0;
	char *line = NULL;
	size_t cap = 0;
	const cJSON *action, *chosen = NULL;

	fprintf(h->out, "%s (seat %d), your move:\n", h->name, seat);
	cJSON_ArrayForEach(action, legal) {
		char *json = json_print_line(action);

		/* A word is shown as it is typed, anything else as JSON. */
		fprintf(h->out, "%4d. %s\n", ++k,
			cJSON_IsString(action) ? action->valuestring : json);
		free(json);
	}
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
		fprintf(h->out, "\n%s resigns\n", h->name);
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
		const cJSON *action = ask(h, (int)cJSON_GetNumberValue(
			cJSON_GetObjectItemCaseSensitive(msg, "seat")),
			cJSON_GetObjectItemCaseSensitive(msg, "legal"));

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

/*
 * Builders of game log records; see records.h.
 */
#include "records.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

cJSON *records_draw(const struct draw_record *draw)
{
	cJSON *r = json_typed("draw");

	if (draw->by_seat) {
		cJSON_AddNumberToObject(r, "seat", draw->seat);
		cJSON_AddNumberToObject(r, "turn", draw->turn);
		cJSON_AddNumberToObject(r, "roll", draw->roll);
	} else {
		cJSON_AddNumberToObject(r, "d", (double)draw->index);
	}
	switch (draw->kind) {
	case DRAW_DICE:
		cJSON_AddStringToObject(r, "kind", "dice");
		cJSON_AddItemToObject(r, "faces", cJSON_CreateIntArray(draw->values, draw->count));
		break;
	case DRAW_UNIFORM:
		cJSON_AddStringToObject(r, "kind", "uniform");
		cJSON_AddNumberToObject(r, "m", draw->param);
		cJSON_AddNumberToObject(r, "value", draw->values[0]);
		break;
	case DRAW_SHUFFLE:
		cJSON_AddStringToObject(r, "kind", "shuffle");
		cJSON_AddItemToObject(r, "deck", cJSON_CreateIntArray(draw->values, draw->count));
		break;
	}
	return r;
}

cJSON *records_action(int seat, const cJSON *action, long long us,
		      long long cpu_us, const char *info)
{
	cJSON *r = json_typed("action");

	cJSON_AddNumberToObject(r, "seat", seat);
	cJSON_AddItemToObject(r, "action", cJSON_Duplicate(action, true));
	cJSON_AddNumberToObject(r, "us", (double)us);
	if (cpu_us >= 0)
		cJSON_AddNumberToObject(r, "cpu_us", (double)cpu_us);
	if (info)
		cJSON_AddStringToObject(r, "info", info);
	return r;
}

cJSON *records_opening(int seat, const cJSON *action)
{
	cJSON *r = json_typed("action");

	cJSON_AddNumberToObject(r, "seat", seat);
	cJSON_AddItemToObject(r, "action", cJSON_Duplicate(action, true));
	cJSON_AddTrueToObject(r, "opening");
	return r;
}

/* A copy of `text` with each byte that is not part of valid UTF-8 made a
 * '?': a forfeit's detail quotes what the bot sent, cut to a length, and a
 * log line that is not valid UTF-8 never verifies. */
static char *valid_utf8(const char *text)
{
	char *copy = xstrdup(text);
	size_t len = strlen(copy);

	for (size_t i = 0; i < len;) {
		size_t n = json_utf8_length(copy + i, len - i);

		if (n)
			i += n;
		else
			copy[i++] = '?';
	}
	return copy;
}

cJSON *records_forfeit(int seat, const char *reason, const char *detail)
{
	cJSON *r = json_typed("forfeit");
	char *text = valid_utf8(detail);

	cJSON_AddNumberToObject(r, "seat", seat);
	cJSON_AddStringToObject(r, "reason", reason);
	cJSON_AddStringToObject(r, "detail", text);
	free(text);
	return r;
}

cJSON *records_result(cJSON *to, const struct game_result *result, int seats)
{
	cJSON *scores;

	cJSON_AddItemToObject(to, "ranks", cJSON_CreateIntArray(result->rank, seats));
	scores = cJSON_AddArrayToObject(to, "scores");
	for (int i = 0; i < seats; i++)
		cJSON_AddItemToArray(scores, cJSON_CreateNumber((double)result->score[i]));
	return to;
}

cJSON *records_hex(const char *type, const char *name,
		   const unsigned char *bytes, size_t len)
{
	cJSON *r = json_typed(type);

	json_add_hex(r, name, bytes, len);
	return r;
}

/* {"type":type,"seat":..,name: `len` bytes in hex, or null (`bytes`
 * NULL)}. */
static cJSON *seat_hex(const char *type, int seat, const char *name,
		       const unsigned char *bytes, size_t len)
{
	cJSON *r = json_typed(type);

	cJSON_AddNumberToObject(r, "seat", seat);
	json_add_hex(r, name, bytes, len);
	return r;
}

cJSON *records_bot_commit(int seat, const unsigned char *commitment)
{
	return seat_hex("bot-commit", seat, "commitment", commitment, FAIR_HASH_BYTES);
}

cJSON *records_bot_reveal(int seat,
			  const unsigned char contribution[FAIR_SECRET_BYTES])
{
	return seat_hex("bot-reveal", seat, "contribution", contribution, FAIR_SECRET_BYTES);
}

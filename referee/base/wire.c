/*
 * Building protocol messages and checking replies; see wire.h.
 */
#include "wire.h"

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "games/support.h"
#include "json.h"
#include "records.h"
#include "util.h"
#include "visible.h"

cJSON *wire_hello(void)
{
	cJSON *msg = json_typed("hello");

	cJSON_AddNumberToObject(msg, "protocol", WIRE_PROTOCOL);
	cJSON_AddStringToObject(msg, "referee", PACKAGE_NAME " " PACKAGE_VERSION);
	return msg;
}

cJSON *wire_start(const struct game_rules *rules, const char *game_id_hex,
		  const cJSON *options, int seat, const char *const *players,
		  int count, const struct time_control *time)
{
	cJSON *msg = json_typed("start");
	cJSON *clock;

	cJSON_AddStringToObject(msg, "game", rules->name);
	cJSON_AddStringToObject(msg, "rules", rules->rules_version);
	cJSON_AddStringToObject(msg, "game_id", game_id_hex);
	cJSON_AddItemToObject(msg, "options", cJSON_Duplicate(options, true));
	cJSON_AddNumberToObject(msg, "seat", seat);
	cJSON_AddItemToObject(msg, "players",
			      cJSON_CreateStringArray(players, count));
	clock = cJSON_AddObjectToObject(msg, "time");
	cJSON_AddNumberToObject(clock, "move_ms", (double)time->move_ms);
	cJSON_AddNumberToObject(clock, "game_ms", (double)time->game_ms);
	cJSON_AddStringToObject(clock, "clock", wire_clock_name(time->clock));
	return msg;
}

cJSON *wire_commit(const unsigned char commitment[FAIR_HASH_BYTES])
{
	cJSON *msg = json_typed("commit");

	json_add_hex(msg, "commitment", commitment, FAIR_HASH_BYTES);
	return msg;
}

cJSON *wire_lock(const unsigned char *const *commitments, int count)
{
	cJSON *msg = json_typed("lock");
	cJSON *list = cJSON_AddArrayToObject(msg, "commitments");

	for (int i = 0; i < count; i++)
		json_add_hex(list, NULL, commitments[i], FAIR_HASH_BYTES);
	return msg;
}

long wire_ceiling_ms(long ms)
{
	return 2 * ms + 1000;
}

const char *wire_clock_name(enum time_clock clock)
{
	return clock == CLOCK_CPU ? "cpu" : "wall";
}

cJSON *wire_turn(int seat, cJSON *state, cJSON *legal, long time_left_ms)
{
	cJSON *msg = json_typed("turn");

	cJSON_AddNumberToObject(msg, "seat", seat);
	cJSON_AddItemToObject(msg, "state", state);
	cJSON_AddItemToObject(msg, "legal", legal);
	cJSON_AddNumberToObject(msg, "time_left_ms", (double)time_left_ms);
	return msg;
}

cJSON *wire_end(const struct game_result *result, int count, cJSON *forfeits,
		const unsigned char secret[FAIR_SECRET_BYTES])
{
	cJSON *msg = json_typed("end");

	records_result(cJSON_AddObjectToObject(msg, "result"), result, count);
	cJSON_AddItemToObject(msg, "forfeits", forfeits);
	if (secret)
		json_add_hex(msg, "secret", secret, FAIR_SECRET_BYTES);
	return msg;
}

cJSON *wire_goodbye(void)
{
	return json_typed("goodbye");
}

enum wire_error wire_parse_reply(const char *line, size_t len, cJSON **reply,
				 char *err)
{
	*reply = json_parse_object(line, len, err);
	return *reply ? WIRE_OK : WIRE_BAD_JSON;
}

#define STRINGIFY(x) #x
#define TEXT_OF(x) STRINGIFY(x)
#define LABEL_MAX_TEXT TEXT_OF(WIRE_LABEL_MAX)

/* Whether `text` is printed as it is: nothing in it would let a label
 * rewrite what is printed around it (visible.h). */
static bool plain_text(const char *text)
{
	char *shown = visible_text(text, VISIBLE_LINE);
	bool same = !strcmp(shown, text);

	free(shown);
	return same;
}

const char *wire_label_problem(const cJSON *label)
{
	const char *text = cJSON_GetStringValue(label);
	size_t len = text ? strlen(text) : 0;

	if (!label)
		return NULL;
	if (!text)
		return "must be a string";
	if (len == 0 || len > WIRE_LABEL_MAX)
		return "must be 1 to " LABEL_MAX_TEXT " bytes long";
	if (!json_valid_utf8(text, len))
		return "must be valid UTF-8";
	if (!plain_text(text))
		return "must not hold a control character (line breaks, "
		       "escapes, bidirectional marks)";
	return NULL;
}

/* An optional label member: absent is fine, anything but a label is not. */
static enum wire_error optional_label(const cJSON *reply, const char *name,
				      const char **out, char *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(reply, name);
	const char *problem = wire_label_problem(item);

	*out = problem ? NULL : cJSON_GetStringValue(item);
	if (!problem)
		return WIRE_OK;
	errorf(err, "\"%s\" %s", name, problem);
	return WIRE_BAD_REPLY;
}

enum wire_error wire_check_hello(const cJSON *reply, const char **name,
				 const char **version, char *err)
{
	enum wire_error e = optional_label(reply, "name", name, err);

	return e ? e : optional_label(reply, "version", version, err);
}

enum wire_error wire_check_turn(const cJSON *reply, const cJSON **action,
				char *err)
{
	*action = cJSON_GetObjectItemCaseSensitive(reply, "action");
	if (!*action) {
		errorf(err, "the reply to a turn has no \"action\"");
		return WIRE_BAD_REPLY;
	}
	return WIRE_OK;
}

const char *wire_turn_info(const cJSON *reply, char out[WIRE_INFO_MAX + 1])
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(reply, "info");
	size_t len;

	if (!cJSON_IsString(item) || !item->valuestring[0])
		return NULL;
	/* The reply is valid UTF-8: json.h checked it. */
	len = arena_games_utf8_cut(item->valuestring, strlen(item->valuestring),
				   WIRE_INFO_MAX);
	memcpy(out, item->valuestring, len);
	out[len] = '\0';
	return out;
}

/* A member holding exactly `len` bytes as lowercase hex. */
static enum wire_error hex_member(const cJSON *reply, const char *name,
				  unsigned char *out, size_t len, char *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(reply, name);

	if (!cJSON_IsString(item) || hex_decode(out, len, item->valuestring)) {
		errorf(err, "\"%s\" must be %zu bytes as %zu lowercase hex digits",
		       name, len, 2 * len);
		return WIRE_FAIRNESS;
	}
	return WIRE_OK;
}

enum wire_error wire_check_commit(const cJSON *reply,
				  unsigned char commitment[FAIR_HASH_BYTES],
				  bool *declined, char *err)
{
	if (cJSON_GetObjectItemCaseSensitive(reply, "reveal")) {
		errorf(err, "revealed before the lock: a reveal belongs in the "
			    "reply to \"lock\"");
		return WIRE_FAIRNESS;
	}
	*declined = !cJSON_GetObjectItemCaseSensitive(reply, "commitment");
	if (*declined)
		return WIRE_OK;
	return hex_member(reply, "commitment", commitment, FAIR_HASH_BYTES, err);
}

enum wire_error wire_check_lock(const cJSON *reply, bool committed,
				unsigned char reveal[FAIR_SECRET_BYTES],
				char *err)
{
	bool has_reveal = cJSON_GetObjectItemCaseSensitive(reply, "reveal");

	if (!committed) {
		if (!has_reveal)
			return WIRE_OK;
		errorf(err, "sent a reveal without having committed");
		return WIRE_FAIRNESS;
	}
	if (!has_reveal) {
		errorf(err, "committed but did not reveal");
		return WIRE_FAIRNESS;
	}
	return hex_member(reply, "reveal", reveal, FAIR_SECRET_BYTES, err);
}

const char *wire_error_reason(enum wire_error error)
{
	switch (error) {
	case WIRE_BAD_JSON:
		return "bad-json";
	case WIRE_BAD_REPLY:
		return "bad-reply";
	case WIRE_FAIRNESS:
		return "fairness";
	case WIRE_OK:
		break;
	}
	return "ok";
}

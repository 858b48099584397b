/*
 * Fuzzing the protocol parser: the input is what a bot writes to its
 * stdout, cut into lines at each newline as the referee reads it, and
 * every line goes through wire_parse_reply and then every check the
 * referee makes of a reply (to hello, to a turn, to commit, to lock, with
 * and without a commitment made).  A reply must also print (json.h) to a
 * line that reads back strictly as the same value, since the match copies
 * actions from replies into the logs that verify replays; and a forfeit
 * record whose detail quotes the line or the action (as the match's do
 * for a bad reply and an illegal action) must be a line that verify
 * reads, whatever bytes the bot sent.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/records.h"
#include "base/util.h"
#include "base/wire.h"
#include "fuzz.h"

/* A forfeit record quoting the start of `line` (up to a NUL byte), as the
 * match quotes bad replies and illegal actions, reads back. */
static void check_forfeit_record(const char *line, size_t len)
{
	char quote[ERR_LEN], *text, err[ERR_LEN];
	cJSON *record, *again;

	snprintf(quote, sizeof quote, "%.*s", (int)(len < 120 ? len : 120),
		 line);
	record = records_forfeit(0, "bad-json", quote);
	text = json_print_line(record);
	again = json_parse_object(text, strlen(text), err);
	if (!again)
		fuzz_fail("a forfeit record quoting a reply is not a valid line");
	cJSON_Delete(again);
	cJSON_Delete(record);
	free(text);
}

static void check_line(const char *line, size_t len)
{
	unsigned char commitment[FAIR_HASH_BYTES], reveal[FAIR_SECRET_BYTES];
	const char *name, *version;
	const cJSON *action;
	char err[ERR_LEN], *text;
	cJSON *reply, *again;
	bool declined;

	if (wire_parse_reply(line, len, &reply, err) != WIRE_OK) {
		check_forfeit_record(line, len);
		return;
	}
	text = json_print_line(reply);
	again = json_parse_object(text, strlen(text), err);
	if (!again || !cJSON_Compare(again, reply, true))
		fuzz_fail("a reply does not survive printing");
	cJSON_Delete(again);
	free(text);
	wire_check_hello(reply, &name, &version, err);
	if (wire_check_turn(reply, &action, err) == WIRE_OK) {
		text = json_print_line(action);
		check_forfeit_record(text, strlen(text));
		free(text);
	}
	wire_check_commit(reply, commitment, &declined, err);
	wire_check_lock(reply, false, reveal, err);
	wire_check_lock(reply, true, reveal, err);
	cJSON_Delete(reply);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t at = 0;

	while (at < size) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - data) - at : size - at;

		check_line((const char *)data + at, len);
		at += len + 1;
	}
	return 0;
}

/*
 * Fuzzing a bot's stderr file as the replays read it (replay_words.c,
 * through bot/stderr_read.c) and as a forfeit's excerpt does (excerpt.c):
 * the input is the file, marks and all, written whole and indexed, then
 * written in two parts with an index made newer between them, as the
 * league's server reads a file a run is writing; each index gives its
 * words to a replay document of two seats that claims the game of the
 * first game_id the input names.  Whatever the bytes, no seat may get
 * more lines than REPLAY_HEAD_LINES + REPLAY_TAIL_LINES and the line
 * that counts those left out, no line more than STDERR_LINE_BYTES and
 * its note of the bytes left out, no forfeit more than REPLAY_LAST_LINES
 * last lines, no excerpt more lines than EXCERPT_HEAD + EXCERPT_TAIL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/util.h"
#include "bot/excerpt.h"
#include "bot/stderr_read.h"
#include "fuzz.h"
#include "report/replay_words.h"

#define MOVES 40

/* The first game_id the input names ("game_id " and 32 hex digits),
 * else one of zeros. */
static void first_game_id(const uint8_t *data, size_t size, char id[33])
{
	static const char key[] = "game_id ";
	const char *at = memmem(data, size, key, strlen(key));

	snprintf(id, 33, "%032d", 0);
	if (at && (size_t)((const uint8_t *)at - data) + strlen(key) + 32 <= size &&
	    strspn(at + strlen(key), "0123456789abcdef") >= 32)
		memcpy(id, at + strlen(key), 32);
}

/* A replay document of game `id`: two seats taking turns for MOVES
 * moves, then seat 0's forfeit. */
static cJSON *document(const char *id)
{
	cJSON *doc = cJSON_CreateObject(), *players, *steps, *step;

	cJSON_AddStringToObject(doc, "game_id", id);
	players = cJSON_AddArrayToObject(doc, "players");
	cJSON_AddItemToArray(players, cJSON_CreateString("a"));
	cJSON_AddItemToArray(players, cJSON_CreateString("b"));
	steps = cJSON_AddArrayToObject(doc, "steps");
	for (int m = 1; m <= MOVES + 1; m++) {
		step = cJSON_CreateObject();
		cJSON_AddNumberToObject(step, "move", m);
		cJSON_AddNumberToObject(step, "seat", (m - 1) % 2);
		if (m <= MOVES)
			cJSON_AddStringToObject(step, "action", "x");
		else
			cJSON_AddItemToObject(step, "forfeit", cJSON_CreateObject());
		cJSON_AddItemToArray(steps, step);
	}
	return doc;
}

/* Checks the lines of one array: how many, each a string of a bounded
 * length; returns how many. */
static int checked_lines(const cJSON *lines, int most)
{
	const cJSON *line;
	int n = 0;

	cJSON_ArrayForEach(line, lines) {
		const char *text = cJSON_GetStringValue(line);

		if (!text || strlen(text) > STDERR_LINE_BYTES + 40)
			fuzz_fail("a line of a replay's words is no string, or longer than its cut");
		n++;
	}
	if (n > most)
		fuzz_fail("more lines than the cap");
	return n;
}

/* Adds index `x`'s words to a document of game `id` and checks them. */
static void check_words(const struct words_index *x, const char *id)
{
	cJSON *doc = document(id);
	const cJSON *step;
	int seat_lines[2] = {0, 0};

	replay_words_add(doc, x);
	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		int seat = (int)cJSON_GetNumberValue(json_member(step, "seat"));

		seat_lines[seat] += checked_lines(json_member(step, "stderr"),
						  REPLAY_HEAD_LINES + REPLAY_TAIL_LINES + 1);
		checked_lines(json_member(json_member(step, "last_words"), "stderr"),
			      REPLAY_LAST_LINES);
	}
	if (seat_lines[0] > REPLAY_HEAD_LINES + REPLAY_TAIL_LINES + 1 ||
	    seat_lines[1] > REPLAY_HEAD_LINES + REPLAY_TAIL_LINES + 1)
		fuzz_fail("a seat's lines of a game are more than the cap");
	cJSON_Delete(doc);
}

/* Writes `size` bytes at `data` to `path`, appended or not. */
static void put(const char *path, const uint8_t *data, size_t size, const char *mode)
{
	FILE *f = fopen(path, mode);

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		fuzz_fail("cannot write the stderr file");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[] = "/tmp/fuzz-words.XXXXXX", id[33], *path;
	struct words_index *x, *y;
	struct excerpt e;

	if (!mkdtemp(dir))
		abort();
	path = xasprintf("%s/a.stderr", dir);
	first_game_id(data, size, id);
	put(path, data, size, "w");
	x = words_index_new();
	words_index_add_folder(x, dir);
	check_words(x, id);
	words_index_free(x);
	excerpt_read(path, true, &e);
	if (e.lines.heads > EXCERPT_HEAD || stderr_kept_tail_count(&e.lines) > EXCERPT_TAIL)
		fuzz_fail("an excerpt keeps more lines than its head and tail");
	excerpt_free(&e);
	/* In two parts, the second read by an index made newer. */
	put(path, data, size / 2, "w");
	x = words_index_new();
	words_index_add_folder(x, dir);
	put(path, data + size / 2, size - size / 2, "a");
	y = words_index_newer(x, dir, id);
	check_words(y, id);
	words_index_free(y);
	words_index_free(x);
	unlink(path);
	rmdir(dir);
	free(path);
	return 0;
}

/*
 * Opening books; see book.h.
 */
#include "book.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/game_play.h"
#include "base/json.h"
#include "base/openings.h"
#include "base/util.h"

/* The whole file, or NULL with err. */
static char *book_text(const char *path, size_t *len, char *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text = fd < 0 ? NULL : files_read_fd(fd, BOOK_MAX_BYTES, len);

	if (fd >= 0 && !text && errno == EFBIG)
		errorf(err, "the opening book '%s' is larger than %ld bytes", path,
		       BOOK_MAX_BYTES);
	else if (!text)
		errorf(err, "cannot read the opening book '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return text;
}

cJSON *book_move(const char *word)
{
	cJSON *value = strchr("\"{[-0123456789tfn", word[0]) ? cJSON_Parse(word) : NULL;

	return value ? value : cJSON_CreateString(word);
}

/* The moves of one line (its comment cut off), or NULL when it has none. */
static cJSON *line_moves(char *text)
{
	char *hash = strchr(text, '#'), *word, *save = NULL;
	cJSON *moves = NULL;

	if (hash)
		*hash = '\0';
	for (word = strtok_r(text, " \t\r", &save); word; word = strtok_r(NULL, " \t\r", &save)) {
		if (!moves)
			moves = cJSON_CreateArray();
		cJSON_AddItemToArray(moves, book_move(word));
	}
	return moves;
}

/* Plays the line from the start as the referee would open a game with
 * it: each move legal for the seat on move, the game not over after it.
 * 0, or -1 with err. */
static int line_check(const struct game_rules *rules, const cJSON *options,
		      int players, const cJSON *moves, char *err)
{
	static const unsigned char zero_key[32];
	struct game_play play;
	struct draws draws;
	const cJSON *move;
	int k = 0, rc;
	char why[ERR_LEN];

	if (cJSON_GetArraySize(moves) > OPENINGS_MAX_PLIES)
		return errorf(err, "%d moves: an opening has at most %d",
			      cJSON_GetArraySize(moves), OPENINGS_MAX_PLIES);
	game_play_init(&play, rules, players);
	arena_draws_init(&draws, zero_key, NULL, NULL);
	rc = game_play_begin(&play, options, &draws, err);
	cJSON_ArrayForEach(move, moves) {
		k++;
		if (rc)
			break;
		if (game_play_to_move(&play) < 0) {
			rc = errorf(err, "the game is over before move %d", k);
		} else if (game_play_apply(&play, move, &draws, why)) {
			char *text = json_print_line(move);

			rc = errorf(err, "move %d, %s, is not legal there: %s", k, text, why);
			free(text);
		}
	}
	if (!rc && game_play_to_move(&play) < 0)
		rc = errorf(err, "the opening ends the game: leave the bots a game to play");
	game_play_free(&play);
	return rc;
}

/* Whether `options` fix who starts: a book's lines are the moves of the
 * seats in turn from seat 0, so the first seat must be seat 0. */
static int starts_fixed(const cJSON *options, char *err)
{
	const char *first = cJSON_GetStringValue(json_member(options, "first"));

	if (first && strcmp(first, "seat0"))
		return errorf(err, "an opening book needs the option first=seat0 "
			      "(its lines are played from seat 0 on; the seatings "
			      "rotate who plays seat 0), not first=%s", first);
	return 0;
}

/* Adds line `number`, refusing one the book has already. */
static int add_line(struct book *book, int number, cJSON *moves, char *err)
{
	for (int i = 0; i < book->count; i++)
		if (cJSON_Compare(book->lines[i].moves, moves, true))
			return errorf(err, "line %d: the opening of line %d again",
				      number, book->lines[i].line);
	if (book->count == BOOK_MAX_LINES)
		return errorf(err, "line %d: a book holds at most %d openings",
			      number, BOOK_MAX_LINES);
	book->lines = xrealloc(book->lines, (size_t)(book->count + 1) * sizeof *book->lines);
	book->lines[book->count++] = (struct book_line){number, moves};
	return 0;
}

/* Refuses a control byte but tab and carriage return (a NUL would end
 * the text read as a string there, silently), by its line. */
static int text_check(const char *text, size_t len, char *err)
{
	int number = 1;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (c == '\n')
			number++;
		else if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
			return errorf(err, "line %d: the control byte 0x%02x (a book "
				      "is text: one opening a line, its moves "
				      "separated by spaces; remove the byte)", number, c);
	}
	return 0;
}

static int book_parse(char *text, const struct game_rules *rules,
		      const cJSON *options, int players, struct book *book,
		      char *err)
{
	char why[ERR_LEN], *line = text;
	int number = 0;

	for (char *next; line; line = next) {
		cJSON *moves;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		number++;
		if (!(moves = line_moves(line)))
			continue;
		if (line_check(rules, options, players, moves, why)) {
			char *given = json_print_line(options);

			cJSON_Delete(moves);
			errorf(err, "line %d: %s (a book fits one board and number "
			       "of players: this run has %d players and the options "
			       "%s)", number, why, players, given);
			free(given);
			return -1;
		}
		if (add_line(book, number, moves, err)) {
			cJSON_Delete(moves);
			return -1;
		}
	}
	if (!book->count)
		return errorf(err, "it holds no opening (one a line, its moves "
			      "separated by spaces; # starts a comment)");
	return 0;
}

int book_read(const char *path, const struct game_rules *rules,
	      const cJSON *options, int players, struct book *book, char *err)
{
	char why[ERR_LEN], *text;
	size_t len;
	int rc;

	memset(book, 0, sizeof *book);
	if (!rules->openings)
		return errorf(err, "%s takes no openings: only games without "
			      "chance in play do (rolit)", rules->name);
	if (starts_fixed(options, err))
		return -1;
	if (!(text = book_text(path, &len, err)))
		return -1;
	files_sha256_bytes(text, len, book->sha256);
	if (!(book->path = realpath(path, NULL)))
		book->path = xstrdup(path);
	crypto_generichash(book->seed, sizeof book->seed, (const unsigned char *)text,
			   len, NULL, 0);
	rc = text_check(text, len, why) ? -1
	     : book_parse(text, rules, options, players, book, why);
	free(text);
	if (rc) {
		book_free(book);
		return errorf(err, "opening book %s: %s", path, why);
	}
	return 0;
}

void book_free(struct book *book)
{
	for (int i = 0; i < book->count; i++)
		cJSON_Delete(book->lines[i].moves);
	free(book->lines);
	free(book->path);
	memset(book, 0, sizeof *book);
}

int book_order(struct book *book, const char *order, char *err)
{
	if (!order || !strcmp(order, "sequential"))
		book->random = false;
	else if (!strcmp(order, "random"))
		book->random = true;
	else
		return errorf(err, "the order of an opening book is \"sequential\" "
			      "or \"random\", not '%s'", order);
	return 0;
}

/* A number below `bound` drawn from the seed, the pass and the step. */
static uint32_t book_uniform(const struct book *book, long pass, int step,
			     uint32_t bound)
{
	unsigned char in[32 + 16], out[8];
	uint64_t value = 0;

	memcpy(in, book->seed, 32);
	for (int i = 0; i < 8; i++) {
		in[32 + i] = (unsigned char)((uint64_t)pass >> (8 * i));
		in[40 + i] = (unsigned char)((uint64_t)step >> (8 * i));
	}
	crypto_generichash(out, sizeof out, in, sizeof in, NULL, 0);
	for (int i = 0; i < 8; i++)
		value |= (uint64_t)out[i] << (8 * i);
	return (uint32_t)(value % bound);
}

const struct book_line *book_pick(const struct book *book, long unit)
{
	long pass = unit / book->count;
	int place = (int)(unit % book->count), *order;
	const struct book_line *line;

	if (!book->random)
		return &book->lines[place];
	/* Pass `pass`'s shuffle (Fisher-Yates), made afresh: a run asks for
	 * one opening a unit of games, which costs far more than this. */
	order = xmalloc((size_t)book->count * sizeof *order);
	for (int i = 0; i < book->count; i++)
		order[i] = i;
	for (int i = book->count - 1; i > 0; i--) {
		int j = (int)book_uniform(book, pass, i, (uint32_t)i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	line = &book->lines[order[place]];
	free(order);
	return line;
}

cJSON *book_describe(const struct book *book, const struct book_line *line,
		     long first, long unit)
{
	cJSON *d = cJSON_CreateObject();

	cJSON_AddStringToObject(d, "sha256", book->sha256);
	cJSON_AddNumberToObject(d, "line", line->line);
	cJSON_AddItemToObject(d, "moves", cJSON_Duplicate(line->moves, true));
	cJSON_AddStringToObject(d, "path", book->path);
	cJSON_AddStringToObject(d, "order", book->random ? "random" : "sequential");
	cJSON_AddNumberToObject(d, "first", (double)first);
	cJSON_AddNumberToObject(d, "unit", (double)unit);
	return d;
}

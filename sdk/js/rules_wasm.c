/*
 * The export layer of arena_rules.wasm, the WebAssembly build of the
 * rules library's JSON-free files (games/dice_score.c, rolit_board.c,
 * black_pot_moves.c, support.c) through which the JavaScript SDK's game
 * helpers (arena_bot.mjs) call the referee's own rules, so that no rule is
 * written twice.  The calls are flat: the JavaScript side writes the
 * arguments that are arrays into the buffers rules_ints() and rules_text()
 * give, passes the others as numbers, and reads an answer as a
 * NUL-terminated JSON text from rules_out(), already in the shape the
 * helper returns.  Built with clang --target=wasm32-wasi, without start
 * files or an entry point (Makefile.am): nothing here does I/O.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/black_pot.h"
#include "games/dice_score.h"
#include "games/game_err.h"
#include "games/rolit_board.h"

/* A function the JavaScript side calls by `name`: it has no C caller,
 * hence no prototype in a header. */
#define EXPORT(name) __attribute__((export_name(#name)))
#pragma clang diagnostic ignored "-Wmissing-prototypes"

/* The arguments: ints (dice counts, a roll and Black-Pot's open cells)
 * and text (a Rolit board's rows one after the other, an expression). */
#define IN_INTS 256
#define IN_TEXT 4096
/* Room for the longest answer: Black-Pot's at most GAME_MAX_MOVES moves
 * of a roll, some 50 bytes each. */
#define OUT_LEN (128 * 1024)

static int in_ints[IN_INTS];
static char in_text[IN_TEXT];
static char out[OUT_LEN];
static size_t out_len;

EXPORT(rules_ints) int *rules_ints(void)
{
	return in_ints;
}

EXPORT(rules_text) char *rules_text(void)
{
	return in_text;
}

EXPORT(rules_text_size) int rules_text_size(void)
{
	return IN_TEXT;
}

EXPORT(rules_out) const char *rules_out(void)
{
	return out;
}

/* Appends to the answer.  The sizes above hold every answer, so running
 * out of room is a bug here: a trap, which the caller sees as an error. */
static void __attribute__((format(printf, 1, 2))) put(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out + out_len, OUT_LEN - out_len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= OUT_LEN - out_len)
		abort();
	out_len += (size_t)n;
}

static void put_start(void)
{
	out_len = 0;
	out[0] = '\0';
}

/* ---- the dice games: count[1..6] in ints ---- */

/* The value of the set, -1 when some die of it scores nothing. */
EXPORT(dice_value) int dice_value(int rules)
{
	return (int)arena_dice_game_value((enum dice_rules)rules, in_ints);
}

/* The keeps of the roll: [{"keep":[faces],"points":n},...]. */
EXPORT(dice_keeps) void dice_keeps(int rules)
{
	struct dice_set sets[DICE_MAX_SETS];
	int n = arena_dice_game_sets((enum dice_rules)rules, in_ints, sets);

	put_start();
	put("[");
	for (int i = 0; i < n; i++) {
		const char *sep = "";

		put("%s{\"keep\":[", i ? "," : "");
		for (int f = 1; f <= DICE_FACES; f++)
			for (int k = 0; k < sets[i].count[f]; k++, sep = ",")
				put("%s%d", sep, f);
		put("],\"points\":%ld}", sets[i].points);
	}
	put("]");
}

/* Whether the roll offers some set to keep. */
EXPORT(dice_scores) int dice_scores(int rules)
{
	return arena_dice_game_scores((enum dice_rules)rules, in_ints);
}

/* Bolo5's rule 2.3 for the dice left behind. */
EXPORT(dice_must_roll) int dice_must_roll(void)
{
	return arena_dice_game_must_roll(in_ints);
}

/* ---- Rolit: the rows of a board of side `size`, row 1 first, in text ---- */

/* The board of side `size` in text.  The JavaScript side checks the
 * arguments; one out of range here is a bug there, and traps. */
static void rolit_load(struct rolit_board *b, int size)
{
	if (size < 1 || size > ROLIT_MAX_SIZE)
		abort();
	b->size = size;
	for (int r = 0; r < size; r++)
		memcpy(b->cells[r], in_text + r * size, (size_t)size);
}

static void put_square(const char *sep, int row, int col)
{
	put("%s\"%c%d\"", sep, 'A' + col, row + 1);
}

/* The squares captured, row 1 first, A to H within a row. */
EXPORT(rolit_captures) void rolit_captures(int size, int row, int col,
					   int letter)
{
	struct rolit_board b;
	bool captured[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE] = {{false}};
	const char *sep = "";

	rolit_load(&b, size);
	arena_rolit_board_captures(&b, row, col, (char)letter, captured);
	put_start();
	put("[");
	for (int r = 0; r < size; r++)
		for (int c = 0; c < size; c++)
			if (captured[r][c]) {
				put_square(sep, r, c);
				sep = ",";
			}
	put("]");
}

/* The legal squares for colour `letter`, in the order of "legal". */
EXPORT(rolit_legal) void rolit_legal(int size, int letter)
{
	struct rolit_board b;
	int squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE], n;

	rolit_load(&b, size);
	n = arena_rolit_board_squares(&b, (char)letter, squares);
	put_start();
	put("[");
	for (int i = 0; i < n; i++)
		put_square(i ? "," : "", squares[i] / size, squares[i] % size);
	put("]");
}

/* The rows after a ball of colour `letter` goes on (row, col). */
EXPORT(rolit_apply) void rolit_apply(int size, int row, int col, int letter)
{
	struct rolit_board b;

	rolit_load(&b, size);
	arena_rolit_board_place(&b, row, col, (char)letter);
	put_start();
	put("[");
	for (int r = 0; r < size; r++)
		put("%s\"%.*s\"", r ? "," : "", size, b.cells[r]);
	put("]");
}

/* The balls of each colour, in the order of ROLIT_LETTERS. */
EXPORT(rolit_counts) void rolit_counts(int size)
{
	struct rolit_board b;
	int count[ROLIT_COLOURS];

	rolit_load(&b, size);
	arena_rolit_board_count(&b, count);
	put_start();
	put("[%d,%d,%d,%d]", count[0], count[1], count[2], count[3]);
}

/* ---- Black-Pot: the dice in ints[0..2], the open cells after them ---- */

EXPORT(black_pot_kind) const char *black_pot_kind(int number)
{
	return arena_black_pot_kind_name(arena_black_pot_kind(number));
}

/* The values of a group of n dice: [{"value":v,"expr":"..."},...]. */
EXPORT(black_pot_values) void black_pot_values(int n)
{
	static struct black_pot_value values[BLACK_POT_VALUES_MAX];
	int count;

	if (n < 1 || n > 3)
		abort();
	count = arena_black_pot_values(in_ints, n, values);

	put_start();
	put("[");
	for (int i = 0; i < count; i++)
		put("%s{\"value\":%d,\"expr\":\"%s\"}", i ? "," : "",
		    values[i].value, values[i].expr);
	put("]");
}

/* Every expression of the roll: [{"expr":"...","values":[...]},...]. */
EXPORT(black_pot_expressions) void black_pot_expressions(void)
{
	struct black_pot_move *moves;
	int n = arena_black_pot_expressions(in_ints, &moves);

	put_start();
	put("[");
	for (int i = 0; i < n; i++) {
		put("%s{\"expr\":\"%s\",\"values\":[", i ? "," : "",
		    moves[i].expr);
		for (int g = 0; g < moves[i].groups; g++)
			put("%s%d", g ? "," : "", moves[i].values[g]);
		put("]}");
	}
	put("]");
	free(moves);
}

/* The distinct moves placing at most max_pawns pawns:
 * [{"expr":"...","cells":["F1",...]},...]. */
EXPORT(black_pot_moves) void black_pot_moves(int max_pawns)
{
	struct black_pot_move *moves;
	int n = arena_black_pot_moves(in_ints, in_ints + 3, max_pawns, &moves);

	put_start();
	put("[");
	for (int i = 0; i < n; i++) {
		put("%s{\"expr\":\"%s\",\"cells\":[", i ? "," : "",
		    moves[i].expr);
		for (int k = 0; k < moves[i].count; k++)
			put_square(k ? "," : "",
				   moves[i].cells[k] / BLACK_POT_SIDE,
				   moves[i].cells[k] % BLACK_POT_SIDE);
		put("]}");
	}
	put("]");
	free(moves);
}

/* The expression in text read for the roll: 0 with the values of its
 * groups as [v,...], or 1 with the reason it is refused (plain text). */
EXPORT(black_pot_evaluate) int black_pot_evaluate(void)
{
	int values[3], groups;
	char err[GAME_ERR_LEN];

	in_text[IN_TEXT - 1] = '\0';
	groups = arena_black_pot_parse(in_text, in_ints, values, err);
	put_start();
	if (groups < 0) {
		put("%s", err);
		return 1;
	}
	put("[");
	for (int g = 0; g < groups; g++)
		put("%s%d", g ? "," : "", values[g]);
	put("]");
	return 0;
}

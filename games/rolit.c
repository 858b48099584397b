/*
 * Rolit (docs/games/rolit.md): 2 to 4 players take turns placing a ball of
 * their colour on an empty square next to another ball of a square board
 * (side 8, 6 or 4), turning runs of other colours to their own as in Othello;
 * a capture is compulsory when one exists, and the game ends when the board
 * is full.  An action is a square name such as "D3".  Pure rules code: no I/O
 * and no chance.
 */
#include "rolit.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "registry.h"
#include "rolit_board.h"

#define ROLIT_MAX_SEATS 4

/* The four colours, in the sheet's order of play. */
enum { ROLIT_RED, ROLIT_YELLOW, ROLIT_GREEN, ROLIT_BLUE };

static const char rolit_letters[] = ROLIT_LETTERS;
static const char *const rolit_names[ROLIT_COLOURS] = {
	"red", "yellow", "green", "blue",
};

/* The colour of each seat, by number of players (the sheet's table). */
static const int rolit_seat_colours[ROLIT_MAX_SEATS + 1][ROLIT_MAX_SEATS] = {
	[2] = {ROLIT_RED, ROLIT_GREEN},
	[3] = {ROLIT_RED, ROLIT_YELLOW, ROLIT_GREEN},
	[4] = {ROLIT_RED, ROLIT_YELLOW, ROLIT_GREEN, ROLIT_BLUE},
};

struct rolit {
	int players;
	int to_move; /* a seat, or -1 once the board is full */
	bool forfeited[ROLIT_MAX_SEATS];
	struct rolit_board b;
};

static const struct game_option rolit_options[] = {
	{
		.name = "size",
		.help = "side of the board: 8, 6 or 4 (4 with 2 players only)",
		.default_value = "8",
		.min = 4,
		.max = 8,
	},
	{.name = NULL},
};

static int rolit_check_setup(int size, int players, char *err)
{
	if (players < 2 || players > ROLIT_MAX_SEATS)
		return arena_games_errorf(err, "Rolit is for 2 to 4 players, not %d",
			      players);
	if (size != 8 && size != 6 && size != 4)
		return arena_games_errorf(err, "size must be 8, 6 or 4");
	if (size == 4 && players > 2)
		return arena_games_errorf(err, "size 4 is for 2 players only: use size 6 or 8 with %d players",
			      players);
	return 0;
}

static struct rolit *rolit_new(int size, int players, int to_move)
{
	struct rolit *s = arena_games_xcalloc(1, sizeof *s);

	s->b.size = size;
	s->players = players;
	s->to_move = to_move;
	memset(s->b.cells, ROLIT_EMPTY, sizeof s->b.cells);
	return s;
}

static char rolit_seat_letter(const struct rolit *s, int seat)
{
	return rolit_letters[rolit_seat_colours[s->players][seat]];
}

static const char *rolit_seat_name(const struct rolit *s, int seat)
{
	return rolit_names[rolit_seat_colours[s->players][seat]];
}

/* The seat after `seat` in seat order that has not forfeited, or -1 once
 * the board is full.  Some seat is always left: the core forfeits a seat
 * only while two remain. */
static int rolit_next(const struct rolit *s, int seat)
{
	if (arena_rolit_board_full(&s->b))
		return -1;
	do
		seat = (seat + 1) % s->players;
	while (s->forfeited[seat]);
	return seat;
}

/* Reads a square name: an uppercase column letter then a row number
 * without leading zero; 0 with the square in (*row, *col), or -1. */
static int rolit_parse_square(const struct rolit *s, const cJSON *action,
			      int *row, int *col, char *err)
{
	const char *name = cJSON_GetStringValue(action);
	char last = (char)('A' + s->b.size - 1);

	if (!name)
		return arena_games_errorf(err, "the action must be a JSON string naming a square, e.g. \"D3\"");
	if (arena_games_cell_parse(name, row, col, ARENA_GAMES_CELL_ROWS))
		return arena_games_errorf(err, "\"%.16s\" is not a square name: expected an uppercase column letter A-%c then a row number 1-%d, e.g. \"D3\"",
			      name, last, s->b.size);
	if (*row >= s->b.size || *col >= s->b.size)
		return arena_games_errorf(err, "%s is off the %dx%d board (A1 to %c%d)",
			      name, s->b.size, s->b.size, last, s->b.size);
	return 0;
}

static void *rolit_create(const struct game_setup *setup, struct draws *draws,
			  char *err)
{
	const cJSON *size = cJSON_GetObjectItemCaseSensitive(setup->options,
							     "size");
	struct rolit *s;
	int n, mid;

	(void)draws;
	if (!cJSON_IsNumber(size) || size->valuedouble != size->valueint) {
		arena_games_errorf(err, "size must be 8, 6 or 4");
		return NULL;
	}
	n = size->valueint;
	if (rolit_check_setup(n, setup->players, err) < 0)
		return NULL;
	if (setup->first_seat < 0 || setup->first_seat >= setup->players) {
		arena_games_errorf(err, "seat %d is not a seat of %d players",
		       setup->first_seat, setup->players);
		return NULL;
	}
	s = rolit_new(n, setup->players, setup->first_seat);
	mid = n / 2 - 1;
	s->b.cells[mid][mid] = rolit_letters[ROLIT_RED];
	s->b.cells[mid][mid + 1] = rolit_letters[ROLIT_YELLOW];
	s->b.cells[mid + 1][mid] = rolit_letters[ROLIT_BLUE];
	s->b.cells[mid + 1][mid + 1] = rolit_letters[ROLIT_GREEN];
	return s;
}

void *arena_rolit_from_rows(int size, int players, int to_move,
		      const char *const *rows, char *err)
{
	struct rolit *s;
	int count[ROLIT_COLOURS];

	if (rolit_check_setup(size, players, err) < 0)
		return NULL;
	if (to_move < 0 || to_move >= players) {
		arena_games_errorf(err, "seat %d is not a seat of %d players", to_move,
		       players);
		return NULL;
	}
	s = rolit_new(size, players, to_move);
	for (int row = 0; row < size; row++) {
		if (strlen(rows[row]) != (size_t)size ||
		    strspn(rows[row], "RYGB.") != (size_t)size) {
			arena_games_errorf(err, "row %d must be %d of R, Y, G, B or .",
			       row + 1, size);
			free(s);
			return NULL;
		}
		memcpy(s->b.cells[row], rows[row], (size_t)size);
	}
	arena_rolit_board_count(&s->b, count);
	if (!count[ROLIT_RED] && !count[ROLIT_YELLOW] && !count[ROLIT_GREEN] &&
	    !count[ROLIT_BLUE]) {
		arena_games_errorf(err, "the position needs at least one ball");
		free(s);
		return NULL;
	}
	if (arena_rolit_board_full(&s->b))
		s->to_move = -1;
	return s;
}

void arena_rolit_colours(const void *state, int seat, int *size,
			 signed char colours[ROLIT_SQUARES])
{
	const struct rolit *s = state;
	int mine = rolit_seat_colours[s->players][seat];
	signed char from[UCHAR_MAX + 1];

	memset(from, -1, sizeof from);
	for (int c = 0; c < ROLIT_COLOURS; c++)
		from[(unsigned char)rolit_letters[c]] =
			(signed char)((c - mine + ROLIT_COLOURS) % ROLIT_COLOURS);
	*size = s->b.size;
	for (int r = 0; r < s->b.size; r++)
		for (int c = 0; c < s->b.size; c++)
			colours[r * s->b.size + c] =
				from[(unsigned char)s->b.cells[r][c]];
}

static int rolit_to_move(const void *state)
{
	const struct rolit *s = state;

	return s->to_move;
}

/* The seat's view: the board (row 1 first), colours, whose turn, the
 * count of every colour and the forfeited seats.  A seat outside the game
 * (a spectator) gets the same view without "you". */
static cJSON *rolit_view(const void *state, int seat)
{
	const struct rolit *s = state;
	cJSON *view = cJSON_CreateObject(), *list, *counts;
	int count[ROLIT_COLOURS];
	char row[ROLIT_MAX_SIZE + 1];

	cJSON_AddNumberToObject(view, "size", s->b.size);
	list = cJSON_AddArrayToObject(view, "board");
	for (int r = 0; r < s->b.size; r++) {
		memcpy(row, s->b.cells[r], (size_t)s->b.size);
		row[s->b.size] = '\0';
		cJSON_AddItemToArray(list, cJSON_CreateString(row));
	}
	list = cJSON_AddArrayToObject(view, "colours");
	for (int i = 0; i < s->players; i++)
		cJSON_AddItemToArray(list,
				     cJSON_CreateString(rolit_seat_name(s, i)));
	if (seat >= 0 && seat < s->players)
		cJSON_AddStringToObject(view, "you", rolit_seat_name(s, seat));
	cJSON_AddNumberToObject(view, "to_move", s->to_move);
	counts = cJSON_AddObjectToObject(view, "counts");
	arena_rolit_board_count(&s->b, count);
	for (int c = 0; c < ROLIT_COLOURS; c++)
		cJSON_AddNumberToObject(counts, rolit_names[c], count[c]);
	list = cJSON_AddArrayToObject(view, "forfeited");
	for (int i = 0; i < s->players; i++)
		if (s->forfeited[i])
			cJSON_AddItemToArray(list, cJSON_CreateNumber(i));
	return view;
}

/* The legal squares of the seat to move (arena_rolit_board_squares()),
 * none once the board is full. */
static int rolit_squares(const struct rolit *s,
			 int squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE])
{
	if (s->to_move < 0)
		return 0;
	return arena_rolit_board_squares(&s->b, rolit_seat_letter(s, s->to_move),
					 squares);
}

static cJSON *rolit_legal(const void *state)
{
	const struct rolit *s = state;
	cJSON *list = cJSON_CreateArray();
	int squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE];
	int count = rolit_squares(s, squares);
	char name[4];

	for (int i = 0; i < count; i++) {
		arena_games_cell_name(name, squares[i] / s->b.size, squares[i] % s->b.size);
		cJSON_AddItemToArray(list, cJSON_CreateString(name));
	}
	return list;
}

static int rolit_moves(const void *state, int moves[GAME_MAX_MOVES])
{
	return rolit_squares(state, moves);
}

/* The seat to move puts its ball on (row, col), a legal square. */
static void rolit_place(struct rolit *s, int row, int col)
{
	arena_rolit_board_place(&s->b, row, col,
				rolit_seat_letter(s, s->to_move));
	s->to_move = rolit_next(s, s->to_move);
}

/* A move is a square, row * size + column. */
static void rolit_apply_move(void *state, int move, struct draws *draws)
{
	struct rolit *s = state;

	(void)draws;
	rolit_place(s, move / s->b.size, move % s->b.size);
}

static int rolit_apply(void *state, const cJSON *action, struct draws *draws,
		       char *err)
{
	struct rolit *s = state;
	int row = 0, col = 0, squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE];
	char letter, name[4], example[4];

	(void)draws;
	if (s->to_move < 0)
		return arena_games_errorf(err, "the game is over: the board is full");
	if (rolit_parse_square(s, action, &row, &col, err) < 0)
		return -1;
	arena_games_cell_name(name, row, col);
	if (s->b.cells[row][col] != ROLIT_EMPTY)
		return arena_games_errorf(err, "%s is occupied", name);
	if (!arena_rolit_board_touches(&s->b, row, col))
		return arena_games_errorf(err, "%s touches no ball: a ball goes next to another (in any of the 8 directions)",
			      name);
	letter = rolit_seat_letter(s, s->to_move);
	/* the legal squares are the capturing ones when there are any: the
	 * first of them is an example */
	rolit_squares(s, squares);
	if (!arena_rolit_board_captures(&s->b, row, col, letter, NULL) &&
	    arena_rolit_board_captures(&s->b, squares[0] / s->b.size,
				       squares[0] % s->b.size, letter, NULL)) {
		arena_games_cell_name(example, squares[0] / s->b.size,
				      squares[0] % s->b.size);
		return arena_games_errorf(err, "%s captures nothing but a capturing move exists (e.g. %s)",
			      name, example);
	}
	rolit_place(s, row, col);
	return 0;
}

static void rolit_forfeit(void *state, int seat, struct draws *draws)
{
	struct rolit *s = state;

	(void)draws;
	s->forfeited[seat] = true;
	if (s->to_move == seat)
		s->to_move = rolit_next(s, seat);
}

/* A point per ball of the seat's colour; equal scores share a rank. */
static void rolit_result(const void *state, struct game_result *result)
{
	const struct rolit *s = state;
	int count[ROLIT_COLOURS];

	memset(result, 0, sizeof *result);
	arena_rolit_board_count(&s->b, count);
	for (int i = 0; i < s->players; i++)
		result->score[i] = count[rolit_seat_colours[s->players][i]];
	for (int i = 0; i < s->players; i++) {
		result->rank[i] = 1;
		for (int j = 0; j < s->players; j++)
			if (result->score[j] > result->score[i])
				result->rank[i]++;
	}
}

/* The board, row numbers on the left with the highest row on top, column
 * letters below, then the balls of each played colour. */
static char *rolit_render(const void *state)
{
	const struct rolit *s = state;
	char *text = arena_games_xmalloc((size_t)(s->b.size + 1) * (size_t)(s->b.size + 4) + 64);
	char *p = text;
	int count[ROLIT_COLOURS];

	for (int r = s->b.size - 1; r >= 0; r--)
		p += sprintf(p, "%d %.*s\n", r + 1, s->b.size, s->b.cells[r]);
	p += sprintf(p, "  %.*s\n", s->b.size, "ABCDEFGH");
	arena_rolit_board_count(&s->b, count);
	for (int i = 0; i < s->players; i++)
		p += sprintf(p, "%s%s %d", i ? "  " : "", rolit_seat_name(s, i),
			     count[rolit_seat_colours[s->players][i]]);
	strcpy(p, "\n");
	return text;
}

const struct game_rules arena_rolit_rules = {
	.name = "rolit",
	.title = "Rolit",
	.rules_version = "rolit/2",
	.family = GAME_FAMILY_ROLIT,
	.min_players = 2,
	.max_players = ROLIT_MAX_SEATS,
	.options = rolit_options,
	.openings = true,
	.create = rolit_create,
	.destroy = free,
	.to_move = rolit_to_move,
	.view = rolit_view,
	.legal = rolit_legal,
	.apply = rolit_apply,
	.moves = rolit_moves,
	.apply_move = rolit_apply_move,
	.forfeit = rolit_forfeit,
	.result = rolit_result,
	.render = rolit_render,
	.state_size = sizeof(struct rolit),
};

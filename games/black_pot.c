/*
 * Black-Pot (docs/games/black-pot.md): two sides, ivory and brown (2 players,
 * or 4 as two teams: seats 0+2 v 1+3), share each roll of three dice and
 * combine the dice into numbers to put pawns on a board of 109 numbered
 * cells, scoring lines of five by the kinds of cells they cover; the game
 * ends when a side puts down its last pawn, each pawn left is worth 10.  An
 * action is {"expr": "6+4-2", "cells": ["C5"]} (black_pot_moves.c does the
 * arithmetic); without JSON, a move is its id, the set of cells it fills
 * (black_pot_ids.c).  Chance: the rolls, and the board when option layout=random,
 * only through draws.h.
 */
#include "black_pot.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "registry.h"

#define BP_SIDES 2
#define BP_PAWNS 40
#define BP_BOARD_CELLS 109
/* Each scored line marks 5 cells in one of 4 directions, and no cell
 * twice in one direction. */
#define BP_MAX_LINES (4 * BP_BOARD_CELLS / BLACK_POT_LINE)
/* A safety cap: the game also ends once this many rolls have been played
 * (sides may keep placing nothing). */
#define BP_MAX_ROLLS 200

_Static_assert(BLACK_POT_MAX_MOVES <= GAME_MAX_MOVES,
	       "moves() writes up to BLACK_POT_MAX_MOVES ids");

static const char bp_marks[BP_SIDES] = {'X', 'O'};
static const char *const bp_side_names[BP_SIDES] = {"ivory", "brown"};

/* Steps (rows, columns) of the 4 line directions: along a row, along a
 * column, the rising diagonal and the falling one. */
static const int bp_dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Our layout (the sheet's is lost), row 11 on top as in the picture of
 * docs/games/black-pot.md; 0 marks the 12 cells cut off the corners. */
static const int bp_layout[BLACK_POT_SIDE][BLACK_POT_SIDE] = {
	{ 0,  0, 19, 15, 21,  2, 18,  4,  8,  0,  0},
	{ 0, 15, 20,  5, 12,  4,  8,  5, 23, 12,  0},
	{ 9, 22, 14,  3, 24, 25, 10,  1,  3,  5,  9},
	{ 4, 23, 10, 18,  6, 11,  8, 20, 10,  2, 23},
	{25, 12, 21, 11,  3,  5,  7, 12, 13, 15,  5},
	{16,  6, 19, 22, 16, 17,  6, 17,  6, 21,  9},
	{22, 24,  8, 11,  4,  1,  9,  1, 13, 14,  2},
	{19,  7, 14, 13,  7, 10, 22, 18,  4,  8, 17},
	{17, 25, 19,  1, 24,  2, 25, 14, 16, 20,  3},
	{ 0,  7, 11, 20, 18, 12, 13, 21,  2, 10,  0},
	{ 0,  0,  6, 24, 16, 23,  1, 15,  3,  0,  0},
};

struct bp_line {
	int side, dir, first, points; /* first: the cell with the lowest row */
};

/* Whose turn it is and the roll being played. */
struct bp_turn {
	int to_move; /* a seat, or -1 once the game is over */
	int start;   /* the seat that played the current roll first */
	int rolls;   /* rolls so far, the current one included */
	int dice[3];
	struct black_pot_roll roll; /* what dice[] lets a move fill */
};

/* Each cell of the board, by row * 11 + column. */
struct bp_board {
	int number[BLACK_POT_CELLS]; /* 1..25, 0 off the board */
	int owner[BLACK_POT_CELLS];  /* a side, or -1 for a free cell */
	unsigned scored[BLACK_POT_CELLS]; /* bit d: in a line of direction d */
};

/* Each side's pawns and points. */
struct bp_sides {
	/* pawns of the side put down by arena_black_pot_put(), not scored
	 * yet: its next move looks at every window, not only its own */
	bool unscored[BP_SIDES];
	int pawns[BP_SIDES];  /* pawns not yet played */
	long points[BP_SIDES]; /* from lines */
};

/* The lines scored, in the order they scored. */
struct bp_lines {
	int count;
	struct bp_line of[BP_MAX_LINES];
};

/* The state: one flat block (its state_size bytes are copied whole), its
 * parts nested by value. */
struct black_pot {
	int players;
	struct bp_turn turn;
	struct black_pot_free free; /* the free cells, by number */
	bool out[4];		/* the seats that left */
	struct bp_board board;
	struct bp_sides sides;
	struct bp_lines lines;
};

static const char *const bp_layout_choices[] = {"fixed", "random", NULL};

static const struct game_option bp_options[] = {
	{
		.name = "layout",
		.help = "the board's numbers: fixed (ours, docs/games/black-pot.md) or random (drawn)",
		.default_value = "fixed",
		.choices = bp_layout_choices,
	},
	{.name = NULL},
};

static int bp_side(int seat)
{
	return seat % BP_SIDES;
}

/* A cell of the board named by an uppercase column letter A-K and a row
 * number 1-11 without leading zero, or -1 with the reason in err. */
static int bp_parse_cell(const struct black_pot *s, const char *name,
			 char *err)
{
	int row, col, cell;

	if (arena_games_cell_parse(name, &row, &col, BLACK_POT_SIDE))
		return arena_games_errorf(err, "\"%.16s\" is not a cell name: expected a column letter A-K then a row number 1-11, e.g. \"F6\"",
			      name);
	cell = row * BLACK_POT_SIDE + col;
	if (!s->board.number[cell])
		return arena_games_errorf(err, "%s is off the board (the corners lose 3 cells each)",
			      name);
	return cell;
}

/* The number of each free cell, 0 elsewhere, as arena_black_pot_moves() wants. */
static void bp_open(const struct black_pot *s, int open[BLACK_POT_CELLS])
{
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		open[c] = s->board.owner[c] < 0 ? s->board.number[c] : 0;
}

/* The 5 cells from `first` in direction d if they are all on the board
 * and hold pawns of `side` of which none is in a line of direction d;
 * their points, or 0. */
static int bp_window(const struct black_pot *s, int first, int d, int side)
{
	int row = first / BLACK_POT_SIDE, col = first % BLACK_POT_SIDE;
	int numbers[BLACK_POT_LINE];

	for (int i = 0; i < BLACK_POT_LINE; i++) {
		int r = row + i * bp_dirs[d][0], c = col + i * bp_dirs[d][1];
		int cell = r * BLACK_POT_SIDE + c;

		if (r >= BLACK_POT_SIDE || c < 0 || c >= BLACK_POT_SIDE ||
		    s->board.owner[cell] != side ||
		    s->board.scored[cell] & 1u << d)
			return 0;
		numbers[i] = s->board.number[cell];
	}
	return arena_black_pot_line_points(numbers);
}

/* The window of `side` of 5 cells from `first` in direction d, when it
 * is a line that pays more than `best`: most points, then the lowest
 * direction, then the lowest first cell. */
static void bp_consider(const struct black_pot *s, int first, int d, int side,
			struct bp_line *best)
{
	int points = bp_window(s, first, d, side);

	if (points > best->points ||
	    (points && points == best->points &&
	     (d < best->dir || (d == best->dir && first < best->first))))
		*best = (struct bp_line){side, d, first, points};
}

/* How many cells (up to 4) after `cell` one step of direction d at a
 * time (sign -1: before it) hold pawns of `side` not in a line of that
 * direction. */
static int bp_run(const struct black_pot *s, int cell, int d, int side,
		  int sign)
{
	int r = cell / BLACK_POT_SIDE, c = cell % BLACK_POT_SIDE, n = 0;

	for (; n < BLACK_POT_LINE - 1; n++) {
		r += sign * bp_dirs[d][0];
		c += sign * bp_dirs[d][1];
		if (r < 0 || r >= BLACK_POT_SIDE || c < 0 || c >= BLACK_POT_SIDE ||
		    s->board.owner[r * BLACK_POT_SIDE + c] != side ||
		    s->board.scored[r * BLACK_POT_SIDE + c] & 1u << d)
			break;
	}
	return n;
}

/* The best line of `side` through `cell`, one of its pawns: in each
 * direction, the windows of 5 within the run of the side's pawns around
 * it (most moves have none: a window's 5 cells are looked at only
 * there). */
static void bp_best_through(const struct black_pot *s, int cell, int side,
			    struct bp_line *best)
{
	for (int d = 0; d < 4; d++) {
		int back, ahead, step = bp_dirs[d][0] * BLACK_POT_SIDE +
					bp_dirs[d][1];

		if (s->board.scored[cell] & 1u << d)
			continue;
		back = bp_run(s, cell, d, side, -1);
		ahead = bp_run(s, cell, d, side, 1);
		for (int i = BLACK_POT_LINE - 1 - ahead; i <= back; i++)
			bp_consider(s, cell - i * step, d, side, best);
	}
}

/* Scores every line of `side` just completed by its pawns on `cells`.
 * When completed windows overlap in one direction only one of them can
 * score: the best first, then the lowest direction, then the lowest
 * first cell.  A line the move completes has one of its cells (the
 * side's other lines scored at its moves before), unless the seam put
 * pawns down: then every cell of the side is looked at. */
static void bp_score_lines(struct black_pot *s, int side, const int *cells,
			   int count)
{
	for (;;) {
		struct bp_line best = {.points = 0};

		for (int c = 0; s->sides.unscored[side] && c < BLACK_POT_CELLS;
		     c++)
			if (s->board.owner[c] == side)
				bp_best_through(s, c, side, &best);
		for (int i = 0; !s->sides.unscored[side] && i < count; i++)
			bp_best_through(s, cells[i], side, &best);
		if (!best.points)
			break;
		for (int i = 0; i < BLACK_POT_LINE; i++)
			s->board.scored[best.first + i *
					(bp_dirs[best.dir][0] * BLACK_POT_SIDE +
					 bp_dirs[best.dir][1])] |= 1u << best.dir;
		s->lines.of[s->lines.count++] = best;
		s->sides.points[side] += best.points;
	}
	s->sides.unscored[side] = false;
}

static void bp_roll(struct black_pot *s, struct draws *draws)
{
	arena_draws_dice(draws, 3, s->turn.dice);
	arena_black_pot_roll_init(s->turn.dice, &s->turn.roll);
	s->turn.rolls++;
}

/* Whether both seats of a side have left (4 players only). */
static bool bp_side_gone(const struct black_pot *s, int side)
{
	for (int seat = side; seat < s->players; seat += BP_SIDES)
		if (!s->out[seat])
			return false;
	return true;
}

/* The turn after `seat` has played the current roll: the next seat still
 * in, in seat order from the roll's first seat; when every seat has played
 * it, a new roll, which the next seat still in after the previous first
 * seat plays first.  The game ends when a side has put down its last pawn,
 * when a whole side has left, or after BP_MAX_ROLLS rolls. */
static void bp_advance(struct black_pot *s, int seat, struct draws *draws)
{
	int n = s->players, pos = (seat - s->turn.start + n) % n;

	if (!s->sides.pawns[0] || !s->sides.pawns[1] || bp_side_gone(s, 0) ||
	    bp_side_gone(s, 1)) {
		s->turn.to_move = -1;
		return;
	}
	while (++pos < n)
		if (!s->out[(s->turn.start + pos) % n]) {
			s->turn.to_move = (s->turn.start + pos) % n;
			return;
		}
	if (s->turn.rolls == BP_MAX_ROLLS) {
		s->turn.to_move = -1;
		return;
	}
	do
		s->turn.start = (s->turn.start + 1) % n;
	while (s->out[s->turn.start]);
	bp_roll(s, draws);
	s->turn.to_move = s->turn.start;
}

/* option layout=random: our 109 numbers dealt by one shuffle of 109 cards
 * (a single draw): the i-th board cell in board order (A1 ... K11, row 1
 * first) gets the number that the fixed layout puts on the deck[i]-th. */
static void bp_deal(struct black_pot *s, struct draws *draws)
{
	int cells[BP_BOARD_CELLS], numbers[BP_BOARD_CELLS];
	int deck[BP_BOARD_CELLS], count = 0;

	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (s->board.number[c]) {
			cells[count] = c;
			numbers[count++] = s->board.number[c];
		}
	arena_draws_shuffle(draws, count, deck);
	for (int i = 0; i < count; i++)
		s->board.number[cells[i]] = numbers[deck[i]];
}

static void *bp_create(const struct game_setup *setup, struct draws *draws,
		       char *err)
{
	const cJSON *layout = cJSON_GetObjectItemCaseSensitive(setup->options,
							       "layout");
	const char *how = cJSON_GetStringValue(layout);
	struct black_pot *s;
	int open[BLACK_POT_CELLS];

	if (setup->players != 2 && setup->players != 4) {
		arena_games_errorf(err, "Black-Pot is for 2 players, or 4 in two teams, not %d",
		       setup->players);
		return NULL;
	}
	if (!how || (strcmp(how, "fixed") && strcmp(how, "random"))) {
		arena_games_errorf(err, "layout must be fixed or random");
		return NULL;
	}
	if (setup->first_seat < 0 || setup->first_seat >= setup->players) {
		arena_games_errorf(err, "seat %d is not a seat of %d players",
		       setup->first_seat, setup->players);
		return NULL;
	}
	s = arena_games_xcalloc(1, sizeof *s);
	s->players = setup->players;
	for (int c = 0; c < BLACK_POT_CELLS; c++) {
		s->board.number[c] =
			bp_layout[BLACK_POT_SIDE - 1 - c / BLACK_POT_SIDE]
				 [c % BLACK_POT_SIDE];
		s->board.owner[c] = -1;
	}
	if (!strcmp(how, "random"))
		bp_deal(s, draws);
	bp_open(s, open);
	arena_black_pot_free_init(&s->free, open);
	s->sides.pawns[0] = s->sides.pawns[1] = BP_PAWNS;
	s->turn.start = s->turn.to_move = setup->first_seat;
	bp_roll(s, draws);
	return s;
}

static int bp_to_move(const void *state)
{
	const struct black_pot *s = state;

	return s->turn.to_move;
}

/* The side's total: line points and 10 a pawn not played. */
static long bp_total(const struct black_pot *s, int side)
{
	return s->sides.points[side] + 10L * s->sides.pawns[side];
}

static cJSON *bp_cells_json(const int *cells, int count)
{
	cJSON *list = cJSON_CreateArray();
	char name[4];

	for (int i = 0; i < count; i++) {
		arena_games_cell_name(name, cells[i] / BLACK_POT_SIDE,
				      cells[i] % BLACK_POT_SIDE);
		cJSON_AddItemToArray(list, cJSON_CreateString(name));
	}
	return list;
}

/* The seat's view: the board's numbers and pawns, row 1 first, the roll,
 * each side's stock, points and lines, whose turn, who left. */
static cJSON *bp_view(const void *state, int seat)
{
	const struct black_pot *s = state;
	cJSON *view = cJSON_CreateObject(), *list, *row, *item;
	char marks[BLACK_POT_SIDE + 1];

	list = cJSON_AddArrayToObject(view, "numbers");
	for (int r = 0; r < BLACK_POT_SIDE; r++) {
		row = cJSON_CreateIntArray(&s->board.number[r * BLACK_POT_SIDE],
					   BLACK_POT_SIDE);
		cJSON_AddItemToArray(list, row);
	}
	list = cJSON_AddArrayToObject(view, "board");
	for (int r = 0; r < BLACK_POT_SIDE; r++) {
		for (int c = 0; c < BLACK_POT_SIDE; c++) {
			int cell = r * BLACK_POT_SIDE + c;

			marks[c] = !s->board.number[cell] ? ' ' :
				   s->board.owner[cell] < 0 ? '.' :
				   bp_marks[s->board.owner[cell]];
		}
		marks[BLACK_POT_SIDE] = '\0';
		cJSON_AddItemToArray(list, cJSON_CreateString(marks));
	}
	list = cJSON_AddArrayToObject(view, "sides");
	for (int i = 0; i < BP_SIDES; i++)
		cJSON_AddItemToArray(list, cJSON_CreateString(bp_side_names[i]));
	if (seat >= 0 && seat < s->players)
		cJSON_AddNumberToObject(view, "you", bp_side(seat));
	cJSON_AddNumberToObject(view, "to_move", s->turn.to_move);
	cJSON_AddItemToObject(view, "roll",
			      cJSON_CreateIntArray(s->turn.dice, 3));
	cJSON_AddNumberToObject(view, "rolls", s->turn.rolls);
	cJSON_AddNumberToObject(view, "max_rolls", BP_MAX_ROLLS);
	cJSON_AddItemToObject(view, "pawns",
			      cJSON_CreateIntArray(s->sides.pawns, BP_SIDES));
	list = cJSON_AddArrayToObject(view, "points");
	for (int i = 0; i < BP_SIDES; i++)
		cJSON_AddItemToArray(list, cJSON_CreateNumber(
			(double)s->sides.points[i]));
	list = cJSON_AddArrayToObject(view, "lines");
	for (int i = 0; i < s->lines.count; i++) {
		const struct bp_line *l = &s->lines.of[i];
		int cells[BLACK_POT_LINE];

		for (int k = 0; k < BLACK_POT_LINE; k++)
			cells[k] = l->first + k * (bp_dirs[l->dir][0] * BLACK_POT_SIDE +
						   bp_dirs[l->dir][1]);
		item = cJSON_CreateObject();
		cJSON_AddNumberToObject(item, "side", l->side);
		cJSON_AddItemToObject(item, "cells",
				      bp_cells_json(cells, BLACK_POT_LINE));
		cJSON_AddNumberToObject(item, "points", l->points);
		cJSON_AddItemToArray(list, item);
	}
	list = cJSON_AddArrayToObject(view, "forfeited");
	for (int i = 0; i < s->players; i++)
		if (s->out[i])
			cJSON_AddItemToArray(list, cJSON_CreateNumber(i));
	return view;
}

/* A number of the seat's numbers, when they are being written. */
static int bp_put(float *out, int at, double value)
{
	if (out)
		out[at] = (float)value;
	return at + 1;
}

/* The seven planes of the cells: zeros, then the board's numbers, a 1
 * for each pawn and for each cell of each scored line (a few hundred
 * stores where one for each of the 847 numbers was most of the
 * environment's observation). */
static void bp_planes(const struct black_pot *s, int you, float *out)
{
	float *pawns = out + BLACK_POT_CELLS, *lines = out + 3 * BLACK_POT_CELLS;

	memset(out, 0, 7 * BLACK_POT_CELLS * sizeof *out);
	for (int c = 0; c < BLACK_POT_CELLS; c++) {
		out[c] = (float)s->board.number[c];
		if (s->board.owner[c] >= 0)
			pawns[(s->board.owner[c] != you) * BLACK_POT_CELLS +
			      c] = 1;
	}
	for (int i = 0; i < s->lines.count; i++) {
		const struct bp_line *l = &s->lines.of[i];
		int step = bp_dirs[l->dir][0] * BLACK_POT_SIDE + bp_dirs[l->dir][1];

		for (int k = 0; k < BLACK_POT_LINE; k++)
			lines[l->dir * BLACK_POT_CELLS + l->first + k * step] = 1;
	}
}

int arena_black_pot_observation(const void *state, int seat, float *out)
{
	const struct black_pot *s = state;
	int you = bp_side(seat), n = s->players, at = 7 * BLACK_POT_CELLS;

	if (out)
		bp_planes(s, you, out);
	for (int i = 0; i < 3; i++)
		at = bp_put(out, at, s->turn.dice[i]);
	at = bp_put(out, at, s->turn.rolls);
	at = bp_put(out, at, BP_MAX_ROLLS);
	at = bp_put(out, at, s->sides.pawns[you]);
	at = bp_put(out, at, s->sides.pawns[1 - you]);
	at = bp_put(out, at, (double)s->sides.points[you]);
	at = bp_put(out, at, (double)s->sides.points[1 - you]);
	at = bp_put(out, at, s->turn.to_move < 0 ? -1 :
			     (s->turn.to_move - seat + n) % n);
	at = bp_put(out, at, (s->turn.start - seat + n) % n);
	for (int i = 0; i < n; i++)
		at = bp_put(out, at, s->out[(seat + i) % n]);
	return at;
}

static cJSON *bp_action(const struct black_pot_move *m)
{
	cJSON *action = cJSON_CreateObject();

	cJSON_AddStringToObject(action, "expr", m->expr);
	cJSON_AddItemToObject(action, "cells", bp_cells_json(m->cells, m->count));
	return action;
}

/* Every distinct outcome of the roll for the seat to move (see
 * arena_black_pot_moves()), in a new array in *moves; how many, never 0
 * while the game goes on, since the smallest die minus the two others
 * places nothing. */
static int bp_list(const struct black_pot *s, struct black_pot_move **moves)
{
	int open[BLACK_POT_CELLS];

	*moves = NULL;
	if (s->turn.to_move < 0)
		return 0;
	bp_open(s, open);
	return arena_black_pot_moves(s->turn.dice, open,
				     s->sides.pawns[bp_side(s->turn.to_move)],
				     moves);
}

static cJSON *bp_legal(const void *state)
{
	cJSON *list = cJSON_CreateArray();
	struct black_pot_move *moves;
	int count = bp_list(state, &moves);

	for (int i = 0; i < count; i++)
		cJSON_AddItemToArray(list, bp_action(&moves[i]));
	free(moves);
	return list;
}

/* Whether some free cell is numbered `number`. */
static bool bp_free_number(const struct black_pot *s, int number)
{
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (s->board.number[c] == number && s->board.owner[c] < 0)
			return true;
	return false;
}

/* Reads an action into the cells it fills (in group order); their count,
 * or -1 with the reason in err. */
static int bp_read_action(const struct black_pot *s, const cJSON *action,
			  int cells[3], char *err)
{
	const cJSON *expr = cJSON_GetObjectItemCaseSensitive(action, "expr");
	const cJSON *names = cJSON_GetObjectItemCaseSensitive(action, "cells");
	int values[3], groups, count = 0;
	int pawns = s->sides.pawns[bp_side(s->turn.to_move)];

	if (!cJSON_IsObject(action) || !cJSON_IsString(expr) ||
	    !cJSON_IsArray(names))
		return arena_games_errorf(err, "the action must be an object {\"expr\": \"6+4-2\", \"cells\": [\"C5\"]}");
	groups = arena_black_pot_parse(expr->valuestring, s->turn.dice, values,
				       err);
	if (groups < 0)
		return -1;
	for (int g = 0; g < groups; g++) {
		const cJSON *name = cJSON_GetArrayItem(names, count);
		int cell;

		if (values[g] < 1 || values[g] > BLACK_POT_MAX_NUMBER)
			continue;
		if (!name && !bp_free_number(s, values[g]))
			return arena_games_errorf(err, "group %d of \"%s\" is worth %d and no free cell is numbered %d: this split is not a legal move (\"legal\" lists them)",
				      g + 1, expr->valuestring, values[g], values[g]);
		if (!name)
			return arena_games_errorf(err, "group %d of \"%s\" is worth %d: \"cells\" must name a free cell numbered %d for it",
				      g + 1, expr->valuestring, values[g], values[g]);
		if (!cJSON_IsString(name))
			return arena_games_errorf(err, "\"cells\" must hold cell names, e.g. \"F6\"");
		if ((cell = bp_parse_cell(s, name->valuestring, err)) < 0)
			return -1;
		if (s->board.number[cell] != values[g])
			return arena_games_errorf(err, "%s is numbered %d, not %d (group %d of \"%s\")",
				      name->valuestring, s->board.number[cell],
				      values[g], g + 1, expr->valuestring);
		if (s->board.owner[cell] >= 0)
			return arena_games_errorf(err, "%s is taken", name->valuestring);
		for (int i = 0; i < count; i++)
			if (cells[i] == cell)
				return arena_games_errorf(err, "%s is named twice",
					      name->valuestring);
		cells[count++] = cell;
	}
	if (cJSON_GetArraySize(names) != count)
		return arena_games_errorf(err, "\"%s\" places %d pawn%s, so \"cells\" must name %d cell%s, not %d",
			      expr->valuestring, count, count == 1 ? "" : "s",
			      count, count == 1 ? "" : "s",
			      cJSON_GetArraySize(names));
	if (count > pawns)
		return arena_games_errorf(err, "your side has %d pawn%s left, the move places %d",
			      pawns, pawns == 1 ? "" : "s", count);
	return count;
}

/* The seat to move fills `cells`, a legal move: its lines score, the
 * turn passes. */
static void bp_play(struct black_pot *s, const int *cells, int count,
		    struct draws *draws)
{
	int side = bp_side(s->turn.to_move);

	for (int i = 0; i < count; i++) {
		s->board.owner[cells[i]] = side;
		arena_black_pot_free_take(&s->free, cells[i]);
	}
	s->sides.pawns[side] -= count;
	bp_score_lines(s, side, cells, count);
	bp_advance(s, s->turn.to_move, draws);
}

static int bp_apply(void *state, const cJSON *action, struct draws *draws,
		    char *err)
{
	struct black_pot *s = state;
	int cells[3], count;

	if (s->turn.to_move < 0)
		return arena_games_errorf(err, "the game is over");
	if ((count = bp_read_action(s, action, cells, err)) < 0)
		return -1;
	bp_play(s, cells, count, draws);
	return 0;
}

/* The ids of the legal moves (black_pot_ids.c): in legal()'s order, or
 * ascending. */
static int bp_ids(const struct black_pot *s, bool ascending,
		  int ids[BLACK_POT_MAX_MOVES])
{
	if (s->turn.to_move < 0)
		return 0;
	return arena_black_pot_free_ids(&s->turn.roll, &s->free,
					s->sides.pawns[bp_side(s->turn.to_move)],
					ascending, ids);
}

static int bp_moves(const void *state, int moves[GAME_MAX_MOVES])
{
	return bp_ids(state, false, moves);
}

int arena_black_pot_legal_ids(const void *state, int ids[BLACK_POT_MAX_MOVES])
{
	return bp_ids(state, true, ids);
}

/* Plays move `id`, one that moves() listed. */
static void bp_apply_move(void *state, int id, struct draws *draws)
{
	int cells[3], count = arena_black_pot_move_cells(id, cells);

	bp_play(state, cells, count, draws);
}

/* The action of move `id` as legal() lists it: only that outcome is
 * sought, and only its expression written (listing every expression of
 * the roll took most of a step of the environment). */
cJSON *arena_black_pot_action_json(const void *state, int id)
{
	const struct black_pot *s = state;
	struct black_pot_move move;
	int open[BLACK_POT_CELLS], cells[3];
	int count = arena_black_pot_move_cells(id, cells);

	if (count < 0 || s->turn.to_move < 0)
		return NULL;
	bp_open(s, open);
	if (!arena_black_pot_move_of(s->turn.dice, open,
				     s->sides.pawns[bp_side(s->turn.to_move)],
				     cells, count, &move))
		return NULL;
	return bp_action(&move);
}

int arena_black_pot_action_id(const void *state, const cJSON *action,
			      char *err)
{
	const struct black_pot *s = state;
	int cells[3], count;

	if (s->turn.to_move < 0)
		return arena_games_errorf(err, "the game is over");
	if ((count = bp_read_action(s, action, cells, err)) < 0)
		return -1;
	return arena_black_pot_move_id(cells, count);
}

/* The seat takes no more turns; with 4 players its partner plays on for
 * the side, and when both partners have left the game is over. */
static void bp_forfeit(void *state, int seat, struct draws *draws)
{
	struct black_pot *s = state;

	s->out[seat] = true;
	if (s->turn.to_move == seat || bp_side_gone(s, bp_side(seat)))
		bp_advance(s, seat, draws);
}

/* With 4 players seats 0 and 2 (ivory) play against 1 and 3 (brown);
 * with 2 each plays for itself. */
static int bp_team_of(int players, int seat)
{
	return players == 4 ? bp_side(seat) : -1;
}

/* Both seats of a side get the side's total; the higher total wins and
 * equal totals share the rank (competition ranking over seats). */
static void bp_result(const void *state, struct game_result *result)
{
	const struct black_pot *s = state;

	memset(result, 0, sizeof *result);
	for (int i = 0; i < s->players; i++)
		result->score[i] = bp_total(s, bp_side(i));
	for (int i = 0; i < s->players; i++) {
		result->rank[i] = 1;
		for (int j = 0; j < s->players; j++)
			if (result->score[j] > result->score[i])
				result->rank[i]++;
	}
}

/* The board with row 11 on top: each cell its number, preceded by X or O
 * when ivory or brown holds it; then the roll and each side's count. */
static char *bp_render(const void *state)
{
	const struct black_pot *s = state;
	char *text = arena_games_xmalloc(4096), *p = text;

	for (int r = BLACK_POT_SIDE - 1; r >= 0; r--) {
		p += sprintf(p, "%2d", r + 1);
		for (int c = 0; c < BLACK_POT_SIDE; c++) {
			int cell = r * BLACK_POT_SIDE + c;

			if (!s->board.number[cell])
				p += sprintf(p, "    ");
			else
				p += sprintf(p, " %c%2d",
					     s->board.owner[cell] < 0 ? ' ' :
					     bp_marks[s->board.owner[cell]],
					     s->board.number[cell]);
		}
		while (p[-1] == ' ')
			p--;
		*p++ = '\n';
	}
	p += sprintf(p, "  ");
	for (int c = 0; c < BLACK_POT_SIDE; c++)
		p += sprintf(p, "   %c", 'A' + c);
	p += sprintf(p, "\n");
	for (int i = 0; i < BP_SIDES; i++)
		p += sprintf(p, "%s %s (%c): %d pawns left, %ld points from lines, total %ld\n",
			     i ? "brown" : "ivory", s->players == 4 ?
			     (i ? "seats 1+3" : "seats 0+2") : (i ? "seat 1" : "seat 0"),
			     bp_marks[i], s->sides.pawns[i], s->sides.points[i],
			     bp_total(s, i));
	if (s->turn.to_move >= 0)
		sprintf(p, "roll %d: %d %d %d, seat %d to play\n", s->turn.rolls,
			s->turn.dice[0], s->turn.dice[1], s->turn.dice[2],
			s->turn.to_move);
	else
		sprintf(p, "game over after %d rolls\n", s->turn.rolls);
	return text;
}

void arena_black_pot_set_roll(void *state, const int dice[3])
{
	struct black_pot *s = state;

	memcpy(s->turn.dice, dice, sizeof s->turn.dice);
	arena_black_pot_roll_init(s->turn.dice, &s->turn.roll);
}

int arena_black_pot_put(void *state, const char *cell, int side, char *err)
{
	struct black_pot *s = state;
	int c = bp_parse_cell(s, cell, err);

	if (c < 0)
		return -1;
	if (side != 0 && side != 1)
		return arena_games_errorf(err, "side %d is neither 0 (ivory) nor 1 (brown)", side);
	if (s->board.owner[c] >= 0)
		return arena_games_errorf(err, "%s is taken", cell);
	s->board.owner[c] = side;
	arena_black_pot_free_take(&s->free, c);
	s->sides.unscored[side] = true;
	return 0;
}

void arena_black_pot_set_pawns(void *state, int side, int pawns)
{
	struct black_pot *s = state;

	s->sides.pawns[side] = pawns;
}

const struct game_rules arena_black_pot_rules = {
	.name = "black-pot",
	.title = "Black-Pot",
	.rules_version = "black-pot/2",
	.family = GAME_FAMILY_BLACK_POT,
	.dice_in_order = true,
	.min_players = 2,
	.max_players = 4,
	.players_text = "2 or 4",
	.options = bp_options,
	.create = bp_create,
	.destroy = free,
	.to_move = bp_to_move,
	.view = bp_view,
	.legal = bp_legal,
	.apply = bp_apply,
	.moves = bp_moves,
	.apply_move = bp_apply_move,
	.forfeit = bp_forfeit,
	.team_of = bp_team_of,
	.result = bp_result,
	.render = bp_render,
	.state_size = sizeof(struct black_pot),
};

/*
 * black-pot-lookahead's evaluation (black_pot_eval.h).  The rules table
 * scores lines as they are made, but a bot must also weigh the lines not
 * made yet: it asks the rules library what each would be worth
 * (arena_black_pot_line_points).  The rules' state is read through the
 * numbers the rules give a learning program (arena_black_pot_observation()),
 * so that the board needs no JSON and no look inside the state.
 */
#include "black_pot_eval.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"

#define BLACK_POT_EVAL_PAWN 10 /* each pawn in hand at the end */
/* The chance of filling a missing cell in time: FILL_BASE, plus FILL_REACH
 * times the chance that one roll can make its number. */
#define BLACK_POT_EVAL_FILL_BASE 0.25
#define BLACK_POT_EVAL_FILL_REACH 0.6
/* arena_black_pot_observation(): 7 planes of the cells (the numbers, each
 * side's pawns, the scored lines of each direction), then the roll, the
 * rolls made and allowed, the pawns and the points of each side, the seat
 * to move and the roll's first seat; 4 seats at most. */
#define BLACK_POT_EVAL_NUMBERS (7 * BLACK_POT_CELLS + 11 + 4)
#define BLACK_POT_EVAL_ROLL (7 * BLACK_POT_CELLS)
#define BLACK_POT_EVAL_PAWNS (BLACK_POT_EVAL_ROLL + 5)
#define BLACK_POT_EVAL_TO_MOVE (BLACK_POT_EVAL_PAWNS + 4)

static const int black_pot_eval_steps[4][2] = {
	{0, 1}, {1, 0}, {1, 1}, {1, -1},
};

/* A distinct roll a >= b >= c comes 6 times in 216 when its dice differ,
 * 3 times with a pair, once with three alike.  A number's reach asks the
 * rules' move generator which numbers each roll can fill, on a board with
 * one free cell of every number. */
void black_pot_rolls_init(struct black_pot_rolls *rolls)
{
	int open[BLACK_POT_CELLS] = {0}, k = 0;

	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++) {
		open[n - 1] = n;
		rolls->reach[n] = 0;
	}
	for (int a = 6; a >= 1; a--)
		for (int b = a; b >= 1; b--)
			for (int c = b; c >= 1; c--) {
				struct black_pot_move *moves;
				int *dice = rolls->dice[k], count;
				int ways = a == c ? 1 : a == b || b == c ? 3 : 6;
				int filled[BLACK_POT_MAX_NUMBER + 1] = {0};

				dice[0] = a;
				dice[1] = b;
				dice[2] = c;
				rolls->chance[k] = ways / 216.0;
				count = arena_black_pot_moves(dice, open, 3, &moves);
				for (int m = 0; m < count; m++)
					for (int i = 0; i < moves[m].count; i++)
						filled[moves[m].cells[i] + 1] = 1;
				free(moves);
				for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
					rolls->reach[n] += filled[n] * rolls->chance[k];
				k++;
			}
}

int black_pot_eval_cell(const char *name)
{
	int row, col;

	return arena_games_cell_parse(name, &row, &col, BLACK_POT_SIDE) ? -1 :
		       row * BLACK_POT_SIDE + col;
}

int black_pot_eval_read_legal(const cJSON *legal,
			      struct black_pot_eval_move *moves,
			      const struct black_pot_eval_board *board)
{
	const cJSON *action;
	int count = 0;

	cJSON_ArrayForEach(action, legal) {
		const cJSON *names = cJSON_GetObjectItemCaseSensitive(action, "cells");
		struct black_pot_eval_move *m = &moves[count];

		m->index = count++;
		m->count = cJSON_GetArraySize(names);
		if (m->count > 3)
			return -1;
		for (int i = 0; i < m->count; i++) {
			m->cells[i] = black_pot_eval_cell(cJSON_GetStringValue(
				cJSON_GetArrayItem(names, i)));
			if (m->cells[i] < 0 || !board->number[m->cells[i]] ||
			    board->owner[m->cells[i]] >= 0)
				return -1;
		}
	}
	return count;
}

/* Marks the cells of the view's scored lines in their direction. */
static int black_pot_eval_read_lines(const cJSON *lines,
				     struct black_pot_eval_board *board,
				     char *err)
{
	const cJSON *line;

	cJSON_ArrayForEach(line, lines) {
		const cJSON *names = cJSON_GetObjectItemCaseSensitive(line, "cells");
		int cells[BLACK_POT_EVAL_LINE], step, d = 0;

		for (int i = 0; i < BLACK_POT_EVAL_LINE; i++)
			if ((cells[i] = black_pot_eval_cell(
				     cJSON_GetStringValue(
					     cJSON_GetArrayItem(names, i)))) < 0)
				return arena_games_errorf(err, "a line of the view does not name 5 cells");
		step = cells[1] - cells[0];
		while (d < 4 &&
		       step != black_pot_eval_steps[d][0] * BLACK_POT_SIDE +
				       black_pot_eval_steps[d][1])
			d++;
		if (d == 4)
			return arena_games_errorf(err, "a line of the view is not a row, a column or a diagonal");
		for (int i = 0; i < BLACK_POT_EVAL_LINE; i++)
			board->scored[cells[i]] |= 1u << d;
	}
	return 0;
}

int black_pot_eval_read_view(const cJSON *view,
			     struct black_pot_eval_board *board, char *err)
{
	const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(view, "numbers");
	const cJSON *rows = cJSON_GetObjectItemCaseSensitive(view, "board");
	const cJSON *pawns = cJSON_GetObjectItemCaseSensitive(view, "pawns");
	const cJSON *points = cJSON_GetObjectItemCaseSensitive(view, "points");

	memset(board, 0, sizeof *board);
	if (cJSON_GetArraySize(numbers) != BLACK_POT_SIDE ||
	    cJSON_GetArraySize(rows) != BLACK_POT_SIDE ||
	    cJSON_GetArraySize(pawns) != 2 || cJSON_GetArraySize(points) != 2)
		return arena_games_errorf(err, "the state is not a Black-Pot view: it needs 11 \"numbers\" and \"board\" rows, 2 \"pawns\" and 2 \"points\"");
	for (int s = 0; s < 2; s++) {
		board->pawns[s] = cJSON_GetArrayItem(pawns, s)->valueint;
		board->points[s] = (long)cJSON_GetArrayItem(points, s)->valuedouble;
	}
	for (int r = 0; r < BLACK_POT_SIDE; r++) {
		const cJSON *row = cJSON_GetArrayItem(numbers, r);
		const char *marks = cJSON_GetStringValue(cJSON_GetArrayItem(rows, r));

		if (cJSON_GetArraySize(row) != BLACK_POT_SIDE || !marks ||
		    strlen(marks) != BLACK_POT_SIDE)
			return arena_games_errorf(err, "row %d of the view's \"numbers\" or \"board\" is not 11 cells long",
				      r + 1);
		for (int c = 0; c < BLACK_POT_SIDE; c++) {
			int cell = r * BLACK_POT_SIDE + c;
			int n = cJSON_GetArrayItem(row, c)->valueint;

			board->number[cell] = n >= 1 && n <= BLACK_POT_MAX_NUMBER ? n : 0;
			board->owner[cell] = marks[c] == 'X' ? 0 : marks[c] == 'O' ? 1 : -1;
		}
	}
	return black_pot_eval_read_lines(
		cJSON_GetObjectItemCaseSensitive(view, "lines"), board, err);
}

/* The numbers of `state` as seat 0 (side 0 first) sees them. */
static void black_pot_eval_numbers(const void *state,
				   float numbers[BLACK_POT_EVAL_NUMBERS])
{
	if (arena_black_pot_observation(state, 0, NULL) > BLACK_POT_EVAL_NUMBERS)
		abort();	/* a rules library of more seats than this one */
	arena_black_pot_observation(state, 0, numbers);
}

void black_pot_eval_board_of(const void *state,
			     struct black_pot_eval_board *board)
{
	float n[BLACK_POT_EVAL_NUMBERS];
	const float *pawns = n + BLACK_POT_CELLS, *lines = n + 3 * BLACK_POT_CELLS;

	black_pot_eval_numbers(state, n);
	memset(board, 0, sizeof *board);
	for (int c = 0; c < BLACK_POT_CELLS; c++) {
		board->number[c] = (int)n[c];
		board->owner[c] = pawns[c] ? 0 : pawns[BLACK_POT_CELLS + c] ? 1 : -1;
		for (int d = 0; d < 4; d++)
			if (lines[d * BLACK_POT_CELLS + c])
				board->scored[c] |= 1u << d;
	}
	for (int s = 0; s < 2; s++) {
		board->pawns[s] = (int)n[BLACK_POT_EVAL_PAWNS + s];
		board->points[s] = (long)n[BLACK_POT_EVAL_PAWNS + 2 + s];
	}
}

bool black_pot_eval_roll(const void *state, int dice[3])
{
	float n[BLACK_POT_EVAL_NUMBERS];

	black_pot_eval_numbers(state, n);
	for (int i = 0; i < 3; i++) {
		int j = i;

		/* insertion, highest first */
		for (; j > 0 && dice[j - 1] < (int)n[BLACK_POT_EVAL_ROLL + i]; j--)
			dice[j] = dice[j - 1];
		dice[j] = (int)n[BLACK_POT_EVAL_ROLL + i];
	}
	return n[BLACK_POT_EVAL_TO_MOVE] == n[BLACK_POT_EVAL_TO_MOVE + 1];
}

void black_pot_eval_init(struct black_pot_eval *eval,
			 const struct black_pot_eval_board *board,
			 const struct black_pot_rolls *rolls)
{
	memset(eval, 0, sizeof *eval);
	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
		eval->fill[n] = BLACK_POT_EVAL_FILL_BASE +
				BLACK_POT_EVAL_FILL_REACH * rolls->reach[n];
	for (int d = 0; d < 4; d++)
		for (int first = 0; first < BLACK_POT_CELLS; first++) {
			int w = eval->windows, i = 0;
			int numbers[BLACK_POT_EVAL_LINE];

			for (; i < BLACK_POT_EVAL_LINE; i++) {
				const int *step = black_pot_eval_steps[d];
				int r = first / BLACK_POT_SIDE + i * step[0];
				int c = first % BLACK_POT_SIDE + i * step[1];
				int cell = r * BLACK_POT_SIDE + c;

				if (r >= BLACK_POT_SIDE || c < 0 ||
				    c >= BLACK_POT_SIDE || !board->number[cell])
					break;
				eval->cells[w][i] = cell;
				numbers[i] = board->number[cell];
			}
			if (i < BLACK_POT_EVAL_LINE)
				continue;
			eval->dir[w] = d;
			eval->points[w] = arena_black_pot_line_points(numbers);
			for (i = 0; i < BLACK_POT_EVAL_LINE; i++) {
				int cell = eval->cells[w][i];

				eval->of_cell[cell][eval->of_cell_count[cell]++] = w;
			}
			eval->windows++;
		}
}

/* What window w may still bring `side`: its points less the pawns still
 * needed, times the chance of filling every missing cell; 0 when the
 * other side holds a cell of it, a cell of it is in a line of its
 * direction already, or the side lacks the pawns. */
static double black_pot_eval_window(const struct black_pot_eval *eval,
				    const struct black_pot_eval_board *board,
				    int w, int side)
{
	double chance = 1;
	int missing = 0;

	for (int i = 0; i < BLACK_POT_EVAL_LINE; i++) {
		int cell = eval->cells[w][i];

		if (board->owner[cell] == 1 - side ||
		    board->scored[cell] & 1u << eval->dir[w])
			return 0;
		if (board->owner[cell] < 0) {
			missing++;
			chance *= eval->fill[board->number[cell]];
		}
	}
	if (missing > board->pawns[side] ||
	    eval->points[w] <= BLACK_POT_EVAL_PAWN * missing)
		return 0;
	return chance * (eval->points[w] - BLACK_POT_EVAL_PAWN * missing);
}

/* The windows through cells[] counted once each, as `side` sees them. */
static double black_pot_eval_windows_of(
	const struct black_pot_eval *eval,
	const struct black_pot_eval_board *board, int side, const int *cells,
	int count)
{
	double value = 0;

	for (int k = 0; k < count; k++)
		for (int j = 0; j < eval->of_cell_count[cells[k]]; j++) {
			int w = eval->of_cell[cells[k]][j], seen = 0;

			for (int p = 0; p < k; p++)
				for (int i = 0; i < BLACK_POT_EVAL_LINE; i++)
					seen |= eval->cells[w][i] == cells[p];
			if (!seen)
				value += black_pot_eval_window(eval, board, w,
							       side) -
					 black_pot_eval_window(eval, board, w,
							       1 - side);
		}
	return value;
}

double black_pot_eval_delta(const struct black_pot_eval *eval,
			    struct black_pot_eval_board *board, int side,
			    const int *cells, int count)
{
	double before = black_pot_eval_windows_of(eval, board, side, cells,
						  count);
	double after;

	black_pot_eval_play(board, side, cells, count);
	after = black_pot_eval_windows_of(eval, board, side, cells, count);
	for (int k = 0; k < count; k++)
		board->owner[cells[k]] = -1;
	board->pawns[side] += count;
	return after - before - BLACK_POT_EVAL_PAWN * count;
}

double black_pot_eval_value(const struct black_pot_eval *eval,
			    const struct black_pot_eval_board *board, int side)
{
	double value = (double)(board->points[side] - board->points[1 - side]) +
		       BLACK_POT_EVAL_PAWN *
			       (board->pawns[side] - board->pawns[1 - side]);

	for (int w = 0; w < eval->windows; w++)
		value += black_pot_eval_window(eval, board, w, side) -
			 black_pot_eval_window(eval, board, w, 1 - side);
	return value;
}

void black_pot_eval_gains(const struct black_pot_eval *eval,
			  struct black_pot_eval_board *board, const int dice[3],
			  double gain[2])
{
	int open[BLACK_POT_CELLS], most = board->pawns[0], count;
	struct black_pot_move *moves;

	if (board->pawns[1] > most)
		most = board->pawns[1];
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		open[c] = board->owner[c] < 0 ? board->number[c] : 0;
	count = arena_black_pot_moves(dice, open, most > 3 ? 3 : most, &moves);
	gain[0] = gain[1] = 0;
	for (int m = 0; m < count; m++)
		for (int s = 0; s < 2; s++) {
			double d;

			if (!moves[m].count || moves[m].count > board->pawns[s])
				continue;
			d = black_pot_eval_delta(eval, board, s, moves[m].cells,
						 moves[m].count);
			if (d > gain[s])
				gain[s] = d;
		}
	free(moves);
}

static int black_pot_eval_by_value(const void *a, const void *b)
{
	const struct black_pot_eval_move *x = a, *y = b;

	return (x->value < y->value) - (x->value > y->value);
}

void black_pot_eval_rank(const struct black_pot_eval *eval,
			 struct black_pot_eval_board *board, int side,
			 struct black_pot_eval_move *moves, int count)
{
	for (int i = 0; i < count; i++)
		moves[i].value = black_pot_eval_delta(eval, board, side,
						      moves[i].cells,
						      moves[i].count);
	qsort(moves, (size_t)count, sizeof *moves, black_pot_eval_by_value);
}

void black_pot_eval_play(struct black_pot_eval_board *board, int side,
			 const int *cells, int count)
{
	for (int k = 0; k < count; k++)
		board->owner[cells[k]] = side;
	board->pawns[side] -= count;
}

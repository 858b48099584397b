/*
 * black-pot-lookahead's evaluation (black_pot_eval.h).  The points of a
 * line follow RULES.md 5.5: the rules table scores lines as they are
 * made, but a bot must also weigh the lines not made yet, so the kinds of
 * cells are read here once more.
 */
#include "black_pot_eval.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define BPEVAL_SIDE BLACK_POT_SIDE
#define BPEVAL_PAWN 10 /* each pawn in hand at the end */
/* The chance of filling a missing cell in time: FILL_BASE, plus FILL_REACH
 * times the chance that one roll can make its number. */
#define BPEVAL_FILL_BASE 0.25
#define BPEVAL_FILL_REACH 0.6

static const int bpeval_steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

static bool bpeval_black_pot(int n)
{
	return n == 13 || n == 14 || n == 17 || n == 19 || n == 21 ||
	       n == 22 || n == 23;
}

/* The points of a line over these numbers (RULES.md 5.5). */
static int bpeval_line_points(const int numbers[BPEVAL_LINE])
{
	int pots = 0, cerise = 0, citron = 0;

	for (int i = 0; i < BPEVAL_LINE; i++) {
		pots += bpeval_black_pot(numbers[i]);
		citron += numbers[i] <= 6;
		cerise += numbers[i] > 6 && !bpeval_black_pot(numbers[i]);
	}
	if (pots >= 2)
		return pots >= 4 ? 400 : pots == 3 ? 250 : 100;
	return cerise == BPEVAL_LINE ? 100 : citron == BPEVAL_LINE ? 50 : 30;
}

int bpeval_cell(const char *name)
{
	int row = name && name[0] >= 'A' && name[0] <= 'K' ? atoi(name + 1) : 0;

	return row >= 1 && row <= BPEVAL_SIDE ?
		       (row - 1) * BPEVAL_SIDE + name[0] - 'A' : -1;
}

/* Marks the cells of the view's scored lines in their direction. */
static int bpeval_read_lines(const cJSON *lines, struct bpeval_board *board,
			     char *err)
{
	const cJSON *line;

	cJSON_ArrayForEach(line, lines) {
		const cJSON *names = cJSON_GetObjectItemCaseSensitive(line, "cells");
		int cells[BPEVAL_LINE], step, d = 0;

		for (int i = 0; i < BPEVAL_LINE; i++)
			if ((cells[i] = bpeval_cell(cJSON_GetStringValue(
				     cJSON_GetArrayItem(names, i)))) < 0)
				return errorf(err, "a line of the view does not name 5 cells");
		step = cells[1] - cells[0];
		while (d < 4 && step != bpeval_steps[d][0] * BPEVAL_SIDE +
						bpeval_steps[d][1])
			d++;
		if (d == 4)
			return errorf(err, "a line of the view is not a row, a column or a diagonal");
		for (int i = 0; i < BPEVAL_LINE; i++)
			board->scored[cells[i]] |= 1u << d;
	}
	return 0;
}

int bpeval_read_view(const cJSON *view, struct bpeval_board *board,
		     char *err)
{
	const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(view, "numbers");
	const cJSON *rows = cJSON_GetObjectItemCaseSensitive(view, "board");
	const cJSON *pawns = cJSON_GetObjectItemCaseSensitive(view, "pawns");
	const cJSON *points = cJSON_GetObjectItemCaseSensitive(view, "points");

	memset(board, 0, sizeof *board);
	if (cJSON_GetArraySize(numbers) != BPEVAL_SIDE ||
	    cJSON_GetArraySize(rows) != BPEVAL_SIDE ||
	    cJSON_GetArraySize(pawns) != 2 || cJSON_GetArraySize(points) != 2)
		return errorf(err, "the state is not a Black-Pot view: it needs 11 \"numbers\" and \"board\" rows, 2 \"pawns\" and 2 \"points\"");
	for (int s = 0; s < 2; s++) {
		board->pawns[s] = cJSON_GetArrayItem(pawns, s)->valueint;
		board->points[s] = (long)cJSON_GetArrayItem(points, s)->valuedouble;
	}
	for (int r = 0; r < BPEVAL_SIDE; r++) {
		const cJSON *row = cJSON_GetArrayItem(numbers, r);
		const char *marks = cJSON_GetStringValue(cJSON_GetArrayItem(rows, r));

		if (cJSON_GetArraySize(row) != BPEVAL_SIDE || !marks ||
		    strlen(marks) != BPEVAL_SIDE)
			return errorf(err, "row %d of the view's \"numbers\" or \"board\" is not 11 cells long",
				      r + 1);
		for (int c = 0; c < BPEVAL_SIDE; c++) {
			int cell = r * BPEVAL_SIDE + c;
			int n = cJSON_GetArrayItem(row, c)->valueint;

			board->number[cell] = n >= 1 && n <= BLACK_POT_MAX_NUMBER ? n : 0;
			board->owner[cell] = marks[c] == 'X' ? 0 : marks[c] == 'O' ? 1 : -1;
		}
	}
	return bpeval_read_lines(cJSON_GetObjectItemCaseSensitive(view, "lines"),
				 board, err);
}

void bpeval_init(struct bpeval *eval, const struct bpeval_board *board,
		 const struct bprolls *rolls)
{
	memset(eval, 0, sizeof *eval);
	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
		eval->fill[n] = BPEVAL_FILL_BASE + BPEVAL_FILL_REACH * rolls->reach[n];
	for (int d = 0; d < 4; d++)
		for (int first = 0; first < BLACK_POT_CELLS; first++) {
			int w = eval->windows, numbers[BPEVAL_LINE], i = 0;

			for (; i < BPEVAL_LINE; i++) {
				int r = first / BPEVAL_SIDE + i * bpeval_steps[d][0];
				int c = first % BPEVAL_SIDE + i * bpeval_steps[d][1];

				if (r >= BPEVAL_SIDE || c < 0 || c >= BPEVAL_SIDE ||
				    !board->number[r * BPEVAL_SIDE + c])
					break;
				eval->cells[w][i] = r * BPEVAL_SIDE + c;
				numbers[i] = board->number[r * BPEVAL_SIDE + c];
			}
			if (i < BPEVAL_LINE)
				continue;
			eval->dir[w] = d;
			eval->points[w] = bpeval_line_points(numbers);
			for (i = 0; i < BPEVAL_LINE; i++) {
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
static double bpeval_window(const struct bpeval *eval,
			    const struct bpeval_board *board, int w, int side)
{
	double chance = 1;
	int missing = 0;

	for (int i = 0; i < BPEVAL_LINE; i++) {
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
	    eval->points[w] <= BPEVAL_PAWN * missing)
		return 0;
	return chance * (eval->points[w] - BPEVAL_PAWN * missing);
}

/* The windows through cells[] counted once each, as `side` sees them. */
static double bpeval_windows_of(const struct bpeval *eval,
				const struct bpeval_board *board, int side,
				const int *cells, int count)
{
	double value = 0;

	for (int k = 0; k < count; k++)
		for (int j = 0; j < eval->of_cell_count[cells[k]]; j++) {
			int w = eval->of_cell[cells[k]][j], seen = 0;

			for (int p = 0; p < k; p++)
				for (int i = 0; i < BPEVAL_LINE; i++)
					seen |= eval->cells[w][i] == cells[p];
			if (!seen)
				value += bpeval_window(eval, board, w, side) -
					 bpeval_window(eval, board, w, 1 - side);
		}
	return value;
}

double bpeval_delta(const struct bpeval *eval, struct bpeval_board *board,
		    int side, const int *cells, int count)
{
	double before = bpeval_windows_of(eval, board, side, cells, count);
	double after;

	bpeval_play(board, side, cells, count);
	after = bpeval_windows_of(eval, board, side, cells, count);
	for (int k = 0; k < count; k++)
		board->owner[cells[k]] = -1;
	board->pawns[side] += count;
	return after - before - BPEVAL_PAWN * count;
}

void bpeval_play(struct bpeval_board *board, int side, const int *cells,
		 int count)
{
	for (int k = 0; k < count; k++)
		board->owner[cells[k]] = side;
	board->pawns[side] -= count;
}

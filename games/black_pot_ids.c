/*
 * Black-Pot's move ids (docs/games/black-pot.md, "Move ids"): a move is
 * the set of cells it fills, so each set of 0 to 3 board cells has one
 * number, the same in every position, layout and seat, by the
 * combinatorial number system over the 109 cells in board order.  Also
 * the legal moves of a position as ids, listed from the table of the roll
 * (arena_black_pot_roll_init()) in the order of arena_black_pot_moves(),
 * without expressions and without allocating: what the environment's
 * vector steps through.  JSON-free.
 */
#include "black_pot.h"

#include <stdbool.h>

/* Where each row (row 1 first) starts in board order, and its first
 * column: the corners lose 3 cells each (docs/games/black-pot.md). */
static const int row_start[BLACK_POT_SIDE + 1] = {
	0, 7, 16, 27, 38, 49, 60, 71, 82, 93, 102, BLACK_POT_BOARD_CELLS
};
static const int row_first[BLACK_POT_SIDE] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 2};

/* The first id of the moves filling 2 cells, and of those filling 3. */
#define PAIRS_FIRST (1 + BLACK_POT_BOARD_CELLS)
#define TRIPLES_FIRST (PAIRS_FIRST + BLACK_POT_BOARD_CELLS * \
		       (BLACK_POT_BOARD_CELLS - 1) / 2)

/* The board index (0..108) of a cell row * 11 + column, or -1 off it. */
static int board_index(int cell)
{
	int row = cell / BLACK_POT_SIDE, col = cell % BLACK_POT_SIDE;

	if (cell < 0 || cell >= BLACK_POT_CELLS || col < row_first[row] ||
	    col >= BLACK_POT_SIDE - row_first[row])
		return -1;
	return row_start[row] + col - row_first[row];
}

static int board_cell(int index)
{
	int row = 0;

	while (row_start[row + 1] <= index)
		row++;
	return row * BLACK_POT_SIDE + row_first[row] + index - row_start[row];
}

/* C(n, 2) and C(n, 3). */
static int choose2(int n)
{
	return n * (n - 1) / 2;
}

static int choose3(int n)
{
	return n * (n - 1) * (n - 2) / 6;
}

/* The ids of board indexes i < j, and i < j < k. */
static int pair_id(int i, int j)
{
	return PAIRS_FIRST + choose2(j) + i;
}

static int triple_id(int i, int j, int k)
{
	return TRIPLES_FIRST + choose3(k) + choose2(j) + i;
}

/* The id of board indexes in increasing order (count of them). */
static int id_of(const int *index, int count)
{
	switch (count) {
	case 0: return 0;
	case 1: return 1 + index[0];
	case 2: return pair_id(index[0], index[1]);
	default: return triple_id(index[0], index[1], index[2]);
	}
}

int arena_black_pot_move_id(const int *cells, int count)
{
	int index[3];

	if (count < 0 || count > 3)
		return -1;
	for (int i = 0; i < count; i++) {
		int x = board_index(cells[i]), j = i;

		if (x < 0)
			return -1;
		for (; j > 0 && index[j - 1] > x; j--)
			index[j] = index[j - 1];
		if (j > 0 && index[j - 1] == x)
			return -1;
		index[j] = x;
	}
	return id_of(index, count);
}

/* The largest n with C(n, k) <= rest (k = 2 or 3), found upward. */
static int largest_below(int rest, int (*choose)(int))
{
	int n = 1;

	while (choose(n + 1) <= rest)
		n++;
	return n;
}

int arena_black_pot_move_cells(int id, int cells[3])
{
	int count, rest, index[3];

	if (id < 0 || id >= BLACK_POT_MOVE_IDS)
		return -1;
	if (id == 0)
		return 0;
	if (id < PAIRS_FIRST) {
		count = 1;
		index[0] = id - 1;
	} else if (id < TRIPLES_FIRST) {
		count = 2;
		rest = id - PAIRS_FIRST;
		index[1] = largest_below(rest, choose2);
		index[0] = rest - choose2(index[1]);
	} else {
		count = 3;
		rest = id - TRIPLES_FIRST;
		index[2] = largest_below(rest, choose3);
		rest -= choose3(index[2]);
		index[1] = largest_below(rest, choose2);
		index[0] = rest - choose2(index[1]);
	}
	for (int i = 0; i < count; i++)
		cells[i] = board_cell(index[i]);
	return count;
}

/* Moves of two pawns, cells in board order: two free cells whose numbers
 * the roll's pair table joins.  cand[] holds the board indexes of the
 * cells that may take part, num[] their numbers. */
static int ids_pairs(const struct black_pot_roll *roll,
		     const int open[BLACK_POT_CELLS], int *ids)
{
	int cand[BLACK_POT_BOARD_CELLS], num[BLACK_POT_BOARD_CELLS];
	int n = 0, count = 0;

	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (open[c] && roll->pair[open[c]]) {
			num[n] = open[c];
			cand[n++] = board_index(c);
		}
	for (int i = 0; i < n; i++) {
		unsigned partners = roll->pair[num[i]];

		for (int j = i + 1; j < n; j++)
			if (partners >> num[j] & 1u)
				ids[count++] = pair_id(cand[i], cand[j]);
	}
	return count;
}

/* Moves of three pawns: three free cells numbered as the three dice.  A
 * die's face f counts as 1 << 4(f - 1), so that three cells match the
 * roll exactly when their sums are equal (counts stay below 16). */
static int ids_triples(const struct black_pot_roll *roll,
		       const int open[BLACK_POT_CELLS], int *ids)
{
	int cand[BLACK_POT_BOARD_CELLS], n = 0, count = 0;
	unsigned want = 0, code[BLACK_POT_BOARD_CELLS];

	for (int i = 0; i < 3; i++)
		want += 1u << 4 * (roll->dice[i] - 1);
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (open[c] == roll->dice[0] || open[c] == roll->dice[1] ||
		    open[c] == roll->dice[2]) {
			code[n] = 1u << 4 * (open[c] - 1);
			cand[n++] = board_index(c);
		}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int k = j + 1; k < n; k++)
				if (code[i] + code[j] + code[k] == want)
					ids[count++] = triple_id(cand[i], cand[j],
								 cand[k]);
	return count;
}

int arena_black_pot_move_ids(const struct black_pot_roll *roll,
			     const int open[BLACK_POT_CELLS], int max_pawns,
			     int ids[BLACK_POT_MAX_MOVES])
{
	int count = 0;

	if (roll->none)
		ids[count++] = 0;
	if (max_pawns < 1)
		return count;
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (open[c] && roll->one >> open[c] & 1u)
			ids[count++] = 1 + board_index(c);
	if (max_pawns >= 2)
		count += ids_pairs(roll, open, ids + count);
	if (max_pawns >= 3)
		count += ids_triples(roll, open, ids + count);
	return count;
}

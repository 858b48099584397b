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

/* The free cells that may take part in a move of two pawns, or in one of
 * three, in board order: their board indexes and numbers. */
struct candidates {
	int n;
	int index[BLACK_POT_BOARD_CELLS], number[BLACK_POT_BOARD_CELLS];
};

/* Moves of two pawns, cells in board order: two free cells whose numbers
 * the roll's pair table joins. */
static int ids_pairs(const struct black_pot_roll *roll,
		     const struct candidates *c, int *ids)
{
	int count = 0;

	for (int i = 0; i < c->n; i++) {
		unsigned partners = roll->pair[c->number[i]];

		for (int j = i + 1; j < c->n; j++)
			if (partners >> c->number[j] & 1u)
				ids[count++] = pair_id(c->index[i], c->index[j]);
	}
	return count;
}

/* Moves of three pawns: three free cells numbered as the three dice.  A
 * die's face f counts as 1 << 4(f - 1), so that three cells match the
 * roll exactly when their sums are equal (counts stay below 16). */
static int ids_triples(const struct black_pot_roll *roll,
		       const struct candidates *c, int *ids)
{
	unsigned want = 0, code[BLACK_POT_BOARD_CELLS];
	int count = 0;

	for (int i = 0; i < 3; i++)
		want += 1u << 4 * (roll->dice[i] - 1);
	for (int i = 0; i < c->n; i++)
		code[i] = 1u << 4 * (c->number[i] - 1);
	for (int i = 0; i < c->n; i++)
		for (int j = i + 1; j < c->n; j++) {
			/* the third cell's code, when i and j are two dice's */
			unsigned need = want - code[i] - code[j];

			if (need != 1u << 4 * (roll->dice[0] - 1) &&
			    need != 1u << 4 * (roll->dice[1] - 1) &&
			    need != 1u << 4 * (roll->dice[2] - 1))
				continue;
			for (int k = j + 1; k < c->n; k++)
				if (code[k] == need)
					ids[count++] = triple_id(c->index[i],
								 c->index[j],
								 c->index[k]);
		}
	return count;
}

static void candidates_add(struct candidates *c, int index, int number)
{
	c->index[c->n] = index;
	c->number[c->n++] = number;
}

/* One pass over the board in board order: the moves of one pawn, and the
 * cells that may take part in the others. */
int arena_black_pot_move_ids(const struct black_pot_roll *roll,
			     const int open[BLACK_POT_CELLS], int max_pawns,
			     int ids[BLACK_POT_MAX_MOVES])
{
	struct candidates pairs, triples;
	unsigned dice = 1u << roll->dice[0] | 1u << roll->dice[1] |
			1u << roll->dice[2];
	int count = 0, x = 0;

	if (roll->none)
		ids[count++] = 0;
	if (max_pawns < 1)
		return count;
	pairs.n = triples.n = 0;
	for (int row = 0; row < BLACK_POT_SIDE; row++)
		for (int col = row_first[row];
		     col < BLACK_POT_SIDE - row_first[row]; col++, x++) {
			int v = open[row * BLACK_POT_SIDE + col];

			if (!v)
				continue;
			if (roll->one >> v & 1u)
				ids[count++] = 1 + x;
			if (roll->pair[v])
				candidates_add(&pairs, x, v);
			if (dice >> v & 1u)
				candidates_add(&triples, x, v);
		}
	if (max_pawns >= 2)
		count += ids_pairs(roll, &pairs, ids + count);
	if (max_pawns >= 3)
		count += ids_triples(roll, &triples, ids + count);
	return count;
}

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
#include <stdint.h>
#include <string.h>

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

/* Sets of cells (struct black_pot_cells). */
static void cellset_add(struct black_pot_cells *set, int x)
{
	set->w[x >> 6] |= UINT64_C(1) << (x & 63);
}

static void cellset_or(struct black_pot_cells *set,
		       const struct black_pot_cells *other)
{
	set->w[0] |= other->w[0];
	set->w[1] |= other->w[1];
}

/* The cells of `set` after x (above) or before it (below). */
static struct black_pot_cells cellset_side(struct black_pot_cells set, int x,
					   bool above)
{
	int word = x >> 6;
	uint64_t bit = UINT64_C(1) << (x & 63), under = bit - 1;

	set.w[word] &= above ? ~(under | bit) : under;
	if (above && word == 1)
		set.w[0] = 0;
	if (!above && word == 0)
		set.w[1] = 0;
	return set;
}

/* The smallest cell of a set not empty, taken out of it. */
static int cellset_take(struct black_pot_cells *set)
{
	int word = set->w[0] ? 0 : 1;
	int x = __builtin_ctzll(set->w[word]);

	set->w[word] &= set->w[word] - 1;
	return 64 * word + x;
}

static bool cellset_empty(const struct black_pot_cells *set)
{
	return !(set->w[0] | set->w[1]);
}

void arena_black_pot_free_init(struct black_pot_free *free_cells,
			       const int open[BLACK_POT_CELLS])
{
	int x = 0;

	memset(free_cells, 0, sizeof *free_cells);
	for (int row = 0; row < BLACK_POT_SIDE; row++)
		for (int col = row_first[row];
		     col < BLACK_POT_SIDE - row_first[row]; col++, x++) {
			int v = open[row * BLACK_POT_SIDE + col];

			free_cells->number[x] = (unsigned char)v;
			if (v)
				cellset_add(&free_cells->of[v], x);
		}
}

void arena_black_pot_free_take(struct black_pot_free *free_cells, int cell)
{
	int x = board_index(cell);

	free_cells->of[free_cells->number[x]].w[x >> 6] &=
		~(UINT64_C(1) << (x & 63));
}

/* What the moves of two and three pawns are listed from: the free cells
 * of each number, the cells each may pair with, and the dice. */
struct move_cells {
	const struct black_pot_free *free;
	struct black_pot_cells partners[BLACK_POT_MAX_NUMBER + 1]; /* of pair[n] */
	int dice[7];   /* how many dice show each face */
	int sum;       /* of the three dice */
	bool ascending; /* ids ascending, else by cells in board order */
};

/* The die left when two of the roll show a and b, or 0 when they
 * cannot. */
static int third_die(const struct move_cells *m, int a, int b)
{
	if (a > 6 || b > 6 || !m->dice[a] || m->dice[b] < 1 + (a == b))
		return 0;
	return m->sum - a - b;
}

/* The id of the move filling the cells x (listed first) and y. */
static int ordered_pair(const struct move_cells *m, int x, int y)
{
	return m->ascending ? pair_id(y, x) : pair_id(x, y);
}

/* Moves of two pawns: two free cells whose numbers the roll's pair table
 * joins.  By cells in board order, each first cell then its partners
 * after it; ascending, each last cell then its partners before it (an
 * id grows with its last cell first). */
static int ids_pairs(const struct move_cells *m, const struct black_pot_cells *cells,
		     int *ids)
{
	struct black_pot_cells outer = *cells;
	int count = 0;

	while (!cellset_empty(&outer)) {
		int x = cellset_take(&outer);
		struct black_pot_cells inner = cellset_side(m->partners[m->free->number[x]],
						    x, !m->ascending);

		while (!cellset_empty(&inner))
			ids[count++] = ordered_pair(m, x, cellset_take(&inner));
	}
	return count;
}

/* Moves of three pawns: three free cells numbered as the three dice, in
 * the order ids_pairs() says. */
static int ids_triples(const struct move_cells *m, const struct black_pot_cells *cells,
		       int *ids)
{
	struct black_pot_cells outer = *cells;
	int count = 0;

	while (!cellset_empty(&outer)) {
		int x = cellset_take(&outer), a = m->free->number[x];
		struct black_pot_cells middle = {{0, 0}};

		for (int b = 1; b <= 6; b++)
			if (third_die(m, a, b))
				cellset_or(&middle, &m->free->of[b]);
		middle = cellset_side(middle, x, !m->ascending);
		while (!cellset_empty(&middle)) {
			int y = cellset_take(&middle);
			struct black_pot_cells inner = cellset_side(
				m->free->of[third_die(m, a, m->free->number[y])], y,
				!m->ascending);

			while (!cellset_empty(&inner)) {
				int z = cellset_take(&inner);

				ids[count++] = m->ascending ? triple_id(z, y, x)
							    : triple_id(x, y, z);
			}
		}
	}
	return count;
}

/* The cells of the numbers of `numbers` (bit n: number n). */
static struct black_pot_cells cells_numbered(const struct black_pot_free *f,
					     unsigned numbers)
{
	struct black_pot_cells set = {{0, 0}};

	for (; numbers; numbers &= numbers - 1)
		cellset_or(&set, &f->of[__builtin_ctz(numbers)]);
	return set;
}

int arena_black_pot_free_ids(const struct black_pot_roll *roll,
			     const struct black_pot_free *free_cells,
			     int max_pawns, bool ascending,
			     int ids[BLACK_POT_MAX_MOVES])
{
	struct move_cells m = {.free = free_cells, .ascending = ascending};
	struct black_pot_cells cells;
	unsigned pairing = 0, faces = 0;
	int count = 0;

	if (roll->none)
		ids[count++] = 0;
	if (max_pawns < 1)
		return count;
	for (cells = cells_numbered(free_cells, roll->one); !cellset_empty(&cells);)
		ids[count++] = 1 + cellset_take(&cells);
	for (int v = 1; max_pawns >= 2 && v <= BLACK_POT_MAX_NUMBER; v++)
		if (roll->pair[v]) {
			pairing |= 1u << v;
			m.partners[v] = cells_numbered(free_cells, roll->pair[v]);
		}
	if (max_pawns >= 2) {
		cells = cells_numbered(free_cells, pairing);
		count += ids_pairs(&m, &cells, ids + count);
	}
	for (int i = 0; i < 3; i++) {
		m.dice[roll->dice[i]]++;
		m.sum += roll->dice[i];
		faces |= 1u << roll->dice[i];
	}
	if (max_pawns >= 3) {
		cells = cells_numbered(free_cells, faces);
		count += ids_triples(&m, &cells, ids + count);
	}
	return count;
}

/*
 * rolit-mcts's exact endgame (rolit_mcts_end.h).  Moves are tried by
 * their prior class, corners first, and far from the end fewest replies
 * first, so that alpha-beta cuts early; max^n
 * has no such cut and is kept for the few last squares of 3 and 4 players.
 * The alpha-beta of 2 players keeps what it learns of each position (a
 * bound on its outcome and the best square found) in a transposition
 * table: the same position is reached by many orders of the same moves,
 * and a bound is true of the position whatever the search that found it,
 * so the table is kept from one move, and one search, to the next.
 */
#include "rolit_mcts_end.h"

#include "rolit_mcts_policy.h"

/* From how many empty squares the moves are sorted by their replies. */
#define ROLIT_MCTS_END_SORT 7
/* Entries of the transposition table (16 bytes each). */
#define ROLIT_MCTS_END_TABLE (1u << 18)

struct rolit_mcts_end_entry {
	uint64_t key;        /* 0: empty */
	int8_t lower, upper; /* bounds on the outcome for seat 0 */
	int8_t square;       /* the best square found, or -1 */
};

static struct rolit_mcts_end_entry rolit_mcts_end_table[ROLIT_MCTS_END_TABLE];

struct rolit_mcts_end {
	const struct search_clock *clock;
	long nodes;
	bool stopped;
};

static bool rolit_mcts_end_out_of_time(struct rolit_mcts_end *e)
{
	if (!e->stopped && e->clock && ++e->nodes % 1024 == 0)
		e->stopped = search_clock_expired(e->clock);
	return e->stopped;
}

/* The legal squares of the seat to move into squares[], best prior class
 * first, and from ROLIT_MCTS_END_SORT empty squares on fewest replies
 * first (ties in class order): a reply that leaves the next seat few
 * squares is the likeliest to cut, and its subtree the smallest (in 12
 * positions of 18 empties, 26 ms instead of 244 on average).  Their
 * count. */
static int rolit_mcts_end_moves(const struct rolit_bits *pos,
				int squares[64])
{
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];
	int n = 0, replies[64];

	rolit_mcts_policy_classes(pos, classes);
	for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k >= 0; k--)
		for (uint64_t set = moves & classes[k]; set; set &= set - 1)
			squares[n++] = rolit_bits_first(set);
	if (rolit_bits_popcount(pos->board & ~rolit_bits_occupied(pos)) <
	    ROLIT_MCTS_END_SORT)
		return n;
	for (int i = 0; i < n; i++) {
		struct rolit_bits next = *pos;

		rolit_bits_play(&next, squares[i]);
		replies[i] = next.to_move < 0 ? 0 : rolit_bits_popcount(
			rolit_bits_moves(&next, next.to_move));
	}
	/* Insertion sort: stable, and n is small. */
	for (int i = 1; i < n; i++) {
		int square = squares[i], count = replies[i], j = i;

		for (; j > 0 && replies[j - 1] > count; j--) {
			squares[j] = squares[j - 1];
			replies[j] = replies[j - 1];
		}
		squares[j] = square;
		replies[j] = count;
	}
	return n;
}

/* Moves `square` (a legal one, or -1) to the front of squares[]. */
static void rolit_mcts_end_first(int squares[64], int n, int square)
{
	for (int i = 1; i < n; i++)
		if (squares[i] == square) {
			squares[i] = squares[0];
			squares[0] = square;
			return;
		}
}

/* The outcome for seat 0 (1 a win, 0 a draw, -1 a loss) under best play,
 * within (alpha, beta): a value at most alpha is a bound from above, at
 * least beta one from below.  The best square into *square when not
 * NULL (the root, which the table never cuts short). */
static int rolit_mcts_end_alphabeta(struct rolit_mcts_end *e,
				    const struct rolit_bits *pos, int alpha,
				    int beta, int *square)
{
	int squares[64], n, max = pos->to_move == 0, from = alpha, to = beta;
	int best = -1;
	uint64_t key;
	struct rolit_mcts_end_entry *entry;

	if (pos->to_move < 0) {
		int diff = rolit_bits_count(pos, 0) - rolit_bits_count(pos, 1);

		return (diff > 0) - (diff < 0);
	}
	key = rolit_bits_key(pos);
	entry = &rolit_mcts_end_table[key % ROLIT_MCTS_END_TABLE];
	if (entry->key == key && !square) {
		if (entry->lower >= beta || entry->lower == entry->upper)
			return entry->lower;
		if (entry->upper <= alpha)
			return entry->upper;
	}
	n = rolit_mcts_end_moves(pos, squares);
	if (entry->key == key)
		rolit_mcts_end_first(squares, n, entry->square);
	for (int i = 0; i < n && !rolit_mcts_end_out_of_time(e); i++) {
		struct rolit_bits next = *pos;
		int value;

		rolit_bits_play(&next, squares[i]);
		value = rolit_mcts_end_alphabeta(e, &next, alpha, beta, NULL);
		if (max ? value > alpha : value < beta) {
			if (max)
				alpha = value;
			else
				beta = value;
			best = squares[i];
		}
		if (alpha >= beta)
			break;
	}
	if (square)
		*square = best;
	if (e->stopped)
		return 0;
	/* What the search proved: a bound, or the outcome itself. */
	entry->key = key;
	entry->square = (int8_t)best;
	entry->lower = (int8_t)(max ? (alpha > from ? alpha : -1)
				    : (beta > from ? beta : -1));
	entry->upper = (int8_t)(max ? (alpha < to ? alpha : 1)
				    : (beta < to ? beta : 1));
	return max ? alpha : beta;
}

/* The balls of every seat under max^n play into value[]; the square the
 * seat to move plays into *square when not NULL. */
static void rolit_mcts_end_maxn(struct rolit_mcts_end *e,
				const struct rolit_bits *pos,
				int value[ROLIT_BITS_SEATS], int *square)
{
	int best = -1, seat = pos->to_move;

	if (seat < 0) {
		for (int s = 0; s < ROLIT_BITS_SEATS; s++)
			value[s] = s < pos->players ? rolit_bits_count(pos, s)
						    : 0;
		return;
	}
	/* Board order, so that ties go to the lowest square. */
	for (uint64_t set = rolit_bits_moves(pos, seat); set; set &= set - 1) {
		struct rolit_bits next = *pos;
		int child[ROLIT_BITS_SEATS] = {0};

		if (rolit_mcts_end_out_of_time(e))
			return;
		rolit_bits_play(&next, rolit_bits_first(set));
		rolit_mcts_end_maxn(e, &next, child, NULL);
		if (e->stopped)
			return;
		if (child[seat] > best) {
			best = child[seat];
			for (int s = 0; s < ROLIT_BITS_SEATS; s++)
				value[s] = child[s];
			if (square)
				*square = rolit_bits_first(set);
		}
	}
}

int rolit_mcts_end_solve(const struct rolit_bits *pos,
			 const struct search_clock *clock, int *square,
			 int value[ROLIT_BITS_SEATS])
{
	struct rolit_mcts_end e = {.clock = clock};

	*square = -1;
	for (int s = 0; s < ROLIT_BITS_SEATS; s++)
		value[s] = 0;
	if (pos->players == 2) {
		/* The window (-1, 1) only tells a win from a draw from a
		 * loss; a move that loses is never better than alpha, so a
		 * loss leaves *square to the first legal one. */
		value[0] = rolit_mcts_end_alphabeta(&e, pos, -1, 1, square);
		value[1] = -value[0];
		if (*square < 0)
			*square = rolit_bits_first(
				rolit_bits_moves(pos, pos->to_move));
	} else {
		rolit_mcts_end_maxn(&e, pos, value, square);
	}
	return e.stopped ? -1 : 0;
}

/*
 * rolit-search's search of 2 players (rolit_search_ab.h).  The table's
 * values are from the seat to move's side, and a value is what the search
 * of its depth found whatever the window, so the table is kept from one
 * move to the next: the positions of the last search recur two plies on.
 */
#include "rolit_search_ab.h"

#include "rolit_mcts_policy.h"
#include "rolit_search_eval.h"

#define ROLIT_SEARCH_AB_INF (2 * ROLIT_SEARCH_EVAL_WIN)
/* Entries of the transposition table (16 bytes each). */
#define ROLIT_SEARCH_AB_TABLE (1u << 20)

enum rolit_search_ab_bound { ROLIT_SEARCH_AB_EXACT, ROLIT_SEARCH_AB_LOWER,
			     ROLIT_SEARCH_AB_UPPER };

struct rolit_search_ab_entry {
	uint64_t key; /* 0: empty */
	int16_t value;
	int8_t depth, bound, square;
};

static struct rolit_search_ab_entry
	rolit_search_ab_table[ROLIT_SEARCH_AB_TABLE];

static bool rolit_search_ab_out_of_time(struct rolit_search_ab *ab)
{
	if (!ab->stopped && ++ab->nodes % 1024 == 0 && ab->stop)
		ab->stopped = search_clock_expired(ab->stop);
	return ab->stopped;
}

/* How soon a square is tried: the table's move, then the ply's killers,
 * then by its prior class (corners first, the squares beside an empty
 * corner last), then by history. */
static int rolit_search_ab_rank(const struct rolit_search_ab *ab,
				const struct rolit_bits *pos, int square,
				int table_square, int ply,
				const uint64_t *classes)
{
	int klass = 0, history = ab->history[pos->to_move][square];

	if (square == table_square)
		return 1 << 30;
	for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k > 0 && !klass; k--)
		if (classes[k] >> square & 1)
			klass = k;
	return (ab->killer[ply][0] == square) << 26 |
	       (ab->killer[ply][1] == square) << 25 | klass << 22 |
	       (history < (1 << 22) ? history : (1 << 22) - 1);
}

/* The legal squares of the seat to move into squares[], in the order to
 * try them; their count. */
static int rolit_search_ab_moves(const struct rolit_search_ab *ab,
				 const struct rolit_bits *pos,
				 int table_square, int ply, int squares[64])
{
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];
	int n = 0, rank[64];

	rolit_mcts_policy_classes(pos, classes);
	for (uint64_t set = rolit_bits_moves(pos, pos->to_move); set;
	     set &= set - 1) {
		int square = rolit_bits_first(set), r, j = n++;

		r = rolit_search_ab_rank(ab, pos, square, table_square, ply,
					 classes);
		for (; j > 0 && rank[j - 1] < r; j--) {
			squares[j] = squares[j - 1];
			rank[j] = rank[j - 1];
		}
		squares[j] = square;
		rank[j] = r;
	}
	return n;
}

/* A move that cut: a killer of its ply, and credit in the history. */
static void rolit_search_ab_cut(struct rolit_search_ab *ab, int seat,
				int square, int depth, int ply)
{
	if (ab->killer[ply][0] != square) {
		ab->killer[ply][1] = ab->killer[ply][0];
		ab->killer[ply][0] = square;
	}
	ab->history[seat][square] += depth * depth;
}

static int rolit_search_ab_node(struct rolit_search_ab *ab,
				const struct rolit_bits *pos, int depth,
				int alpha, int beta, int ply);

/* The value of `next` (after a move of `seat`) for `seat`, within
 * (alpha, beta). */
static int rolit_search_ab_child(struct rolit_search_ab *ab,
				 const struct rolit_bits *next, int seat,
				 int depth, int alpha, int beta, int ply)
{
	if (next->to_move < 0)
		return rolit_search_eval_value(next, seat);
	return -rolit_search_ab_node(ab, next, depth, -beta, -alpha, ply);
}

/* What the table knows of `pos` searched `depth` deep within (alpha,
 * beta): true with the value in *value if that settles it. */
static bool rolit_search_ab_known(const struct rolit_search_ab_entry *entry,
				  uint64_t key, int depth, int alpha,
				  int beta, int *value)
{
	if (entry->key != key || entry->depth < depth)
		return false;
	*value = entry->value;
	return entry->bound == ROLIT_SEARCH_AB_EXACT ||
	       (entry->bound == ROLIT_SEARCH_AB_LOWER && *value >= beta) ||
	       (entry->bound == ROLIT_SEARCH_AB_UPPER && *value <= alpha);
}

/* The value of `pos` for the seat to move searched `depth` plies deep,
 * within (alpha, beta): a value at most alpha is a bound from above, at
 * least beta one from below.  At ply 0 the best square goes to ab->best
 * as soon as a move is proved better. */
static int rolit_search_ab_node(struct rolit_search_ab *ab,
				const struct rolit_bits *pos, int depth,
				int alpha, int beta, int ply)
{
	uint64_t key = rolit_bits_key(pos);
	struct rolit_search_ab_entry *entry =
		&rolit_search_ab_table[key % ROLIT_SEARCH_AB_TABLE];
	int squares[64], n, best = -ROLIT_SEARCH_AB_INF, best_square = -1;
	int from = alpha, value;

	if (depth == 0)
		return rolit_search_eval_value(pos, pos->to_move);
	if (ply > 0 && rolit_search_ab_known(entry, key, depth, alpha, beta,
					     &value))
		return value;
	n = rolit_search_ab_moves(ab, pos, entry->key == key ? entry->square
							     : -1,
				  ply, squares);
	for (int i = 0; i < n && !rolit_search_ab_out_of_time(ab); i++) {
		struct rolit_bits next = *pos;

		rolit_bits_play(&next, squares[i]);
		if (i == 0)
			value = rolit_search_ab_child(ab, &next, pos->to_move,
						      depth - 1, alpha, beta,
						      ply + 1);
		else {
			value = rolit_search_ab_child(ab, &next, pos->to_move,
						      depth - 1, alpha,
						      alpha + 1, ply + 1);
			/* The full window again: a value the null window
			 * returned is only a bound. */
			if (value > alpha && value < beta && !ab->stopped)
				value = rolit_search_ab_child(
					ab, &next, pos->to_move, depth - 1,
					alpha, beta, ply + 1);
		}
		if (ab->stopped)
			break;
		if (value > best) {
			best = value;
			best_square = squares[i];
			if (ply == 0)
				ab->best = best_square;
		}
		if (value > alpha)
			alpha = value;
		if (alpha >= beta) {
			rolit_search_ab_cut(ab, pos->to_move, squares[i],
					    depth, ply);
			break;
		}
	}
	if (ab->stopped)
		return 0;
	entry->key = key;
	entry->value = (int16_t)best;
	entry->depth = (int8_t)depth;
	entry->square = (int8_t)best_square;
	entry->bound = (int8_t)(best <= from ? ROLIT_SEARCH_AB_UPPER
			      : best >= beta ? ROLIT_SEARCH_AB_LOWER
					     : ROLIT_SEARCH_AB_EXACT);
	return best;
}

void rolit_search_ab_run(struct rolit_search_ab *ab,
			 const struct rolit_bits *pos,
			 const struct search_clock *soft,
			 const struct search_clock *stop)
{
	int empties = rolit_bits_popcount(pos->board &
					  ~rolit_bits_occupied(pos));

	ab->stop = stop;
	ab->stopped = false;
	ab->nodes = 0;
	ab->depth = 0;
	ab->best = rolit_bits_first(rolit_bits_moves(pos, pos->to_move));
	for (int ply = 0; ply < ROLIT_SEARCH_AB_MAX_PLY; ply++)
		ab->killer[ply][0] = ab->killer[ply][1] = -1;
	for (int depth = 1; depth <= empties; depth++) {
		int value = rolit_search_ab_node(ab, pos, depth,
						 -ROLIT_SEARCH_AB_INF,
						 ROLIT_SEARCH_AB_INF, 0);

		if (ab->stopped)
			break;
		ab->depth = depth;
		ab->value = value;
		if (soft && search_clock_expired(soft))
			break;
	}
}

/*
 * The one Rolit search (rolit_search.h).  A table's values are from the
 * seat to move's side, and a value is what the search of its depth found
 * whatever the window, so a table may be kept from one search to the
 * next: the positions of the last search recur two plies on.
 */
#include "rolit_search.h"

#include <string.h>

/* Below so many empty squares the moves are neither sorted nor looked
 * up in the table: near the end each costs more than the search it
 * saves (bench/README.md, "rolit-search's speed"). */
#ifndef ROLIT_SEARCH_NEAR_END
#define ROLIT_SEARCH_NEAR_END 6
#endif

enum rolit_search_bound { ROLIT_SEARCH_EXACT, ROLIT_SEARCH_LOWER,
			  ROLIT_SEARCH_UPPER };

/* No killer moves yet at any ply. */
static void search_forget_killers(struct rolit_search *s)
{
	for (int ply = 0; ply < ROLIT_SEARCH_MAX_PLY; ply++)
		s->killer[ply][0] = s->killer[ply][1] = -1;
}

void rolit_search_init(struct rolit_search *s,
		       struct rolit_search_entry *table, size_t size,
		       bool (*expired)(const void *clock), const void *clock)
{
	memset(s, 0, sizeof *s);
	s->table = table;
	s->table_size = size;
	s->expired = expired;
	s->clock = clock;
	s->best = -1;
	search_forget_killers(s);
}

/* The key of `p` in a table (splitmix64's finaliser); never 0. */
static uint64_t search_key(const struct rolit_eval_pos *p)
{
	uint64_t k = p->own * 0x9E3779B97F4A7C15ULL ^
		     p->other * 0xC2B2AE3D27D4EB4FULL ^
		     p->idle * 0x165667B19E3779F9ULL ^ p->empty;

	k = (k ^ k >> 30) * 0xBF58476D1CE4E5B9ULL;
	k = (k ^ k >> 27) * 0x94D049BB133111EBULL;
	k ^= k >> 31;
	return k ? k : 1;
}

static bool search_out_of_time(struct rolit_search *s)
{
	if (!s->stopped && ++s->nodes % 1024 == 0 && s->expired)
		s->stopped = s->expired(s->clock);
	return s->stopped;
}

/* How soon `square` is tried at a node of `p`: the table's square, then
 * the ply's killers, then fewest replies (a move that leaves the other
 * seat few squares cuts soonest, and its subtree is the smallest), then
 * corners before the middle before the squares beside an empty corner,
 * then by history. */
static int search_rank(const struct rolit_search *s,
		       const struct rolit_eval_pos *p, int square,
		       int table_square, int ply, const uint64_t corners[2])
{
	int klass = corners[0] >> square & 1 ? 2 : corners[1] >> square & 1
						       ? 0 : 1;
	int history = s->history[ply & 1][square], replies;
	struct rolit_eval_pos next;

	if (square == table_square)
		return 1 << 30;
	next = rolit_eval_play(*p, 1ULL << square);
	replies = 63 - __builtin_popcountll(rolit_eval_moves(&next));
	return replies << 22 | (s->killer[ply][0] == square) << 21 |
	       (s->killer[ply][1] == square) << 20 | klass << 18 |
	       (history < (1 << 18) ? history : (1 << 18) - 1);
}

/* The squares of `moves` into squares[], in the order to try them; how
 * many.  One ply above the leaves, or near the end, in the board's order
 * but the table's square first: ordering them costs more than the cuts
 * it wins. */
static int search_order(const struct rolit_search *s,
			const struct rolit_eval_pos *p, uint64_t moves,
			int table_square, int depth, int ply, int squares[64])
{
	bool sort = depth >= 2 &&
		    __builtin_popcountll(p->empty) >= ROLIT_SEARCH_NEAR_END;
	uint64_t corners[2];
	int n = 0, rank[64];

	if (!sort) {
		if (table_square >= 0 && moves >> table_square & 1) {
			squares[n++] = table_square;
			moves &= ~(1ULL << table_square);
		}
		for (; moves; moves &= moves - 1)
			squares[n++] = __builtin_ctzll(moves);
		return n;
	}
	rolit_eval_corners(p->size, p->empty, &corners[0], &corners[1]);
	for (; moves; moves &= moves - 1) {
		int square = __builtin_ctzll(moves), j = n++;
		int r = search_rank(s, p, square, table_square, ply, corners);

		/* insertion: stable (the board's order among equals) */
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
static void search_cut(struct rolit_search *s, int square, int depth,
		       int ply)
{
	if (s->killer[ply][0] != square) {
		s->killer[ply][1] = s->killer[ply][0];
		s->killer[ply][0] = square;
	}
	s->history[ply & 1][square] += depth * depth;
}

/* What the table's `entry` knows of the position of `key` searched
 * `depth` deep within (alpha, beta): true with the value in *value if
 * that settles it. */
static bool search_known(const struct rolit_search_entry *entry,
			 uint64_t key, int depth, int alpha, int beta,
			 int *value)
{
	if (entry->key != key || entry->depth < depth)
		return false;
	*value = entry->value;
	return entry->bound == ROLIT_SEARCH_EXACT ||
	       (entry->bound == ROLIT_SEARCH_LOWER && *value >= beta) ||
	       (entry->bound == ROLIT_SEARCH_UPPER && *value <= alpha);
}

static void search_store(struct rolit_search_entry *entry, uint64_t key,
			 int value, int depth, int square, int from, int beta)
{
	entry->key = key;
	entry->value = (int16_t)value;
	entry->depth = (int8_t)depth;
	entry->square = (int8_t)square;
	entry->bound = (int8_t)(value <= from ? ROLIT_SEARCH_UPPER
				: value >= beta ? ROLIT_SEARCH_LOWER
						: ROLIT_SEARCH_EXACT);
}

static int search_node(struct rolit_search *s, struct rolit_eval_pos p,
		       int depth, int alpha, int beta, int ply);

/* The value of the move to `square` from `p` (its i-th), principal
 * variation search's way: the first with the full window, the others
 * with a null one, and again with the full one when a null window says
 * it is better. */
static int search_move(struct rolit_search *s, const struct rolit_eval_pos *p,
		       int square, int i, int depth, int alpha, int beta,
		       int ply)
{
	struct rolit_eval_pos next = rolit_eval_play(*p, 1ULL << square);
	int value;

	/* A window of a win, draw or loss has no room for a null one. */
	if (i == 0 || beta - alpha <= 2)
		return -search_node(s, next, depth - 1, -beta, -alpha, ply + 1);
	value = -search_node(s, next, depth - 1, -alpha - 1, -alpha, ply + 1);
	if (value > alpha && value < beta && !s->stopped)
		value = -search_node(s, next, depth - 1, -beta, -alpha,
				     ply + 1);
	return value;
}

/* The score of `p` searched `depth` plies within (alpha, beta): at most
 * alpha a bound from above, at least beta one from below.  At ply 0 the
 * best square goes to s->best as soon as a move is proved better. */
static int search_node(struct rolit_search *s, struct rolit_eval_pos p,
		       int depth, int alpha, int beta, int ply)
{
	uint64_t moves, key = 0;
	struct rolit_search_entry *entry = NULL;
	int squares[64], n, best = -ROLIT_SEARCH_INF, best_square = -1;
	int from = alpha, value, table_square = -1;

	/* A board with a ball and an empty square has an empty square
	 * beside a ball, a legal one: only a full board is over, and the
	 * leaves need not find their moves. */
	if (p.empty && depth == 0)
		return rolit_eval_value(&p);
	/* The last empty square, which the seat to move fills: the end. */
	if (p.empty && !(p.empty & (p.empty - 1))) {
		struct rolit_eval_pos last = rolit_eval_play(p, p.empty);

		return search_out_of_time(s) ? 0 : rolit_eval_over(
			__builtin_popcountll(last.other) - __builtin_popcountll(last.own));
	}
	moves = p.empty ? rolit_eval_moves(&p) : 0;
	if (!moves) /* full, or no square touches a ball: over */
		return rolit_eval_over(__builtin_popcountll(p.own) -
				       __builtin_popcountll(p.other));
	if (s->table && __builtin_popcountll(p.empty) >= ROLIT_SEARCH_NEAR_END) {
		key = search_key(&p);
		entry = &s->table[key & (s->table_size - 1)];
		if (ply > 0 && search_known(entry, key, depth, alpha, beta,
					    &value))
			return value;
		if (entry->key == key)
			table_square = entry->square;
	}
	n = search_order(s, &p, moves, table_square, depth, ply, squares);
	for (int i = 0; i < n && !search_out_of_time(s); i++) {
		value = search_move(s, &p, squares[i], i, depth, alpha, beta,
				    ply);
		if (s->stopped)
			break;
		if (value > best) {
			best = value;
			best_square = squares[i];
			if (ply == 0)
				s->best = best_square;
		}
		if (value > alpha)
			alpha = value;
		if (alpha >= beta) {
			search_cut(s, squares[i], depth, ply);
			break;
		}
	}
	if (s->stopped)
		return 0;
	if (entry)
		search_store(entry, key, best, depth, best_square, from, beta);
	return best;
}

int rolit_search_score(struct rolit_eval_pos p, int depth)
{
	struct rolit_search s;

	rolit_search_init(&s, NULL, 0, NULL, NULL);
	return search_node(&s, p, depth, -ROLIT_SEARCH_INF, ROLIT_SEARCH_INF,
			   0);
}

/* A new search of `p` from its root: not stopped, no killers, the first
 * legal square to play until a better one is found. */
static void search_start(struct rolit_search *s,
			 const struct rolit_eval_pos *p)
{
	uint64_t moves = p->empty ? rolit_eval_moves(p) : 0;

	s->stopped = false;
	s->nodes = 0;
	s->depth = 0;
	s->best = moves ? __builtin_ctzll(moves) : -1;
	search_forget_killers(s);
}

int rolit_search_outcome(struct rolit_search *s, struct rolit_eval_pos p)
{
	int score;

	search_start(s, &p);
	score = search_node(s, p, __builtin_popcountll(p.empty), -1, 1, 0);
	return (score > 0) - (score < 0);
}

void rolit_search_deepen(struct rolit_search *s, struct rolit_eval_pos p,
			 bool (*soft_expired)(const void *soft),
			 const void *soft)
{
	int empties = __builtin_popcountll(p.empty);

	search_start(s, &p);
	for (int depth = 1; depth <= empties; depth++) {
		int value = search_node(s, p, depth, -ROLIT_SEARCH_INF,
					ROLIT_SEARCH_INF, 0);

		if (s->stopped)
			break;
		s->depth = depth;
		s->value = value;
		if (soft_expired && soft_expired(soft))
			break;
	}
}

/*
 * rolit-mcts's exact endgame (rolit_mcts_end.h): with 2 players the
 * house's one Rolit search (values/rolit_search.h) for the win, with a
 * transposition table kept from one move, and one search, to the next;
 * with 3 and 4 players max^n, which has no alpha-beta cut and is kept for
 * the few last squares.
 */
#include "rolit_mcts_end.h"

#include "values/rolit_search.h"

/* Entries of the transposition table of 2 players (16 bytes each). */
#define ROLIT_MCTS_END_TABLE (1u << 18)

static struct rolit_search_entry rolit_mcts_end_table[ROLIT_MCTS_END_TABLE];

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
		struct rolit_search search;

		rolit_search_init(&search, rolit_mcts_end_table,
				  ROLIT_MCTS_END_TABLE,
				  clock ? search_clock_expired : NULL, clock);
		value[pos->to_move] = rolit_search_outcome(
			&search, rolit_bits_eval_pos(pos, pos->to_move));
		value[1 - pos->to_move] = -value[pos->to_move];
		*square = search.best;
		e.stopped = search.stopped;
	} else {
		rolit_mcts_end_maxn(&e, pos, value, square);
	}
	return e.stopped ? -1 : 0;
}

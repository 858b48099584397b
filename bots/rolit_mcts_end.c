/*
 * rolit-mcts's exact endgame (rolit_mcts_end.h).  Moves are tried by
 * their prior class, corners first, so that alpha-beta cuts early; max^n
 * has no such cut and is kept for the few last squares of 3 and 4 players.
 */
#include "rolit_mcts_end.h"

#include "rolit_mcts_policy.h"

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

/* The legal squares of the seat to move, best prior class first, into
 * squares[]; their count. */
static int rolit_mcts_end_moves(const struct rolit_bits *pos,
				int squares[64])
{
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];
	int n = 0;

	rolit_mcts_policy_classes(pos, classes);
	for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k >= 0; k--)
		for (uint64_t set = moves & classes[k]; set; set &= set - 1)
			squares[n++] = rolit_bits_first(set);
	return n;
}

/* Seat 0's balls less seat 1's under best play, within (alpha, beta);
 * the best square into *square when not NULL. */
static int rolit_mcts_end_alphabeta(struct rolit_mcts_end *e,
				    const struct rolit_bits *pos, int alpha,
				    int beta, int *square)
{
	int squares[64], n, max = pos->to_move == 0;

	if (pos->to_move < 0)
		return rolit_bits_count(pos, 0) - rolit_bits_count(pos, 1);
	n = rolit_mcts_end_moves(pos, squares);
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
			if (square)
				*square = squares[i];
		}
		if (alpha >= beta)
			break;
	}
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
		int diff = rolit_mcts_end_alphabeta(&e, pos, -1, 1, square);

		value[0] = (diff > 0) - (diff < 0);
		value[1] = -value[0];
		if (*square < 0)
			*square = rolit_bits_first(
				rolit_bits_moves(pos, pos->to_move));
	} else {
		rolit_mcts_end_maxn(&e, pos, value, square);
	}
	return e.stopped ? -1 : 0;
}

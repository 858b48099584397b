/*
 * Rolit searched for the estimates (estimate_search.h): one plain
 * alpha-beta for the middle game, to a depth, and for the end
 * (estimate_end.h), to the end of the game in the window (-1, 1) that
 * tells a win, a draw and a loss apart; the moves of a node two plies or
 * more above the leaves, with ESTIMATE_SEARCH_SORT empty squares or more,
 * tried fewest replies first (a move that leaves the other seat few
 * squares cuts soonest, and its subtree is the smallest; the grade of a
 * game of 8x8 took as long as with the middle game's moves ordered by the
 * evaluation and its end's by their replies, each apart).  It
 * keeps nothing from one search to the next (no table, no killers), so
 * that a position's value is the same whoever asks and in whatever
 * order: the grade of a log never changes.
 */
#include "estimate_search.h"

#include <math.h>
#include <string.h>

/* Past every score of a position. */
#define SEARCH_INF (2 * ROLIT_EVAL_WIN)
/* Below so many empty squares the moves are tried in the board's order:
 * sorting them costs more than the cuts it wins. */
#define ESTIMATE_SEARCH_SORT 6

bool estimate_search_values(const struct game_rules *rules, int players)
{
	return rules->family == GAME_FAMILY_ROLIT && players == 2;
}

bool estimate_search_reached(const struct game_rules *rules, int players,
			     const void *state, void *room)
{
	int moves[GAME_MAX_MOVES], seat = rules->to_move(state), next;

	if (!estimate_search_values(rules, players) || seat < 0)
		return false;
	/* the seats alternate (none has forfeited) */
	memcpy(room, state, rules->state_size);
	rules->moves(room, moves);
	rules->apply_move(room, moves[0], NULL);
	next = rules->to_move(room);
	return next < 0 || next == 1 - seat;
}

/* The score of a game over for the seat of p.own. */
static int search_over(const struct rolit_eval_pos *p)
{
	return rolit_eval_over(__builtin_popcountll(p->own) -
			       __builtin_popcountll(p->other));
}

/* The squares of `moves` into bits[], fewest replies first; how many. */
static int search_order(struct rolit_eval_pos p, uint64_t moves,
			uint64_t bits[64])
{
	int n = 0, replies[64];

	for (; moves; moves &= moves - 1) {
		uint64_t bit = moves & -moves;
		struct rolit_eval_pos next = rolit_eval_play(p, bit);
		int count = __builtin_popcountll(rolit_eval_moves(&next)), j;

		/* insertion: stable (the board's order among equals) */
		for (j = n++; j > 0 && replies[j - 1] > count; j--) {
			bits[j] = bits[j - 1];
			replies[j] = replies[j - 1];
		}
		bits[j] = bit;
		replies[j] = count;
	}
	return n;
}

/* The score of `p` searched `depth` plies, within (alpha, beta): at most
 * alpha a bound from above, at least beta one from below. */
static int search_node(struct rolit_eval_pos p, int depth, int alpha, int beta)
{
	uint64_t moves = p.empty ? rolit_eval_moves(&p) : 0, bits[64];
	int best = -SEARCH_INF, n = 0;

	if (!moves)	/* full, or no square touches a ball: over */
		return search_over(&p);
	if (depth == 0)
		return rolit_eval_value(&p);
	if (depth >= 2 && __builtin_popcountll(p.empty) >= ESTIMATE_SEARCH_SORT)
		n = search_order(p, moves, bits);
	else
		for (; moves; moves &= moves - 1)
			bits[n++] = moves & -moves;
	for (int i = 0; i < n && best < beta; i++) {
		int v = -search_node(rolit_eval_play(p, bits[i]), depth - 1,
				     -beta, -alpha);

		if (v > best)
			best = v;
		if (best > alpha)
			alpha = best;
	}
	return best;
}

int estimate_search_score(struct rolit_eval_pos p, int depth)
{
	return search_node(p, depth, -SEARCH_INF, SEARCH_INF);
}

int estimate_search_outcome(struct rolit_eval_pos p)
{
	/* deeper than the squares left: the search ends with the game */
	int score = search_node(p, 64, -1, 1);

	return (score > 0) - (score < 0);
}

double estimate_search_chance(int score, double scale)
{
	if (score >= ROLIT_EVAL_WIN / 2 || score <= -ROLIT_EVAL_WIN / 2)
		return score > 0;	/* the game is over, won or lost */
	return 1 / (1 + exp(-score / scale));
}

/* f of `p`: the chance of the seat of p.own. */
static double search_value(struct rolit_eval_pos p)
{
	return estimate_search_chance(
		estimate_search_score(p, ESTIMATE_SEARCH_DEPTH),
		ESTIMATE_SEARCH_SCALE);
}

int estimate_search_actions(const struct game_rules *rules, const void *state,
			    struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(state, moves);
	int me = rules->to_move(state);
	struct rolit_eval_pos p = rolit_eval_pos_of(state, me);

	for (int i = 0; i < n; i++) {
		/* a move is a square, row * size + column */
		uint64_t bit = 1ULL << (moves[i] / p.size * 8 + moves[i] % p.size);
		double theirs = search_value(rolit_eval_play(p, bit));

		out[i] = (struct estimate_action){.move = moves[i]};
		out[i].chance[me] = 1 - theirs;
		out[i].chance[1 - me] = theirs;
	}
	return n;
}

void estimate_search_state(const struct game_rules *rules, const void *state,
			   double chance[GAME_MAX_SEATS])
{
	int me = rules->to_move(state);

	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	chance[me] = search_value(rolit_eval_pos_of(state, me));
	chance[1 - me] = 1 - chance[me];
}

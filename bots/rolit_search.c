/*
 * rolit-search: a Rolit bot that searches.  With 2 players it is an
 * alpha-beta search; with 3 or 4 it is Best-Reply Search (Schadd and
 * Winands, 2011): between two of its own moves only the one opponent move
 * that hurts it most is played, whichever opponent makes it, so the tree
 * keeps the depth of a two-player search.  Both deepen iteratively until
 * the move's time is up (`--ms N`, 100 ms by default, never more than the
 * turn's time_left_ms allows) and play the best move of the deepest search
 * finished, or a better one the unfinished search already proved.  Moves
 * are played by the referee's own rules (rolit_search_pos.c); positions
 * are weighed by rolit_search_eval.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "arena_bot.h"
#include "games/game.h"
#include "rolit_search_eval.h"
#include "rolit_search_pos.h"
#include "search_clock.h"

#define ROLIT_SEARCH_INF INT_MAX

struct rolit_search {
	struct search_clock clock;
	int me;
	long nodes;
	bool stopped;
};

/* How promising a square is before searching: corners first, the squares
 * beside corners last, so alpha-beta cuts sooner. */
static int rolit_search_prior(const struct rolit_search_pos *pos, int square)
{
	int last = pos->size - 1, r = square / pos->size, c = square % pos->size;
	int edge_r = r == 0 || r == last, edge_c = c == 0 || c == last;
	int near_r = r == 1 || r == last - 1, near_c = c == 1 || c == last - 1;

	if (edge_r && edge_c)
		return 4;
	if ((near_r && near_c) || (edge_r && near_c) || (near_r && edge_c))
		return 0;
	return 2 + (edge_r || edge_c);
}

/* Sorts moves[] by prior, best first, keeping the rules' order on ties. */
static void rolit_search_order(const struct rolit_search_pos *pos, int *moves,
			       int count)
{
	for (int i = 1; i < count; i++) {
		int m = moves[i], p = rolit_search_prior(pos, m), j = i;

		for (; j > 0 && rolit_search_prior(pos, moves[j - 1]) < p; j--)
			moves[j] = moves[j - 1];
		moves[j] = m;
	}
}

static bool rolit_search_out_of_time(struct rolit_search *s)
{
	if (!s->stopped && ++s->nodes % 64 == 0)
		s->stopped = search_clock_expired(&s->clock);
	return s->stopped;
}

/* The value for s->me of `pos` searched `depth` plies deep, within
 * (alpha, beta): at a max node s->me plays, at a min node every opponent
 * still playing may make the reply. */
static int rolit_search_node(struct rolit_search *s,
			     const struct rolit_search_pos *pos, int depth,
			     int alpha, int beta, bool max)
{
	int seats[ROLIT_SEARCH_POS_MAX_SEATS], count = 1;

	if (pos->to_move < 0 || depth == 0)
		return rolit_search_eval_value(pos, s->me);
	if (max)
		seats[0] = s->me;
	else
		count = rolit_search_pos_opponents(pos, s->me, seats);
	for (int k = 0; k < count; k++) {
		int moves[ROLIT_SEARCH_POS_MAX_SQUARES];
		int n = rolit_search_pos_moves(pos, seats[k], moves);

		rolit_search_order(pos, moves, n);
		for (int i = 0; i < n; i++) {
			struct rolit_search_pos next;
			int value;

			if (rolit_search_out_of_time(s))
				return 0;
			if (rolit_search_pos_play(pos, seats[k], moves[i],
						  max ? seats[0] : s->me,
						  &next) < 0)
				continue;
			value = rolit_search_node(s, &next, depth - 1, alpha,
						  beta, !max);
			if (max && value > alpha)
				alpha = value;
			if (!max && value < beta)
				beta = value;
			if (alpha >= beta)
				return max ? alpha : beta;
		}
	}
	return max ? alpha : beta;
}

/* Iterative deepening from the root: each pass searches the best move of
 * the pass before first.  Returns the square to play, or -1 without any. */
static int rolit_search_root(struct rolit_search *s,
			     const struct rolit_search_pos *pos)
{
	int moves[ROLIT_SEARCH_POS_MAX_SQUARES];
	int n = rolit_search_pos_moves(pos, s->me, moves);
	int empties = rolit_search_pos_empties(pos);

	rolit_search_order(pos, moves, n);
	for (int depth = 1; n > 1 && depth <= empties && !s->stopped; depth++) {
		int alpha = -ROLIT_SEARCH_INF, best = 0;

		for (int i = 0; i < n; i++) {
			struct rolit_search_pos next;
			int value;

			if (rolit_search_pos_play(pos, s->me, moves[i], s->me,
						  &next) < 0)
				continue;
			value = rolit_search_node(s, &next, depth - 1, alpha,
						  ROLIT_SEARCH_INF, false);
			if (s->stopped)
				break;
			if (value > alpha) {
				alpha = value;
				best = i;
			}
		}
		/* Moves searched before the clock stopped have exact
		 * values, and the previous best came first among them. */
		if (best) {
			int m = moves[best];

			for (int i = best; i > 0; i--)
				moves[i] = moves[i - 1];
			moves[0] = m;
		}
	}
	return n ? moves[0] : -1;
}

static cJSON *rolit_search_decide(const cJSON *turn, void *ctx)
{
	const long *ms = ctx;
	struct rolit_search s = {.me = arena_seat(turn)};
	struct rolit_search_pos pos;
	char err[GAME_ERR_LEN], name[3];
	int square;

	search_clock_start(&s.clock, turn, *ms);
	if (rolit_search_pos_from_view(arena_state(turn), &pos, err) < 0) {
		fprintf(stderr, "rolit-search: %s\n", err);
		return NULL;
	}
	if (s.me < 0 || s.me >= pos.players) {
		fputs("rolit-search: the turn names no seat of this game\n",
		      stderr);
		return NULL;
	}
	square = rolit_search_root(&s, &pos);
	if (square < 0) {
		fputs("rolit-search: no legal square on this board\n", stderr);
		return NULL;
	}
	name[0] = (char)('A' + square % pos.size);
	name[1] = (char)('1' + square / pos.size);
	name[2] = '\0';
	return cJSON_CreateString(name);
}

int main(int argc, char **argv)
{
	static long ms;
	struct arena_bot_callbacks cb = {
		.decide = rolit_search_decide, .ctx = &ms,
	};

	int args = search_clock_args(argc, argv, "rolit-search", &ms);

	if (args)
		return args < 0 ? 2 : EXIT_SUCCESS;
	return arena_bot_run("rolit-search", "1", &cb) ? EXIT_FAILURE
						       : EXIT_SUCCESS;
}

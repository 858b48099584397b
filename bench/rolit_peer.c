/*
 * rolit-peer: an outside peer for measuring rolit-mcts, built the way the
 * literature builds Rolit's Monte-Carlo players (Nijssen and Winands) and
 * from the protocol alone (docs/PROTOCOL.md, docs/games/rolit.md, the C
 * SDK's reader of the view): nothing of bots/.  MCTS with the max^n
 * backup, UCT with a progressive bias from a corner/edge prior,
 * epsilon-greedy playouts on a table of square weights, the tree kept
 * between moves, and an exact endgame (2 players: for the win, from 16
 * empty squares; 3 and 4: max^n on the balls, from 9) when it finishes in
 * half the move.  One file on bitboards.  Not a bundled bot: `make
 * bench-rolit` builds it, and docs/bots/rolit-mcts.md has its matches.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena_bot.h"
#include "arena_games.h"
#include "rolit_view.h"

#define PEER_NODES (1u << 21)
#define PEER_UCT 0.5
#define PEER_BIAS 1.0
#define PEER_EPSILON_INV 10 /* a random playout move once in 10 */
#define PEER_END_2P 16
#define PEER_END_MP 9
#define NOT_A 0xfefefefefefefefeULL
#define NOT_H 0x7f7f7f7f7f7f7f7fULL

typedef uint64_t bb;


struct node {
	uint32_t child, visits;
	uint16_t nchild;
	int8_t move, seat; /* the square played into it, and by whom */
	float value, prior;
};

struct peer {
	long ms;
	struct node *nodes;
	uint32_t used;
	struct rolit_view root_pos;
	uint32_t root;
	int have_root, last_move;
	uint64_t rng;
	double deadline;
	long ticks;
	int aborted;
	float weight[64], prior[64];
};

static const int shifts[8] = {1, -1, 8, -8, 9, 7, -7, -9};
static const bb edges[8] = {NOT_A, NOT_H, ~0ULL, ~0ULL,
			    NOT_A, NOT_H, NOT_A, NOT_H};

static inline bb shift(bb x, int d, bb board)
{
	int s = shifts[d];

	return (s > 0 ? x << s : x >> -s) & edges[d] & board;
}

static inline int popcount(bb x) { return __builtin_popcountll(x); }

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The legal squares of the seat to move: the capturing ones if any, else
 * every empty square touching a ball (docs/games/rolit.md, rules 1 to 3). */
static bb pos_moves(const struct rolit_view *p)
{
	bb own = p->col[p->colour[p->to_move]];
	bb occ = rolit_view_occupied(p);
	bb other = occ & ~own, empty = p->board & ~occ, cap = 0, near = 0;

	for (int d = 0; d < 8; d++) {
		bb x = shift(own, d, p->board) & other;

		for (int i = 0; i < 5; i++)
			x |= shift(x, d, p->board) & other;
		cap |= shift(x, d, p->board) & empty;
		near |= shift(occ, d, p->board);
	}
	return cap ? cap : empty & near;
}

static void pos_play(struct rolit_view *p, int sq)
{
	int c = p->colour[p->to_move];
	bb own = p->col[c], occ = rolit_view_occupied(p), ball = 1ULL << sq;
	bb flips = 0;

	for (int d = 0; d < 8; d++) {
		bb run = 0, x = shift(ball, d, p->board);

		while (x & occ & ~own) {
			run |= x;
			x = shift(x, d, p->board);
		}
		if (x & own)
			flips |= run;
	}
	for (int k = 0; k < 4; k++)
		p->col[k] &= ~flips;
	p->col[c] |= flips | ball;
	p->to_move = rolit_view_next(p, p->to_move);
}

/* Each seat's reward of a full board: 1 shared by the seats still playing
 * with the most balls. */
static void pos_reward(const struct rolit_view *p, float reward[4])
{
	int best = -1, ties = 0, n[4];

	for (int s = 0; s < p->players; s++) {
		n[s] = (p->out >> s & 1) ? -1 : popcount(p->col[p->colour[s]]);
		if (n[s] > best) {
			best = n[s];
			ties = 0;
		}
		ties += n[s] == best;
	}
	for (int s = 0; s < 4; s++)
		reward[s] = s < p->players && n[s] == best ? 1.0f / ties : 0;
}

/* The square weights of the playouts and the prior of the tree: corners
 * good, the squares beside them bad, edges fair. */
static void peer_tables(struct peer *bot, int size)
{
	for (int r = 0; r < 8; r++)
		for (int c = 0; c < 8; c++) {
			int er = r == 0 || r == size - 1;
			int ec = c == 0 || c == size - 1;
			int nr = r == 1 || r == size - 2;
			int nc = c == 1 || c == size - 2;
			float w = 1, pr = 0;

			if (er && ec)
				w = 8, pr = 1;
			else if (nr && nc)
				w = -4, pr = -1;
			else if ((er && nc) || (ec && nr))
				w = -1, pr = -0.5f;
			else if (er || ec)
				w = 3, pr = 0.3f;
			bot->weight[r * 8 + c] = w;
			bot->prior[r * 8 + c] = pr;
		}
}

/* Plays the game out: the heaviest square, or once in PEER_EPSILON_INV
 * moves a random one. */
static void peer_playout(struct peer *bot, struct rolit_view *p,
			 float reward[4])
{
	bb moves;

	while ((moves = pos_moves(p))) {
		uint64_t r = rng_next(&bot->rng);
		int pick = -1;

		if (r % PEER_EPSILON_INV == 0) {
			for (int k = (int)((r >> 8) % (uint64_t)popcount(moves));
			     k > 0; k--)
				moves &= moves - 1;
			pick = __builtin_ctzll(moves);
		} else {
			float best = -1e9f;
			int ties = 0;

			for (; moves; moves &= moves - 1) {
				int sq = __builtin_ctzll(moves);
				float w = bot->weight[sq];

				if (w > best)
					best = w, pick = sq, ties = 1;
				else if (w == best &&
					 rng_next(&bot->rng) % (uint64_t)++ties == 0)
					pick = sq;
			}
		}
		pos_play(p, pick);
	}
	pos_reward(p, reward);
}

static int peer_expand(struct peer *bot, uint32_t at,
		       const struct rolit_view *p)
{
	bb moves = pos_moves(p);
	int n = popcount(moves);

	if (!n || bot->used + (uint32_t)n > PEER_NODES)
		return -1;
	bot->nodes[at].child = bot->used;
	bot->nodes[at].nchild = (uint16_t)n;
	for (; moves; moves &= moves - 1) {
		struct node *c = &bot->nodes[bot->used++];
		int sq = __builtin_ctzll(moves);

		*c = (struct node){.move = (int8_t)sq,
				   .seat = (int8_t)p->to_move,
				   .prior = bot->prior[sq]};
	}
	return 0;
}

/* UCT with the prior as a progressive bias; an unvisited child first, the
 * one of the best prior. */
static uint32_t peer_select(const struct peer *bot, uint32_t at)
{
	const struct node *n = &bot->nodes[at];
	double logn = log((double)n->visits + 1), best = -1e300;
	uint32_t pick = n->child;

	for (uint32_t i = n->child; i < n->child + n->nchild; i++) {
		const struct node *c = &bot->nodes[i];
		double v;

		if (!c->visits)
			v = 1e6 + c->prior;
		else
			v = c->value / c->visits +
			    PEER_UCT * sqrt(logn / c->visits) +
			    PEER_BIAS * c->prior / (c->visits + 1);
		if (v > best)
			best = v, pick = i;
	}
	return pick;
}

static void peer_iterate(struct peer *bot)
{
	uint32_t path[80], at = bot->root;
	int depth = 0;
	struct rolit_view p = bot->root_pos;
	float reward[4];

	path[depth++] = at;
	for (;;) {
		struct node *n = &bot->nodes[at];

		if (!n->nchild) {
			if (n->visits && peer_expand(bot, at, &p) == 0)
				continue;
			break;
		}
		at = peer_select(bot, at);
		pos_play(&p, bot->nodes[at].move);
		path[depth++] = at;
	}
	peer_playout(bot, &p, reward);
	while (depth--) {
		struct node *n = &bot->nodes[path[depth]];

		n->visits++;
		if (n->seat >= 0)
			n->value += reward[(int)n->seat];
	}
}

/* The endgame's clock: checked every 1024 nodes. */
static int peer_late(struct peer *bot)
{
	if (bot->aborted || (++bot->ticks & 1023))
		return bot->aborted;
	bot->aborted = now() > bot->deadline;
	return bot->aborted;
}

/* 2 players: the sign of seat 0's ball margin under best play, in the
 * window (alpha, beta) of -1 to 1. */
static int end_two(struct peer *bot, const struct rolit_view *p, int alpha,
		   int beta)
{
	bb moves = pos_moves(p);
	int max = p->to_move == 0, best = max ? -2 : 2;

	if (!moves) {
		int d = popcount(p->col[p->colour[0]]) -
			popcount(p->col[p->colour[1]]);

		return (d > 0) - (d < 0);
	}
	if (peer_late(bot))
		return 0;
	for (int pass = 0; pass < 2; pass++)
		for (bb m = moves; m; m &= m - 1) {
			int sq = __builtin_ctzll(m), v;
			struct rolit_view q = *p;

			if ((bot->weight[sq] > 2) != (pass == 0))
				continue;
			pos_play(&q, sq);
			v = end_two(bot, &q, alpha, beta);
			if (max ? v > best : v < best)
				best = v;
			if (max && best > alpha)
				alpha = best;
			if (!max && best < beta)
				beta = best;
			if (alpha >= beta)
				return best;
		}
	return best;
}

/* 3 and 4 players: max^n on the balls of each seat. */
static void end_many(struct peer *bot, const struct rolit_view *p, int value[4])
{
	bb moves = pos_moves(p);
	int best = -1, me = p->to_move;

	if (!moves || peer_late(bot)) {
		for (int s = 0; s < 4; s++)
			value[s] = s < p->players
					   ? popcount(p->col[p->colour[s]]) : 0;
		return;
	}
	for (; moves; moves &= moves - 1) {
		struct rolit_view q = *p;
		int v[4];

		pos_play(&q, __builtin_ctzll(moves));
		end_many(bot, &q, v);
		if (v[me] > best) {
			best = v[me];
			memcpy(value, v, sizeof v);
		}
	}
}

/* The solved square, or -1 when the search runs out of time (or, with 2
 * players, when every square loses: the tree may find a line the
 * opponent gets wrong). */
static int peer_endgame(struct peer *bot, const struct rolit_view *p,
			double until)
{
	int best = -1, best_v = -1000, me = p->to_move;

	bot->deadline = until;
	bot->aborted = 0;
	bot->ticks = 0;
	for (bb m = pos_moves(p); m; m &= m - 1) {
		int sq = __builtin_ctzll(m), v, vals[4];
		struct rolit_view q = *p;

		pos_play(&q, sq);
		if (p->players == 2) {
			v = end_two(bot, &q, -1, 1);
			v = me == 0 ? v : -v;
		} else {
			end_many(bot, &q, vals);
			v = vals[me];
		}
		if (bot->aborted)
			return -1;
		if (v > best_v)
			best_v = v, best = sq;
	}
	return p->players == 2 && best_v < 0 ? -1 : best;
}

/* Finds the node of `p` below the old root, through the square this bot
 * played and each other seat's since (each a ball now on the board). */
static uint32_t peer_find(const struct peer *bot, uint32_t at,
			  const struct rolit_view *from, const struct rolit_view *p,
			  int depth)
{
	const struct node *n = &bot->nodes[at];
	bb occ = rolit_view_occupied(p);

	if (!memcmp(from->col, p->col, sizeof p->col) &&
	    from->to_move == p->to_move)
		return at;
	if (depth == 0)
		return 0;
	for (uint32_t i = n->child; i < n->child + n->nchild; i++) {
		struct rolit_view q = *from;
		uint32_t found;

		if (!(occ >> bot->nodes[i].move & 1))
			continue;
		pos_play(&q, bot->nodes[i].move);
		found = peer_find(bot, i, &q, p, depth - 1);
		if (found)
			return found;
	}
	return 0;
}

/* The root for `p`: the old tree's node of it when there is one and the
 * pool is less than half full, else a new tree. */
static void peer_root(struct peer *bot, const struct rolit_view *p)
{
	uint32_t found = 0;

	if (bot->have_root && bot->used < PEER_NODES / 2 &&
	    p->out == bot->root_pos.out)
		found = peer_find(bot, bot->root, &bot->root_pos, p,
				  p->players + 1);
	if (!found) {
		bot->used = 1;
		bot->nodes[0] = (struct node){.seat = -1};
		found = 0;
	}
	bot->nodes[found].seat = -1;
	bot->root = found;
	bot->root_pos = *p;
	bot->have_root = 1;
}

static int peer_choose(struct peer *bot, const struct rolit_view *p, double ms)
{
	double start = now(), until = start + ms / 1000;
	int empties = popcount(p->board & ~rolit_view_occupied(p)), sq;
	uint32_t best = 0, most = 0;
	long playouts = 0;
	bb moves = pos_moves(p);

	if (popcount(moves) == 1)
		return __builtin_ctzll(moves);
	if (empties <= (p->players == 2 ? PEER_END_2P : PEER_END_MP) &&
	    (sq = peer_endgame(bot, p, start + ms / 2000)) >= 0) {
		arena_info("solved");
		return sq;
	}
	peer_root(bot, p);
	do {
		for (int i = 0; i < 32; i++)
			peer_iterate(bot);
		playouts += 32;
	} while (now() < until);
	for (uint32_t i = bot->nodes[bot->root].child;
	     i < bot->nodes[bot->root].child + bot->nodes[bot->root].nchild;
	     i++)
		if (bot->nodes[i].visits >= most)
			most = bot->nodes[i].visits, best = i;
	arena_info("%ld playouts, %u nodes", playouts, bot->used);
	return bot->nodes[best].move;
}

static cJSON *peer_decide(const cJSON *turn, void *ctx)
{
	struct peer *bot = ctx;
	const cJSON *left = cJSON_GetObjectItemCaseSensitive(turn,
							     "time_left_ms");
	double ms = (double)bot->ms;
	struct rolit_view p;
	char name[3];
	int sq;

	if (rolit_view_read(arena_state(turn), &p) < 0 || !pos_moves(&p)) {
		fputs("rolit-peer: the turn has no Rolit view\n", stderr);
		return NULL;
	}
	if (cJSON_IsNumber(left) && ms > left->valuedouble * 0.75)
		ms = left->valuedouble * 0.75 > 1 ? left->valuedouble * 0.75
						  : 1;
	peer_tables(bot, p.board == ~0ULL ? 8 : popcount(p.board) == 36 ? 6
									 : 4);
	sq = peer_choose(bot, &p, ms);
	name[0] = (char)('A' + sq % 8);
	name[1] = (char)('1' + sq / 8);
	name[2] = '\0';
	return cJSON_CreateString(name);
}

int main(int argc, char **argv)
{
	static struct peer bot = {.ms = 100};
	struct arena_bot_callbacks cb = {.decide = peer_decide, .ctx = &bot};

	if (argc == 3 && !strcmp(argv[1], "--ms"))
		bot.ms = strtol(argv[2], NULL, 10);
	else if (argc != 1) {
		fputs("usage: rolit-peer [--ms N]\n", stderr);
		return 2;
	}
	if (bot.ms < 1 || bot.ms > 60000) {
		fputs("rolit-peer: --ms takes 1 to 60000\n", stderr);
		return 2;
	}
	bot.nodes = malloc(PEER_NODES * sizeof *bot.nodes);
	if (!bot.nodes) {
		fputs("rolit-peer: not enough memory for the tree\n", stderr);
		return 1;
	}
	bot.rng = (uint64_t)time(NULL) << 20 ^ (uint64_t)getpid() ^ 1;
	int rc = arena_bot_run("rolit-peer", "1", &cb);

	free(bot.nodes);
	return rc;
}

/*
 * rolit-sparring: an alpha-beta sparring partner for rolit-search, built
 * the way Othello engines are built and from the protocol alone
 * (docs/PROTOCOL.md, docs/games/rolit.md, the C SDK's reader of the view,
 * the rules library's captures on bitboards): nothing of bots/ or of
 * values/.  Principal variation search with iterative deepening, a
 * transposition table (Zobrist keys) whose move is tried first, two
 * killer moves a ply and the history heuristic, fewest replies first far
 * from the leaves; an evaluation of actual mobility (capturing squares),
 * potential mobility (empty squares beside the other seats' balls),
 * frontier, corners and the X and C squares beside an empty corner; and
 * an exact endgame for the win from SPAR_END empty squares within half
 * the move.  With 3 and 4 players the same search is paranoid (the other
 * seats one side against the bot).  Time: --ms N of CPU a move (100 by
 * default), never more than 80% of the turn's time_left_ms.  Not a
 * bundled bot: `make bench/rolit_sparring` builds it; bench/README.md
 * has its matches.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena_bot.h"
#include "rolit_view.h"

#define SPAR_TABLE (1u << 20)
#define SPAR_END 18
#define SPAR_WIN 100000
#define SPAR_INF (4 * SPAR_WIN)
#define SPAR_PLY 64

/* The evaluation's weights, a point each of: */
static int w_mobility = 10, w_potential = 4, w_frontier = 4, w_corner = 50,
	   w_x = 25, w_c = 8;

typedef uint64_t bb;

#define NOT_A 0xfefefefefefefefeULL
#define NOT_H 0x7f7f7f7f7f7f7f7fULL

static const int steps[8] = {1, -1, 8, -8, 9, 7, -7, -9};
static const bb masks[8] = {NOT_A, NOT_H, ~0ULL, ~0ULL,
			    NOT_A, NOT_H, NOT_A, NOT_H};

static inline bb step(bb x, int d)
{
	return (steps[d] > 0 ? x << steps[d] : x >> -steps[d]) & masks[d];
}

/* The empty squares where a ball of `own` captures balls of `other`. */
static bb capturing(bb own, bb other, bb empty)
{
	bb cap = 0;

	for (int d = 0; d < 8; d++) {
		bb x = step(own, d) & other;

		for (int i = 0; i < 5; i++)
			x |= step(x, d) & other;
		cap |= step(x, d) & empty;
	}
	return cap;
}

/* Every square beside one of `set`. */
static bb around(bb set)
{
	bb a = 0;

	for (int d = 0; d < 8; d++)
		a |= step(set, d);
	return a;
}

/* The balls a ball of `own` on `bit` captures. */
static bb flips_of(bb bit, bb own, bb other)
{
	bb flips = 0;

	for (int d = 0; d < 8; d++) {
		bb run = 0, x = step(bit, d);

		while (x & other) {
			run |= x;
			x = step(x, d);
		}
		if (x & own)
			flips |= run;
	}
	return flips;
}


struct entry {
	uint64_t key;
	int32_t value;
	int8_t depth, bound, move;
};

static struct entry table[SPAR_TABLE];
static uint64_t zobrist[5][64];
static int killer[SPAR_PLY][2], history[64], me;
static double deadline;
static long nodes;
static int stopped;

static double cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static bb own_of(const struct rolit_view *p, int seat)
{
	return p->col[p->colour[seat]];
}

static bb moves_of(const struct rolit_view *p)
{
	bb occ = rolit_view_occupied(p);

	bb own = own_of(p, p->to_move), empty = p->board & ~occ;
	bb cap = capturing(own, occ & ~own, empty);

	return cap ? cap : empty & around(occ);
}

static uint64_t key_of(const struct rolit_view *p)
{
	uint64_t k = zobrist[4][p->to_move & 63];

	for (int c = 0; c < 4; c++)
		for (bb x = p->col[c]; x; x &= x - 1)
			k ^= zobrist[c][__builtin_ctzll(x)];
	return k ? k : 1;
}

static void play(struct rolit_view *p, int sq)
{
	int c = p->colour[p->to_move];
	bb own = p->col[c], bit = 1ULL << sq;
	bb flips = flips_of(bit, own, rolit_view_occupied(p) & ~own) | bit;

	for (int k = 0; k < 4; k++)
		p->col[k] &= ~flips;
	p->col[c] |= flips;
	p->to_move = rolit_view_occupied(p) == p->board
			     ? -1 : rolit_view_next(p, p->to_move);
}

/* The balls of the best of the bot's opponents still playing. */
static int best_other(const struct rolit_view *p)
{
	int best = 0;

	for (int s = 0; s < p->players; s++)
		if (s != me && !(p->out >> s & 1) &&
		    __builtin_popcountll(own_of(p, s)) > best)
			best = __builtin_popcountll(own_of(p, s));
	return best;
}

/* A full board for the bot: a win, draw or loss and the ball margin. */
static int over(const struct rolit_view *p)
{
	int diff = __builtin_popcountll(own_of(p, me)) - best_other(p);

	return ((diff > 0) - (diff < 0)) * SPAR_WIN + diff;
}

/* The corner, X and C squares' terms for the balls `set`. */
static int corner_terms(bb set, bb empty, int size)
{
	int last = size - 1, v = 0;

	for (int k = 0; k < 4; k++) {
		int r = k & 1 ? last : 0, c = k & 2 ? last : 0;
		int dr = r ? -1 : 1, dc = c ? -1 : 1;
		bb corner = 1ULL << (r * 8 + c);
		bb x = 1ULL << ((r + dr) * 8 + c + dc);
		bb cs = 1ULL << ((r + dr) * 8 + c) | 1ULL << (r * 8 + c + dc);

		if (set & corner)
			v += w_corner;
		else if (empty & corner)
			v -= w_x * !!(set & x) +
			     w_c * __builtin_popcountll(set & cs);
	}
	return v;
}

/* The position's worth to the bot, short of the end. */
static int evaluate(const struct rolit_view *p)
{
	bb occ = rolit_view_occupied(p), empty = p->board & ~occ;
	bb mine = own_of(p, me);
	bb open = around(empty), theirs = 0;
	int opp_mob = 0, others = 0;

	for (int s = 0; s < p->players; s++)
		if (s != me && !(p->out >> s & 1)) {
			bb o = own_of(p, s);

			theirs |= o;
			opp_mob += __builtin_popcountll(
				capturing(o, occ & ~o, empty));
			others++;
		}
	if (others)
		opp_mob /= others;
	return w_mobility * (__builtin_popcountll(capturing(
				     mine, occ & ~mine, empty)) - opp_mob) +
	       w_potential * (__builtin_popcountll(around(theirs) &
						   empty) -
			      __builtin_popcountll(around(mine) &
						   empty)) -
	       w_frontier * (__builtin_popcountll(mine & open) -
			     __builtin_popcountll(theirs & open)) +
	       corner_terms(mine, empty, p->size) -
	       corner_terms(theirs, empty, p->size);
}

static int side(const struct rolit_view *p)
{
	return p->to_move == me ? 1 : -1;
}

/* The moves in the order to try them. */
static int order(const struct rolit_view *p, int tt, int ply, int depth,
		 int *sq)
{
	int n = 0, rank[64];
	bb moves = moves_of(p);
	int far = depth >= 3;

	for (; moves; moves &= moves - 1) {
		int s = __builtin_ctzll(moves), r, j;

		if (s == tt)
			r = 1 << 30;
		else if (s == killer[ply][0] || s == killer[ply][1])
			r = 1 << 29;
		else if (far) {
			struct rolit_view q = *p;

			play(&q, s);
			r = (q.to_move < 0 ? 64 : 64 - __builtin_popcountll(
				moves_of(&q))) << 20 | (history[s] & 0xfffff);
		} else
			r = history[s] & 0xfffffff;
		for (j = n++; j > 0 && rank[j - 1] < r; j--) {
			sq[j] = sq[j - 1];
			rank[j] = rank[j - 1];
		}
		sq[j] = s;
		rank[j] = r;
	}
	return n;
}

static int search(const struct rolit_view *p, int depth, int alpha, int beta,
		  int ply, int *best_sq);

/* The value of the child `q` for the side to move at its parent. */
static int child(const struct rolit_view *p, const struct rolit_view *q,
		 int depth, int alpha, int beta, int ply)
{
	if (q->to_move < 0)
		return side(p) * over(q);
	if (q->to_move >= 0 && side(q) == side(p))
		return search(q, depth, alpha, beta, ply, NULL);
	return -search(q, depth, -beta, -alpha, ply, NULL);
}

static void store(struct entry *e, uint64_t key, int v, int depth, int from,
		  int beta, int move)
{
	e->key = key;
	e->value = v;
	e->depth = (int8_t)depth;
	e->move = (int8_t)move;
	e->bound = (int8_t)(v <= from ? 2 : v >= beta ? 1 : 0);
}

static int search(const struct rolit_view *p, int depth, int alpha, int beta,
		  int ply, int *best_sq)
{
	uint64_t key = key_of(p);
	struct entry *e = &table[key & (SPAR_TABLE - 1)];
	int sq[64], n, best = -SPAR_INF, move = -1, from = alpha;

	if (++nodes % 1024 == 0 && cpu() > deadline)
		stopped = 1;
	if (stopped)
		return 0;
	if (depth <= 0)
		return side(p) * evaluate(p);
	if (e->key == key && e->depth >= depth && !best_sq &&
	    (e->bound == 0 || (e->bound == 1 && e->value >= beta) ||
	     (e->bound == 2 && e->value <= alpha)))
		return e->value;
	n = order(p, e->key == key ? e->move : -1, ply, depth, sq);
	for (int i = 0; i < n; i++) {
		struct rolit_view q = *p;
		int v;

		play(&q, sq[i]);
		if (i == 0 || beta - alpha <= 2)
			v = child(p, &q, depth - 1, alpha, beta, ply + 1);
		else {
			v = child(p, &q, depth - 1, alpha, alpha + 1, ply + 1);
			if (v > alpha && v < beta && !stopped)
				v = child(p, &q, depth - 1, alpha, beta,
					  ply + 1);
		}
		if (stopped)
			return 0;
		if (v > best) {
			best = v;
			move = sq[i];
			if (best_sq)
				*best_sq = move;
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta) {
			if (killer[ply][0] != sq[i]) {
				killer[ply][1] = killer[ply][0];
				killer[ply][0] = sq[i];
			}
			history[sq[i]] += depth * depth;
			break;
		}
	}
	store(e, key, best, depth, from, beta, move);
	return best;
}

/* The square to play within `ms` of CPU. */
static int choose(const struct rolit_view *p, double ms)
{
	double start = cpu();
	int empties = __builtin_popcountll(p->board & ~rolit_view_occupied(p));
	int best = __builtin_ctzll(moves_of(p)), sq = best, depth = 0;

	me = p->to_move;
	memset(killer, -1, sizeof killer);
	for (int s = 0; s < 64; s++)
		history[s] /= 4;
	stopped = 0;
	nodes = 0;
	if (empties <= SPAR_END) {
		int v;

		deadline = start + ms / 2000;
		v = search(p, empties, -1, 1, 0, &sq);
		if (!stopped && v >= 0)
			return sq;
		stopped = 0;
	}
	deadline = start + ms / 1000;
	while (++depth <= empties) {
		int v = search(p, depth, -SPAR_INF, SPAR_INF, 0, &sq);

		if (!stopped || sq != best) /* a better move already proved */
			best = sq;
		if (stopped)
			break;
		arena_info("depth %d value %d", depth, v);
		if (cpu() - start > ms * 0.45 / 1000)
			break;
	}
	return best;
}

static cJSON *decide(const cJSON *turn, void *ctx)
{
	const cJSON *left = cJSON_GetObjectItemCaseSensitive(turn,
							     "time_left_ms");
	double ms = (double)*(long *)ctx;
	struct rolit_view p;
	char name[3] = "";
	int sq;

	if (rolit_view_read(arena_state(turn), &p) < 0 || !moves_of(&p)) {
		fputs("rolit-sparring: the turn has no Rolit view\n", stderr);
		return NULL;
	}
	if (cJSON_IsNumber(left) && ms > left->valuedouble * 0.8)
		ms = left->valuedouble * 0.8 > 1 ? left->valuedouble * 0.8 : 1;
	sq = __builtin_popcountll(moves_of(&p)) == 1
		     ? __builtin_ctzll(moves_of(&p)) : choose(&p, ms);
	name[0] = (char)('A' + sq % 8);
	name[1] = (char)('1' + sq / 8);
	return cJSON_CreateString(name);
}

/* --ms N, and the weights as NAME=VALUE for tuning matches. */
static int args(int argc, char **argv, long *ms)
{
	struct { const char *name; int *w; } weights[] = {
		{"mobility", &w_mobility}, {"potential", &w_potential},
		{"frontier", &w_frontier}, {"corner", &w_corner},
		{"x", &w_x}, {"c", &w_c},
	};

	for (int i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		size_t k = 0;

		if (!strcmp(argv[i], "--ms") && i + 1 < argc) {
			*ms = strtol(argv[++i], NULL, 10);
			continue;
		}
		while (eq && k < sizeof weights / sizeof *weights &&
		       strncmp(argv[i], weights[k].name,
			       (size_t)(eq - argv[i])))
			k++;
		if (!eq || k == sizeof weights / sizeof *weights)
			return -1;
		*weights[k].w = atoi(eq + 1);
	}
	return *ms >= 1 && *ms <= 60000 ? 0 : -1;
}

int main(int argc, char **argv)
{
	static long ms = 100;
	struct arena_bot_callbacks cb = {.decide = decide, .ctx = &ms};
	uint64_t s = 0x9E3779B97F4A7C15ULL;

	if (args(argc, argv, &ms) < 0) {
		fputs("usage: rolit-sparring [--ms N] [mobility=W potential=W frontier=W corner=W x=W c=W]\n",
		      stderr);
		return 2;
	}
	for (int c = 0; c < 5; c++)
		for (int q = 0; q < 64; q++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			zobrist[c][q] = s;
		}
	return arena_bot_run("rolit-sparring", "1", &cb);
}

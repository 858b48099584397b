/*
 * The turns of dice_lanes.h side by side.  The rows of what a keep leads
 * to (dice_policy.c's after[], here a row's slots side by side) hold a
 * vector a cell, lane l turn l's; a
 * turn shorter than the longest reads its last row past its end, as its
 * own solve pads them, and a lane no turn fills holds zeros.  The vectors
 * are GCC's (and clang's) vector extension, compiled for AVX-512 in the
 * functions marked so, called only where the processor has it.
 */
#include "dice_lanes.h"

#include <stdlib.h>
#include <string.h>

/* Each lane's sums as the plain solve's, without fused multiply-adds
 * (clang's default where the target has them; gcc's ISO C mode makes
 * none). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

typedef double lanes_v __attribute__((vector_size(8 * DICE_LANES)));
typedef long long lanes_mask __attribute__((vector_size(8 * DICE_LANES)));

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define LANES_TARGET __attribute__((target("avx512f")))
static bool dice_lanes_vectors(void)
{
	return __builtin_cpu_supports("avx512f");
}
#else
#define LANES_TARGET
static bool dice_lanes_vectors(void)
{
	return false;
}
#endif

/* m ? a : b, lane by lane. */
LANES_TARGET static inline lanes_v dice_lanes_pick(lanes_mask m, lanes_v a,
						   lanes_v b)
{
	return (lanes_v)(((lanes_mask)a & m) | ((lanes_mask)b & ~m));
}

/* x > best ? x : best, lane by lane: the solver's inner loop, one
 * instruction where there is AVX-512 (vmaxpd takes its first operand
 * exactly where it is greater, as the plain solve's `>` does). */
LANES_TARGET static inline lanes_v dice_lanes_max(lanes_v x, lanes_v best)
{
#if defined(__x86_64__) && defined(__GNUC__)
	return (lanes_v)_mm512_max_pd((__m512d)x, (__m512d)best);
#else
	return dice_lanes_pick(x > best, x, best);
#endif
}

/* Fewer turns than this are solved one by one: a vector's solve costs
 * about what two plain ones do. */
#define DICE_LANES_LEAST 3

struct dice_lanes {
	const struct dice_policy_game *game;
	struct dice_policy_work *work;	/* the turns solved one by one */
	int slots;		/* 2 * the game's dice: a row's cells */
	int width;		/* rows: the longest turn's steps + 1 + jump */
	size_t room, bank_room;	/* vectors allocated in after[], bank[] */
	lanes_v *after;		/* [row * slots + slot]: a row's slots side by side */
	lanes_v *bank;		/* [row]: what banking is worth */
	/* [n]: each keep of roll[n]'s look-up from row 0 (jump, then slot)
	 * in bytes: at row i, the vector at[n][k] bytes past
	 * after[i * slots] (no scaling in the inner loop) */
	int *at[DICE_MAX + 1];
};

struct dice_lanes *dice_lanes_new(const struct dice_policy_game *g)
{
	struct dice_lanes *l = dice_policy_alloc(1, sizeof *l);

	l->game = g;
	l->work = dice_policy_work_new(g);
	l->slots = 2 * g->dice;
	for (int n = 1; n <= g->dice; n++) {
		int keeps = dice_policy_keeps(&g->roll[n]);

		l->at[n] = dice_policy_alloc((size_t)keeps, sizeof *l->at[n]);
		for (int k = 0; k < keeps; k++)
			l->at[n][k] = (g->move[n][k].jump * l->slots +
				       g->move[n][k].slot) * (int)sizeof(lanes_v);
	}
	return l;
}

void dice_lanes_free(struct dice_lanes *l)
{
	if (!l)
		return;
	for (int n = 1; n <= l->game->dice; n++)
		free(l->at[n]);
	dice_policy_work_free(l->work);
	free(l->after);
	free(l->bank);
	free(l);
}

/* *p with room for `size` vectors (*room of them now). */
static void dice_lanes_room(lanes_v **p, size_t *room, size_t size)
{
	if (size <= *room)
		return;
	free(*p);
	*p = aligned_alloc(sizeof **p, size * sizeof **p);
	if (!*p)
		abort();
	*room = size;
}

/* The rows for turns whose longest has `steps`. */
static void dice_lanes_fit(struct dice_lanes *l, int steps)
{
	l->width = steps + 1 + l->game->jump;
	dice_lanes_room(&l->after, &l->room,
			(size_t)l->slots * (size_t)l->width);
	dice_lanes_room(&l->bank, &l->bank_room, (size_t)steps + 1);
}

/* What the turns of a solve are, lane by lane (a lane no turn fills: 0,
 * nothing solved), and the states of the row solved last. */
struct dice_lanes_batch {
	lanes_v bust, steps, settled, threshold;
	lanes_v solved[DICE_MAX + 1];	/* [n]: n dice rolled */
};

/* The batch of t[0 .. count - 1] into b, their banks into l->bank (each
 * turn's last past its end). */
LANES_TARGET static void dice_lanes_batch(struct dice_lanes *l,
					  struct dice_policy_turn **t,
					  int count, int steps,
					  struct dice_lanes_batch *b)
{
	memset(b, 0, sizeof *b);
	memset(l->bank, 0, ((size_t)steps + 1) * sizeof *l->bank);
	for (int lane = 0; lane < count; lane++) {
		const struct dice_policy_turn *u = t[lane];

		b->bust[lane] = u->bust;
		b->steps[lane] = u->steps;
		b->settled[lane] = u->settled;
		b->threshold[lane] = (double)u->threshold;
		for (int i = 0; i <= steps; i++)
			l->bank[i][lane] = u->bank[i < u->steps ? i : u->steps];
	}
}

/* Row i of every slot (dice_policy.c's dice_policy_after_row()), each
 * turn's last row past its end: rolling there is worth what row i's
 * states came to where solved, else dice_policy.c's bound past `settled`. */
LANES_TARGET static void dice_lanes_row(struct dice_lanes *l,
					const struct dice_lanes_batch *b, int i)
{
	const struct dice_policy_game *g = l->game;
	lanes_v at = (lanes_v){0} + (double)i, bank = l->bank[i];
	lanes_v row = dice_lanes_pick(at < b->steps, at, b->steps);
	lanes_mask bank_ok = row * DICE_POLICY_STEP >= b->threshold;
	lanes_mask solved = at < b->settled;
	lanes_v *cell = &l->after[i * l->slots];

	for (int left = 0; left < g->dice; left++) {
		int n = left ? left : g->dice;
		lanes_v roll = dice_lanes_pick(solved, b->solved[n],
			g->reach[n] * bank + (1 - g->reach[n]) * b->bust);

		cell[2 * left] = roll;
		cell[2 * left + 1] = dice_lanes_pick(bank_ok & (bank > roll),
						     bank, roll);
	}
}

/* Past the longest turn's end, keeps land on its last row. */
LANES_TARGET static void dice_lanes_pad(struct dice_lanes *l, int steps)
{
	for (int j = steps + 1; j < l->width; j++)
		for (int s = 0; s < l->slots; s++)
			l->after[j * l->slots + s] = l->after[steps * l->slots + s];
}

/* Rolling n dice at row i in every lane: dice_policy.c's
 * dice_policy_solve_state(), each lane's turn to the last bit (the
 * comparison as `>`, the sum in the rolls' order). */
LANES_TARGET static void dice_lanes_state(struct dice_lanes *l,
					  struct dice_policy_turn **t,
					  int count, int n, int i,
					  struct dice_lanes_batch *b)
{
	const struct roll_table *r = &l->game->roll[n];
	const int *keep = l->at[n];
	const char *row = (const char *)(l->after + (size_t)i * (size_t)l->slots);
	lanes_v v = r->bust * b->bust;

	for (int e = 0; e < r->rolls; e++) {
		const struct roll_entry *en = &r->entry[e];
		const int *k = keep + en->first;
		lanes_v best = *(const lanes_v *)(row + k[0]);

		for (int j = 1; j < en->keeps; j++)
			best = dice_lanes_max(*(const lanes_v *)(row + k[j]), best);
		v += en->p * best;
	}
	b->solved[n] = v;
	for (int lane = 0; lane < count; lane++)
		if (i < t[lane]->settled)
			t[lane]->value[(n - 1) * t[lane]->settled + i] = v[lane];
}

LANES_TARGET static void dice_lanes_vector_solve(struct dice_lanes *l,
						 struct dice_policy_turn **t,
						 int count)
{
	const struct dice_policy_game *g = l->game;
	int steps = 0, settled = 0;
	struct dice_lanes_batch b;

	for (int lane = 0; lane < count; lane++) {
		if (t[lane]->steps > steps)
			steps = t[lane]->steps;
		if (t[lane]->settled > settled)
			settled = t[lane]->settled;
		t[lane]->value = dice_policy_alloc(
			(size_t)g->dice * (size_t)t[lane]->settled, sizeof(double));
	}
	dice_lanes_fit(l, steps);
	dice_lanes_batch(l, t, count, steps, &b);
	for (int i = steps; i >= 0; i--) {
		for (int n = 1; n <= g->dice && i < settled; n++)
			dice_lanes_state(l, t, count, n, i, &b);
		dice_lanes_row(l, &b, i);
		if (i == steps)
			dice_lanes_pad(l, steps);
	}
}

void dice_lanes_solve(struct dice_lanes *l, struct dice_policy_turn **t,
		      int count)
{
	if (count >= DICE_LANES_LEAST && dice_lanes_vectors()) {
		dice_lanes_vector_solve(l, t, count);
		return;
	}
	for (int lane = 0; lane < count; lane++)
		dice_policy_turn_solve_in(t[lane], l->work);
}

/*
 * The only source of chance a game may use.  Every call is one numbered
 * draw (d = 0, 1, 2, ...) read from the ChaCha20 keystream of the match key,
 * exactly as ../docs/FAIRNESS.md specifies, and every draw is reported to an
 * observer: the match writes it to the game log, `referee verify` compares it
 * with the log.  Games never see the key or the counter.
 */
#ifndef ARENA_DRAWS_H
#define ARENA_DRAWS_H

#include <stdint.h>

/* The most values one draw holds: Black-Pot's layout shuffles 109 cells. */
#define DRAW_MAX_VALUES 128

enum draw_kind { DRAW_DICE, DRAW_UNIFORM, DRAW_SHUFFLE };

/* What one draw produced: `count` dice faces (1..6), one value in [0, m),
 * or a permutation of 0..count-1 with values[0] the top card. */
struct draw_record {
	uint64_t index;
	enum draw_kind kind;
	uint32_t param; /* dice: how many; uniform: m; shuffle: cards */
	int count;
	int values[DRAW_MAX_VALUES];
};

typedef void (*draw_observer)(void *ctx, const struct draw_record *draw);

struct draws {
	unsigned char key[32];
	uint64_t next_index;
	draw_observer observer;
	void *observer_ctx;
};

/* The first draw is number 0; observer may be NULL.  Every function below
 * aborts with a message when its arguments are out of range: that is a bug
 * in the game, not something a bot can cause. */
void arena_draws_init(struct draws *draws, const unsigned char key[32],
		draw_observer observer, void *observer_ctx);

/* One draw: `count` dice (1 <= count <= DRAW_MAX_VALUES), faces 1..6. */
void arena_draws_dice(struct draws *draws, int count, int *faces);
/* One draw: a value in [0, m), 1 <= m <= 2^31 (so that it fits the
 * record's int values). */
uint32_t arena_draws_uniform(struct draws *draws, uint32_t m);
/* One draw: a shuffled deck of `cards` (2..DRAW_MAX_VALUES) cards. */
void arena_draws_shuffle(struct draws *draws, int cards, int *deck);

#endif

/*
 * The only source of chance a game may use, exactly as ../docs/FAIRNESS.md
 * specifies.  A table draw is numbered (d = 0, 1, 2, ...); a seat draw, a
 * roll of the dice by one seat in its own turn, is addressed by that seat,
 * its turn and the roll within the turn, so that every game of a duplicate
 * set deals each seat the same dice however differently the games go.
 * The draws count the turns and rolls themselves from what the rules say
 * (a turn begins, a seat rolls), so play and `referee verify`, which run
 * the same rules, cannot disagree on an address.  Outside a set a seat draw
 * is the next table draw, as it always was.  Every draw is reported to an
 * observer: the match writes it to the game log, `referee verify` compares
 * it with the log.  Games never see the key or the counters.
 */
#ifndef ARENA_DRAWS_H
#define ARENA_DRAWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most values one draw holds: Black-Pot's layout shuffles 109 cells. */
#define DRAW_MAX_VALUES 128
/* The most seats a game has (game.h's GAME_MAX_SEATS): the draws count
 * each one's turns. */
#define DRAW_MAX_SEATS 8

enum draw_kind { DRAW_DICE, DRAW_UNIFORM, DRAW_SHUFFLE };

/* What one draw produced: `count` dice faces (1..6), one value in [0, m),
 * or a permutation of 0..count-1 with values[0] the top card. */
struct draw_record {
	bool by_seat;   /* a seat draw, addressed by seat, turn and roll */
	uint64_t index; /* a table draw's d */
	uint32_t seat, turn, roll;
	enum draw_kind kind;
	uint32_t param; /* dice: how many; uniform: m; shuffle: cards */
	int count;
	int values[DRAW_MAX_VALUES];
};

typedef void (*draw_observer)(void *ctx, const struct draw_record *draw);

/* Where a draw's values come from when not from the match key: value
 * `at` of the draw begun in `draw` (die `at`, step `at` of a shuffle), in
 * [0, m).  The environment's explicit chance (chance.h) and its fast
 * generator for training (draws_fast.h) are two; the referee has none. */
typedef uint32_t (*draw_source)(void *ctx, const struct draw_record *draw,
				int at, uint32_t m);

struct draws {
	unsigned char key[32];
	uint64_t next_index;
	bool by_seat;   /* a game of a duplicate set: seat rolls are seat draws */
	int turn_seat;  /* whose turn arena_draws_turn() began; -1: none yet */
	int first_seat; /* whose turn began first; -1: none yet */
	uint32_t turns[DRAW_MAX_SEATS]; /* the turns each seat has begun */
	uint32_t next_roll;             /* the next roll of the current turn */
	draw_observer observer;
	void *observer_ctx;
	draw_source source; /* NULL: the keyed words of docs/FAIRNESS.md */
	void *source_ctx;
	/* How far the draws have gone, in the one order of addresses that
	 * every game of a set follows (docs/FAIRNESS.md, "Sets in step"):
	 * 0 before the first draw, else the last address's place in that
	 * order plus one.  It only grows; the referee plays a set's games in
	 * step by it. */
	uint64_t reached;
};

/* The first draw is number 0; observer may be NULL.  Every function below
 * aborts with a message when its arguments are out of range: that is a bug
 * in the game, not something a bot can cause. */
void arena_draws_init(struct draws *draws, const unsigned char key[32],
		draw_observer observer, void *observer_ctx);

/* Every value from now on comes from `source` rather than from the key:
 * draws no log could verify, for the environment's own modes. */
void arena_draws_source(struct draws *draws, draw_source source, void *ctx);

/* Makes the seat rolls of arena_draws_seat_dice() seat draws: a game of a
 * duplicate set.  Call it right after arena_draws_init(). */
void arena_draws_by_seat(struct draws *draws);
/* Whether seat rolls are seat draws (a game of a duplicate set). */
bool arena_draws_in_set(const struct draws *draws);
/* The turn of `seat` (0 <= seat < DRAW_MAX_SEATS) begins: its rolls from
 * now on are the rolls of this turn, its turn t counting from 0. */
void arena_draws_turn(struct draws *draws, int seat);

/* One table draw: `count` dice (1 <= count <= DRAW_MAX_VALUES), faces 1..6. */
void arena_draws_dice(struct draws *draws, int count, int *faces);
/* `seat`, whose turn it is, rolls `count` dice for itself: its next roll
 * j of this turn, a seat draw in a set and a table draw otherwise. */
void arena_draws_seat_dice(struct draws *draws, int seat, int count,
			   int *faces);
/* One table draw: a value in [0, m), 1 <= m <= 2^31 (so that it fits the
 * record's int values). */
uint32_t arena_draws_uniform(struct draws *draws, uint32_t m);
/* `seat`, whose turn it is, draws a value in [0, m) for itself (a card of
 * volle-lotte): its next draw j of this turn, a seat draw in a set and a
 * table draw otherwise. */
uint32_t arena_draws_seat_uniform(struct draws *draws, int seat, uint32_t m);
/* One table draw: a shuffled deck of `cards` (2..DRAW_MAX_VALUES) cards. */
void arena_draws_shuffle(struct draws *draws, int cards, int *deck);

/* The place of a draw's address in the one order of a set's draws
 * (docs/FAIRNESS.md item 8), plus one, with `first_seat` the seat whose
 * turn came first: what `reached` holds after the draw.  Table draws come
 * before seat draws; only the comparison of two places means anything. */
uint64_t arena_draws_order(const struct draw_record *record, int first_seat);
/* The draws of a set ordered by "dealt" (docs/FAIRNESS.md, "Sets in step", item 9) must never go back in
 * that order: the first i whose orders[i] is below orders[i - 1], or
 * `count` when none is. */
size_t arena_draws_out_of_step(const uint64_t *orders, size_t count);

#endif

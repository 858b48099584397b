/*
 * The records of a game of a duplicate set that wait to be dealt
 * (docs/FAIRNESS.md, "Sets in step", item 9): a draw the rules made goes to the log only
 * once every other game of the set still on has drawn as far (or further),
 * numbered then with the set-wide "dealt", and the records after it wait
 * behind it, so that the log keeps the order play made them in.  Ordered
 * by "dealt", a set's draws then never go back in the order of addresses.
 */
#ifndef ARENA_DEALT_QUEUE_H
#define ARENA_DEALT_QUEUE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

struct dealt_queue {
	cJSON **records;
	uint64_t *orders; /* a draw's place in the order of addresses, 0: not a draw */
	size_t head, count, cap;
};

/* Keeps `rec` (the queue owns it then) when it must wait: a draw (`order`,
 * its place plus one, arena_draws_order()) always, any other record while
 * a draw waits before it.  False, keeping nothing, when it need not. */
bool dealt_queue_hold(struct dealt_queue *q, cJSON *rec, uint64_t order);
/* The place of the draw that waits first, or UINT64_MAX when none does. */
uint64_t dealt_queue_waiting(const struct dealt_queue *q);
/* The first record waiting (the caller owns it), or NULL when none is;
 * with `draws_too` false, NULL when the first is a draw. */
cJSON *dealt_queue_take(struct dealt_queue *q, bool draws_too);
void dealt_queue_free(struct dealt_queue *q);

#endif

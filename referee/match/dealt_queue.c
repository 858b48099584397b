/*
 * The records of a set's game waiting to be dealt; see dealt_queue.h.  A
 * plain array with a head: records leave in the order they came.
 */
#include "dealt_queue.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

bool dealt_queue_hold(struct dealt_queue *q, cJSON *rec, uint64_t order)
{
	if (!order && q->head == q->count)
		return false;
	if (q->head == q->count)
		q->head = q->count = 0;
	if (q->count == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 16;
		q->records = xrealloc(q->records, q->cap * sizeof *q->records);
		q->orders = xrealloc(q->orders, q->cap * sizeof *q->orders);
	}
	q->records[q->count] = rec;
	q->orders[q->count++] = order;
	return true;
}

uint64_t dealt_queue_waiting(const struct dealt_queue *q)
{
	return q->head < q->count && q->orders[q->head] ? q->orders[q->head]
							: UINT64_MAX;
}

cJSON *dealt_queue_take(struct dealt_queue *q, bool draws_too)
{
	if (q->head == q->count || (!draws_too && q->orders[q->head]))
		return NULL;
	return q->records[q->head++];
}

void dealt_queue_free(struct dealt_queue *q)
{
	while (q->head < q->count)
		cJSON_Delete(q->records[q->head++]);
	free(q->records);
	free(q->orders);
	memset(q, 0, sizeof *q);
}

/*
 * A region: many small allocations that are released together, carved in
 * order out of a few large blocks.  Reading a log makes thousands of small
 * JSON nodes that all live exactly as long as the log; one region for
 * them replaces a malloc and a free per node.
 */
#ifndef ARENA_REGION_H
#define ARENA_REGION_H

#include <stddef.h>

struct region_block;

struct region {
	struct region_block *blocks; /* the newest first */
	size_t next_size;            /* the size of the next block */
};

/* An empty region whose first block will hold about `hint` bytes. */
void region_init(struct region *r, size_t hint);

/* `size` bytes aligned for any type; aborts when memory runs out, as
 * xmalloc does. */
void *region_alloc(struct region *r, size_t size);

/* Releases every allocation at once; the region is empty again. */
void region_free(struct region *r);

#endif

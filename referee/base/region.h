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

/* The same, but keeps its largest block for what comes next: a region
 * emptied and filled again, job after job, allocates nothing once it is
 * as large as the largest job. */
void region_reset(struct region *r);

/* Makes every cJSON tree come from `r` until region_json_stop(), and
 * cJSON_Delete() free nothing: for a process that builds and drops
 * thousands of small trees a job (the report's workers, a replay a log),
 * which region_reset() then releases at once.  Trees made before must not
 * be deleted until region_json_stop(), nor trees made during it after
 * the region is reset; and memory cJSON allocates (cJSON_Print) must not
 * be released with free() meanwhile. */
void region_json_start(struct region *r);
void region_json_stop(void);

#endif

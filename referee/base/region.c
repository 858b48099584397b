/*
 * Region allocation; see region.h.
 */
#include "region.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "util.h"

#define REGION_ALIGN alignof(max_align_t)
#define REGION_MIN_BLOCK ((size_t)4096)

struct region_block {
	struct region_block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

void region_init(struct region *r, size_t hint)
{
	r->blocks = NULL;
	r->next_size = hint > REGION_MIN_BLOCK ? hint : REGION_MIN_BLOCK;
}

void *region_alloc(struct region *r, size_t size)
{
	struct region_block *b = r->blocks;
	size_t need = (size + REGION_ALIGN - 1) & ~(REGION_ALIGN - 1);

	if (size > ((size_t)-1) / 4)
		abort();  /* no block could hold it: out of memory */
	if (!b || b->size - b->used < need) {
		size_t block = r->next_size > need ? r->next_size : need;

		b = xmalloc(sizeof *b + block);
		b->size = block;
		b->used = 0;
		b->next = r->blocks;
		r->blocks = b;
		/* Doubling keeps the number of blocks logarithmic in the total. */
		r->next_size = block < ((size_t)-1) / 4 ? 2 * block : block;
	}
	b->used += need;
	return b->data + b->used - need;
}

void region_free(struct region *r)
{
	while (r->blocks) {
		struct region_block *next = r->blocks->next;

		free(r->blocks);
		r->blocks = next;
	}
}

void region_reset(struct region *r)
{
	struct region_block *largest = r->blocks;

	if (!largest)
		return;
	r->blocks = largest->next;
	region_free(r);
	largest->next = NULL;
	largest->used = 0;
	r->blocks = largest;
}

/* The region of region_json_start(). */
static struct region *json_region;

static void *json_alloc(size_t size)
{
	return region_alloc(json_region, size);
}

static void json_release(void *pointer)
{
	(void)pointer;  /* released with the region */
}

void region_json_start(struct region *r)
{
	cJSON_Hooks hooks = {.malloc_fn = json_alloc, .free_fn = json_release};

	json_region = r;
	cJSON_InitHooks(&hooks);
}

void region_json_stop(void)
{
	cJSON_InitHooks(NULL);
	json_region = NULL;
}

/*
 * The duplicate sets of logs given to the ladder without their manifest
 * (`referee play --duplicate` writes only logs): the header's "set" "id"
 * names a log's set, and the ladder numbers each id it meets, as it
 * numbers a manifest's sets, so that the error bars of these games are
 * grouped by set too (ratings.h).
 */
#ifndef ARENA_LADDER_SETS_H
#define ARENA_LADDER_SETS_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

struct ladder_sets {
	char **ids;
	uint32_t *numbers;
	size_t count;
};

/* The number of the set that the log header `header` names, the next of
 * *set_count (ladder.h's ladder_data's, counted on) on the id's first
 * sight; 0 for a log of no set. */
uint32_t ladder_sets_number(struct ladder_sets *sets, uint32_t *set_count,
			    const cJSON *header);
void ladder_sets_free(struct ladder_sets *sets);

#endif

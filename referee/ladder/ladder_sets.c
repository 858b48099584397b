/*
 * Set numbers of logs given alone (ladder_sets.h).  A set's logs usually
 * come one after the other, so the ids are searched from the last one met.
 */
#include "ladder_sets.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

uint32_t ladder_sets_number(struct ladder_sets *sets, uint32_t *set_count,
			    const cJSON *header)
{
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(header, "set"), "id"));

	if (!id)
		return 0;
	for (size_t i = sets->count; i-- > 0;)
		if (!strcmp(sets->ids[i], id))
			return sets->numbers[i];
	sets->ids = xrealloc(sets->ids, (sets->count + 1) * sizeof *sets->ids);
	sets->numbers = xrealloc(sets->numbers, (sets->count + 1) * sizeof *sets->numbers);
	sets->ids[sets->count] = xstrdup(id);
	return sets->numbers[sets->count++] = ++*set_count;
}

void ladder_sets_free(struct ladder_sets *sets)
{
	for (size_t i = 0; i < sets->count; i++)
		free(sets->ids[i]);
	free(sets->ids);
	free(sets->numbers);
}

/*
 * The list of games; see registry.h.
 */
#include <string.h>

#include "registry.h"

const struct game_rules *const game_registry[] = {
	&bolo_rules,
	&bolo5_rules,
	&volle_lotte_rules,
	&rolit_rules,
	&black_pot_rules,
	NULL,
};

const struct game_rules *game_find(const char *name)
{
	for (int i = 0; game_registry[i]; i++)
		if (strcmp(game_registry[i]->name, name) == 0)
			return game_registry[i];
	return NULL;
}

/*
 * A game's rules table as one line; see rules_table_text.h.
 */
#include "rules_table_text.h"

#include <stdio.h>
#include <stdlib.h>

const char *rules_table_text(const struct game_rules *rules)
{
	static char *text;
	size_t size;
	FILE *f;

	free(text);
	f = open_memstream(&text, &size);
	fprintf(f, "%s (%s) %s, %d-%d players", rules->name, rules->title,
		rules->rules_version, rules->min_players, rules->max_players);
	for (const struct game_option *o = rules->options; o->name; o++) {
		fprintf(f, "; %s=%s ", o->name, o->default_value);
		if (!o->choices) {
			fprintf(f, "{%ld..%ld}", o->min, o->max);
			continue;
		}
		for (int i = 0; o->choices[i]; i++)
			fprintf(f, "%c%s", i ? '|' : '[', o->choices[i]);
		fputc(']', f);
	}
	fclose(f);
	return text;
}

/*
 * A bot's grades summed over games (grade_tally.h).
 */
#include "grade_tally.h"

#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

void grade_tally_add(struct grade_tally *t, const cJSON *seat)
{
	const cJSON *marks = json_member(seat, "marks");

	t->games++;
	t->decisions += (long)cJSON_GetNumberValue(json_member(seat, "decisions"));
	t->error += cJSON_GetNumberValue(json_member(seat, "error"));
	t->luck += cJSON_GetNumberValue(json_member(seat, "luck"));
	for (const char *const *m = (const char *const[]){"inaccuracy", "mistake",
							   "blunder", NULL}; *m; m++)
		t->marks += (long)cJSON_GetNumberValue(json_member(marks, *m));
}

cJSON *grade_tally_json(const struct grade_tally *t)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "games", (double)t->games);
	if (!t->games)
		return o;
	cJSON_AddNumberToObject(o, "decisions", (double)t->decisions);
	/* A forfeit's loss with no decision counted is no rate: null. */
	if (t->decisions) {
		cJSON_AddNumberToObject(o, "error_per_decision", t->error / (double)t->decisions);
		cJSON_AddNumberToObject(o, "marks_per_100",
					100.0 * (double)t->marks / (double)t->decisions);
	} else {
		cJSON_AddNullToObject(o, "error_per_decision");
		cJSON_AddNullToObject(o, "marks_per_100");
	}
	cJSON_AddNumberToObject(o, "luck_per_game", t->luck / (double)t->games);
	return o;
}

/* The tally of `name` in `tallies` (names[i] is tallies[i]'s), made when
 * new. */
static struct grade_tally *tally_of(const char *name, char ***names,
				    struct grade_tally **tallies, int *count)
{
	int known = *count, i = name_number(names, count, name);

	if (i == known) {
		*tallies = xrealloc(*tallies, (size_t)*count * sizeof **tallies);
		(*tallies)[i] = (struct grade_tally){0};
	}
	return &(*tallies)[i];
}

cJSON *grade_tally_players(const cJSON *games)
{
	char **names = NULL;
	struct grade_tally *tallies = NULL;
	const cJSON *g, *player;
	cJSON *out = cJSON_CreateObject();
	int count = 0;

	cJSON_ArrayForEach(g, games) {
		const cJSON *seats = json_member(g, "grade");
		int s = 0;

		cJSON_ArrayForEach(player, json_member(g, "players")) {
			struct grade_tally *t = cJSON_IsString(player) ? tally_of(
				player->valuestring, &names, &tallies, &count) : NULL;

			if (t && cJSON_IsArray(seats))
				grade_tally_add(t, cJSON_GetArrayItem(seats, s));
			s++;
		}
	}
	for (int i = 0; i < count; i++) {
		cJSON_AddItemToObject(out, names[i], grade_tally_json(&tallies[i]));
		free(names[i]);
	}
	free(names);
	free(tallies);
	return out;
}

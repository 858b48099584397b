/*
 * What a spectator is told about a step of the board games (rolit,
 * black-pot), read off the views before and after it: the action in
 * words, the cells whose content changed (the ball placed and the balls it
 * turned; the pawns put down), lines of five completed, a pass.  Both
 * views give the board as strings, row 1 first, column A first.
 */
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "games/black_pot.h"
#include "replay_family.h"
#include "replay_members.h"

/* Adds every cell that differs between the two boards to "changed" and
 * returns how many; `skip` (a cell name or NULL) is left out. */
static int changed_cells(const cJSON *before, const cJSON *after,
			 const char *skip, cJSON *step, char *list, size_t len)
{
	const cJSON *rows_before = json_member(before, "board");
	const cJSON *rows_after = json_member(after, "board");
	cJSON *changed = cJSON_AddArrayToObject(step, "changed");
	size_t used = 0;
	int count = 0;

	list[0] = '\0';
	for (int r = 0; r < cJSON_GetArraySize(rows_after); r++) {
		const char *a = cJSON_GetStringValue(cJSON_GetArrayItem(rows_after, r));
		const char *b = cJSON_GetStringValue(cJSON_GetArrayItem(rows_before, r));

		for (int c = 0; a && b && a[c] && b[c]; c++) {
			char name[16];

			if (a[c] == b[c])
				continue;
			snprintf(name, sizeof name, "%c%d", 'A' + c, r + 1);
			cJSON_AddItemToArray(changed, cJSON_CreateString(name));
			if (skip && !strcmp(skip, name))
				continue;
			count++;
			if (used < len)
				used += (size_t)snprintf(list + used, len - used, " %s", name);
		}
	}
	return count;
}

void replay_describe_rolit(const cJSON *before, const cJSON *after, cJSON *step)
{
	const char *square = cJSON_GetStringValue(json_member(step, "action"));
	char list[400], text[64];
	int turned;

	if (!square)
		return;
	snprintf(text, sizeof text, "places a ball on %s", square);
	cJSON_AddStringToObject(step, "text", text);
	turned = changed_cells(before, after, square, step, list, sizeof list);
	if (turned)
		replay_event(step, "%d ball%s turned:%s", turned, turned > 1 ? "s" : "", list);
	else
		replay_event(step, "no ball turned");
}

void replay_describe_black_pot(const cJSON *before, const cJSON *after, cJSON *step)
{
	const cJSON *action = json_member(step, "action");
	const cJSON *lines = json_member(after, "lines");
	const char *expr = cJSON_GetStringValue(json_member(action, "expr"));
	const cJSON *sides = json_member(after, "sides");
	char list[400], text[512];
	int placed;

	if (!expr)
		return;
	placed = changed_cells(before, after, NULL, step, list, sizeof list);
	if (placed)
		snprintf(text, sizeof text, "plays %s:%s", expr, list);
	else
		snprintf(text, sizeof text, "plays %s: no pawn placed", expr);
	cJSON_AddStringToObject(step, "text", text);
	for (int i = cJSON_GetArraySize(json_member(before, "lines"));
	     i < cJSON_GetArraySize(lines); i++) {
		const cJSON *line = cJSON_GetArrayItem(lines, i), *cell;
		size_t used = 0;

		list[0] = '\0';
		cJSON_ArrayForEach(cell, json_member(line, "cells"))
			if (used < sizeof list)
				used += (size_t)snprintf(list + used, sizeof list - used,
							 " %s", cell->valuestring);
		replay_event(step, "line of five for %s:%s, %d points",
			     cJSON_GetStringValue(cJSON_GetArrayItem(
				     sides, replay_int(line, "side", 0))),
			     list, replay_int(line, "points", 0));
	}
}

void replay_fixed_black_pot(cJSON *fixed)
{
	/* Black-Pot's cell kinds by number (docs/games/black-pot.md
	 * rule 5.2), for the page to colour the cells: index 0 is unused. */
	cJSON *kinds = cJSON_AddArrayToObject(fixed, "kinds");

	cJSON_AddItemToArray(kinds, cJSON_CreateString(""));
	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
		cJSON_AddItemToArray(kinds, cJSON_CreateString(
			arena_black_pot_kind_name(arena_black_pot_kind(n))));
}

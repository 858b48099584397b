/*
 * Actions in words (action_words.h), one wording a family of games.
 */
#include "action_words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

/* `n` with a comma every three digits: 1,600. */
static char *grouped(long n)
{
	char digits[32], out[48];
	int len = snprintf(digits, sizeof digits, "%ld", labs(n)), k = 0;

	if (n < 0)
		out[k++] = '-';
	for (int i = 0; i < len; i++) {
		if (i && (len - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = digits[i];
	}
	out[k] = '\0';
	return xstrdup(out);
}

long action_keep_points(const cJSON *view, const cJSON *keep)
{
	const cJSON *offer;

	cJSON_ArrayForEach(offer, json_member(view, "keeps")) {
		const cJSON *faces = json_member(offer, "keep");
		int a[7] = {0}, b[7] = {0};
		const cJSON *f;

		cJSON_ArrayForEach(f, faces)
			a[f->valueint >= 1 && f->valueint <= 6 ? f->valueint : 0]++;
		cJSON_ArrayForEach(f, keep)
			b[f->valueint >= 1 && f->valueint <= 6 ? f->valueint : 0]++;
		if (!memcmp(a, b, sizeof a) && json_member(offer, "points"))
			return (long)cJSON_GetNumberValue(json_member(offer, "points"));
	}
	return -1;
}

static char *dice_words(const cJSON *action, const cJSON *view)
{
	const cJSON *keep = json_member(action, "keep"), *f;
	const char *word = cJSON_GetStringValue(action);
	char faces[96] = "", *points, *text;
	long have = action_keep_points(view, keep);
	int len = 0;

	if (cJSON_IsArray(keep)) {
		cJSON_ArrayForEach(f, keep)
			len += snprintf(faces + len, sizeof faces - (size_t)(len < 90 ? len : 90),
					"%s%d", len ? ", " : "", f->valueint);
		points = have >= 0 ? grouped(have) : NULL;
		text = points ? xasprintf("keep %s for %s", faces, points) : xasprintf("keep %s", faces);
		free(points);
		return text;
	}
	if (word && !strcmp(word, "bank") && json_member(view, "turn_total")) {
		points = grouped((long)cJSON_GetNumberValue(json_member(view, "turn_total")));
		text = xasprintf("bank %s", points);
		free(points);
		return text;
	}
	if (word && !strcmp(word, "roll") && json_member(view, "dice_left")) {
		int n = (int)cJSON_GetNumberValue(json_member(view, "dice_left"));

		return xasprintf("roll %d %s", n, n == 1 ? "die" : "dice");
	}
	if (word && !strcmp(word, "draw"))
		return xstrdup("draw a new card");
	if (word && !strcmp(word, "reroll"))
		return xstrdup("reroll the two dice");
	return word ? xstrdup(word) : NULL;
}

static char *board_words(const cJSON *action)
{
	const cJSON *cell, *cells = json_member(action, "cells");
	const char *expr = cJSON_GetStringValue(json_member(action, "expr"));
	char *text, *more;

	if (cJSON_IsString(action)) {
		text = xstrdup(action->valuestring);
		for (char *c = text; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		return text;
	}
	if (!expr || !cJSON_IsArray(cells))
		return NULL;
	text = xasprintf(cJSON_GetArraySize(cells) ? "%s on" : "%s, no pawn placed", expr);
	cJSON_ArrayForEach(cell, cells) {
		more = xasprintf("%s %s", text, cJSON_GetStringValue(cell) ? cell->valuestring : "?");
		free(text);
		text = more;
	}
	return text;
}

char *action_words(const struct game_rules *rules, const cJSON *action,
		   const cJSON *view)
{
	char *text = NULL;

	if (!action)
		return xstrdup("");
	if (rules && rules->family == GAME_FAMILY_DICE)
		text = dice_words(action, view);
	else if (rules)
		text = board_words(action);
	return text ? text : json_print_line(action);
}

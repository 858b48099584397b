/*
 * A game's forfeits and reply times by seat; see game_figures.h.
 */
#include "game_figures.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

unsigned char forfeit_reasons_number(struct forfeit_reasons *reasons, const char *name)
{
	if (!name)
		return 0;
	/* A log may say anything: the last stands for the rest. */
	if (reasons->count == 255 && name_index(reasons->names, 255, name) < 0)
		return 255;
	return (unsigned char)(name_number(&reasons->names, &reasons->count, name) + 1);
}

/* A number of a record as an integer, `fallback` when it is missing or
 * not a number (a cast of cJSON's NaN for "missing" is undefined). */
static int64_t integer_of(const cJSON *item, int64_t fallback)
{
	double v = cJSON_IsNumber(item) ? item->valuedouble : NAN;

	return isfinite(v) && fabs(v) < 9e18 ? (int64_t)v : fallback;
}

void game_figures_from_log(const struct game_log *log, int seats,
			   struct forfeit_reasons *reasons,
			   struct game_figures *out,
			   struct reply_clocks *const *replies)
{
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < log->count; i++) {
		const char *type = logread_string(log, i, "type");
		const cJSON *line = log->lines[i].json;
		int64_t seat = integer_of(cJSON_GetObjectItemCaseSensitive(line, "seat"), -1);

		if (!type || seat < 0 || seat >= seats)
			continue;
		if (!strcmp(type, "forfeit") && !out->reason[seat])
			out->reason[seat] = forfeit_reasons_number(reasons, logread_string(log, i, "reason"));
		else if (!strcmp(type, "action") && replies && replies[seat] &&
			 !cJSON_GetObjectItemCaseSensitive(line, "opening")) {
			/* An opening move is no reply: no bot was asked. */
			const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(line, "cpu_us");

			reply_times_add(&replies[seat]->wall, integer_of(
				cJSON_GetObjectItemCaseSensitive(line, "us"), 0));
			if (cpu)
				reply_times_add(&replies[seat]->cpu, integer_of(cpu, 0));
		}
	}
}

void forfeit_reasons_free(struct forfeit_reasons *reasons)
{
	strings_free_count(reasons->names, reasons->count);
	memset(reasons, 0, sizeof *reasons);
}

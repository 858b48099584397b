/*
 * The look ahead of grade_ahead.h: a game played again from its log's
 * records alone, each draw's values read from the next draw record (in
 * the order the rules draw them), with no key, hash or signature, up to
 * its first forfeit.
 */
#include "grade_ahead.h"

#include <string.h>

#include "base/game_play.h"
#include "base/json.h"
#include "base/util.h"

/* Where the replay is in the log: the line of the draw read last. */
struct grade_ahead_draws {
	const struct game_log *log;
	size_t line;
	const cJSON *values;	/* its dice's faces, or NULL: one value */
	const cJSON *value;
};

/* The log's next draw record, from line `from` on, into d (false when
 * there is none). */
static bool grade_ahead_next(struct grade_ahead_draws *d, size_t from)
{
	for (size_t i = from; i < d->log->count; i++) {
		const struct log_line *line = &d->log->lines[i];

		if (line->json && line->type && !strcmp(line->type, "draw")) {
			d->line = i;
			d->values = json_member(line->json, "faces");
			d->value = json_member(line->json, "value");
			return true;
		}
	}
	d->line = d->log->count;
	return false;
}

/* Value `at` of the draw begun (draw_source of games/draws.h): a die's
 * face less one, or the record's value; 0 where the log has none fit. */
static uint32_t grade_ahead_source(void *ctx, const struct draw_record *draw,
				   int at, uint32_t m)
{
	struct grade_ahead_draws *d = ctx;
	const cJSON *v;
	double x;

	if (at == 0)
		grade_ahead_next(d, d->line + 1);
	if (d->line >= d->log->count)
		return 0;
	v = draw->kind == DRAW_DICE ? cJSON_GetArrayItem(d->values, at) : d->value;
	x = cJSON_GetNumberValue(v) - (draw->kind == DRAW_DICE);
	return x >= 0 && x < m ? (uint32_t)x : 0;
}

void grade_replay(const struct game_log *log, const struct game_rules *rules,
		  int players, const cJSON *options, grade_decided *each,
		  void *ctx)
{
	static const unsigned char key[32];
	struct grade_ahead_draws d = {.log = log};
	struct game_play play;
	struct draws draws;
	char err[ERR_LEN];

	if (!rules)
		return;
	game_play_init(&play, rules, players);
	arena_draws_init(&draws, key, NULL, NULL);
	arena_draws_source(&draws, grade_ahead_source, &d);
	if (game_play_begin(&play, options, &draws, err) == 0)
		for (size_t i = 0; i < log->count; i++) {
			const struct log_line *line = &log->lines[i];
			const cJSON *action;

			if (!line->json || !line->type)
				continue;
			if (!strcmp(line->type, "forfeit") ||
			    game_play_to_move(&play) < 0)
				break;
			if (strcmp(line->type, "action"))
				continue;
			action = json_member(line->json, "action");
			each(ctx, play.state, game_play_to_move(&play), action);
			if (game_play_apply(&play, action, &draws, err))
				break;
		}
	game_play_free(&play);
}

/* grade_decided of grade_ahead(): the state told to the values. */
static void grade_ahead_tell(void *ctx, const void *state, int seat,
			     const cJSON *action)
{
	(void)seat;
	(void)action;
	grade_values_ahead(ctx, state);
}

void grade_ahead(struct grade_values *gv, const struct game_log *log,
		 const struct game_rules *rules, int players,
		 const cJSON *options)
{
	if (grade_values_exact(gv))
		grade_replay(log, rules, players, options, grade_ahead_tell, gv);
}

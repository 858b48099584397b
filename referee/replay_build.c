/*
 * Building a replay document (replay.h) by replaying a log through
 * verify_log's hooks.  The verifier reports a record after it is played,
 * except draws, which it reports while the rules are still applying the
 * action that made them: so draws are held back and given to the next
 * record reported (the action, forfeit or start that caused them), and the
 * table is never looked at from a draw.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "replay.h"
#include "util.h"
#include "verify.h"
#include "wire.h"

/* View members that never change during a game: kept once in the
 * document's "fixed" object instead of in every step. */
static const char *const fixed_members[] = {"numbers", "size", "sides",
					    "colours", "players", NULL};
/* View members that only a bot needs (the legal keeps and their points). */
static const char *const bot_only_members[] = {"keeps", NULL};

struct builder {
	const struct replay_options *options;
	struct replay *out;
	cJSON *steps, *fixed;
	cJSON *draws;     /* words of draws not yet given to a step */
	cJSON *rolls;     /* the faces of those that were dice */
	cJSON *last_view; /* the full view after the last step */
	long move_ms, game_ms;
	long long used_us[GAME_MAX_SEATS];
};

int replay_int(const cJSON *object, const char *name, int fallback)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	return cJSON_IsNumber(item) ? (int)item->valuedouble : fallback;
}

void replay_event(cJSON *step, const char *fmt, ...)
{
	cJSON *events = cJSON_GetObjectItemCaseSensitive(step, "events");
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!events)
		events = cJSON_AddArrayToObject(step, "events");
	cJSON_AddItemToArray(events, cJSON_CreateString(text));
}

void replay_describe(const char *game, const cJSON *before, const cJSON *after,
		     cJSON *step)
{
	if (!strcmp(game, "rolit") || !strcmp(game, "black-pot"))
		replay_describe_board(game, before, after, step);
	else
		replay_describe_dice(before, after, step);
}

/* A draw record in words, e.g. "dice: 3 5 1 1 4 6". */
static void draw_words(struct builder *b, const cJSON *record)
{
	const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "kind"));
	const cJSON *faces = cJSON_GetObjectItemCaseSensitive(record, "faces");
	const cJSON *face;
	char text[128] = "";
	size_t len = 0;

	if (kind && !strcmp(kind, "dice")) {
		cJSON_AddItemToArray(b->rolls, cJSON_Duplicate(faces, true));
		len = (size_t)snprintf(text, sizeof text, "rolled:");
		cJSON_ArrayForEach(face, faces)
			if (len < sizeof text)
				len += (size_t)snprintf(text + len, sizeof text - len,
							" %d", (int)face->valuedouble);
	} else if (kind && !strcmp(kind, "shuffle")) {
		snprintf(text, sizeof text, "the deck of %d cards is shuffled",
			 cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(record, "deck")));
	} else {
		snprintf(text, sizeof text, "drawn from 0 to %d: %d",
			 replay_int(record, "m", 0) - 1, replay_int(record, "value", 0));
	}
	cJSON_AddItemToArray(b->draws, cJSON_CreateString(text));
}

/* The spectator's view of the table now, without the members kept once
 * in "fixed" and those only a bot needs; *full gets the whole view. */
static cJSON *step_view(struct builder *b, const struct table *table, cJSON **full)
{
	cJSON *view;

	*full = NULL;
	if (!table->state)
		return NULL;
	*full = table->rules->view(table->state, -1);
	view = cJSON_Duplicate(*full, true);
	for (int k = 0; fixed_members[k]; k++) {
		cJSON *item = cJSON_DetachItemFromObjectCaseSensitive(view, fixed_members[k]);

		if (item && !cJSON_GetObjectItemCaseSensitive(b->fixed, fixed_members[k]))
			cJSON_AddItemToObject(b->fixed, fixed_members[k], item);
		else
			cJSON_Delete(item);
	}
	for (int k = 0; bot_only_members[k]; k++)
		cJSON_DeleteItemFromObjectCaseSensitive(view, bot_only_members[k]);
	return view;
}

/* A new step with the draws made since the last one and the position now. */
static cJSON *add_step(struct builder *b, const struct table *table, int seat,
		       const char *text, const cJSON *action_record)
{
	cJSON *step = cJSON_CreateObject(), *full, *view;

	cJSON_AddNumberToObject(step, "move", b->out->moves);
	cJSON_AddNumberToObject(step, "seat", seat);
	if (action_record) {
		cJSON_AddItemReferenceToObject(step, "action",
			cJSON_GetObjectItemCaseSensitive(action_record, "action"));
		cJSON_AddItemReferenceToObject(step, "us",
			cJSON_GetObjectItemCaseSensitive(action_record, "us"));
	}
	if (text)
		cJSON_AddStringToObject(step, "text", text);
	cJSON_AddItemToObject(step, "draws", b->draws);
	b->draws = cJSON_CreateArray();
	if (cJSON_GetArraySize(b->rolls))
		cJSON_AddItemToObject(step, "rolls", b->rolls);
	else
		cJSON_Delete(b->rolls);
	b->rolls = cJSON_CreateArray();
	view = step_view(b, table, &full);
	if (full)
		replay_describe(table->rules->name, b->last_view, full, step);
	if (view)
		cJSON_AddItemToObject(step, "view", view);
	if (full) {
		cJSON_Delete(b->last_view);
		b->last_view = full;
	}
	if (b->options->boards && table->state) {
		char *board = table->rules->render(table->state);

		cJSON_AddStringToObject(step, "board", board);
		free(board);
	}
	cJSON_AddItemToArray(b->steps, step);
	return step;
}

static void on_header(struct builder *b, const cJSON *record)
{
	cJSON *doc = b->out->doc, *names = cJSON_AddArrayToObject(doc, "players");
	const cJSON *player, *time = cJSON_GetObjectItemCaseSensitive(record, "time");
	const char *game = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "game"));
	const struct game_rules *rules = game ? game_find(game) : NULL;

	cJSON_AddStringToObject(doc, "game", game ? game : "?");
	cJSON_AddStringToObject(doc, "title", rules ? rules->title : "?");
	cJSON_AddItemReferenceToObject(doc, "rules",
		cJSON_GetObjectItemCaseSensitive(record, "rules"));
	cJSON_AddItemReferenceToObject(doc, "game_id",
		cJSON_GetObjectItemCaseSensitive(record, "game_id"));
	cJSON_AddItemReferenceToObject(doc, "options",
		cJSON_GetObjectItemCaseSensitive(record, "options"));
	cJSON_AddItemReferenceToObject(doc, "time", (cJSON *)time);
	cJSON_ArrayForEach(player, cJSON_GetObjectItemCaseSensitive(record, "players")) {
		const char *name = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(player, "name"));

		cJSON_AddItemToArray(names, cJSON_CreateString(name ? name : "?"));
	}
	b->move_ms = replay_int(time, "move_ms", 0);
	b->game_ms = replay_int(time, "game_ms", 0);
}

/* The words of a forfeit: "seat 1 (name) forfeits: timeout: ...". */
static void on_forfeit(struct builder *b, const cJSON *record,
		       const struct table *table)
{
	int seat = replay_int(record, "seat", -1);
	const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(b->out->doc, "players"), seat));
	char text[ERR_LEN];
	cJSON *step, *forfeit;

	snprintf(text, sizeof text, "seat %d (%s) forfeits: %s: %s", seat,
		 name ? name : "?",
		 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "reason")),
		 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "detail")));
	step = add_step(b, table, seat, text, NULL);
	forfeit = cJSON_AddObjectToObject(step, "forfeit");
	cJSON_AddItemReferenceToObject(forfeit, "reason",
		cJSON_GetObjectItemCaseSensitive(record, "reason"));
	cJSON_AddItemReferenceToObject(forfeit, "detail",
		cJSON_GetObjectItemCaseSensitive(record, "detail"));
}

static void on_action(struct builder *b, const cJSON *record,
		      const struct table *table)
{
	int seat = replay_int(record, "seat", -1);
	const cJSON *us = cJSON_GetObjectItemCaseSensitive(record, "us");

	b->out->moves++;
	add_step(b, table, seat, NULL, record);
	if (seat >= 0 && seat < GAME_MAX_SEATS)
		b->used_us[seat] += (long long)cJSON_GetNumberValue(us);
}

/* The turn message the match would send now (match.c, play_turn); the
 * game budget is rebuilt from the logged times. */
static void keep_message(struct builder *b, const struct table *table)
{
	int seat = table_to_move(table);
	long allowance = b->move_ms;

	if (seat < 0)
		return;
	if (b->game_ms) {
		long left = b->game_ms - (long)(b->used_us[seat] / 1000);

		allowance = left < allowance ? (left > 0 ? left : 0) : allowance;
	}
	cJSON_Delete(b->out->message);
	b->out->message = wire_turn(seat, table->rules->view(table->state, seat),
				    table->rules->legal(table->state), allowance);
}

static void on_record(void *ctx, size_t line, const cJSON *record,
		      const struct table *table)
{
	struct builder *b = ctx;
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
	char text[128];

	(void)line;
	if (!strcmp(type, "draw")) {
		draw_words(b, record);
		return;
	}
	if (!strcmp(type, "begin")) {
		if (table->state)
			snprintf(text, sizeof text, "play begins: seat %d starts",
				 table->first_seat);
		else
			snprintf(text, sizeof text, "play begins with fewer than "
				 "two seats left: the game is over");
		add_step(b, table, -1, text, NULL);
	} else if (!strcmp(type, "abandon")) {
		add_step(b, table, -1, "no match key could be formed: the game "
			 "is abandoned", NULL);
	} else if (!strcmp(type, "action")) {
		on_action(b, record, table);
	} else if (!strcmp(type, "forfeit")) {
		on_forfeit(b, record, table);
	} else if (!strcmp(type, "result")) {
		cJSON *result = cJSON_AddObjectToObject(b->out->doc, "result");

		cJSON_AddItemReferenceToObject(result, "ranks",
			cJSON_GetObjectItemCaseSensitive(record, "ranks"));
		cJSON_AddItemReferenceToObject(result, "scores",
			cJSON_GetObjectItemCaseSensitive(record, "scores"));
	}
	if (b->options->message_move == b->out->moves + 1 && table->state)
		keep_message(b, table);
}

int replay_build(const struct game_log *log, const struct replay_options *options,
		 struct replay *out, char *err)
{
	struct builder b = {.options = options, .out = out};
	struct verify_hooks hooks = {.on_record = on_record, .ctx = &b};
	struct verify_summary summary;
	char why[ERR_LEN];
	cJSON *verify;

	memset(out, 0, sizeof *out);
	if (!log->count || !log->lines[0].json ||
	    strcmp(logread_string(log, 0, "type") ? logread_string(log, 0, "type") : "",
		   "header"))
		return errorf(err, "%s is not a game log: its first line is not "
			      "a header record", log->path);
	out->doc = cJSON_CreateObject();
	b.fixed = cJSON_AddObjectToObject(out->doc, "fixed");
	b.steps = cJSON_AddArrayToObject(out->doc, "steps");
	b.draws = cJSON_CreateArray();
	b.rolls = cJSON_CreateArray();
	/* The header is read before verifying, so that a log that fails
	 * before its replay (a broken chain) still names its game and players. */
	on_header(&b, log->lines[0].json);
	out->verified = verify_log(log, NULL, &hooks, &summary, why) == 0;
	verify = cJSON_AddObjectToObject(out->doc, "verify");
	cJSON_AddBoolToObject(verify, "ok", out->verified);
	if (out->verified)
		cJSON_AddStringToObject(verify, "key", summary.key_hex);
	else
		cJSON_AddStringToObject(verify, "error", why);
	if (!cJSON_GetObjectItemCaseSensitive(out->doc, "result"))
		cJSON_AddNullToObject(out->doc, "result");
	cJSON_AddNumberToObject(out->doc, "moves", out->moves);
	replay_fixed(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(out->doc, "game")),
		     b.fixed);
	cJSON_Delete(b.draws);
	cJSON_Delete(b.rolls);
	cJSON_Delete(b.last_view);
	return 0;
}

void replay_free(struct replay *replay)
{
	cJSON_Delete(replay->doc);
	cJSON_Delete(replay->message);
	replay->doc = replay->message = NULL;
}

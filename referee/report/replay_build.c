/*
 * Building a replay document (replay.h) record by record: from a log, by
 * replaying it through verify_log's hooks, or live, from the records a
 * match hands out as it plays (`play --show`), so that both tell a game
 * in the same words.  Records come as the verifier reports them: after
 * they are played, except draws, which come while the rules are still
 * applying the action that made them: so draws are held back and given to
 * the next record reported (the action, forfeit or start that caused
 * them), and the game is never looked at from a draw.  The document
 * copies what it keeps of a record, which may be freed at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/keys.h"
#include "base/util.h"
#include "base/verify.h"
#include "base/wire.h"
#include "games/registry.h"
#include "replay.h"
#include "replay_family.h"
#include "replay_members.h"

/* View members that never change during a game: kept once in the
 * document's "fixed" object instead of in every step. */
static const char *const fixed_members[] = {"numbers", "size", "sides",
					    "colours", "players", NULL};
/* View members that only a bot needs (the legal keeps and their points). */
static const char *const bot_only_members[] = {"keeps", NULL};

struct replay_builder {
	const struct replay_options *options;
	struct replay *out;
	cJSON *steps, *fixed;
	cJSON *draws;     /* words of draws not yet given to a step */
	cJSON *rolls;     /* the faces of those that were dice */
	int roll_word;    /* the index in draws of the last roll's words, or -1 */
	bool have_header;
	const struct game_rules *rules; /* the header's game, or NULL */
	cJSON *last_view; /* the last step's view, with what only a bot needs */
	cJSON *made;      /* the step the record being added made, or NULL */
	long move_ms, game_ms;
	long long used_us[GAME_MAX_SEATS];
};

/* Copies member `name` of `from`, if it has one, into `to`. */
static void copy_member(cJSON *to, const char *name, const cJSON *from)
{
	const cJSON *item = json_member(from, name);

	if (item)
		cJSON_AddItemToObject(to, name, cJSON_Duplicate(item, true));
}

/* A draw record in words, e.g. "dice: 3 5 1 1 4 6". */
static void draw_words(struct replay_builder *b, const cJSON *record)
{
	const char *kind = cJSON_GetStringValue(json_member(record, "kind"));
	const cJSON *faces = json_member(record, "faces");
	char text[128] = "rolled:";

	if (kind && !strcmp(kind, "dice")) {
		b->roll_word = cJSON_GetArraySize(b->draws);
		cJSON_AddItemToArray(b->rolls, cJSON_Duplicate(faces, true));
		replay_faces(text, sizeof text, strlen(text), faces);
	} else if (kind && !strcmp(kind, "shuffle")) {
		snprintf(text, sizeof text, "the deck of %d cards is shuffled",
			 cJSON_GetArraySize(json_member(record, "deck")));
	} else {
		snprintf(text, sizeof text, "drawn from 0 to %d: %d",
			 replay_int(record, "m", 0) - 1, replay_int(record, "value", 0));
	}
	cJSON_AddItemToArray(b->draws, cJSON_CreateString(text));
}

/* Takes the members kept once in "fixed" out of a step's view (into
 * "fixed" the first time). */
static void take_fixed(struct replay_builder *b, cJSON *view)
{
	for (int k = 0; fixed_members[k]; k++) {
		cJSON *item = json_member(view, fixed_members[k]);

		if (!item)
			continue;
		cJSON_DetachItemViaPointer(view, item);
		if (!json_member(b->fixed, fixed_members[k]))
			cJSON_AddItemToObject(b->fixed, fixed_members[k], item);
		else
			cJSON_Delete(item);
	}
}

/* Takes the members only a bot needs out of a step's view. */
static void take_bot_only(cJSON *view)
{
	for (int k = 0; view && bot_only_members[k]; k++) {
		cJSON *item = json_member(view, bot_only_members[k]);

		if (item)
			cJSON_Delete(cJSON_DetachItemViaPointer(view, item));
	}
}

/* Whether the last roll drawn is the roll the position shows waiting:
 * its words ("rolled: ...") would tell it a second time. */
static bool roll_waiting(const struct replay_builder *b, const cJSON *full)
{
	const cJSON *shown = json_member(full, "roll");
	const cJSON *face;
	int count[7] = {0};

	if (b->roll_word < 0 || !cJSON_GetArraySize(shown))
		return false;
	cJSON_ArrayForEach(face, cJSON_GetArrayItem(b->rolls,
						     cJSON_GetArraySize(b->rolls) - 1))
		count[(int)face->valuedouble % 7]++;
	cJSON_ArrayForEach(face, shown)
		count[(int)face->valuedouble % 7]--;
	for (int f = 0; f < 7; f++)
		if (count[f])
			return false;
	return true;
}

/* A new step with the draws made since the last one and the position now.
 * The step keeps the spectator's view the rules made, whole until it has
 * been told: the members kept once in "fixed" are taken out of it then,
 * those only a bot needs once the next step has been told (a describer
 * reads them in the view before), so that no view is copied. */
static cJSON *add_step(struct replay_builder *b, const struct game_play *play, int seat,
		       const char *text, const cJSON *action_record)
{
	cJSON *step = cJSON_CreateObject();
	cJSON *view = play->state ? play->rules->view(play->state, -1) : NULL;

	cJSON_AddNumberToObject(step, "move", b->out->moves);
	cJSON_AddNumberToObject(step, "seat", seat);
	if (action_record) {
		copy_member(step, "action", action_record);
		copy_member(step, "us", action_record);
		copy_member(step, "cpu_us", action_record);
		copy_member(step, "opening", action_record);
		copy_member(step, "info", action_record);
	}
	if (text)
		cJSON_AddStringToObject(step, "text", text);
	if (roll_waiting(b, view))
		cJSON_DeleteItemFromArray(b->draws, b->roll_word);
	b->roll_word = -1;
	cJSON_AddItemToObject(step, "draws", b->draws);
	b->draws = cJSON_CreateArray();
	if (cJSON_GetArraySize(b->rolls))
		cJSON_AddItemToObject(step, "rolls", b->rolls);
	else
		cJSON_Delete(b->rolls);
	b->rolls = cJSON_CreateArray();
	if (view && b->last_view)
		replay_family(play->rules)->describe(b->last_view, view, step);
	if (view) {
		take_bot_only(b->last_view);
		take_fixed(b, view);
		cJSON_AddItemToObject(step, "view", view);
		b->last_view = view;
	}
	if (b->options->boards && play->state) {
		char *board = play->rules->render(play->state);

		cJSON_AddStringToObject(step, "board", board);
		free(board);
	}
	cJSON_AddItemToArray(b->steps, step);
	b->made = step;
	return step;
}

static void on_header(struct replay_builder *b, const cJSON *record)
{
	cJSON *doc = b->out->doc, *names = cJSON_AddArrayToObject(doc, "players");
	const cJSON *player, *time = json_member(record, "time");
	const char *game = cJSON_GetStringValue(json_member(record, "game"));
	const struct game_rules *rules = game ? arena_game_find(game) : NULL;

	cJSON_AddStringToObject(doc, "game", game ? game : "?");
	cJSON_AddStringToObject(doc, "title", rules ? rules->title : "?");
	copy_member(doc, "rules", record);
	copy_member(doc, "game_id", record);
	copy_member(doc, "options", record);
	copy_member(doc, "time", record);
	cJSON_ArrayForEach(player, json_member(record, "players")) {
		const char *name = cJSON_GetStringValue(
			json_member(player, "name"));

		cJSON_AddItemToArray(names, cJSON_CreateString(name ? name : "?"));
	}
	b->rules = rules;
	b->move_ms = replay_int(time, "move_ms", 0);
	b->game_ms = replay_int(time, "game_ms", 0);
}

/* The words of a forfeit: "seat 1 (name) forfeits: timeout: ...". */
static void on_forfeit(struct replay_builder *b, const cJSON *record,
		       const struct game_play *play)
{
	int seat = replay_int(record, "seat", -1);
	const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(
		json_member(b->out->doc, "players"), seat));
	char text[ERR_LEN];
	cJSON *step, *forfeit;

	snprintf(text, sizeof text, "seat %d (%s) forfeits: %s: %s", seat,
		 name ? name : "?",
		 cJSON_GetStringValue(json_member(record, "reason")),
		 cJSON_GetStringValue(json_member(record, "detail")));
	step = add_step(b, play, seat, text, NULL);
	forfeit = cJSON_AddObjectToObject(step, "forfeit");
	copy_member(forfeit, "reason", record);
	copy_member(forfeit, "detail", record);
}

static void on_action(struct replay_builder *b, const cJSON *record,
		      const struct game_play *play)
{
	int seat = replay_int(record, "seat", -1);
	const cJSON *us = json_member(record, "us");

	b->out->moves++;
	add_step(b, play, seat, NULL, record);
	if (seat >= 0 && seat < GAME_MAX_SEATS && cJSON_IsNumber(us))
		b->used_us[seat] += (long long)cJSON_GetNumberValue(us);
}

/* The turn message the match would send now (match.c, play_turn); the
 * game budget is rebuilt from the logged times. */
static void keep_message(struct replay_builder *b, const struct game_play *play)
{
	int seat = game_play_to_move(play);
	long allowance = b->move_ms;

	if (seat < 0)
		return;
	if (b->game_ms) {
		long left = b->game_ms - (long)(b->used_us[seat] / 1000);

		allowance = left < allowance ? (left > 0 ? left : 0) : allowance;
	}
	cJSON_Delete(b->out->message);
	b->out->message = wire_turn(seat, play->rules->view(play->state, seat),
				    play->rules->legal(play->state), allowance);
}

const cJSON *replay_builder_add(struct replay_builder *b, const cJSON *record,
			       const struct game_play *play)
{
	const char *type = cJSON_GetStringValue(json_member(record, "type"));
	char text[128];

	b->made = NULL;
	if (!type)
		return NULL;
	if (!strcmp(type, "header") && !b->have_header) {
		on_header(b, record);
		b->have_header = true;
	} else if (!strcmp(type, "draw")) {
		draw_words(b, record);
	} else if (!strcmp(type, "begin")) {
		if (play->state)
			snprintf(text, sizeof text, "play begins: seat %d starts",
				 play->first_seat);
		else
			snprintf(text, sizeof text, "play begins with fewer than "
				 "two seats left: the game is over");
		add_step(b, play, -1, text, NULL);
	} else if (!strcmp(type, "abandon")) {
		add_step(b, play, -1, "no match key could be formed: the game "
			 "is abandoned", NULL);
	} else if (!strcmp(type, "action")) {
		on_action(b, record, play);
	} else if (!strcmp(type, "forfeit")) {
		on_forfeit(b, record, play);
	} else if (!strcmp(type, "result")) {
		cJSON *result = cJSON_AddObjectToObject(b->out->doc, "result");

		copy_member(result, "ranks", record);
		copy_member(result, "scores", record);
	}
	if (strcmp(type, "draw") && b->options->message_move == b->out->moves + 1 &&
	    play && play->state)
		keep_message(b, play);
	/* Kept, not counted: counting the steps at each record took time
	 * that grew with the square of a game's length. */
	return b->made;
}

struct replay_builder *replay_builder_new(const struct replay_options *options,
					  struct replay *out)
{
	struct replay_builder *b = xcalloc(1, sizeof *b);

	memset(out, 0, sizeof *out);
	*b = (struct replay_builder){.options = options, .out = out, .roll_word = -1};
	out->doc = cJSON_CreateObject();
	b->fixed = cJSON_AddObjectToObject(out->doc, "fixed");
	b->steps = cJSON_AddArrayToObject(out->doc, "steps");
	b->draws = cJSON_CreateArray();
	b->rolls = cJSON_CreateArray();
	return b;
}

void replay_builder_free(struct replay_builder *b)
{
	cJSON *doc = b->out->doc;

	if (!json_member(doc, "result"))
		cJSON_AddNullToObject(doc, "result");
	cJSON_AddNumberToObject(doc, "moves", b->out->moves);
	if (b->rules && replay_family(b->rules)->fixed)
		replay_family(b->rules)->fixed(b->fixed);
	cJSON_Delete(b->draws);
	cJSON_Delete(b->rolls);
	take_bot_only(b->last_view);
	free(b);
}

static void on_verified(void *ctx, size_t line, const cJSON *record,
			const struct game_play *play)
{
	(void)line;
	replay_builder_add(ctx, record, play);
}

int replay_build(const struct game_log *log, const struct replay_options *options,
		 struct replay *out, char *err)
{
	struct replay_builder *b;
	/* A game no referee ran is shown too, and said to be one. */
	struct verify_hooks hooks = {.on_record = on_verified,
				     .unsigned_ok = true,
				     .what_if_ok = options->what_if_ok};
	struct verify_summary summary;
	char why[ERR_LEN];
	cJSON *verify;

	if (!log->count && log->corrupt) {
		memset(out, 0, sizeof *out);
		return errorf(err, "%s: corrupt compressed data: its gzip data do "
			      "not read", log->path);
	}
	if (!log->count || !log->lines[0].type || strcmp(log->lines[0].type, "header")) {
		memset(out, 0, sizeof *out);
		return errorf(err, "%s is not a game log: its first line is not "
			      "a header record", log->path);
	}
	hooks.ctx = b = replay_builder_new(options, out);
	/* The header is read before verifying, so that a log that fails
	 * before its replay (a broken chain) still names its game and players. */
	replay_builder_add(b, log->lines[0].json, NULL);
	out->verified = verify_log(log, options->trusted_key, &hooks, &summary,
				   why) == 0;
	verify = cJSON_AddObjectToObject(out->doc, "verify");
	cJSON_AddBoolToObject(verify, "ok", out->verified);
	if (out->verified) {
		char trust[VERIFY_SIGNER_LEN];
		bool trusted = !summary.unrefereed &&
			       keys_trust(trust, summary.key_hex,
					  options->trusted_key != NULL);

		if (summary.unrefereed) /* its chain and play only */
			verify_signer(trust, &summary, false);
		cJSON_AddStringToObject(verify, "key", summary.key_hex);
		cJSON_AddBoolToObject(verify, "trusted", trusted);
		cJSON_AddStringToObject(verify, "trust", trust);
		if (summary.unrefereed)
			cJSON_AddFalseToObject(verify, "refereed");
		if (summary.hypothetical)
			cJSON_AddTrueToObject(verify, "hypothetical");
	} else {
		cJSON_AddStringToObject(verify, "error", why);
	}
	replay_builder_free(b);
	return 0;
}

void replay_free(struct replay *replay)
{
	cJSON_Delete(replay->doc);
	cJSON_Delete(replay->message);
	replay->doc = replay->message = NULL;
}

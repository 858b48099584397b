/*
 * One game of the environment; see env_game.h.
 */
#include "env_game.h"

#include <stdlib.h>
#include <string.h>

#include "games/black_pot.h"
#include "games/dice.h"
#include "games/fair.h"
#include "games/registry.h"
#include "games/support.h"
#include "observe.h"
#include "referee/base/json.h"
#include "referee/base/options.h"
#include "referee/base/records.h"
#include "referee/base/seed.h"
#include "referee/base/util.h"

/* Keeps each draw as the log record the referee writes for it. */
static void env_game_record_draw(void *ctx, const struct draw_record *draw)
{
	struct env_game *g = ctx;

	cJSON_AddItemToArray(g->records, records_draw(draw));
}

void env_game_secret(struct env_game *g,
		     unsigned char secret[FAIR_SECRET_BYTES],
		     unsigned char commitment[FAIR_HASH_BYTES])
{
	arena_fair_seeded_secrets(g->seed, g->number, g->game_id, secret);
	arena_fair_referee_commitment(commitment, g->game_id, secret);
}

/* The match key of game g->number: the seeded secrets, and every bot's
 * contribution 32 zero bytes (each declined to commit). */
static void env_game_key(struct env_game *g, unsigned char key[32])
{
	static const unsigned char zeros[GAME_MAX_SEATS][FAIR_SECRET_BYTES];
	unsigned char secret[FAIR_SECRET_BYTES], commitment[FAIR_HASH_BYTES];

	env_game_secret(g, secret, commitment);
	arena_fair_match_key(key, secret, g->game_id, commitment,
			     (uint32_t)g->play.players, zeros);
}

/* The ids of the legal moves, ascending as OpenSpiel lists legal
 * actions: the rules' moves(), which list them so in every game but
 * Black-Pot, whose legal() goes by pawns placed, then board order. */
static int env_game_moves(struct env_game *g)
{
	if (g->rules->family == GAME_FAMILY_BLACK_POT)
		return arena_black_pot_legal_ids(g->play.state, g->moves);
	return g->rules->moves(g->play.state, g->moves);
}

/* The legal actions of the position: their ids and count from the
 * rules' moves() when they have them (the JSON actions are then made
 * only when asked for, env_game_legal()), else the JSON actions. */
static void env_game_refresh(struct env_game *g)
{
	cJSON_Delete(g->legal);
	g->legal = NULL;
	g->legal_count = 0;
	if (env_chance_waits(g->chance)) {
		/* a chance node's ids: its outcomes, 0 to n - 1 */
		g->legal_count = arena_chance_outcomes(&g->chance->script);
		for (int i = 0; i < g->legal_count; i++)
			g->moves[i] = i;
		return;
	}
	if (game_play_to_move(&g->play) < 0)
		return;
	if (g->moves) {
		g->legal_count = env_game_moves(g);
		return;
	}
	g->legal = g->rules->legal(g->play.state);
	g->legal_count = cJSON_GetArraySize(g->legal);
}

/* The JSON of a chance node's outcome `id`: {"chance": id}. */
static cJSON *env_game_outcome_json(long id)
{
	cJSON *outcome = cJSON_CreateObject();

	cJSON_AddNumberToObject(outcome, "chance", (double)id);
	return outcome;
}

/* Forgets the actions stepped by id and the copy behind (a new game). */
static void env_game_unstep(struct env_game *g)
{
	g->stepped.count = 0;
	env_game_free(g->behind);
	g->behind = NULL;
}

/* Keeps an action stepped by id (-1 - id: a chance outcome's), unless
 * the game keeps no actions. */
static void env_game_keep_step(struct env_game *g, long id)
{
	struct env_stepped *s = &g->stepped;

	if (!g->actions)
		return;
	if (s->count == s->room) {
		s->room = s->room ? 2 * s->room : 256;
		s->ids = xrealloc(s->ids, (size_t)s->room * sizeof *s->ids);
	}
	s->ids[s->count++] = id;
}

static int env_game_replay_loads(struct env_game *copy, const cJSON *loads,
				 char *err);

/* Keeps an action applied as JSON (after those stepped, written before
 * it); the copy behind plays it too, or is dropped, to be made again. */
static void env_game_keep_json(struct env_game *g, const cJSON *action)
{
	char err[GAME_ERR_LEN];

	if (!g->actions)
		return;
	cJSON_AddItemToArray(g->actions, cJSON_Duplicate(action, true));
	if (g->behind && (env_game_replay_loads(g->behind, g->loads, err) ||
			  env_game_apply(g->behind, action, err))) {
		env_game_free(g->behind);
		g->behind = NULL;
	}
}

const cJSON *env_game_legal(struct env_game *g)
{
	if (g->legal || env_game_to_move(g) < 0)
		return g->legal;
	if (!env_chance_waits(g->chance)) {
		g->legal = g->rules->legal(g->play.state);
		return g->legal;
	}
	g->legal = cJSON_CreateArray();
	for (int i = 0; i < g->legal_count; i++)
		cJSON_AddItemToArray(g->legal, env_game_outcome_json(i));
	return g->legal;
}

int env_game_reset(struct env_game *g, uint64_t number, char *err)
{
	unsigned char key[32];
	int players = g->play.players;

	game_play_free(&g->play);
	game_play_init(&g->play, g->rules, players);
	cJSON_Delete(g->actions);
	g->actions = g->forgetful ? NULL : cJSON_CreateArray();
	env_game_unstep(g);
	cJSON_Delete(g->loads);
	g->loads = cJSON_CreateArray();
	if (g->records) {
		cJSON_Delete(g->records);
		g->records = cJSON_CreateArray();
	}
	g->number = number;
	env_game_key(g, key);
	/* explicit chance tries each step again: no records of its draws */
	arena_draws_init(&g->draws, key, g->records && !g->chance ?
			 env_game_record_draw : NULL, g);
	if (g->modes & ENV_FAST_DRAWS)
		arena_draws_fast(&g->draws, &g->fast, key);
	/* a set's draws: volle-lotte turns each card by a draw of its own
	 * among those left (a chance node a card), not from a deck shuffled
	 * at once */
	if (g->chance)
		arena_draws_by_seat(&g->draws);
	if (g->chance ? env_chance_pend(g, ENV_PENDING_BEGIN, 0, NULL, err) :
	    game_play_begin(&g->play, g->options, &g->draws, err))
		return -1;
	env_game_refresh(g);
	return 0;
}

/* The sizes of an observation and of a mask, the same in every state of
 * the game: read from a game begun on a key of zeros (g's may not have
 * begun, its draws explicit). */
static int env_game_sizes(struct env_game *g, char *err)
{
	static const unsigned char zero_key[32];
	struct game_play play;
	struct draws draws;

	game_play_init(&play, g->rules, g->play.players);
	arena_draws_init(&draws, zero_key, NULL, NULL);
	if (game_play_begin(&play, g->options, &draws, err))
		return -1;
	g->obs_size = observe_state(g->rules, play.state, 0, NULL);
	g->action_n = observe_actions(g->rules, play.state);
	game_play_free(&play);
	return 0;
}

/* Room for the ids of the rules' moves(), when they have them: every
 * game then steps and masks by the rules' own fixed ids; and the modes'
 * state.  Explicit chance steps by ids, so it needs moves(). */
static int env_game_modes_init(struct env_game *g, unsigned modes, char *err)
{
	g->modes = modes;
	if (g->rules->moves && g->rules->apply_move)
		g->moves = xmalloc(GAME_MAX_MOVES * sizeof *g->moves);
	else if (modes & ENV_EXPLICIT_CHANCE)
		return errorf(err, "%s has no moves() to step its explicit "
			      "chance by ids", g->rules->name);
	if (modes & ENV_EXPLICIT_CHANCE)
		env_chance_new(g);
	return 0;
}

struct env_game *env_game_new(const char *name, long long players,
			      const cJSON *options, const char *seed_hex,
			      uint64_t number, bool keep_records,
			      unsigned modes, char *err)
{
	const struct game_rules *rules = arena_game_find(name);
	struct env_game *g;

	if (!rules) {
		errorf(err, "there is no game '%s' (referee games lists them)",
		       name);
		return NULL;
	}
	if (players < rules->min_players || players > rules->max_players) {
		char text[GAME_PLAYERS_TEXT];

		errorf(err, "%s is played by %s players, not %lld", name,
		       arena_game_players_text(rules, text), players);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->rules = rules;
	game_play_init(&g->play, rules, (int)players);
	if (seed_from_hex(g->seed, seed_hex)) {
		errorf(err, "the seed '%s' is not 1 to 64 bytes in lowercase hex",
		       seed_hex);
		free(g);
		return NULL;
	}
	g->records = keep_records ? cJSON_CreateArray() : NULL;
	g->options = options_resolve(rules, options, err);
	if (!g->options || env_game_modes_init(g, modes, err) ||
	    env_game_reset(g, number, err) || env_game_sizes(g, err)) {
		env_game_free(g);
		return NULL;
	}
	return g;
}

void env_game_free(struct env_game *g)
{
	if (!g)
		return;
	game_play_free(&g->play);
	cJSON_Delete(g->options);
	cJSON_Delete(g->legal);
	cJSON_Delete(g->actions);
	cJSON_Delete(g->records);
	cJSON_Delete(g->loads);
	free(g->moves);
	free(g->stepped.ids);
	env_game_free(g->behind);
	env_chance_free(g->chance);
	free(g);
}

void env_game_forget(struct env_game *g)
{
	cJSON_Delete(g->actions);
	g->actions = NULL;
	g->forgetful = true;
	env_game_unstep(g);
	env_game_refresh(g);
}

int env_game_to_move(const struct env_game *g)
{
	if (env_chance_waits(g->chance))
		return g->play.players;
	return game_play_to_move(&g->play);
}

/* The chance agent deals the outcome of `id`, kept as {"chance": id}. */
static int env_game_deal(struct env_game *g, long id, char *err)
{
	if (env_chance_deal(g, id, err))
		return -1;
	env_game_keep_step(g, -1 - id);
	env_game_refresh(g);
	return 0;
}

/* The seat to move plays `action`, or, the game's draws explicit, the
 * step waits for them. */
static int env_game_play(struct env_game *g, const cJSON *action, char *err)
{
	if (g->chance)
		return env_chance_pend(g, ENV_PENDING_ACTION, 0, action, err);
	return game_play_apply(&g->play, action, &g->draws, err);
}

int env_game_apply(struct env_game *g, const cJSON *action, char *err)
{
	if (env_chance_waits(g->chance)) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(action,
								   "chance");

		/* a whole number of the outcomes' range before it is a
		 * long: 1e300 converted would be undefined */
		if (!cJSON_IsNumber(id) || !(id->valuedouble >= 0) ||
		    id->valuedouble >= g->legal_count ||
		    id->valuedouble != (double)(long)id->valuedouble)
			return errorf(err, "the chance agent is to move: its "
				      "actions are {\"chance\": id}, id one of "
				      "the %d of chance_outcomes()",
				      g->legal_count);
		return env_game_deal(g, (long)id->valuedouble, err);
	}
	/* the JSON kept in order: those stepped before it written first */
	if (env_game_actions(g, err) || env_game_play(g, action, err))
		return -1;
	env_game_keep_json(g, action);
	env_game_refresh(g);
	return 0;
}

int env_game_index(const struct env_game *g, long id)
{
	int low = 0, high = g->legal_count;

	/* the ids are ascending */
	while (low < high) {
		int mid = low + (high - low) / 2;

		if (env_game_id(g, mid) < id)
			low = mid + 1;
		else
			high = mid;
	}
	return low < g->legal_count && env_game_id(g, low) == id ? low : -1;
}

int env_game_step(struct env_game *g, long id, char *err)
{
	int index = env_game_index(g, id);

	if (env_game_to_move(g) < 0)
		return errorf(err, "the game is over: reset() starts the next");
	if (index < 0)
		return errorf(err, "action %ld is not legal now: the mask and "
			      "legal_ids() give the %d legal ones", id,
			      g->legal_count);
	if (env_chance_waits(g->chance))
		return env_game_deal(g, id, err);
	if (!g->moves)
		return env_game_apply(g, cJSON_GetArrayItem(g->legal, index), err);
	/* its JSON, as legal() lists it, made when asked for */
	env_game_keep_step(g, id);
	if (g->chance)
		(void)env_chance_pend(g, ENV_PENDING_MOVE, (int)id, NULL, err);
	else
		game_play_apply_move(&g->play, (int)id, &g->draws);
	env_game_refresh(g);
	return 0;
}

cJSON *env_game_action_json(const struct env_game *g, long id)
{
	int size = 1;
	char name[24];

	if (env_chance_waits(g->chance))
		return id >= 0 && id < g->legal_count ? env_game_outcome_json(id)
						      : NULL;
	if (id < 0 || id >= g->action_n)
		return NULL;
	switch (g->rules->family) {
	case GAME_FAMILY_DICE:
		return arena_dice_game_action_json(g->play.state, (int)id);
	case GAME_FAMILY_ROLIT:
		/* The square's name: its column letter, then its row. */
		while (size * size < g->action_n)
			size++;
		arena_games_cell_name(name, (int)(id / size), (int)(id % size));
		return cJSON_CreateString(name);
	case GAME_FAMILY_BLACK_POT:
		return arena_black_pot_action_json(g->play.state, (int)id);
	}
	return NULL;
}

int env_game_action_id(struct env_game *g, const cJSON *action,
		       char *err)
{
	char *text;

	if (g->rules->family == GAME_FAMILY_BLACK_POT &&
	    !env_chance_waits(g->chance))
		return arena_black_pot_action_id(g->play.state, action, err);
	/* the legal ids first: the usual question, and a few of many */
	for (int i = 0; i < g->legal_count + g->action_n; i++) {
		long id = i < g->legal_count ? env_game_id(g, i) : i - g->legal_count;
		cJSON *named = env_game_action_json(g, id);
		bool same = cJSON_Compare(named, action, true);

		cJSON_Delete(named);
		if (same)
			return (int)id;
	}
	text = json_print_line(action);
	errorf(err, "%s is not an action of %s's table of ids", text,
	       g->rules->name);
	free(text);
	return -1;
}

char *env_game_turn_text(const struct env_game *g)
{
	int seat = env_game_to_move(g);
	cJSON *msg;
	char *text;

	if (seat < 0 || env_chance_waits(g->chance))
		return NULL;
	/* wire_turn()'s message, member for member (referee/base/wire.c). */
	msg = json_typed("turn");
	cJSON_AddNumberToObject(msg, "seat", seat);
	cJSON_AddItemToObject(msg, "state", g->rules->view(g->play.state, seat));
	if (g->legal)
		cJSON_AddItemReferenceToObject(msg, "legal", g->legal);
	else
		cJSON_AddItemToObject(msg, "legal", g->rules->legal(g->play.state));
	cJSON_AddNumberToObject(msg, "time_left_ms", ENV_MOVE_MS);
	text = json_print_line(msg);
	cJSON_Delete(msg);
	return text;
}

void env_game_rewards(const struct env_game *g, double *rewards)
{
	struct game_result result;
	int n = g->play.players;

	memset(rewards, 0, (size_t)n * sizeof *rewards);
	if (env_game_to_move(g) >= 0)
		return;
	game_play_result(&g->play, &result);
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			rewards[i] += (result.rank[j] > result.rank[i]) -
				      (result.rank[j] < result.rank[i]);
		rewards[i] /= n - 1;
	}
}

/* Whether an action's first roll cannot be chosen (-1 with err): only
 * the dice games' can, and with explicit chance the chance agent deals
 * every draw instead. */
static int env_game_chance_refused(const struct env_game *g, char *err)
{
	if (g->chance)
		return errorf(err, "with explicit chance the chance agent deals "
			      "every draw: step() an id of chance_outcomes() "
			      "when it is to move");
	if (g->rules->family != GAME_FAMILY_DICE)
		return errorf(err, "the chance of %s cannot be chosen: only the "
			      "dice games' rolls can", g->rules->name);
	return 0;
}

/* The first draw an action makes: how many dice, in *ctx (an int). */
static void env_game_first_dice(void *ctx, const struct draw_record *draw)
{
	int *dice = ctx;

	if (*dice < 0)
		*dice = draw->kind == DRAW_DICE ? draw->count : 0;
}

int env_game_roll_size(struct env_game *g, const cJSON *action,
		       char *err)
{
	struct env_game *copy;
	int dice = -1;

	if (env_game_chance_refused(g, err))
		return -1;
	copy = env_game_clone(g, err);
	if (!copy)
		return -1;
	copy->draws.observer = env_game_first_dice;
	copy->draws.observer_ctx = &dice;
	if (env_game_apply(copy, action, err))
		dice = -2;
	env_game_free(copy);
	return dice == -2 ? -1 : dice < 0 ? 0 : dice;
}

int env_game_load(struct env_game *g, const int *faces, int n, char *err)
{
	cJSON *load;

	if (env_game_chance_refused(g, err))
		return -1;
	if (n < 1 || n > DICE_MAX)
		return errorf(err, "a roll is 1 to %d dice, not %d", DICE_MAX, n);
	for (int i = 0; i < n; i++)
		if (faces[i] < 1 || faces[i] > DICE_FACES)
			return errorf(err, "a die shows 1 to 6, not %d", faces[i]);
	arena_dice_game_load(g->play.state, faces, n);
	load = cJSON_CreateArray();
	cJSON_AddItemToArray(load, cJSON_CreateNumber(g->play.step));
	cJSON_AddItemToArray(load, cJSON_CreateIntArray(faces, n));
	cJSON_AddItemToArray(g->loads, load);
	return 0;
}

/* Loads, into a copy being replayed, the dice loaded before its step. */
static int env_game_replay_loads(struct env_game *copy, const cJSON *loads,
				 char *err)
{
	const cJSON *load;

	cJSON_ArrayForEach(load, loads) {
		const cJSON *list = cJSON_GetArrayItem(load, 1), *face;
		int faces[DICE_MAX], n = 0;

		if (cJSON_GetArrayItem(load, 0)->valueint != copy->play.step)
			continue;
		cJSON_ArrayForEach(face, list)
			faces[n++] = face->valueint;
		if (env_game_load(copy, faces, n, err))
			return -1;
	}
	return 0;
}

/* Plays an action stepped by id (-1 - id: a chance outcome) again in
 * copy, the dice loaded before its step loaded first. */
static int env_game_restep(struct env_game *copy, const cJSON *loads,
			   long id, char *err)
{
	if (env_game_replay_loads(copy, loads, err))
		return -1;
	return env_game_step(copy, id < 0 ? -1 - id : id, err);
}

/* A new game of g's seed, number and modes, with g's actions played
 * again: those written as JSON, and when `whole` those stepped by id and
 * the dice loaded after them too (a clone); else it keeps no actions (a
 * copy behind, env_game_actions()).  NULL on failure. */
static struct env_game *env_game_replay(const struct env_game *g,
					bool whole, char *err)
{
	struct env_game *copy = xcalloc(1, sizeof *copy);
	const cJSON *action;

	*copy = (struct env_game){ .rules = g->rules, .number = g->number,
				   .obs_size = g->obs_size,
				   .action_n = g->action_n,
				   .forgetful = !whole,
				   .options = cJSON_Duplicate(g->options, true) };
	memcpy(copy->seed, g->seed, sizeof copy->seed);
	game_play_init(&copy->play, g->rules, g->play.players);
	copy->records = g->records && whole ? cJSON_CreateArray() : NULL;
	if (env_game_modes_init(copy, g->modes, err) ||
	    env_game_reset(copy, g->number, err))
		goto fail;
	cJSON_ArrayForEach(action, g->actions) {
		if (env_game_replay_loads(copy, g->loads, err) ||
		    env_game_apply(copy, action, err))
			goto fail;
	}
	for (int i = 0; whole && i < g->stepped.count; i++)
		if (env_game_restep(copy, g->loads, g->stepped.ids[i], err))
			goto fail;
	if (whole && env_game_replay_loads(copy, g->loads, err))
		goto fail;
	return copy;
fail:
	env_game_free(copy);
	return NULL;
}

struct env_game *env_game_clone(const struct env_game *g, char *err)
{
	return env_game_replay(g, true, err);
}

/* The JSON of an action stepped by id, made by the copy behind (at the
 * position where it was played), which then plays it. */
static int env_game_write_step(struct env_game *g, long id, char *err)
{
	struct env_game *behind = g->behind;
	cJSON *json;

	if (env_game_replay_loads(behind, g->loads, err))
		return -1;
	json = id < 0 ? env_game_outcome_json(-1 - id)
		      : env_game_action_json(behind, id);
	if (!json)
		return errorf(err, "action %ld has no JSON where it was played",
			      id);
	if (env_game_step(behind, id < 0 ? -1 - id : id, err)) {
		cJSON_Delete(json);
		return -1;
	}
	cJSON_AddItemToArray(g->actions, json);
	return 0;
}

int env_game_actions(struct env_game *g, char *err)
{
	struct env_stepped *s = &g->stepped;
	int done = 0;

	if (!s->count)
		return 0;
	if (!g->behind && !(g->behind = env_game_replay(g, false, err)))
		return -1;
	while (done < s->count && !env_game_write_step(g, s->ids[done], err))
		done++;
	/* those not written (a failure) stay, in order */
	memmove(s->ids, s->ids + done,
		(size_t)(s->count - done) * sizeof *s->ids);
	s->count -= done;
	return s->count ? -1 : 0;
}

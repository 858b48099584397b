/*
 * Shared turn helpers for bolo, bolo5 and volle-lotte (see dice.h): the
 * state every dice game has, its actions, legal list, view and render;
 * the scoring itself is dice_score.c.  Pure code: chance only through
 * draws.h.
 */
#include "dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const char *const dice_words[] = {"bank", "roll", "draw", "reroll"};

/* The setup every dice game shares: 2 to 8 players, the first seat, a
 * target; -1 with the reason. */
static int dice_game_check(const struct game_setup *setup, const cJSON *target,
			   char *err)
{
	if (setup->players < 2 || setup->players > GAME_MAX_SEATS)
		return arena_games_errorf(err, "the game is for 2 to %d players, not %d",
			      GAME_MAX_SEATS, setup->players);
	if (setup->first_seat < 0 || setup->first_seat >= setup->players)
		return arena_games_errorf(err, "seat %d is not a seat of %d players",
			      setup->first_seat, setup->players);
	if (!cJSON_IsNumber(target) || target->valuedouble < 1 ||
	    target->valuedouble != (double)(long)target->valuedouble)
		return arena_games_errorf(err, "target must be a positive whole number of points");
	return 0;
}

void *arena_dice_game_new(size_t size, const struct game_setup *setup,
			  const struct dice_hooks *hooks, char *err)
{
	const cJSON *target = cJSON_GetObjectItemCaseSensitive(setup->options,
							       "target");
	struct dice_game *g;

	if (dice_game_check(setup, target, err) < 0)
		return NULL;
	g = arena_games_xcalloc(1, size);
	g->target = (long)target->valuedouble;
	g->players = setup->players;
	memcpy(g->out, setup->out, sizeof g->out);
	g->dice = hooks->dice;
	g->to_move = setup->first_seat;
	g->rules = hooks->rules;
	g->hooks = hooks;
	g->words = 1u << DICE_BANK | 1u << DICE_ROLL;
	if (g->rules == DICE_BOLO5)
		g->words |= 1u << DICE_REROLL;
	if (g->rules == DICE_VOLLE_LOTTE)
		g->words |= 1u << DICE_DRAW;
	return g;
}

void arena_dice_game_roll(struct dice_game *g, struct draws *draws, int n)
{
	int faces[DICE_MAX];

	if (g->loaded_count - g->loaded_next >= n) {
		memcpy(faces, g->loaded + g->loaded_next, (size_t)n * sizeof *faces);
		g->loaded_next += n;
	} else {
		arena_draws_seat_dice(draws, g->to_move, n, faces);
	}
	arena_dice_game_count(faces, n, g->roll);
	g->rolled = n;
	g->left = n;
	if (n == g->dice)
		memset(g->aside, 0, sizeof g->aside);
}

/* What the roll waiting offers: the choices hook or the plain keeps. */
static int dice_game_choices(struct dice_game *g)
{
	if (g->hooks->choices)
		return g->hooks->choices(g);
	g->sets = arena_dice_roll_sets(g->rules, g->roll, g->set);
	return g->sets;
}

void arena_dice_game_start(struct dice_game *g, struct draws *draws, int seat)
{
	for (;;) {
		g->to_move = seat;
		g->turn = 0;
		g->rolled = 0;
		g->sets = 0;
		g->left = g->dice;
		memset(g->aside, 0, sizeof g->aside);
		if (seat < 0)
			return;
		arena_draws_turn(draws, seat);
		if (g->hooks->begin) {
			if (g->hooks->begin(g, draws))
				return;
		} else {
			arena_dice_game_roll(g, draws, g->dice);
			if (dice_game_choices(g))
				return;
		}
		seat = g->hooks->over(g, seat);
	}
}

void arena_dice_game_throw(struct dice_game *g, struct draws *draws, int n)
{
	arena_dice_game_roll(g, draws, n);
	if (!dice_game_choices(g))
		arena_dice_game_start(g, draws, g->hooks->over(g, g->to_move));
}

int arena_dice_game_next(const struct dice_game *g, int seat, const bool *among)
{
	for (int i = 1; i <= g->players; i++) {
		int next = (seat + i) % g->players;

		if (!g->out[next] && (!among || among[next]))
			return next;
	}
	return -1;
}

/* The faces of count as a JSON array, ascending. */
static cJSON *dice_faces_json(const int count[DICE_FACES + 1])
{
	cJSON *list = cJSON_CreateArray();

	for (int f = 1; f <= DICE_FACES; f++)
		for (int i = 0; i < count[f]; i++)
			cJSON_AddItemToArray(list, cJSON_CreateNumber(f));
	return list;
}

static cJSON *dice_keep_json(const struct dice_set *set)
{
	cJSON *keep = cJSON_CreateObject();

	cJSON_AddItemToObject(keep, "keep", dice_faces_json(set->count));
	return keep;
}

/* The faces of count as "1 1 5" into out (at least 2 * DICE_MAX bytes). */
static char *dice_faces_text(char *out, const int count[DICE_FACES + 1])
{
	char *p = out;

	*p = '\0';
	for (int f = 1; f <= DICE_FACES; f++)
		for (int i = 0; i < count[f]; i++)
			p += sprintf(p, "%s%d", p != out ? " " : "", f);
	return out;
}

/* Reads {"keep":[faces]} into count; -1 with the reason. */
static int dice_parse_keep(const cJSON *action, int count[DICE_FACES + 1],
			   char *err)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(action, "keep");
	const cJSON *face;
	int n = 0;

	memset(count, 0, (DICE_FACES + 1) * sizeof *count);
	if (!cJSON_IsObject(action) || !cJSON_IsArray(list) ||
	    cJSON_GetArraySize(action) != 1)
		return arena_games_errorf(err, "a roll is waiting: set dice aside with {\"keep\":[faces]}, e.g. {\"keep\":[1,5]}");
	cJSON_ArrayForEach(face, list) {
		if (!cJSON_IsNumber(face) || face->valuedouble != face->valueint ||
		    face->valueint < 1 || face->valueint > DICE_FACES)
			return arena_games_errorf(err, "\"keep\" must list die faces, numbers 1 to 6");
		count[face->valueint]++;
		n++;
	}
	if (!n || n > DICE_MAX)
		return arena_games_errorf(err, "\"keep\" must list 1 to %d faces", DICE_MAX);
	return 0;
}

int arena_dice_game_keep(const struct dice_game *g, const cJSON *action, char *err)
{
	int count[DICE_FACES + 1];
	char want[2 * DICE_MAX + 1], roll[2 * DICE_MAX + 1];

	if (dice_parse_keep(action, count, err) < 0)
		return -1;
	/* The texts only for an error: a legal keep is the rule. */
	for (int f = 1; f <= DICE_FACES; f++)
		if (count[f] > g->roll[f])
			return arena_games_errorf(err, "%s is not part of the roll %s",
						  dice_faces_text(want, count),
						  dice_faces_text(roll, g->roll));
	for (int k = 0; k < g->sets; k++)
		if (!memcmp(g->set[k].count, count, sizeof count))
			return k;
	return arena_games_errorf(err, "%s cannot be set aside from the roll %s: every die set aside must score (the view's \"keeps\" lists the sets allowed)",
				  dice_faces_text(want, count), dice_faces_text(roll, g->roll));
}

void arena_dice_game_take(struct dice_game *g, int k)
{
	const struct dice_set *set = &g->set[k];

	g->turn += set->points;
	for (int f = 1; f <= DICE_FACES; f++)
		g->aside[f] += set->count[f];
	g->left = g->rolled - set->dice;
	g->rolled = 0;
	g->sets = 0;
}

void arena_dice_game_bank(struct dice_game *g, struct draws *draws)
{
	g->score[g->to_move] += g->turn;
	g->opened[g->to_move] = true;
	arena_dice_game_start(g, draws, g->hooks->over(g, g->to_move));
}

/* The `words` (a bit per enum dice_word) as "\"bank\" or \"roll\"". */
static void dice_word_list(unsigned words, char list[64])
{
	list[0] = '\0';
	for (int w = 0; w <= DICE_REROLL; w++)
		if (words & 1u << w)
			sprintf(list + strlen(list), "%s\"%s\"",
				list[0] ? " or " : "", dice_words[w]);
}

int arena_dice_game_word(const struct dice_game *g, const cJSON *action,
		   unsigned allowed, dice_why why, char *err)
{
	const char *word = cJSON_GetStringValue(action);
	char list[64], reason[DICE_WHY_LEN];
	int w = 0;

	dice_word_list(allowed, list);
	while (word && w <= DICE_REROLL && strcmp(word, dice_words[w]))
		w++;
	if (word && w <= DICE_REROLL && g->words & 1u << w) {
		if (allowed & 1u << w)
			return w;
		if (g->rolled && w != DICE_REROLL)
			strcpy(reason, "a roll is waiting");
		else
			why(g, (enum dice_word)w, reason);
		if (g->sets)
			return arena_games_errorf(err, "\"%s\" is not allowed now: %s; set dice aside with {\"keep\":[faces]}%s%s",
				      word, reason, list[0] ? " or play " : "",
				      list);
		return arena_games_errorf(err, "\"%s\" is not allowed now: %s; play %s",
			      word, reason, list);
	}
	if (g->sets)
		return arena_games_errorf(err, "a roll is waiting: set dice aside with {\"keep\":[faces]}%s%s",
			      list[0] ? " or play " : "", list);
	if (cJSON_IsObject(action))
		return arena_games_errorf(err, "no roll is waiting to set dice aside from: play %s",
			      list);
	return arena_games_errorf(err, "expected %s", list);
}

cJSON *arena_dice_game_legal(const void *state)
{
	const struct dice_game *g = state;
	cJSON *list = cJSON_CreateArray();
	unsigned allowed;

	if (g->to_move < 0)
		return list;
	allowed = g->hooks->allowed(g);
	for (int k = 0; g->rolled && k < g->sets; k++)
		cJSON_AddItemToArray(list, dice_keep_json(&g->set[k]));
	for (int w = 0; w <= DICE_REROLL; w++)
		if (allowed & 1u << w)
			cJSON_AddItemToArray(list,
					     cJSON_CreateString(dice_words[w]));
	return list;
}

int arena_dice_game_actions(const struct dice_game *g)
{
	int words = 0;

	for (int w = 0; w <= DICE_REROLL; w++)
		words += (g->words >> w) & 1u;
	return arena_dice_keep_ids(g->dice) + words;
}

/* The id of word w: after the keeps, the game's words in enum order. */
static int dice_word_id(const struct dice_game *g, int w)
{
	int id = arena_dice_keep_ids(g->dice);

	for (int v = 0; v < w; v++)
		id += (g->words >> v) & 1u;
	return id;
}

int arena_dice_game_moves(const void *state, int *moves)
{
	const struct dice_game *g = state;
	int count = 0;
	unsigned allowed;

	if (g->to_move < 0)
		return 0;
	allowed = g->hooks->allowed(g);
	for (int k = 0; g->rolled && k < g->sets; k++)
		moves[count++] = arena_dice_keep_id(g->set[k].count);
	for (int w = 0; w <= DICE_REROLL; w++)
		if (allowed & 1u << w)
			moves[count++] = dice_word_id(g, w);
	return count;
}

int arena_dice_game_apply(void *state, const cJSON *action,
			  struct draws *draws, char *err)
{
	struct dice_game *g = state;
	int k, word;

	if (g->to_move < 0)
		return arena_games_errorf(err, "the game is over");
	if (g->rolled && !(g->words & 1u << DICE_REROLL && cJSON_IsString(action))) {
		k = arena_dice_game_keep(g, action, err);
		if (k < 0)
			return -1;
		g->hooks->kept(g, k, draws);
		return 0;
	}
	word = arena_dice_game_word(g, action, g->hooks->allowed(g), g->hooks->why, err);
	if (word < 0)
		return -1;
	g->hooks->word(g, word, draws);
	return 0;
}

void arena_dice_game_apply_move(void *state, int move, struct draws *draws)
{
	struct dice_game *g = state;
	int word = arena_dice_game_legal_word(g, move);

	if (word >= 0)
		g->hooks->word(g, word, draws);
	else
		g->hooks->kept(g, -1 - word, draws);
}

int arena_dice_game_legal_word(const struct dice_game *g, int move)
{
	int id = arena_dice_keep_ids(g->dice);

	if (move < id) {
		for (int k = 0; k < g->sets; k++)
			if (arena_dice_keep_id(g->set[k].count) == move)
				return -1 - k;
		return -1 - g->sets;
	}
	for (int w = 0; w <= DICE_REROLL; w++)
		if (g->words & 1u << w && id++ == move)
			return w;
	return -1 - g->sets;
}

cJSON *arena_dice_game_action_json(const struct dice_game *g, int id)
{
	struct dice_set keep;

	if (id < 0 || id >= arena_dice_game_actions(g))
		return NULL;
	if (id >= arena_dice_keep_ids(g->dice))
		for (int w = 0; w <= DICE_REROLL; w++)
			if (g->words & 1u << w && dice_word_id(g, w) == id)
				return cJSON_CreateString(dice_words[w]);
	arena_dice_keep_count(id, keep.count);
	return dice_keep_json(&keep);
}

int arena_dice_game_action_id(const struct dice_game *g, const cJSON *action)
{
	const char *word = cJSON_GetStringValue(action);
	int count[DICE_FACES + 1];
	char err[GAME_ERR_LEN];

	if (!word) {
		int id = dice_parse_keep(action, count, err) < 0 ? -1 : arena_dice_keep_id(count);

		/* a keep of more dice than the game's would take a word's id */
		return id < arena_dice_keep_ids(g->dice) ? id : -1;
	}
	for (int w = 0; w <= DICE_REROLL; w++)
		if (g->words & 1u << w && !strcmp(word, dice_words[w]))
			return dice_word_id(g, w);
	return -1;
}

/* The seat i seats after `seat` (seat below g->players, i at most it):
 * a subtraction, not the division of %, since an observation reads every
 * seat's numbers at each step of a training environment. */
static int dice_seat_after(const struct dice_game *g, int seat, int i)
{
	int after = seat + i;

	return after < g->players ? after : after - g->players;
}

int arena_dice_put_seats(const struct dice_game *g, int seat,
			 const bool *flags, double *out, int at)
{
	for (int i = 0; i < g->players; i++)
		at = arena_dice_put(out, at, flags[dice_seat_after(g, seat, i)]);
	return at;
}

int arena_dice_seat_from(const struct dice_game *g, int seat, int other)
{
	return other < 0 ? -1 : dice_seat_after(g, other, g->players - seat);
}

int arena_dice_game_numbers(const struct dice_game *g, int seat, double *out)
{
	int at = 0;

	for (int i = 0; i < g->players; i++)
		at = arena_dice_put(out, at,
				    (double)g->score[dice_seat_after(g, seat, i)]);
	at = arena_dice_put(out, at, (double)g->turn);
	at = arena_dice_put(out, at, g->rolled ? g->rolled : g->left);
	for (int f = 1; f <= DICE_FACES; f++)
		at = arena_dice_put(out, at, g->rolled ? g->roll[f] : 0);
	for (int f = 1; f <= DICE_FACES; f++)
		at = arena_dice_put(out, at, g->aside[f]);
	at = arena_dice_put(out, at, (double)g->target);
	at = arena_dice_put(out, at, g->rolled > 0);
	at = arena_dice_put_seats(g, seat, g->out, out, at);
	return at + g->hooks->numbers(g, seat, out ? out + at : NULL);
}

void arena_dice_game_view(const struct dice_game *g, cJSON *view, int seat)
{
	cJSON *list;

	cJSON_AddNumberToObject(view, "players", g->players);
	if (seat >= 0 && seat < g->players)
		cJSON_AddNumberToObject(view, "you", seat);
	cJSON_AddNumberToObject(view, "to_move", g->to_move);
	list = cJSON_AddArrayToObject(view, "scores");
	for (int i = 0; i < g->players; i++)
		cJSON_AddItemToArray(list, cJSON_CreateNumber((double)g->score[i]));
	list = cJSON_AddArrayToObject(view, "forfeited");
	for (int i = 0; i < g->players; i++)
		if (g->out[i])
			cJSON_AddItemToArray(list, cJSON_CreateNumber(i));
	cJSON_AddNumberToObject(view, "turn_total", (double)g->turn);
	cJSON_AddNumberToObject(view, "dice_left",
				g->rolled ? g->rolled : g->left);
	cJSON_AddItemToObject(view, "set_aside", dice_faces_json(g->aside));
	cJSON_AddItemToObject(view, "roll", dice_faces_json(g->rolled ? g->roll :
		(const int[DICE_FACES + 1]){0}));
	list = cJSON_AddArrayToObject(view, "keeps");
	for (int k = 0; g->rolled && k < g->sets; k++) {
		cJSON *keep = dice_keep_json(&g->set[k]);

		cJSON_AddNumberToObject(keep, "points", (double)g->set[k].points);
		cJSON_AddItemToArray(list, keep);
	}
	cJSON_AddNumberToObject(view, "target", (double)g->target);
}

void arena_dice_game_result(const struct dice_game *g, const bool *winners,
		      struct game_result *result)
{
	int won = 0;

	memset(result, 0, sizeof *result);
	for (int i = 0; i < g->players; i++) {
		result->score[i] = g->score[i];
		won += winners && winners[i];
	}
	for (int i = 0; i < g->players; i++) {
		if (winners && winners[i]) {
			result->rank[i] = 1;
			continue;
		}
		result->rank[i] = 1 + won;
		for (int j = 0; j < g->players; j++)
			if (!(winners && winners[j]) && g->score[j] > g->score[i])
				result->rank[i]++;
	}
}

char *arena_dice_game_render(const struct dice_game *g, const char *extra)
{
	char *text = arena_games_xmalloc(512 + strlen(extra)), *p = text;
	char faces[2 * DICE_MAX + 1];

	p += sprintf(p, "scores:");
	for (int i = 0; i < g->players; i++)
		p += sprintf(p, " %ld%s", g->score[i], g->out[i] ? "(out)" : "");
	if (g->to_move < 0) {
		sprintf(p, "\ngame over%s\n", extra);
		return text;
	}
	p += sprintf(p, "\nseat %d to move, turn total %ld", g->to_move,
		     g->turn);
	if (g->rolled)
		p += sprintf(p, ", roll %s", dice_faces_text(faces, g->roll));
	else
		p += sprintf(p, ", %d %s to roll", g->left,
			     g->left == 1 ? "die" : "dice");
	p += sprintf(p, ", set aside [%s]", dice_faces_text(faces, g->aside));
	sprintf(p, "%s\n", extra);
	return text;
}

void arena_dice_game_load(void *state, const int *faces, int n)
{
	struct dice_game *g = state;

	g->loaded_count -= g->loaded_next;
	memmove(g->loaded, g->loaded + g->loaded_next,
		(size_t)g->loaded_count * sizeof *faces);
	g->loaded_next = 0;
	if (g->loaded_count + n > DICE_LOADED)
		abort();	/* a test loading too much at once */
	memcpy(g->loaded + g->loaded_count, faces, (size_t)n * sizeof *faces);
	g->loaded_count += n;
}

void arena_dice_game_preset(void *state, int seat, long score, bool opened)
{
	struct dice_game *g = state;

	g->score[seat] = score;
	g->opened[seat] = opened;
}

int arena_dice_game_to_move(const void *state)
{
	const struct dice_game *g = state;

	return g->to_move;
}

/*
 * The turn reader of dice_turn.h: the SDK reads the fields every dice
 * game shows; the rest is read here, leniently (a field missing leaves
 * its default), since the policy only needs it to play well.
 */
#include "dice_turn.h"

#include <string.h>

#include "values/dice_policy.h"

static const cJSON *field(const cJSON *obj, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* bolo's must_reach and sudden_turns, from the phase and the seats
 * still in. */
static void dice_turn_reach(struct dice_turn *t, const cJSON *state)
{
	const char *phase = cJSON_GetStringValue(field(state, "phase"));
	const cJSON *leader = field(state, "leader"), *seat;
	const cJSON *turns = field(state, "sudden_death_turns");
	int you = t->view.you;

	if (phase && strcmp(phase, "final_round") == 0 && cJSON_IsNumber(leader) &&
	    leader->valueint != you && leader->valueint >= 0 &&
	    leader->valueint < t->view.players)
		t->must_reach = t->view.scores[leader->valueint];
	if (!phase || strcmp(phase, "sudden_death") != 0)
		return;
	t->sudden_turns = cJSON_IsNumber(turns) ? turns->valueint : 0;
	cJSON_ArrayForEach(seat, field(state, "contenders"))
		if (cJSON_IsNumber(seat) && seat->valueint != you &&
		    seat->valueint >= 0 && seat->valueint < t->view.players &&
		    t->view.scores[seat->valueint] + DICE_POLICY_STEP >
			    t->must_reach)	/* strictly more: 50 more */
			t->must_reach = t->view.scores[seat->valueint] +
					DICE_POLICY_STEP;
}

int dice_turn_read(const cJSON *turn, const char *game, struct dice_turn *t)
{
	const cJSON *state = arena_state(turn), *item;
	enum arena_dice_variant v;

	memset(t, 0, sizeof *t);
	t->card = -1;
	t->sudden_turns = -1;
	if (arena_dice_variant_parse(game, &v) < 0 ||
	    arena_dice_view_read(state, &t->view) < 0 || t->view.you < 0)
		return -1;
	t->rules = v == ARENA_BOLO ? DICE_BOLO :
		   v == ARENA_BOLO5 ? DICE_BOLO5 : DICE_VOLLE_LOTTE;
	t->legal = arena_legal(turn);
	arena_dice_game_count(t->view.roll, t->view.roll_count, t->roll);
	if (v == ARENA_BOLO) {	/* the opening bank needs 1000 (rule 1.5) */
		item = cJSON_GetArrayItem(field(state, "opened"), t->view.you);
		t->threshold = cJSON_IsTrue(item) ? 0 : 1000;
		dice_turn_reach(t, state);
	} else if (v == ARENA_BOLO5) {
		item = cJSON_GetArrayItem(field(state, "thresholds"),
					  t->view.you);
		t->threshold = cJSON_IsNumber(item) ? (long)item->valuedouble :
						      650;
	} else {
		t->card = arena_volle_lotte_card_kind(
			cJSON_GetStringValue(field(state, "card")));
		for (int c = 0; c < VLC_CARDS; c++) {
			item = field(field(state, "deck"),
				     arena_volle_lotte_card_name(c));
			t->deck[c] = cJSON_IsNumber(item) ?
					     (int)item->valuedouble : 0;
		}
		t->after_volle = cJSON_IsTrue(field(state,
						    "after_volle_lotte"));
	}
	return 0;
}

struct roll_keep dice_turn_keep(const struct dice_turn *t, int i)
{
	const struct arena_keep *k = &t->view.keeps[i];
	struct dice_set set = {.dice = k->count, .points = k->points};

	arena_dice_game_count(k->faces, k->count, set.count);
	return dice_rolls_keep_of(t->rules, t->roll, &set);
}

cJSON *dice_turn_keep_action(const struct dice_turn *t, int i)
{
	cJSON *action = cJSON_CreateObject();

	cJSON_AddItemToObject(action, "keep",
			      cJSON_CreateIntArray(t->view.keeps[i].faces,
						   t->view.keeps[i].count));
	return action;
}

bool dice_turn_may(const struct dice_turn *t, const char *word)
{
	const cJSON *a;

	cJSON_ArrayForEach(a, t->legal)
		if (cJSON_IsString(a) && strcmp(a->valuestring, word) == 0)
			return true;
	return false;
}

cJSON *dice_turn_word(const struct dice_turn *t, const char *word)
{
	if (dice_turn_may(t, word))
		return cJSON_CreateString(word);
	return cJSON_Duplicate(cJSON_GetArrayItem(t->legal, 0), 1);
}

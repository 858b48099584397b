/*
 * What a spectator is told about a step of the dice games (bolo, bolo5,
 * volle-lotte), read off the views before and after it: the action in
 * words with the points a keep was worth (from the view's own "keeps"),
 * and the events: a bank, a lost turn ("bolo"), hot dice, a Volle Lotte,
 * a card drawn, seats whose turn was lost at once (to a Stop card),
 * scores that changed, the final round or extra turns.  (The end is the
 * position's, "game over", and the result's.)  Nothing here decides a rule:
 * it only compares what the rules' views say.
 */
#include <stdio.h>
#include <string.h>

#include "base/action_words.h"
#include "base/json.h"
#include "games/volle_lotte.h"
#include "replay_family.h"
#include "replay_members.h"

static int array_size(const cJSON *view, const char *name)
{
	return cJSON_GetArraySize(json_member(view, name));
}

static long score_of(const cJSON *view, int seat)
{
	return (long)cJSON_GetNumberValue(cJSON_GetArrayItem(
		json_member(view, "scores"), seat));
}

static const char *string_of(const cJSON *view, const char *name)
{
	return cJSON_GetStringValue(json_member(view, name));
}

static bool same_string(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void action_text(const cJSON *before, cJSON *step)
{
	const cJSON *action = json_member(step, "action");
	const cJSON *keep = json_member(action, "keep");
	char text[160], faces[64];

	if (cJSON_IsArray(keep)) {
		long points = action_keep_points(before, keep);

		replay_faces(faces, sizeof faces, 0, keep);
		if (points >= 0)
			snprintf(text, sizeof text, "sets aside %s for %ld", faces, points);
		else
			snprintf(text, sizeof text, "sets aside %s", faces);
	} else if (cJSON_IsString(action) && !strcmp(action->valuestring, "bank")) {
		snprintf(text, sizeof text, "banks %d",
			 replay_int(before, "turn_total", 0));
	} else if (cJSON_IsString(action) && !strcmp(action->valuestring, "roll")) {
		int dice = replay_int(before, "dice_left", 0);

		snprintf(text, sizeof text, "rolls %d %s", dice, dice == 1 ? "die" : "dice");
	} else if (cJSON_IsString(action) && !strcmp(action->valuestring, "draw")) {
		snprintf(text, sizeof text, "draws a new card");
	} else if (cJSON_IsString(action) && !strcmp(action->valuestring, "reroll")) {
		snprintf(text, sizeof text, "rerolls the two dice");
	} else {
		return;
	}
	cJSON_AddStringToObject(step, "text", text);
}

/* Whether `seat` has left the game in `view`. */
static bool is_out(const cJSON *view, int seat)
{
	const cJSON *f;

	cJSON_ArrayForEach(f, json_member(view, "forfeited"))
		if ((int)f->valuedouble == seat)
			return true;
	return false;
}

/* Between two views of Volle Lotte: the cards drawn and the Stop cards
 * among them, from the cards left and the deck's counts, a whole deck's
 * more when it was shuffled again in between (the cards left went up). */
static void cards_drawn(const cJSON *before, const cJSON *after, int *cards,
			int *stops)
{
	int left = replay_int(before, "cards_left", 0) - replay_int(after, "cards_left", 0);
	int was = replay_int(json_member(before, "deck"), "stop", 0);
	int is = replay_int(json_member(after, "deck"), "stop", 0);
	bool shuffled = left < 0;

	*cards = left + (shuffled ? VOLLE_LOTTE_CARDS : 0);
	*stops = was - is + (shuffled ? VOLLE_LOTTE_STOPS : 0);
}

/* The seats whose turns were lost at once after the mover's, in Volle
 * Lotte: every turn begins with a card, so the cards drawn count them
 * (less the mover's own "draw" and the turn of the next seat to move).
 * A turn is lost at once by a Stop card or a first roll that scores
 * nothing; which seat lost it how is certain only when all were lost the
 * same way (and only in the main phase are the seats taken in order). */
static void lost_with_cards(const cJSON *before, const cJSON *after, int seat,
			    cJSON *step)
{
	const char *action = cJSON_GetStringValue(json_member(step, "action"));
	bool drew = action && !strcmp(action, "draw");
	int players = array_size(after, "scores"), cards, stops, lost;

	cards_drawn(before, after, &cards, &stops);
	lost = cards - drew - (replay_int(after, "to_move", -1) >= 0);
	if (lost > 0 && (stops == lost || !stops) && !drew &&
	    same_string(string_of(after, "phase"), "play")) {
		for (int k = 0, s = seat; k < lost; k++) {
			do
				s = (s + 1) % players;
			while (is_out(after, s));
			replay_event(step, stops ? "seat %d draws a Stop card: its "
				     "turn is lost at once" : "seat %d's first roll "
				     "scores nothing: its turn is lost at once", s);
		}
		return;
	}
	if (lost > 0)
		replay_event(step, lost == 1 ? "a turn is lost at once"
			     : "%d turns are lost at once", lost);
	if (stops)
		replay_event(step, stops == 1 ? "a Stop card is drawn"
			     : "%d Stop cards are drawn", stops);
}

/* The seats between the mover and the next seat to move, whose turns
 * were lost at once by a first roll that scored nothing (no cards). */
static void lost_by_rolls(const cJSON *after, int seat, cJSON *step)
{
	int players = array_size(after, "scores");
	int next = replay_int(after, "to_move", -1);

	for (int k = 1, s = (seat + 1) % players; next >= 0 && k < players && s != next;
	     k++, s = (s + 1) % players)
		if (!is_out(after, s))
			replay_event(step, "seat %d loses its turn at once", s);
}

/* The mover's turn ended: how (banked, scored, lost), and the turns
 * lost at once before the next seat's. */
static void turn_end(const cJSON *before, const cJSON *after, int seat,
		     bool banked, cJSON *step)
{
	long gain = score_of(after, seat) - score_of(before, seat);

	if (banked)
		replay_event(step, "seat %d banks %ld: score %ld", seat, gain,
			     score_of(after, seat));
	else if (gain > 0)
		replay_event(step, "seat %d's turn ends: %ld scored, score %ld",
			     seat, gain, score_of(after, seat));
	else
		replay_event(step, "bolo: seat %d loses the turn and its %d points",
			     seat, replay_int(before, "turn_total", 0));
	if (json_member(after, "deck"))
		lost_with_cards(before, after, seat, step);
	else
		lost_by_rolls(after, seat, step);
}

/* Whether the mover's turn is over: it banked, another seat is to move,
 * or the mover starts afresh (every other seat lost its turn at once). */
static bool turn_over(const cJSON *before, const cJSON *after, int seat,
		      bool banked)
{
	return banked || replay_int(after, "to_move", -1) != seat ||
	       (replay_int(after, "turn_total", 0) == 0 &&
		array_size(after, "set_aside") == 0 &&
		(replay_int(before, "turn_total", 0) > 0 ||
		 array_size(before, "set_aside") > 0));
}

/* A keep that set every die aside, in the games without cards (with
 * cards that is a Volle Lotte, named as such). */
static bool hot_dice(const cJSON *before, const cJSON *after)
{
	int dice = array_size(before, "set_aside") + replay_int(before, "dice_left", 0);

	return !json_member(after, "card") &&
	       array_size(after, "roll") == 0 && array_size(after, "set_aside") == dice &&
	       replay_int(after, "dice_left", 0) == dice;
}

/* The phases of the views (bolo, volle-lotte) that start something new. */
static const char *const phase_words[][2] = {
	{"final_round", "final round: every other seat has one more turn"},
	{"sudden_death", "sudden death among the contenders"},
	{"extra_turns", "extra turn for the fewest points"},
	{"", ""},
};

/* What only the game with cards (Volle Lotte) tells: a Volle Lotte, and
 * a card drawn. */
static void card_events(const cJSON *before, const cJSON *after, int seat, cJSON *step)
{
	if (replay_int(after, "volle_lottes", 0) > replay_int(before, "volle_lottes", 0) ||
	    (cJSON_IsTrue(json_member(after, "after_volle_lotte")) &&
	     !cJSON_IsTrue(json_member(before, "after_volle_lotte"))))
		replay_event(step, "Volle Lotte! all six dice set aside on the %s card",
			     string_of(before, "card"));
	if (replay_int(after, "cards_left", 0) != replay_int(before, "cards_left", 0) &&
	    string_of(after, "card"))
		replay_event(step, "seat %d draws the card %s",
			     replay_int(after, "to_move", seat), string_of(after, "card"));
}

void replay_describe_dice(const cJSON *before, const cJSON *after, cJSON *step)
{
	int seat = replay_int(step, "seat", -1);
	int players = array_size(after, "scores");
	const cJSON *action = json_member(step, "action");
	const char *phase = string_of(after, "phase");
	bool is_action = action != NULL;
	bool banked = cJSON_IsString(action) && !strcmp(action->valuestring, "bank");
	/* Only the game with cards has a deck: the other games' views are not
	 * searched for the members they lack, which took a tenth of the time
	 * to describe their steps. */
	bool cards = json_member(after, "deck") != NULL;

	if (is_action)
		action_text(before, step);
	if (is_action && turn_over(before, after, seat, banked))
		turn_end(before, after, seat, banked, step);
	else if (cJSON_IsObject(action) && hot_dice(before, after))
		replay_event(step, "hot dice: every die is set aside; the next roll throws all %d",
			     replay_int(after, "dice_left", 0));
	if (cards)
		card_events(before, after, seat, step);
	for (int s = 0; s < players; s++)
		if (s != seat && score_of(after, s) != score_of(before, s))
			replay_event(step, "seat %d's score goes from %ld to %ld", s,
				     score_of(before, s), score_of(after, s));
	if (cards && replay_int(after, "clover_winner", -1) >= 0 &&
	    replay_int(before, "clover_winner", -1) < 0)
		replay_event(step, "seat %d wins at once: two Volle Lotte on the Clover",
			     replay_int(after, "clover_winner", -1));
	if (phase && !same_string(phase, string_of(before, "phase")))
		for (int k = 0; phase_words[k][0][0]; k++)
			if (!strcmp(phase, phase_words[k][0]))
				replay_event(step, "%s", phase_words[k][1]);
}

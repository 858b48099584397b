/*
 * Volle Lotte, later sold as Tutto (docs/games/volle-lotte.md): 2 to 8
 * players draw a card, then roll 6 dice and set aside 1s, 5s and triples; a
 * "Volle Lotte" (all 6 aside on one card) earns the card's reward and lets
 * the player bank or draw again. Stop, Fireworks, Plus/Minus, Straight (2000,
 * and the turn ends) and the Clover change the turn. The 56 cards are one
 * verifiable shuffle, reshuffled (another draw) when used up; in a duplicate
 * set each card is instead the drawing seat's own draw among the cards not
 * yet dealt (docs/FAIRNESS.md, "Sets in step").  At the target the player
 * with the fewest points has one more turn, then the highest score wins.
 * Actions are {"keep":[faces]}, "bank", "roll" and "draw"; the scoring and
 * the turn machinery are in dice.c.
 */
#include "volle_lotte.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "dice.h"
#include "registry.h"

#define VL_DICE 6
#define VL_CARDS VOLLE_LOTTE_CARDS

enum vl_kind {
	VL_STOP, VL_FIREWORKS, VL_BONUS, VL_DOUBLE, VL_PLUS_MINUS,
	VL_STRAIGHT, VL_CLOVER,
};

enum vl_phase { VL_PLAY, VL_EXTRA, VL_OVER };

static const char *const vl_phases[] = {"play", "extra_turns", "over"};

/* Card names by number: 0-9 Stop, 10-14 Fireworks, 15-39 Bonus (five each of
 * 200..600), 40-44 Double, 45-49 Plus/Minus, 50-54 Straight, 55 Clover
 * (docs/games/volle-lotte.md rule 3.1).  A name stands for the cards of
 * numbers [first, first + copies). */
static const struct {
	const char *name;
	enum vl_kind kind;
	int first, copies, bonus;
} vl_names[] = {
	{"stop", VL_STOP, 0, VOLLE_LOTTE_STOPS, 0},
	{"fireworks", VL_FIREWORKS, 10, 5, 0},
	{"bonus-200", VL_BONUS, 15, 5, 200},
	{"bonus-300", VL_BONUS, 20, 5, 300},
	{"bonus-400", VL_BONUS, 25, 5, 400},
	{"bonus-500", VL_BONUS, 30, 5, 500},
	{"bonus-600", VL_BONUS, 35, 5, 600},
	{"double", VL_DOUBLE, 40, 5, 0},
	{"plus-minus", VL_PLUS_MINUS, 45, 5, 0},
	{"straight", VL_STRAIGHT, 50, 5, 0},
	{"clover", VL_CLOVER, 55, 1, 0},
};

#define VL_NAMES (int)(sizeof vl_names / sizeof vl_names[0])
_Static_assert(VL_NAMES == VOLLE_LOTTE_KINDS, "a name a kind of card");

const char *arena_volle_lotte_card_name(int kind)
{
	return kind >= 0 && kind < VL_NAMES ? vl_names[kind].name : NULL;
}

int arena_volle_lotte_card_copies(int kind)
{
	return kind >= 0 && kind < VL_NAMES ? vl_names[kind].copies : 0;
}

int arena_volle_lotte_card_kind(const char *name)
{
	for (int i = 0; name && i < VL_NAMES; i++)
		if (!strcmp(name, vl_names[i].name))
			return i;
	return -1;
}

struct volle_lotte {
	struct dice_game g;	/* first: dice.c casts */
	int deck[VL_CARDS], next;	/* deck[next] is the top card */
	int card;		/* the card in play, -1 before the first */
	long base;		/* the turn total when the card was drawn */
	int volle_lottes;	/* on the card in play (Fireworks, Clover) */
	bool decide;		/* after a Volle Lotte: bank or draw */
	enum vl_phase phase;
	bool owed[GAME_MAX_SEATS];	/* the extra turns still to play */
	int clover;		/* the seat the Clover made win, or -1 */
};

static const struct game_option vl_options[] = {
	{
		.name = "target",
		.help = "points that start the end of the game",
		.default_value = "6000",
		.min = 1000,
		.max = 1000000,
	},
	{.name = NULL},
};

/* The entry of vl_names for card number `card`. */
static int vl_name(int card)
{
	int i = 0;

	while (card >= vl_names[i].first + vl_names[i].copies)
		i++;
	return i;
}

static enum vl_kind vl_kind_of(const struct volle_lotte *s)
{
	return vl_names[vl_name(s->card)].kind;
}

/* dice_game choices: the Straight card takes new faces only, Fireworks
 * every scoring die (the one largest set), other cards any keep. */
static int vl_choices(struct dice_game *g)
{
	struct volle_lotte *s = (struct volle_lotte *)g;

	if (vl_kind_of(s) == VL_STRAIGHT)
		g->sets = arena_dice_game_new_faces(g->roll, g->aside, g->set);
	else
		g->sets = arena_dice_roll_sets(DICE_VOLLE_LOTTE, g->roll, g->set);
	if (vl_kind_of(s) == VL_FIREWORKS && g->sets > 1) {
		g->set[0] = g->set[g->sets - 1];
		g->sets = 1;
	}
	return g->sets;
}

/* In a set, the seat's draw picks the u-th of the cards not yet dealt, in
 * their numbers' order: deck[next..] is kept in that order, all 56 again
 * once every card was dealt.  The same chances as a shuffled deck, and
 * no table draw after the first turn. */
static int vl_seat_card(struct volle_lotte *s, struct draws *draws)
{
	int u, card;

	if (s->next == VL_CARDS) {
		for (int i = 0; i < VL_CARDS; i++)
			s->deck[i] = i;
		s->next = 0;
	}
	u = (int)arena_draws_seat_uniform(draws, s->g.to_move,
					  (uint32_t)(VL_CARDS - s->next));
	card = s->deck[s->next + u];
	memmove(&s->deck[s->next + 1], &s->deck[s->next],
		(size_t)u * sizeof s->deck[0]);
	s->deck[s->next] = card;
	return s->deck[s->next++];
}

/* The next card: in a set the seat's own draw; else the top card,
 * shuffling all 56 (one draw) when none is left. */
static void vl_draw_card(struct volle_lotte *s, struct draws *draws)
{
	if (arena_draws_in_set(draws)) {
		s->card = vl_seat_card(s, draws);
	} else {
		if (s->next == VL_CARDS) {
			arena_draws_shuffle(draws, VL_CARDS, s->deck);
			s->next = 0;
		}
		s->card = s->deck[s->next++];
	}
	s->base = s->g.turn;
	s->volle_lottes = 0;
	s->decide = false;
}

/* A card's run: draw, then roll all 6; false when the turn is over at
 * once (Stop, or nothing to set aside). */
static bool vl_run(struct dice_game *g, struct draws *draws)
{
	struct volle_lotte *s = (struct volle_lotte *)g;

	vl_draw_card(s, draws);
	if (vl_kind_of(s) == VL_STOP)
		return false;
	arena_dice_game_roll(g, draws, VL_DICE);
	return vl_choices(g) > 0;
}

/* dice_game over: Fireworks score what was rolled; at the target the seats
 * with the fewest points are owed one more turn (docs/games/volle-lotte.md
 * rule 3.6). */
static int vl_turn_over(struct dice_game *g, int seat)
{
	struct volle_lotte *s = (struct volle_lotte *)g;
	long low = -1;
	int next;

	if (!g->out[seat] && vl_kind_of(s) == VL_FIREWORKS)
		g->score[seat] += g->turn;
	s->decide = false;
	if (s->phase == VL_PLAY && g->score[seat] >= g->target) {
		s->phase = VL_EXTRA;
		for (int i = 0; i < g->players; i++)
			if (!g->out[i] && i != seat &&
			    (low < 0 || g->score[i] < low))
				low = g->score[i];
		for (int i = 0; i < g->players; i++)
			s->owed[i] = !g->out[i] && i != seat &&
				     g->score[i] == low;
	}
	if (s->phase == VL_EXTRA) {
		s->owed[seat] = false;
		next = arena_dice_game_next(g, seat, s->owed);
		if (next >= 0)
			return next;
		s->phase = VL_OVER;
	}
	return s->phase == VL_OVER ? -1 : arena_dice_game_next(g, seat, NULL);
}

/* Volle Lotte's own numbers (dice.h): the card in play (one of the
 * kinds, none before the first), its points so far, the Volle Lottes on
 * it, whether the player decides after one, the cards left and of each
 * kind, the phase (one of three), the seats owed an extra turn, the seat
 * the Clover made win. */
static int vl_numbers(const struct dice_game *g, int seat, double *out)
{
	const struct volle_lotte *s = (const struct volle_lotte *)g;
	int at = 0, name = s->card >= 0 ? vl_name(s->card) : -1;
	bool left[VL_CARDS] = {false};

	for (int i = 0; i < VL_NAMES; i++)
		at = arena_dice_put(out, at, name == i);
	at = arena_dice_put(out, at, (double)(g->turn - s->base));
	at = arena_dice_put(out, at, s->volle_lottes);
	at = arena_dice_put(out, at, s->decide);
	at = arena_dice_put(out, at, VL_CARDS - s->next);
	/* the cards left marked, then counted a name's numbers at a time:
	 * looking each card's name up took most of a vector's step */
	for (int i = s->next; i < VL_CARDS; i++)
		left[s->deck[i]] = true;
	for (int i = 0; i < VL_NAMES; i++) {
		int count = 0;

		for (int c = 0; c < vl_names[i].copies; c++)
			count += left[vl_names[i].first + c];
		at = arena_dice_put(out, at, count);
	}
	for (int p = VL_PLAY; p <= VL_OVER; p++)
		at = arena_dice_put(out, at, s->phase == (enum vl_phase)p);
	at = arena_dice_put_seats(g, seat, s->owed, out, at);
	return arena_dice_put(out, at, arena_dice_seat_from(g, seat, s->clover));
}

/* The words the seat to move may play between rolls: after a Volle Lotte
 * "bank" or "draw"; else "roll", and "bank" on a Bonus or Double card (the
 * other cards may not stop, docs/games/volle-lotte.md rule 3.4). */
static unsigned vl_allowed(const struct dice_game *g)
{
	const struct volle_lotte *s = (const struct volle_lotte *)g;
	enum vl_kind kind;

	if (g->to_move < 0 || g->rolled)
		return 0;
	if (s->decide)
		return 1u << DICE_BANK | 1u << DICE_DRAW;
	kind = vl_kind_of(s);
	if (kind == VL_BONUS || kind == VL_DOUBLE)
		return 1u << DICE_BANK | 1u << DICE_ROLL;
	return 1u << DICE_ROLL;
}

/* The common fields and the game's own (docs/games/volle-lotte.md). */
static cJSON *vl_view(const void *state, int seat)
{
	const struct volle_lotte *s = state;
	cJSON *view = cJSON_CreateObject(), *deck, *owed;
	int left[VL_NAMES] = {0};

	arena_dice_game_view(&s->g, view, seat);
	if (s->card >= 0)
		cJSON_AddStringToObject(view, "card",
					vl_names[vl_name(s->card)].name);
	else
		cJSON_AddNullToObject(view, "card");
	cJSON_AddNumberToObject(view, "card_points",
				(double)(s->g.turn - s->base));
	cJSON_AddNumberToObject(view, "volle_lottes", s->volle_lottes);
	cJSON_AddBoolToObject(view, "after_volle_lotte", s->decide);
	cJSON_AddNumberToObject(view, "cards_left", VL_CARDS - s->next);
	deck = cJSON_AddObjectToObject(view, "deck");
	for (int i = s->next; i < VL_CARDS; i++)
		left[vl_name(s->deck[i])]++;
	for (int i = 0; i < VL_NAMES; i++)
		cJSON_AddNumberToObject(deck, vl_names[i].name, left[i]);
	cJSON_AddStringToObject(view, "phase", vl_phases[s->phase]);
	owed = cJSON_AddArrayToObject(view, "extra_turns");
	for (int i = 0; i < s->g.players; i++)
		if (s->owed[i])
			cJSON_AddItemToArray(owed, cJSON_CreateNumber(i));
	cJSON_AddNumberToObject(view, "clover_winner", s->clover);
	return view;
}

/* Plus/Minus: every leader but the player loses 1000, not below 0. */
static void vl_minus(struct dice_game *g)
{
	long best = 0;

	for (int i = 0; i < g->players; i++)
		if (!g->out[i] && g->score[i] > best)
			best = g->score[i];
	for (int i = 0; i < g->players; i++)
		if (!g->out[i] && i != g->to_move && g->score[i] == best)
			g->score[i] = best > 1000 ? best - 1000 : 0;
}

/* The seat to move banks its turn total; the next turn starts. */
static void vl_bank(struct dice_game *g, struct draws *draws)
{
	g->score[g->to_move] += g->turn;
	arena_dice_game_start(g, draws, vl_turn_over(g, g->to_move));
}

/* All 6 dice are aside on this card: its reward (docs/games/volle-lotte.md
 * rule 3.4). */
static void vl_volle_lotte(struct volle_lotte *s, struct draws *draws)
{
	struct dice_game *g = &s->g;
	int name = vl_name(s->card);

	s->volle_lottes++;
	g->left = VL_DICE;
	switch (vl_names[name].kind) {
	case VL_BONUS:
		g->turn += vl_names[name].bonus;
		break;
	case VL_DOUBLE:
		g->turn *= 2;
		break;
	case VL_PLUS_MINUS:
		g->turn = s->base + 1000;
		vl_minus(g);
		break;
	case VL_STRAIGHT:	/* 2000, and the turn ends banked */
		g->turn += 2000;
		vl_bank(g, draws);
		return;
	case VL_CLOVER:
		if (s->volle_lottes == 2) {
			s->clover = g->to_move;
			s->phase = VL_OVER;
			arena_dice_game_start(g, NULL, -1);
		}
		return;
	case VL_FIREWORKS:
	case VL_STOP:
		return;
	}
	s->decide = true;
}

/* dice_why: the reason the word is refused now (docs/games/volle-lotte.md
 * rules 3.3, 3.4). */
static void vl_why(const struct dice_game *g, enum dice_word word, char *why)
{
	const struct volle_lotte *s = (const struct volle_lotte *)g;

	enum vl_kind kind = vl_kind_of(s);

	if (s->decide)
		strcpy(why, "after a Volle Lotte the player banks or draws a new card");
	else if (word == DICE_DRAW)
		strcpy(why, "a new card comes only after a Volle Lotte");
	else if (kind == VL_FIREWORKS || kind == VL_CLOVER)
		snprintf(why, DICE_WHY_LEN,
			 "the card %s does not let the player stop: the turn goes on until a roll scores nothing%s",
			 vl_names[vl_name(s->card)].name,
			 kind == VL_CLOVER ? " or a second Volle Lotte wins" : "");
	else
		snprintf(why, DICE_WHY_LEN,
			 "the card %s does not let the player stop before a Volle Lotte",
			 vl_names[vl_name(s->card)].name);
}

/* The seat to move plays the word `word` (enum dice_word), an allowed one. */
static void vl_word(struct dice_game *g, int word, struct draws *draws)
{
	if (word == DICE_BANK)
		vl_bank(g, draws);
	else if (word == DICE_ROLL)
		arena_dice_game_throw(g, draws, g->left);
	else if (!vl_run(g, draws))
		arena_dice_game_start(g, draws, vl_turn_over(g, g->to_move));
}

/* A keep, and a Volle Lotte when it sets the last dice aside. */
static void vl_kept(struct dice_game *g, int k, struct draws *draws)
{
	arena_dice_game_take(g, k);
	if (!g->left)
		vl_volle_lotte((struct volle_lotte *)g, draws);
}

static void *vl_create(const struct game_setup *setup, struct draws *draws,
		       char *err)
{
	static const struct dice_hooks hooks = {
		.rules = DICE_VOLLE_LOTTE, .dice = VL_DICE,
		.choices = vl_choices, .over = vl_turn_over,
		.begin = vl_run, .numbers = vl_numbers, .allowed = vl_allowed,
		.why = vl_why, .kept = vl_kept, .word = vl_word,
	};
	struct volle_lotte *s = arena_dice_game_new(sizeof *s, setup, &hooks,
						    err);

	if (!s)
		return NULL;
	s->card = -1;
	s->clover = -1;
	s->next = VL_CARDS;	/* the first card shuffles the deck */
	arena_dice_game_start(&s->g, draws, setup->first_seat);
	return s;
}

static void vl_forfeit(void *state, int seat, struct draws *draws)
{
	struct volle_lotte *s = state;

	s->g.out[seat] = true;
	s->owed[seat] = false;
	if (s->g.to_move == seat)
		arena_dice_game_start(&s->g, draws, vl_turn_over(&s->g, seat));
}

/* Banked points; the Clover's winner ranks first, else the highest
 * scores (equal highest scores draw). */
static void vl_result(const void *state, struct game_result *result)
{
	const struct volle_lotte *s = state;
	bool clover[GAME_MAX_SEATS] = {false};

	if (s->clover >= 0)
		clover[s->clover] = true;
	arena_dice_game_result(&s->g, s->clover >= 0 ? clover : NULL, result);
}

static char *vl_render(const void *state)
{
	const struct volle_lotte *s = state;
	char extra[96] = "";

	if (s->clover >= 0)
		snprintf(extra, sizeof extra, ": seat %d wins with the Clover",
			 s->clover);
	else if (s->card >= 0 && s->g.to_move >= 0)
		snprintf(extra, sizeof extra, ", card %s%s",
			 vl_names[vl_name(s->card)].name,
			 s->decide ? ", Volle Lotte: bank or draw" : "");
	return arena_dice_game_render(&s->g, extra);
}

void arena_volle_lotte_stack(void *state, const char *const *cards, int n)
{
	struct volle_lotte *s = state;
	int card;

	for (int i = 0; i < n; i++) {
		int at = s->next + i, j = at;

		while (j < VL_CARDS &&
		       strcmp(vl_names[vl_name(s->deck[j])].name, cards[i]))
			j++;
		if (j == VL_CARDS)
			abort();	/* no such card left: a bad test */
		card = s->deck[at];
		s->deck[at] = s->deck[j];
		s->deck[j] = card;
	}
}

const struct game_rules arena_volle_lotte_rules = {
	.name = "volle-lotte",
	.title = "Volle Lotte",
	.rules_version = "volle-lotte/3",
	.family = GAME_FAMILY_DICE,
	.min_players = 2,
	.max_players = GAME_MAX_SEATS,
	.options = vl_options,
	.create = vl_create,
	.destroy = free,
	.to_move = arena_dice_game_to_move,
	.view = vl_view,
	.legal = arena_dice_game_legal,
	.apply = arena_dice_game_apply,
	.moves = arena_dice_game_moves,
	.apply_move = arena_dice_game_apply_move,
	.forfeit = vl_forfeit,
	.result = vl_result,
	.render = vl_render,
	.state_size = sizeof(struct volle_lotte),
};

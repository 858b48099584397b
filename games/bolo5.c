/*
 * Bolo with 5 dice, the house rules of sheet 002 (docs/games/bolo5.md): 2 to
 * 8 players roll 5 dice, set aside scoring dice (full houses, straights and
 * five of a kind score too) and bank or roll the rest.  A player may bank
 * only when the dice left behind by the last set would score nothing on their
 * own: a set that uses every die of its roll forces a roll of all 5, one that
 * leaves a 1, a 5 or a triple behind a roll of those.  Banking also needs a
 * turn of 650 until on the board, then 350, 750 from 7000 and 1000 from 9000;
 * the first to bank to the target wins at once.  The optional Yahtzee clause
 * lets two dice matching a triple set aside this turn be rolled again once.
 * Actions are {"keep":[faces]}, "bank", "roll" and "reroll"; the scoring and
 * the turn machinery are in dice.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "dice.h"
#include "registry.h"

#define BOLO5_DICE 5

struct bolo5 {
	struct dice_game g;	/* first: dice.c casts */
	bool yahtzee_clause;
	int winner;		/* -1 until someone banks to the target */
	bool must_roll;		/* rule 3 forbids banking after the last keep */
	bool triple[DICE_FACES + 1];	/* faces set aside 3 at once this turn */
	bool rerolled;		/* the clause was used this turn */
};

static const char *const bolo5_switch[] = {"off", "on", NULL};

static const struct game_option bolo5_options[] = {
	{
		.name = "target",
		.help = "points that win at once",
		.default_value = "10000",
		.min = 1000,
		.max = 1000000,
	},
	{
		.name = "yahtzee_clause",
		.help = "two dice matching a triple set aside this turn may be rolled again once",
		.default_value = "off",
		.choices = bolo5_switch,
	},
	{.name = NULL},
};

/* The least turn total `seat` may bank (docs/games/bolo5.md rule 2.4). */
static long bolo5_threshold(const struct dice_game *g, int seat)
{
	return arena_dice_game_threshold(DICE_BOLO5, g->opened[seat], g->score[seat]);
}

/* Whether the roll waiting may be rolled again under the clause. */
static bool bolo5_clause(const struct bolo5 *s)
{
	const struct dice_game *g = &s->g;

	if (!s->yahtzee_clause || s->rerolled || g->rolled != 2)
		return false;
	for (int f = 1; f <= DICE_FACES; f++)
		if (g->roll[f] == 2)
			return s->triple[f];
	return false;
}

/* dice_game choices: the keeps, plus the clause's reroll. */
static int bolo5_choices(struct dice_game *g)
{
	g->sets = arena_dice_roll_sets(DICE_BOLO5, g->roll, g->set);
	return g->sets + bolo5_clause((struct bolo5 *)g);
}

/* dice_game over: a bank to the target wins at once (docs/games/bolo5.md
 * rule 2.1). */
static int bolo5_turn_over(struct dice_game *g, int seat)
{
	struct bolo5 *s = (struct bolo5 *)g;

	memset(s->triple, 0, sizeof s->triple);
	s->rerolled = false;
	s->must_roll = false;
	if (!g->out[seat] && g->score[seat] >= g->target) {
		s->winner = seat;
		return -1;
	}
	return arena_dice_game_next(g, seat, NULL);
}

/* Bolo5's own numbers (dice.h): each seat on the board, whether the
 * player must roll, the Yahtzee clause, the faces set aside three at
 * once this turn, whether the clause was used, the winner. */
static int bolo5_numbers(const struct dice_game *g, int seat, double *out)
{
	const struct bolo5 *s = (const struct bolo5 *)g;
	int at = arena_dice_put_seats(g, seat, g->opened, out, 0);

	at = arena_dice_put(out, at, s->must_roll && !g->rolled);
	at = arena_dice_put(out, at, s->yahtzee_clause);
	for (int f = 1; f <= DICE_FACES; f++)
		at = arena_dice_put(out, at, s->triple[f]);
	at = arena_dice_put(out, at, s->rerolled);
	return arena_dice_put(out, at, arena_dice_seat_from(g, seat, s->winner));
}

/* The words the seat to move may play: "reroll" on a roll the clause covers;
 * between rolls "roll", and "bank" after a keep that left behind dice scoring
 * nothing, with a turn total at the threshold (docs/games/bolo5.md rules 2.3,
 * 2.4). */
static unsigned bolo5_allowed(const struct dice_game *g)
{
	const struct bolo5 *s = (const struct bolo5 *)g;

	if (g->to_move < 0)
		return 0;
	if (g->rolled)
		return bolo5_clause(s) ? 1u << DICE_REROLL : 0;
	if (!s->must_roll && g->turn >= bolo5_threshold(g, g->to_move))
		return 1u << DICE_BANK | 1u << DICE_ROLL;
	return 1u << DICE_ROLL;
}

/* dice_why: the reason the word is refused now (docs/games/bolo5.md rules 2.3
 * to 2.5). */
static void bolo5_why(const struct dice_game *g, enum dice_word word,
		      char *why)
{
	const struct bolo5 *s = (const struct bolo5 *)g;

	if (word == DICE_REROLL && !s->yahtzee_clause)
		strcpy(why, "the Yahtzee clause is off in this game (option yahtzee_clause)");
	else if (word == DICE_REROLL && s->rerolled)
		strcpy(why, "the Yahtzee clause was already used this turn");
	else if (word == DICE_REROLL)
		strcpy(why, "the Yahtzee clause rolls again only a roll of two equal dice of a face set aside three at once this turn");
	else if (s->must_roll && g->left == BOLO5_DICE)
		strcpy(why, "every die of the last roll was set aside, so all 5 must be rolled again");
	else if (s->must_roll)
		strcpy(why, "the dice left behind would score on their own (a 1, a 5 or three of a kind), so they must be rolled");
	else
		snprintf(why, DICE_WHY_LEN, "banking needs a turn total of %ld or more, this turn has %ld",
			 bolo5_threshold(g, g->to_move), g->turn);
}

/* The seat to move sets aside g->set[k] of the roll waiting. */
static void bolo5_keep(struct dice_game *g, int k, struct draws *draws)
{
	struct bolo5 *s = (struct bolo5 *)g;
	int behind[DICE_FACES + 1];

	(void)draws;
	for (int f = 1; f <= DICE_FACES; f++) {
		s->triple[f] |= g->set[k].count[f] >= 3;
		behind[f] = g->roll[f] - g->set[k].count[f];
	}
	arena_dice_game_take(g, k);
	s->must_roll = arena_dice_game_must_roll(behind);
	if (!g->left)
		g->left = BOLO5_DICE;
}

/* The seat to move plays the word `word` (enum dice_word), an allowed one. */
static void bolo5_word(struct dice_game *g, int word, struct draws *draws)
{
	if (word == DICE_BANK) {
		arena_dice_game_bank(g, draws);
	} else if (word == DICE_ROLL) {
		arena_dice_game_throw(g, draws, g->left);
	} else {
		((struct bolo5 *)g)->rerolled = true;
		arena_dice_game_throw(g, draws, g->rolled);
	}
}

static void *bolo5_create(const struct game_setup *setup,
			  struct draws *draws, char *err)
{
	const cJSON *clause = cJSON_GetObjectItemCaseSensitive(setup->options,
							       "yahtzee_clause");
	static const struct dice_hooks hooks = {
		.rules = DICE_BOLO5, .dice = BOLO5_DICE,
		.choices = bolo5_choices, .over = bolo5_turn_over,
		.numbers = bolo5_numbers, .allowed = bolo5_allowed,
		.why = bolo5_why, .kept = bolo5_keep, .word = bolo5_word,
	};
	struct bolo5 *s = arena_dice_game_new(sizeof *s, setup, &hooks, err);

	if (!s)
		return NULL;
	if (!cJSON_IsString(clause) || (strcmp(clause->valuestring, "on") &&
					strcmp(clause->valuestring, "off"))) {
		arena_games_errorf(err, "yahtzee_clause must be on or off");
		free(s);
		return NULL;
	}
	s->yahtzee_clause = strcmp(clause->valuestring, "on") == 0;
	s->winner = -1;
	arena_dice_game_start(&s->g, draws, setup->first_seat);
	return s;
}

/* The common fields and the game's own (docs/games/bolo5.md). */
static cJSON *bolo5_view(const void *state, int seat)
{
	const struct bolo5 *s = state;
	cJSON *view = cJSON_CreateObject(), *on, *min, *triples;

	arena_dice_game_view(&s->g, view, seat);
	on = cJSON_AddArrayToObject(view, "on_board");
	min = cJSON_AddArrayToObject(view, "thresholds");
	for (int i = 0; i < s->g.players; i++) {
		cJSON_AddItemToArray(on, cJSON_CreateBool(s->g.opened[i]));
		cJSON_AddItemToArray(min, cJSON_CreateNumber(
			(double)bolo5_threshold(&s->g, i)));
	}
	cJSON_AddBoolToObject(view, "must_roll", s->must_roll && !s->g.rolled);
	cJSON_AddBoolToObject(view, "yahtzee_clause", s->yahtzee_clause);
	triples = cJSON_AddArrayToObject(view, "triples");
	for (int f = 1; f <= DICE_FACES; f++)
		if (s->triple[f])
			cJSON_AddItemToArray(triples, cJSON_CreateNumber(f));
	cJSON_AddBoolToObject(view, "rerolled", s->rerolled);
	cJSON_AddNumberToObject(view, "winner", s->winner);
	return view;
}

static void bolo5_forfeit(void *state, int seat, struct draws *draws)
{
	struct bolo5 *s = state;

	s->g.out[seat] = true;
	if (s->g.to_move == seat)
		arena_dice_game_start(&s->g, draws, bolo5_turn_over(&s->g, seat));
}

static void bolo5_result(const void *state, struct game_result *result)
{
	const struct bolo5 *s = state;

	arena_dice_game_result(&s->g, NULL, result);
}

static char *bolo5_render(const void *state)
{
	const struct bolo5 *s = state;
	char extra[64] = "";

	if (s->winner >= 0)
		snprintf(extra, sizeof extra, ": seat %d wins", s->winner);
	else if (s->must_roll && !s->g.rolled)
		strcpy(extra, "; must roll, may not bank");
	return arena_dice_game_render(&s->g, extra);
}

const struct game_rules arena_bolo5_rules = {
	.name = "bolo5",
	.title = "Bolo (5 dice, house rules)",
	.rules_version = "bolo5/2",
	.family = GAME_FAMILY_DICE,
	.min_players = 2,
	.max_players = GAME_MAX_SEATS,
	.options = bolo5_options,
	.create = bolo5_create,
	.destroy = free,
	.to_move = arena_dice_game_to_move,
	.view = bolo5_view,
	.legal = arena_dice_game_legal,
	.apply = arena_dice_game_apply,
	.moves = arena_dice_game_moves,
	.apply_move = arena_dice_game_apply_move,
	.forfeit = bolo5_forfeit,
	.result = bolo5_result,
	.render = bolo5_render,
	.state_size = sizeof(struct bolo5),
};

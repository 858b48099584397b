/*
 * Bolo with 7 dice (docs/games/bolo.md): 2 to 8 players roll 7 dice, set
 * aside scoring dice and bank or roll the rest, taking all 7 again when every
 * die is aside; a roll with nothing to set aside loses the turn.  A player
 * opens with a turn of 1000 or more.  The first to bank to the target gives
 * every other player one more turn, then sudden death among those who reached
 * that score.  Actions are {"keep":[faces]}, "bank" and "roll"; the scoring
 * and the turn machinery are in dice.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "dice.h"
#include "registry.h"

#define BOLO_DICE 7
#define BOLO_SUDDEN_DEATH_CAP 64

enum bolo_phase { BOLO_PLAY, BOLO_FINAL, BOLO_SUDDEN, BOLO_OVER };

static const char *const bolo_phases[] = {
	"play", "final_round", "sudden_death", "over",
};

struct bolo {
	struct dice_game g;	/* first: dice.c casts */
	enum bolo_phase phase;
	int leader;		/* first to bank to the target, or -1 */
	long leader_score;	/* what the leader banked to */
	bool owed[GAME_MAX_SEATS];	/* still to play the final round */
	/* in sudden death; once over, the winners (several: a draw) */
	bool contender[GAME_MAX_SEATS];
	int sudden_turns;
};

static const struct game_option bolo_options[] = {
	{
		.name = "target",
		.help = "points that end the game",
		.default_value = "10000",
		.min = 1000,
		.max = 1000000,
	},
	{.name = NULL},
};

static int bolo_count(const bool *seats, int players)
{
	int n = 0;

	for (int i = 0; i < players; i++)
		n += seats[i];
	return n;
}

/* After the final round: the leader and whoever matched or passed the
 * leader's score go to sudden death, unless one (or none) is left. */
static void bolo_final_over(struct bolo *s)
{
	struct dice_game *g = &s->g;

	for (int i = 0; i < g->players; i++)
		s->contender[i] = !g->out[i] && g->score[i] >= s->leader_score;
	s->phase = bolo_count(s->contender, g->players) > 1 ? BOLO_SUDDEN :
							       BOLO_OVER;
}

/* dice_turn_over: the end rules (docs/games/bolo.md rule 1.6), then the next
 * seat. */
static int bolo_turn_over(struct dice_game *g, int seat)
{
	struct bolo *s = (struct bolo *)g;
	long best = -1;
	int next;

	switch (s->phase) {
	case BOLO_PLAY:
		if (g->score[seat] < g->target)
			break;
		s->phase = BOLO_FINAL;
		s->leader = seat;
		s->leader_score = g->score[seat];
		for (int i = 0; i < g->players; i++)
			s->owed[i] = !g->out[i] && i != seat;
		break;
	case BOLO_FINAL:
		s->owed[seat] = false;
		break;
	case BOLO_SUDDEN:
		if (g->out[seat])
			break;
		s->sudden_turns++;
		for (int i = 0; i < g->players; i++)
			if (s->contender[i] && i != seat && g->score[i] > best)
				best = g->score[i];
		if (g->score[seat] <= best)
			s->contender[seat] = false;
		break;
	case BOLO_OVER:
		break;
	}
	if (s->phase == BOLO_FINAL) {
		next = arena_dice_game_next(g, seat, s->owed);
		if (next >= 0)
			return next;
		bolo_final_over(s);
	}
	if (s->phase == BOLO_SUDDEN &&
	    (bolo_count(s->contender, g->players) < 2 ||
	     s->sudden_turns >= BOLO_SUDDEN_DEATH_CAP))
		s->phase = BOLO_OVER;
	if (s->phase == BOLO_OVER)
		return -1;
	return arena_dice_game_next(g, seat,
			      s->phase == BOLO_SUDDEN ? s->contender : NULL);
}

/* Bolo's own numbers (dice.h): each seat opened, the phase (one of
 * four), the leader and what it banked to, the seats owed the final
 * round, the contenders, the sudden-death turns. */
static int bolo_numbers(const struct dice_game *g, int seat, double *out)
{
	const struct bolo *s = (const struct bolo *)g;
	int at = arena_dice_put_seats(g, seat, g->opened, out, 0);

	for (int p = BOLO_PLAY; p <= BOLO_OVER; p++)
		at = arena_dice_put(out, at, s->phase == (enum bolo_phase)p);
	at = arena_dice_put(out, at, arena_dice_seat_from(g, seat, s->leader));
	at = arena_dice_put(out, at, (double)s->leader_score);
	at = arena_dice_put_seats(g, seat, s->owed, out, at);
	at = arena_dice_put_seats(g, seat, s->contender, out, at);
	return arena_dice_put(out, at, s->sudden_turns);
}

/* The words the seat to move may play between rolls: "roll" always, "bank"
 * once opened or with an opening turn (docs/games/bolo.md rules 1.4, 1.5). */
static unsigned bolo_allowed(const struct dice_game *g)
{
	if (g->to_move < 0 || g->rolled)
		return 0;
	if (g->turn >= arena_dice_game_threshold(DICE_BOLO, g->opened[g->to_move],
				      g->score[g->to_move]))
		return 1u << DICE_BANK | 1u << DICE_ROLL;
	return 1u << DICE_ROLL;
}

/* dice_why: "bank" is the only word bolo refuses between rolls. */
static void bolo_why(const struct dice_game *g, enum dice_word word,
		     char *why)
{
	(void)word;
	snprintf(why, DICE_WHY_LEN,
		 "a first bank needs a turn total of %ld or more, this turn has %ld",
		 arena_dice_game_threshold(DICE_BOLO, false, 0), g->turn);
}

/* A keep, and after it hot dice: all 7 again. */
static void bolo_kept(struct dice_game *g, int k, struct draws *draws)
{
	(void)draws;
	arena_dice_game_take(g, k);
	if (!g->left)
		g->left = BOLO_DICE;
}

/* The seat to move plays the word `word` (enum dice_word), an allowed one. */
static void bolo_word(struct dice_game *g, int word, struct draws *draws)
{
	if (word == DICE_BANK)
		arena_dice_game_bank(g, draws);
	else
		arena_dice_game_throw(g, draws, g->left);
}

static void *bolo_create(const struct game_setup *setup, struct draws *draws,
			 char *err)
{
	static const struct dice_hooks hooks = {
		.rules = DICE_BOLO, .dice = BOLO_DICE, .over = bolo_turn_over,
		.numbers = bolo_numbers, .allowed = bolo_allowed,
		.why = bolo_why, .kept = bolo_kept, .word = bolo_word,
	};
	struct bolo *s = arena_dice_game_new(sizeof *s, setup, &hooks, err);

	if (!s)
		return NULL;
	s->leader = -1;
	arena_dice_game_start(&s->g, draws, setup->first_seat);
	return s;
}

/* The seats set in `seats`, as the array `name` of the view. */
static void bolo_add_seats(cJSON *view, const char *name, const bool *seats,
			   int players)
{
	cJSON *list = cJSON_AddArrayToObject(view, name);

	for (int i = 0; i < players; i++)
		if (seats[i])
			cJSON_AddItemToArray(list, cJSON_CreateNumber(i));
}

/* The common fields and the game's own (docs/games/bolo.md). */
static cJSON *bolo_view(const void *state, int seat)
{
	const struct bolo *s = state;
	cJSON *view = cJSON_CreateObject(), *list;

	arena_dice_game_view(&s->g, view, seat);
	list = cJSON_AddArrayToObject(view, "opened");
	for (int i = 0; i < s->g.players; i++)
		cJSON_AddItemToArray(list, cJSON_CreateBool(s->g.opened[i]));
	cJSON_AddStringToObject(view, "phase", bolo_phases[s->phase]);
	cJSON_AddNumberToObject(view, "leader", s->leader);
	bolo_add_seats(view, "final_round", s->owed, s->g.players);
	bolo_add_seats(view, "contenders", s->contender,
		       s->phase >= BOLO_SUDDEN ? s->g.players : 0);
	cJSON_AddNumberToObject(view, "sudden_death_turns", s->sudden_turns);
	return view;
}

static void bolo_forfeit(void *state, int seat, struct draws *draws)
{
	struct bolo *s = state;
	struct dice_game *g = &s->g;

	g->out[seat] = true;
	s->owed[seat] = false;
	s->contender[seat] = false;
	if (s->phase == BOLO_SUDDEN && bolo_count(s->contender, g->players) < 2) {
		s->phase = BOLO_OVER;
		arena_dice_game_start(g, draws, -1);
	} else if (g->to_move == seat) {
		arena_dice_game_start(g, draws, bolo_turn_over(g, seat));
	}
}

/* Banked points; once over, the winner, or those left after the sudden
 * death cap (a draw), rank first. */
static void bolo_result(const void *state, struct game_result *result)
{
	const struct bolo *s = state;

	arena_dice_game_result(&s->g, s->phase == BOLO_OVER ? s->contender : NULL,
			 result);
}

static char *bolo_render(const void *state)
{
	const struct bolo *s = state;
	char extra[128] = "";

	if (s->phase == BOLO_FINAL)
		snprintf(extra, sizeof extra,
			 "; final round: seat %d has %ld", s->leader,
			 s->leader_score);
	else if (s->phase == BOLO_SUDDEN)
		snprintf(extra, sizeof extra, "; sudden death, turn %d of %d",
			 s->sudden_turns + 1, BOLO_SUDDEN_DEATH_CAP);
	return arena_dice_game_render(&s->g, extra);
}

const struct game_rules arena_bolo_rules = {
	.name = "bolo",
	.title = "Bolo (7 dice)",
	.rules_version = "bolo/2",
	.family = GAME_FAMILY_DICE,
	.min_players = 2,
	.max_players = GAME_MAX_SEATS,
	.options = bolo_options,
	.create = bolo_create,
	.destroy = free,
	.to_move = arena_dice_game_to_move,
	.view = bolo_view,
	.legal = arena_dice_game_legal,
	.apply = arena_dice_game_apply,
	.moves = arena_dice_game_moves,
	.apply_move = arena_dice_game_apply_move,
	.forfeit = bolo_forfeit,
	.result = bolo_result,
	.render = bolo_render,
	.state_size = sizeof(struct bolo),
};

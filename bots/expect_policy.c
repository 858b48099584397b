/*
 * expect-bot's decisions (expect_policy.h): after a roll the keep whose
 * value (bank or roll on, as allowed) is the highest; between rolls bank
 * when the total is worth at least rolling on; in Volle Lotte the card
 * decides what a keep is worth (points, the chance of a Volle Lotte, the
 * chance to complete the Straight).
 */
#include "expect_policy.h"

#include <stdlib.h>
#include <string.h>

int expect_policy_init(struct expect_policy *p, const char *game)
{
	memset(p, 0, sizeof *p);
	snprintf(p->game, sizeof p->game, "%s", game);
	if (strcmp(game, "volle-lotte") == 0) {
		vl_policy_init(&p->vl);
		return 0;
	}
	return dice_expect_init(&p->dice, game);
}

bool expect_policy_player_start(struct expect_player *p, const cJSON *start,
				const char *bot)
{
	const char *game = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game"));

	if (p->ready && game && strcmp(game, p->policy.game) == 0)
		return true;
	if (p->ready)
		expect_policy_free(&p->policy);
	p->ready = game && expect_policy_init(&p->policy, game) == 0;
	if (!p->ready)
		fprintf(stderr, "%s: %s is not a dice game: it plays bolo, bolo5 and volle-lotte\n",
			bot, game ? game : "this");
	return p->ready;
}

int expect_policy_player_turn(struct expect_player *p, const cJSON *turn,
			      struct dice_turn *t, const char *bot)
{
	if (p->ready && dice_turn_read(turn, p->policy.game, t) == 0)
		return 0;
	fprintf(stderr, "%s: cannot read this turn of %s; giving up\n", bot,
		p->ready ? p->policy.game : "an unknown game");
	return -1;
}

void expect_policy_free(struct expect_policy *p)
{
	if (strcmp(p->game, "volle-lotte") == 0) {
		vl_policy_free(&p->vl);
		return;
	}
	dice_expect_free(&p->dice);
}

/* The value of keep i of a Volle Lotte roll, by the card in play. */
static double expect_vl_keep(const struct expect_policy *p,
			     const struct dice_turn *t, int i)
{
	struct roll_keep k = dice_turn_keep(t, i);

	return vl_policy_keep(&p->vl, (enum vl_card)t->card, t->view.dice_left,
			      t->view.turn_total, &k, t->deck);
}

/* Bank (or stop drawing) when that is worth at least going on. */
static cJSON *expect_vl_word(const struct expect_policy *p,
			     const struct dice_turn *t)
{
	bool bonus = t->card >= VLC_BONUS_200 && t->card <= VLC_DOUBLE;

	if (!t->after_volle && !(bonus && dice_turn_may(t, "bank")))
		return dice_turn_word(t, "roll");
	if (vl_policy_on(&p->vl, (enum vl_card)t->card, t->after_volle,
			 t->view.dice_left, t->view.turn_total, t->deck) >
	    (double)t->view.turn_total)
		return dice_turn_word(t, t->after_volle ? "draw" : "roll");
	return dice_turn_word(t, "bank");
}

cJSON *expect_policy_play(const struct dice_policy_turn *turn,
			  const struct dice_turn *t)
{
	double best = 0;
	int pick = -1;

	for (int i = 0; i < t->view.keep_count; i++) {
		struct roll_keep k = dice_turn_keep(t, i);
		double v = dice_policy_turn_after(turn, t->view.dice_left,
						  t->view.turn_total, &k);

		if (pick < 0 || v > best) {
			best = v;
			pick = i;
		}
	}
	if (pick >= 0)
		return dice_turn_keep_action(t, pick);
	if (dice_turn_may(t, "bank") &&
	    dice_policy_turn_bank(turn, t->view.turn_total) >=
		    dice_policy_turn_roll(turn, t->view.dice_left,
					  t->view.turn_total))
		return dice_turn_word(t, "bank");
	return dice_turn_word(t, "roll");
}

cJSON *expect_policy_decide(struct expect_policy *p,
			    const struct dice_turn *t)
{
	double best = 0;
	int pick = -1;

	if (t->rules != DICE_VOLLE_LOTTE)
		return expect_policy_play(dice_expect_turn(&p->dice, t->threshold),
					  t);
	for (int i = 0; i < t->view.keep_count; i++) {
		double v = expect_vl_keep(p, t, i);

		if (pick < 0 || v > best) {
			best = v;
			pick = i;
		}
	}
	if (pick >= 0)
		return dice_turn_keep_action(t, pick);
	return expect_vl_word(p, t);
}

void expect_policy_table(struct expect_policy *p, FILE *out)
{
	static const long bolo[] = {0, 1000, -1};
	static const long bolo5[] = {0, 350, 650, 750, 1000, -1};

	fprintf(out, "%s: expected points of a turn from its start, best play\n",
		p->game);
	if (strcmp(p->game, "volle-lotte") == 0) {
		for (int c = 0; c < VLC_CARDS; c++)
			fprintf(out, "  card %-22s %8.2f\n",
				arena_volle_lotte_card_name(c),
				vl_policy_card(&p->vl, (enum vl_card)c, 0));
		fprintf(out, "  %-27s %8.2f\n", "any card (a fresh deck)",
			vl_policy_draw(&p->vl, (int[VLC_CARDS]){0}, 0));
		return;
	}
	for (const long *th = p->dice.game.dice == 7 ? bolo : bolo5; *th >= 0; th++) {
		char what[32];

		if (*th)
			snprintf(what, sizeof what, "threshold %ld", *th);
		else
			snprintf(what, sizeof what, "no threshold");
		fprintf(out, "  %-27s %8.2f\n", what, dice_policy_turn_roll(
				dice_expect_turn(&p->dice, *th), 0, 0));
	}
}

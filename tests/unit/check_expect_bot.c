/*
 * expect-bot's solvers (values/dice_rolls.c, dice_policy.c, values/vl_policy.c,
 * bots/expect_policy.c): the roll tables are complete, and what the solver says a
 * turn is worth (the figures of `expect-bot --table` and of
 * docs/bots/expect-bot.md) matches a Monte Carlo estimate: a simulator
 * written here from docs/games/, with its own dice, plays many turns taking
 * the policy's decisions, and the mean must lie within 4 standard errors.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "expect_policy.h"
#include "games/draws_fast.h"
#include "run_suite.h"

/* ---- the simulator's dice ---- */

static uint64_t rng_state;

/* splitmix64: plenty for dice (the bias of % 6 or % 56 is 2^-58). */
static uint64_t sim_next(void)
{
	return arena_splitmix64(&rng_state);
}

static int sim_die(void)
{
	return (int)(sim_next() % 6) + 1;
}

static void sim_roll(int n, int count[DICE_FACES + 1])
{
	memset(count, 0, (DICE_FACES + 1) * sizeof *count);
	for (int i = 0; i < n; i++)
		count[sim_die()]++;
}

/* docs/games/bolo5.md rule 2.3: dice left behind that would score nothing on
 * their own (no 1, no 5, no three of a kind), at least one. */
static bool sim_quiet(const int roll[DICE_FACES + 1],
		      const struct dice_set *keep)
{
	int left = 0;

	for (int f = 1; f <= DICE_FACES; f++) {
		int c = roll[f] - keep->count[f];

		if (c && (f == 1 || f == 5 || c >= 3))
			return false;
		left += c;
	}
	return left > 0;
}

/* ---- bolo and bolo5 ---- */

/* One turn, the policy choosing keeps and banks (from its threshold). */
static long sim_bolo_turn(const struct dice_policy_turn *t)
{
	const struct dice_policy_game *g = t->game;
	struct dice_set sets[DICE_MAX_SETS];
	int roll[DICE_FACES + 1], n = g->dice;
	long total = 0;

	for (;;) {
		int count, pick = 0;
		double best = -1;
		bool may_bank;

		sim_roll(n, roll);
		count = arena_dice_game_sets(g->rules, roll, sets);
		if (!count)
			return 0;
		for (int i = 0; i < count; i++) {
			struct roll_keep k = dice_rolls_keep_of(g->rules, roll,
								&sets[i]);
			double v = dice_policy_turn_after(t, n, total, &k);

			if (v > best) {
				best = v;
				pick = i;
			}
		}
		total += sets[pick].points;
		n -= sets[pick].dice;
		may_bank = total >= t->threshold &&
			   (g->rules == DICE_BOLO ||
			    (n > 0 && sim_quiet(roll, &sets[pick])));
		if (!n)
			n = g->dice;
		if (total >= 30000 ||
		    (may_bank && dice_policy_turn_bank(t, total) >=
					 dice_policy_turn_roll(t, n, total)))
			return total;
	}
}

/* ---- volle-lotte ---- */

/* A card of the full deck of 56 (docs/games/volle-lotte.md rule 3.1). */
static enum vl_card sim_card(void)
{
	int pick = (int)(sim_next() % VOLLE_LOTTE_CARDS);

	for (int c = 0; c < VLC_CARDS; c++) {
		if (pick < arena_volle_lotte_card_copies(c))
			return (enum vl_card)c;
		pick -= arena_volle_lotte_card_copies(c);
	}
	return VLC_STOP;
}

/* The keep the policy takes out of n dice; -1 when the roll scores
 * nothing.  Fireworks take every scoring die (the set with most dice). */
static int sim_vl_keep(const struct vl_policy *p, enum vl_card c, int n,
		       long total, const int roll[DICE_FACES + 1],
		       struct dice_set *sets)
{
	int count = arena_dice_game_sets(DICE_VOLLE_LOTTE, roll, sets), pick = -1;
	double best = -1;

	for (int i = 0; i < count; i++) {
		struct roll_keep k = dice_rolls_keep_of(DICE_VOLLE_LOTTE, roll,
							&sets[i]);
		int left = n - k.dice;
		double v = c == VLC_FIREWORKS ? k.dice :
			   c == VLC_PLUS_MINUS || c == VLC_CLOVER ?
				   (left ? p->volle[left] : 1) :
				   vl_policy_after(p, c, n, total, &k, NULL);

		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return pick;
}

/* The Straight card: 0 or total + 2000 (docs/games/volle-lotte.md rule 3.4,
 * rules version volle-lotte/2). */
static long sim_straight(const struct vl_policy *p, long total)
{
	bool taken[DICE_FACES + 1] = {false};
	int k = 0;

	while (k < 6) {
		int roll[DICE_FACES + 1], fresh = 0, take = 0;
		double best = -1;

		sim_roll(6 - k, roll);
		for (int f = 1; f <= DICE_FACES; f++)
			fresh += roll[f] && !taken[f];
		if (!fresh)
			return 0;
		for (int x = 1; x <= fresh; x++)
			if (p->straight[k + x] > best) {
				best = p->straight[k + x];
				take = x;
			}
		for (int f = 1; f <= DICE_FACES && take; f++)
			if (roll[f] && !taken[f]) {
				taken[f] = true;
				take--;
				k++;
			}
	}
	return total + 2000;
}

/* One turn whose first card is `card`, later cards from a full deck. */
static long sim_vl_turn(const struct vl_policy *p, enum vl_card card)
{
	struct dice_set sets[DICE_MAX_SETS];
	int roll[DICE_FACES + 1];
	long total = 0;

	for (;;) {
		long base = total;
		int n = 6, volles = 0, pick;

		if (card == VLC_STOP)
			return 0;
		if (card == VLC_STRAIGHT)
			return sim_straight(p, total);
		for (;;) {
			sim_roll(n, roll);
			pick = sim_vl_keep(p, card, n, total, roll, sets);
			if (pick < 0)
				return card == VLC_FIREWORKS ? total : 0;
			total += sets[pick].points;
			n -= sets[pick].dice;
			if (n && (card >= VLC_BONUS_200 && card <= VLC_DOUBLE) &&
			    (double)total >= vl_policy_run(p, card, n, total))
				return total;
			if (n)
				continue;
			n = 6;
			if (card == VLC_FIREWORKS)
				continue;
			if (card == VLC_CLOVER) {
				if (++volles == 2)
					return 0;	/* a win, no points */
				continue;
			}
			break;
		}
		if (card == VLC_DOUBLE)
			total *= 2;
		else if (card == VLC_PLUS_MINUS)
			total = base + 1000;
		else
			total += 200 + 100L * (card - VLC_BONUS_200);
		if (total >= 50000 ||
		    vl_policy_draw(p, (int[VLC_CARDS]){0}, total) <= (double)total)
			return total;
		card = sim_card();
	}
}

/* ---- the checks ---- */

/* Mean and standard error of `turns` samples of turn(ctx). */
static void sim_estimate(long (*turn)(const void *ctx), const void *ctx,
			 int turns, double *mean, double *se)
{
	double sum = 0, squares = 0;

	rng_state = 20261122;
	for (int i = 0; i < turns; i++) {
		double x = (double)turn(ctx);

		sum += x;
		squares += x * x;
	}
	*mean = sum / turns;
	*se = sqrt((squares / turns - *mean * *mean) / (turns - 1));
}

static void assert_close(const char *what, double solved, double mean,
			 double se)
{
	ck_assert_msg(fabs(solved - mean) <= 4 * se,
		      "%s: the solver says %.2f, the simulation averages %.2f (SE %.2f)",
		      what, solved, mean, se);
}

static long bolo_turn(const void *ctx)
{
	return sim_bolo_turn(ctx);
}

static const char *const dice_games[] = {"bolo", "bolo5"};

START_TEST(dice_turn_matches_monte_carlo)
{
	struct expect_policy p;
	const struct dice_policy_turn *t;
	double mean, se;

	ck_assert_int_eq(expect_policy_init(&p, dice_games[_i]), 0);
	t = dice_expect_turn(&p.dice, 0);
	sim_estimate(bolo_turn, t, 60000, &mean, &se);
	assert_close(dice_games[_i], dice_policy_turn_roll(t, 0, 0), mean, se);
	ck_assert_double_lt(se, 6);
	expect_policy_free(&p);
}
END_TEST

struct vl_ctx {
	const struct vl_policy *p;
	int card;		/* -1: drawn from the full deck */
};

static long vl_turn(const void *ctx)
{
	const struct vl_ctx *c = ctx;

	return sim_vl_turn(c->p, c->card < 0 ? sim_card() :
					       (enum vl_card)c->card);
}

/* Loop index: each card, then -1 for a card drawn from a fresh deck. */
START_TEST(volle_lotte_turn_matches_monte_carlo)
{
	static struct expect_policy p;
	struct vl_ctx ctx = {&p.vl, _i < VLC_CARDS ? _i : -1};
	double solved, mean, se;

	ck_assert_int_eq(expect_policy_init(&p, "volle-lotte"), 0);
	solved = ctx.card < 0 ? vl_policy_draw(&p.vl, (int[VLC_CARDS]){0}, 0) :
				vl_policy_card(&p.vl, (enum vl_card)ctx.card, 0);
	sim_estimate(vl_turn, &ctx, 30000, &mean, &se);
	assert_close(ctx.card < 0 ? "any card" :
		     arena_volle_lotte_card_name(ctx.card),
		     solved, mean, se);
	expect_policy_free(&p);
}
END_TEST

/* The chances of the rolls of n dice add up to 1; one die scores on a
 * 1 or a 5 only. */
START_TEST(roll_tables_complete)
{
	struct roll_table t;

	for (int n = 1; n <= DICE_MAX; n++) {
		double p;

		dice_rolls_build(&t, DICE_BOLO, n);
		p = t.bust;
		for (int e = 0; e < t.rolls; e++)
			p += t.entry[e].p;
		ck_assert_double_eq_tol(p, 1, 1e-12);
		dice_rolls_free(&t);
	}
	dice_rolls_build(&t, DICE_BOLO5, 1);
	ck_assert_int_eq(t.rolls, 2);
	ck_assert_double_eq_tol(t.bust, 4.0 / 6, 1e-12);
	ck_assert_int_eq(t.keep[t.entry[0].first].points, 100);
	ck_assert_int_eq(t.keep[t.entry[1].first].points, 50);
	dice_rolls_free(&t);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("expect_bot");
	TCase *tc = tcase_create("expect_bot");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, roll_tables_complete);
	tcase_add_loop_test(tc, dice_turn_matches_monte_carlo, 0, 2);
	tcase_add_loop_test(tc, volle_lotte_turn_matches_monte_carlo, 0,
			    VLC_CARDS + 1);
	suite_add_tcase(s, tc);
	return s;
}

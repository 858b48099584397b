/*
 * win-check [--solve] VALUES: the independent check of win-bot's tables
 * (win_check.h).  VALUES is what `win-table --values GAME TARGET [CAP]`
 * prints.  The check solves bolo's end itself and compares; runs one turn
 * from every pair of scores with the tables' chances at its ends, which
 * must give back the tables' chance there (the tables are then the game's
 * value: no player can do better from anywhere); with --solve, also
 * solves the phase play itself by value iteration and compares (seconds
 * at small targets, hours at the default); and evaluates exactly
 * expect-bot and expect-bot with the end-game rule against win-bot's
 * play, which must never get more than the tables say.  Prints the
 * figures; exits 1 when a difference passes 1e-9.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "win_check.h"

#define WC_TOLERANCE 1e-9

/* Reads the rest of VALUES into v (the game's own, from its first line);
 * -1 with a message when a line is not a chance of g. */
static int wc_read(const struct wc_game *g, FILE *in, struct wc_values *v)
{
	char word[16];
	long a, b;
	double p;

	while (fscanf(in, "%15s", word) == 1) {
		if (!strcmp(word, "play") &&
		    fscanf(in, "%ld %ld %lf", &a, &b, &p) == 3 &&
		    a >= 0 && a < g->target && b >= 0 && b < g->target)
			v->play[a / WC_STEP * g->cells + b / WC_STEP] = p;
		else if (!strcmp(word, "final") &&
			 fscanf(in, "%ld %lf", &a, &p) == 2 && a >= 0 &&
			 a <= g->cap)
			v->final[a / WC_STEP] = p;
		else if (!strcmp(word, "sudden") &&
			 fscanf(in, "%ld %ld %lf", &a, &b, &p) == 3 && a >= 0 &&
			 a < WC_SUDDEN && b >= 0 && b <= g->cap)
			v->sudden[a * g->gaps + b / WC_STEP] = p;
		else {
			fprintf(stderr, "win-check: cannot read the line of \"%s\"\n",
				word);
			return -1;
		}
	}
	return 0;
}

/* The largest difference between n values of x and y. */
static double wc_distance(const double *x, const double *y, int n)
{
	double worst = 0;

	for (int i = 0; i < n; i++)
		worst = fmax(worst, fabs(x[i] - y[i]));
	return worst;
}

/* Prints a difference that must stay within the tolerance, as a bound
 * while it is rounding (the last bits differ from one compiler to the
 * next) and as a number beyond; 1 if it is too large. */
static int wc_within(const char *what, double x)
{
	if (fabs(x) < 1e-12)
		printf("%s: below 1e-12\n", what);
	else
		printf("%s: %.3g%s\n", what, x, x <= WC_TOLERANCE ? "" : "  FAILED");
	return x > WC_TOLERANCE;
}

static int wc_usage(void)
{
	fprintf(stderr, "usage: win-check [--solve] VALUES\n"
			"  VALUES: what `win-table --values GAME TARGET [CAP]` prints\n");
	return 2;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"expect-bot", "expect-bot with the end-game rule"};
	bool solve = argc > 1 && !strcmp(argv[1], "--solve");
	int failed = 0, pairs = 0;
	char game[16];
	long target, cap;
	struct wc_game g;
	struct wc_values tables, own;
	struct wc_match m[WC_EVALS];
	double residual;
	FILE *in;

	if (argc != 2 + solve)
		return wc_usage();
	in = fopen(argv[argc - 1], "r");
	if (!in) {
		fprintf(stderr, "win-check: cannot read %s\n", argv[argc - 1]);
		return 2;
	}
	if (fscanf(in, "game %15s target %ld cap %ld", game, &target, &cap) != 3 ||
	    target <= 0 || target % WC_STEP || cap <= 0 || cap % WC_STEP ||
	    wc_game_init(&g, game, target, cap) < 0) {
		fprintf(stderr, "win-check: %s does not start with \"game bolo|bolo5 target T cap C\"\n",
			argv[argc - 1]);
		fclose(in);
		return 2;
	}
	wc_values_init(&tables, &g);
	wc_values_init(&own, &g);
	if (wc_read(&g, in, &tables) < 0)
		failed = -1;
	fclose(in);
	if (failed < 0) {
		wc_values_free(&tables);
		wc_values_free(&own);
		wc_game_free(&g);
		return 2;
	}
	for (int a = 0; a < g.cells; a++)
		for (int b = 0; b < g.cells; b++)
			pairs += wc_reachable(&g, a) && wc_reachable(&g, b);
	printf("%s to %ld, leads counted up to %ld: %d pairs of scores\n",
	       game, g.target, g.cap, pairs);
	if (g.rules == DICE_BOLO) {
		wc_solve_end(&g, &own);
		failed += wc_within("the end: the check's own solution differs by",
				    fmax(wc_distance(own.final + 1, tables.final + 1,
						     g.gaps - 1),
					 wc_distance(own.sudden, tables.sudden,
						     WC_SUDDEN * g.gaps)));
	}
	residual = wc_evaluate(&g, &tables, m);
	failed += wc_within("play: a turn from each pair, played with the tables' chances at its ends, differs from the tables by",
			    residual);
	if (solve) {
		wc_solve_play(&g, &own);
		printf("play: the check's own value iteration: first player %.9f\n",
		       own.play[0]);
		for (int a = 0; a < g.cells; a++)
			for (int b = 0; b < g.cells; b++)
				if (!wc_reachable(&g, a) || !wc_reachable(&g, b))
					own.play[a * g.cells + b] =
						tables.play[a * g.cells + b];
		failed += wc_within("play: the check's own solution differs by",
				    wc_distance(own.play, tables.play,
						g.cells * g.cells));
	}
	printf("first player's chance under best play on both sides: %.9f\n",
	       tables.play[0]);
	for (int p = WC_EXPECT; p <= WC_ENDGAME; p++) {
		printf("%s against win-bot: its chance %.9f first, %.9f second; win-bot scores %.9f\n",
		       names[p], m[p].first, m[p].second,
		       1 - (m[p].first + m[p].second) / 2);
		failed += wc_within("  its best anywhere over the tables' chance",
				    m[p].gain);
	}
	printf("%s\n", failed ? "FAILED" : "ok");
	wc_values_free(&tables);
	wc_values_free(&own);
	wc_game_free(&g);
	return failed ? 1 : 0;
}

/*
 * The rating fit on a large synthetic ladder: `bench/ratings_fit [GAMES
 * [BOTS [SEATS]]]` (default 1,000,000 games of 4 players among 20 bots)
 * draws each game's ranks from known ratings (a logistic performance per
 * seat, highest first), rates them with ratings_compute() and prints the
 * time and the likelihood passes the fit took.  Deterministic: a fixed
 * generator seed.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/util.h"
#include "ladder/ratings.h"

static uint64_t state = 0x9e3779b97f4a7c15u;

/* A uniform double in (0, 1) from xorshift64*. */
static double uniform(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return ((double)((state * 2685821657736338717u) >> 11) + 0.5) / 9007199254740992.0;
}

int main(int argc, char **argv)
{
	long games = argc > 1 ? atol(argv[1]) : 1000000;
	int bots = argc > 2 ? atoi(argv[2]) : 20;
	int seats = argc > 3 ? atoi(argv[3]) : 4;
	struct rating_game *g;
	struct ratings r;
	struct timespec t0, t1;
	double *truth;
	char err[ERR_LEN];

	if (games < 1 || bots < seats || seats < 2 || seats > RATINGS_MAX_SEATS) {
		fprintf(stderr, "usage: ratings_fit [GAMES [BOTS [SEATS]]]\n");
		return 2;
	}
	truth = xmalloc((size_t)bots * sizeof *truth);
	for (int b = 0; b < bots; b++)
		truth[b] = 40.0 * b;
	g = xcalloc((size_t)games, sizeof *g);
	for (long i = 0; i < games; i++) {
		double perf[RATINGS_MAX_SEATS];

		g[i].seats = seats;
		for (int s = 0; s < seats; s++) {
			int e;
			bool taken;

			do {	/* distinct bots at one table */
				e = (int)(uniform() * bots);
				taken = false;
				for (int t = 0; t < s; t++)
					taken |= g[i].entrant[t] == e;
			} while (taken);
			g[i].entrant[s] = e;
			g[i].team[s] = -1;
			perf[s] = truth[e] + 400 / M_LN10 * log(uniform() / (1 - uniform()));
		}
		for (int s = 0; s < seats; s++) {
			g[i].rank[s] = 1;
			for (int t = 0; t < seats; t++)
				g[i].rank[s] += perf[t] > perf[s];
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (ratings_compute(g, (size_t)games, bots, NULL, &r, err)) {
		fprintf(stderr, "ratings_fit: %s\n", err);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%ld games of %d among %d bots: %.2f s, %d likelihood passes, "
	       "top %+.1f, bottom %+.1f\n", games, seats, bots,
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	       r.passes, r.entry[bots - 1].elo, r.entry[0].elo);
	ratings_free(&r);
	free(g);
	free(truth);
	return 0;
}

/*
 * A greedy rule for two-player Rolit, whose playouts valued the grader's
 * middle game before it was searched (values/estimate_search.h), kept for
 * bench/rolit_values: its positions are played by it, and its playouts
 * are the former figures the search's are held to.  The legal square
 * whose placement leaves the position best by the terms of rolit-search's
 * evaluation (docs/bots/rolit-search.md), looked at one ply deep: mobility (the
 * squares where each seat captures after it: with compulsory capture, a
 * seat without one must place a ball that turns nothing), a corner taken
 * (never captured again) and a square beside an empty corner (which hands
 * it over), with the evaluation's weights.
 */
#ifndef BENCH_ROLIT_GREEDY_H
#define BENCH_ROLIT_GREEDY_H

#include <stdint.h>

/* The index in moves[] (n of them, the rules' moves() at `state`, a
 * two-player Rolit game not over, `seat` to move) of the square the rule
 * plays: the first of the best. */
int rolit_greedy_pick(const void *state, int seat, const int *moves, int n);

/* Plays `state` (`seat` to move, neither seat forfeited) to its end by
 * the rule, one move in `explore` at random: each move takes a number
 * of `stream` (arena_splitmix64()), a random move when it is a multiple
 * of `explore`, the square (that number / explore) modulo their count;
 * the same moves as rolit_greedy_pick() with the same draws, on
 * bitboards, without the rules' states.  Returns `seat`'s share: 1, 1/2
 * or 0. */
double rolit_greedy_playout(const void *state, int seat, int explore,
			    uint64_t *stream);

#endif

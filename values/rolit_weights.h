/*
 * The weights of rolit-search's evaluation (rolit_eval.c),
 * chosen by SPRT matches of the bot against itself with other weights
 * (docs/bots/rolit-search.md), not by hand; the bot and the grader's
 * search weigh with them through rolit_eval.h.  Here once, so that a
 * weight tuned again changes both.
 */
#ifndef VALUES_ROLIT_WEIGHTS_H
#define VALUES_ROLIT_WEIGHTS_H

/* Each may be set by a build's -D, for the matches that tune them. */
#ifndef ROLIT_WEIGHT_MOBILITY
#define ROLIT_WEIGHT_MOBILITY 3	/* a capturing square more than the other seat */
#endif
#ifndef ROLIT_WEIGHT_FRONTIER
#define ROLIT_WEIGHT_FRONTIER 1	/* a ball beside an empty square (a minus) */
#endif
#ifndef ROLIT_WEIGHT_CORNER
#define ROLIT_WEIGHT_CORNER 20	/* a corner, never captured again */
#endif
#ifndef ROLIT_WEIGHT_BESIDE
#define ROLIT_WEIGHT_BESIDE 6	/* a ball beside an empty corner (a minus) */
#endif

#endif

/*
 * The index's grades kept up to date by a server that does not play
 * (`league serve --no-play`, docs/LEAGUE.md "Luck told apart"): where no
 * run grades the league's games, a thread of the server's own grades
 * those not graded yet, WEB_LUCK_BATCH at a time with a connection of its
 * own, at most a quarter of a core, so that the luck-adjusted ladder, the
 * bots' figures over all their games and the next run's picker have
 * them.  No request waits for it; a league of a game without exact values
 * grades nothing, and the thread ends at once.
 */
#ifndef ARENA_WEB_LUCK_H
#define ARENA_WEB_LUCK_H

/* Games graded at a time: some 0.2 s of a core in bolo. */
#define WEB_LUCK_BATCH 100
/* Seconds between looks at an index whose games are all graded (a look
 * is a scan of the season's games: 0.15 s at 100,000). */
#define WEB_LUCK_IDLE_S 5

struct web_luck;

/* Starts the thread that grades league `dir`'s games (NULL: it cannot). */
struct web_luck *web_luck_start(const char *dir);
/* Stops it (after the batch it grades, if any). */
void web_luck_stop(struct web_luck *g);

#endif

/*
 * Opening a tournament's manifest: a new run's is created with its
 * header; a resumed run's is reopened, the earlier run's finished games,
 * reasons and reply times taken back, the logs it left unfinished
 * recovered or set aside (a duplicate set played again whole), and the
 * bots it grew or took back recorded.
 */
#ifndef ARENA_TOURNAMENT_RESUME_H
#define ARENA_TOURNAMENT_RESUME_H

struct tournament_state;

/* The run's manifest, new or reopened: 0, 1 when it is signed already
 * (nothing is left to play), or -1 with st->err. */
int tournament_open_manifest(struct tournament_state *st);

#endif

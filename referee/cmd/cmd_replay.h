/*
 * `referee replay --what-if MOVE=ACTION` (cmd_replay_what_if.c): the
 * what-if played (run/what_if.h) before it is replayed as any log.
 */
#ifndef ARENA_CMD_REPLAY_H
#define ARENA_CMD_REPLAY_H

#include <cjson/cJSON.h>
#include <stdio.h>

struct replay_what_if {
	const char *source, *spec, *bots, *out; /* LOG, MOVE=ACTION, --bots, --out */
	char *scratch;  /* without --out: the folder of its log, removed after */
	char *log_path; /* the what-if's log */
	int move;
	cJSON *action;
};

/* Plays the what-if into r->log_path: EXIT_OK, or another status after
 * a message. */
int replay_what_if_play(struct replay_what_if *r);

/* What the what-if is, in lines for its replay's text and page: the
 * played and the other action, each with its value where grade has one,
 * and who won each line. */
cJSON *replay_what_if_lines(const struct replay_what_if *r);

void replay_what_if_free(struct replay_what_if *r);

#endif

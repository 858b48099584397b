/*
 * Tournament files (docs/TOURNAMENTS.md): JSON naming the game and its
 * options, the bots, the format and the time control.  Reading one checks
 * everything before any bot is started, and says precisely what is wrong.
 */
#ifndef ARENA_TOURNAMENT_FILE_H
#define ARENA_TOURNAMENT_FILE_H

#include "tournament_spec.h"

/* Reads and checks a tournament file.  Relative bot working folders are
 * taken from the file's folder.  0, or -1 with a message in err naming the
 * file and the field. */
int tournament_file_read(const char *path, struct tournament_spec *spec,
			 char *err);
void tournament_file_free(struct tournament_spec *spec);

/* Checks that every bot can be started on this machine, as bot_spawn
 * would start it: its working folder exists, its program is found and
 * executable, and its readable paths exist.  Separate from reading so that a file can be checked, and
 * its schedule computed, anywhere.  0, or -1 with a message naming the
 * bot. */
int tournament_file_check_bots(const struct tournament_spec *spec,
			       char *err);

#endif

/*
 * Printing a replay document (replay.h) as text: the whole game, or one
 * move and the position after it.
 */
#ifndef ARENA_REPLAY_TEXT_H
#define ARENA_REPLAY_TEXT_H

#include <cjson/cJSON.h>
#include <stdio.h>

void replay_print_text(FILE *out, const cJSON *doc);

/* One step of the document: the move (or the start, or a forfeit) in
 * words, its draws and events, and the board when the step has one. */
void replay_print_step(FILE *out, const cJSON *doc, const cJSON *step);

/* Move `move` (0: the start of play) and the board after it; -1 when the
 * game has no such move. */
int replay_print_move(FILE *out, const cJSON *doc, int move);

#endif

/*
 * The ladder as `referee ladder` and `referee tournament` print it
 * (docs/LADDER.md), apart from the verbs so that its exact output can be
 * tested: the formats, one table of them, and each printed: the table
 * (ratings, forfeits and reply times, the crosstable and the likelihood
 * of superiority), csv, json, the crosstable alone, pgn and folders
 * (ladder_show.c).
 */
#ifndef ARENA_LADDER_PRINT_H
#define ARENA_LADDER_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "base/problems.h"
#include "ladder_rank.h"

enum ladder_format { LADDER_TABLE, LADDER_CSV, LADDER_JSON, LADDER_PGN,
		     LADDER_CROSSTABLE, LADDER_FOLDERS, LADDER_FORMATS };

/* The format called `name` ("table", "csv", "json", "pgn", "crosstable"
 * or "folders"; NULL: the table), or -1 when none is. */
int ladder_format_called(const char *name);

/* Prints the ladder of the games in `paths` (ladder_collect) to stdout in
 * `format`, the ratings placed by `anchor` ("BOT=ELO", or NULL), each
 * problem of the logs handed to `problems`: 0; the number of problems
 * when there are any (nothing is printed then); -1 with err when the
 * ladder cannot be made so (a bad anchor, a format the games do not fit,
 * a log of the folders that cannot be read). */
long ladder_show(char *const *paths, int count, enum ladder_format format,
		 const char *anchor, const struct ladder_options *check,
		 struct problems *problems, char *err);

/* Prints the ladder `rank` of `data` to `out` in `format` (one of those
 * that rate: table, csv, json, crosstable), the bots by
 * `names` (by entrant, made safe to print: visible.h); `trusted`: the
 * signatures were checked against a key the user gave. */
void ladder_print(FILE *out, const struct ladder_data *data, const struct ladder_rank *rank,
		  char *const *names, enum ladder_format format, bool trusted);

#endif

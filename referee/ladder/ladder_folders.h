/*
 * `referee ladder --format folders`: which version of each bot played,
 * from the "folder" record of each player in the logs' headers
 * (docs/LOGS.md, "A bot's folder"): per bot, each folder hash seen and in
 * how many games.
 */
#ifndef ARENA_LADDER_FOLDERS_H
#define ARENA_LADDER_FOLDERS_H

/* Prints the list for the logs of `paths` (as `referee ladder` takes
 * them); 0, or -1 with err when a log cannot be read. */
int ladder_folders_print(char *const *paths, int count, char *err);

#endif

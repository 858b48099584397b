/*
 * The settings a user wants on every verb, given once: the file
 * $XDG_CONFIG_HOME/arena/defaults (else ~/.config/arena/defaults), one
 * option a line ('#' starts a comment), and the environment variable
 * ARENA_OPTIONS, options separated by spaces.  The options are those of
 * the command line that a user sets once (the table `known` of
 * settings.c, which `referee --help` lists with the verbs that take
 * each): the bots' limits, sandbox and time, the signing key, the
 * concurrency, --compress, ...; an option that is one run's choice
 * (--out, --seed, --resume, ...) is refused as a setting.  A verb that
 * takes one gets it as if it had been typed first on its command line,
 * the file's before ARENA_OPTIONS's: the command line wins, then
 * ARENA_OPTIONS, then the file, then the
 * built-in default.
 */
#ifndef ARENA_SETTINGS_H
#define ARENA_SETTINGS_H

#include <stdio.h>

#define SETTINGS_VARIABLE "ARENA_OPTIONS"

/* Reads the file and the variable, once.  0, or -1 with a message in
 * err that names the file and its line, or the variable. */
int settings_load(char *err);

/* The arguments of verb argv[0] (or argv[0] argv[1]: "league run") with
 * the settings it takes put first (after the verb's words): a new array
 * of *out_argc words, NULL-ended, whose words are argv's or the
 * settings' (free only the array). */
char **settings_argv(int argc, char **argv, int *out_argc);

/* Where the word `word` of settings_argv()'s array, or its value (an
 * optarg), comes from ("the file F, line N", "ARENA_OPTIONS"), or NULL
 * for the command line's. */
const char *settings_origin(const char *word);

/* The secret key file the settings name (--key), or NULL. */
const char *settings_key(void);

/* For `referee --help`: where the settings are read from and those in
 * effect, each with where it comes from; with `err`, why they are not. */
void settings_help(FILE *out, const char *err);

#endif

/*
 * The list of games, and the rules versions earlier releases played, so
 * that `referee verify` can name the release that verifies an old log;
 * see registry.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "support.h"
#include "registry.h"

const struct game_rules *const arena_game_registry[] = {
	&arena_bolo_rules,
	&arena_bolo5_rules,
	&arena_volle_lotte_rules,
	&arena_rolit_rules,
	&arena_black_pot_rules,
	NULL,
};

/* Rules versions this referee no longer plays, and the releases that
 * play (and verify) them. */
static const struct {
	const char *version, *release;
} game_old_rules[] = {
	{"bolo5/1", "0.1.x"},
	{"volle-lotte/1", "0.1.x"},
	{"black-pot/1", "0.1.x"},
	{"volle-lotte/2", "0.5.x"},
};

const struct game_rules *arena_game_find(const char *name)
{
	for (int i = 0; arena_game_registry[i]; i++)
		if (strcmp(arena_game_registry[i]->name, name) == 0)
			return arena_game_registry[i];
	return NULL;
}

const char *arena_game_players_text(const struct game_rules *rules, char *buf)
{
	if (rules->players_text)
		snprintf(buf, GAME_PLAYERS_TEXT, "%s", rules->players_text);
	else
		snprintf(buf, GAME_PLAYERS_TEXT, "%d to %d", rules->min_players,
			 rules->max_players);
	return buf;
}

/* The number after the '/' of a version "GAME/N", or "?". */
static const char *game_version_number(const char *version)
{
	const char *slash = strrchr(version, '/');

	return slash ? slash + 1 : "?";
}

int arena_game_check_rules_version(const struct game_rules *rules,
			     const char *version, char *err)
{
	const char *now = game_version_number(rules->rules_version);
	size_t name = strlen(rules->name);
	bool ours = version && strncmp(version, rules->name, name) == 0 &&
		    version[name] == '/';

	if (!version)
		return arena_games_errorf(err, "the header names no rules version (this "
			      "referee verifies %s rules version %s, \"%s\")",
			      rules->name, now, rules->rules_version);
	if (strcmp(version, rules->rules_version) == 0)
		return 0;
	for (size_t i = 0; ours && i < sizeof game_old_rules /
					 sizeof game_old_rules[0]; i++)
		if (strcmp(version, game_old_rules[i].version) == 0)
			return arena_games_errorf(err, "the log was written under %s rules "
				      "version %s (\"%s\"); this referee verifies "
				      "version %s only: verify the log with arena "
				      "%s, the release of version %s",
				      rules->name, game_version_number(version),
				      version, now, game_old_rules[i].release,
				      game_version_number(version));
	return arena_games_errorf(err, "the log names %s rules \"%s\", which this referee "
		      "does not know (it verifies version %s, \"%s\"): verify "
		      "the log with the arena release that wrote it",
		      rules->name, version, now, rules->rules_version);
}

/*
 * Where a helper program of the referee is (bot-exec, bot_exec.c, the
 * program bwrap runs to become the bot; league-slurm, a Slurm run's
 * script): $ENV when the caller names one and it is set (tests whose
 * program is not the referee), else beside the running program (the
 * build tree), else in the running program's prefix (BIN/../libexec/
 * arena: an installed referee, whatever prefix it was built for), else
 * where `make install` puts it (PKGLIBEXECDIR).
 */
#ifndef ARENA_HELPER_H
#define ARENA_HELPER_H

/* The absolute path of helper `name` (`env` may be NULL), a new string;
 * NULL with err, "WHO NAME, which is at none of...", when it is in none
 * of those places. */
char *helper_path(const char *name, const char *env, const char *who, char *err);

#endif

/*
 * The sandbox a bot runs in: the bubblewrap (bwrap) command line that
 * wraps its own, and, when the referee runs as root, what the child does
 * before it becomes an unprivileged user.
 *
 * Inside, a bot has its own PID, network, IPC, UTS and user namespaces (so
 * it sees and can signal only its own processes, and all of them die with
 * the sandbox's init), no capabilities, its own session, a private
 * writable /tmp, the system folders read-only, and read-only its own
 * folders: its working folder (the referee's when it has none), the folder
 * of every file its command names (the program when it is not a system
 * one, a script) and the paths given as readable.  Hidden paths (output folders, keys,
 * other bots' folders) are covered by an empty tmpfs, or /dev/null for a
 * file, wherever they lie inside what it sees.
 *
 * Started as root, the child mounts every folder the bot must see on a
 * private /tmp of its own mount namespace, then drops to SANDBOX_UID
 * before it runs bwrap: so folders under a mode 0700 parent, which that
 * user could not pass, are reachable.  Each mount is idmapped (where the
 * filesystem allows) so that what root owns, SANDBOX_UID owns there: a
 * mode 0700 folder of root's (a mktemp -d) is still the bot's to read.  RLIMIT_NPROC is set by
 * prlimit(1) inside the sandbox's user namespace, where the kernel counts
 * the processes of that namespace alone: a cap for that bot only.
 */
#ifndef ARENA_SANDBOX_H
#define ARENA_SANDBOX_H

#include <stdbool.h>
#include <sys/types.h>

#include "bot.h"

/* The user a bot runs as when the referee runs as root: nobody. */
#define SANDBOX_UID 65534

/* A sandboxed bot's process cap when none is given: a fork bomb stops
 * there instead of taking every process of the machine until its game
 * ends, while a runtime's threads (a JVM has dozens) fit well below it. */
#define SANDBOX_DEFAULT_PROCESSES 512

/* bwrap keeps its own stdin, stdout and stderr open in the processes that
 * watch over the sandbox, so a bot that closed its stdout would not be
 * seen to: bwrap gets the bot's stdin and stdout on these fds instead,
 * which it closes in those processes and sh moves to 0 and 1 for the bot. */
#define SANDBOX_STDIN_FD 3
#define SANDBOX_STDOUT_FD 4

struct sandbox_stage {
	char *from;   /* a folder or file the bot sees */
	char *to;     /* "/tmp/N" in the child's mount namespace */
	bool is_dir;
	int tree;     /* the child's copy of it (open_tree) */
};

struct sandbox_plan {
	char *bwrap;  /* the program to run */
	char **argv;  /* bwrap, its options, then the bot's command */
	bool as_root; /* stage, then drop to SANDBOX_UID (sandbox_enter) */
	int userns;   /* maps root to SANDBOX_UID, for idmapped stages; -1 */
	struct sandbox_stage *stages;
	int stage_count;
};

/* Builds the plan for a bot whose resolved program is `program` (absolute,
 * or relative to `workdir`) and whose words are `words` (words[0] is the
 * program as written).  0, or -1 with a message in err. */
int sandbox_prepare(struct sandbox_plan *plan, const char *program,
		    char *const *words, const char *workdir,
		    const struct bot_limits *limits, char *err);

/* In the child between fork and exec, async-signal-safe: as root, mounts
 * the stages and becomes SANDBOX_UID; otherwise nothing.  0, or -1 with
 * errno set. */
int sandbox_enter(const struct sandbox_plan *plan);

/* Frees the plan. */
void sandbox_free(struct sandbox_plan *plan);

#endif

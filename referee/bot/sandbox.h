/*
 * The sandbox a bot runs in: the bubblewrap (bwrap) command line that
 * wraps its own, and, when the referee runs as root, what the child does
 * before it becomes an unprivileged user.
 *
 * Inside, a bot has its own PID, network, IPC, UTS and user namespaces (so
 * it sees and can signal only its own processes, and all of them die with
 * the sandbox's init), no capabilities, its own session, a private
 * writable /tmp holding its HOME, the system folders read-only, and
 * read-only what it is given, nothing else: its own folder (its workdir;
 * never / or a home folder), the files its command names (the file alone,
 * through a symlink its target alone; for an interpreter in PREFIX/bin
 * with a PREFIX/lib, PREFIX) and the paths given as readable.  Hidden
 * paths (output folders, keys, other bots' folders) are covered by an
 * empty tmpfs, or /dev/null for a file, wherever they lie inside what it
 * sees, and so are the sockets and FIFOs there (sandbox_specials()).
 * A seccomp filter refuses the calls through which two sandboxes could
 * talk, or makes them no-ops (file locks: sandbox_seccomp.h).
 *
 * Started as root, the child mounts every folder the bot must see on a
 * private /tmp of its own mount namespace, then drops to SANDBOX_UID
 * before it runs bwrap: so folders under a mode 0700 parent, which that
 * user could not pass, are reachable.  A folder is mounted under an
 * overlay whose empty top layer makes the folder itself enterable (a
 * build in a mode 0700 mktemp -d) while every file and folder in it keeps
 * its owner and mode: what root alone may read stays unreadable.
 * bwrap runs bot-exec (bot_exec.c, found by base/helper.h), which
 * sets RLIMIT_NPROC inside the sandbox's user namespace, where the kernel
 * counts the processes of that namespace alone (a cap for that bot only),
 * and then becomes the bot: one small static program between bwrap and
 * the bot.
 * It also gives the bot a small share of RLIMIT_SIGPENDING, which the
 * kernel counts for all the sandboxes of one user together.
 */
#ifndef ARENA_SANDBOX_H
#define ARENA_SANDBOX_H

#include <stdbool.h>
#include <sys/types.h>

#include "bot.h"
#include "sandbox_ids.h"

/* The empty top layer of a staged folder's overlay (sandbox_enter()). */
#define STAGE_TOP "/tmp/top"

struct sandbox_stage {
	char *from;    /* a folder or file the bot sees */
	char *to;      /* "/tmp/N" in the child's mount namespace */
	char *lower;   /* a folder: where its clone goes, "/tmp/lower-N" */
	char *overlay; /* ... and the overlay's options over it */
	bool is_dir;
	int tree;      /* the child's copy of it (open_tree) */
};

struct sandbox_plan {
	char *bwrap;  /* the program to run */
	char **argv;  /* bwrap, its options, then the bot's command */
	bool as_root; /* stage, then drop to SANDBOX_UID (sandbox_enter) */
	int seccomp;  /* the filter, for SANDBOX_SECCOMP_FD; -1 */
	struct sandbox_stage *stages;
	int stage_count;
};

/* Builds the plan for a bot whose program is `program` (absolute) and
 * whose words are `words` (words[0] is the program as written, the others
 * absolute where they name a file: bot_absolute_words()), started in
 * `workdir` (absolute, real; NULL: in its HOME).  0, or -1 with a
 * message in err. */
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

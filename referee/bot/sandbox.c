/*
 * The bubblewrap command line of a sandboxed bot and the root-only steps
 * of its child (see sandbox.h).  What the bot sees is a list of mounts:
 * read-only binds of its own folders and masks over hidden paths (and
 * over the sockets and FIFOs in what it sees), applied shallowest first
 * so that a mask inside a bound folder covers it and a bound folder
 * inside a mask shows through.
 */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <inttypes.h>
#include <limits.h>
#include <pwd.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "bot_env.h"
#include "contain.h"
#include "base/helper.h"
#include "sandbox_seccomp.h"

/* /proc/1, the namespace's init (bubblewrap's), is an empty read-only
 * folder: the init runs as the bot's user, so a bot could write its
 * memory through /proc/1/mem (no seccomp filter sees a path) and run
 * code of its own there, outside its filter. */
static const char *const fixed_options[] = {
	"--die-with-parent", "--unshare-all", "--new-session",
	"--cap-drop", "ALL", "--proc", "/proc", "--dev", "/dev",
	"--tmpfs", "/proc/1", "--remount-ro", "/proc/1", NULL,
};

enum mount_kind { MOUNT_BIND, MOUNT_MASK };

struct mount_entry {
	char *path;   /* where the bot sees it: a real path */
	enum mount_kind kind;
	bool is_dir;
};

struct mounts {
	struct mount_entry *list;
	int count;
};

/* A system folder other than /usr shown as it is: where it is a link
 * into /usr (/bin to usr/bin, as on a merged /usr), the same link, which
 * bwrap makes for a fraction of a bind's cost; else bound if it exists. */
static void system_folder(struct bot_words *argv, const char *folder)
{
	char target[PATH_MAX], *real = realpath(folder, NULL);
	ssize_t n = readlink(folder, target, sizeof target - 1);
	bool into_usr = n > 0 && real && path_within(real, "/usr");

	free(real);
	if (into_usr) {
		target[n] = 0;
		bot_words_push(argv, "--symlink");
		bot_words_push(argv, target);
	} else {
		bot_words_push(argv, "--ro-bind-try");
		bot_words_push(argv, folder);
	}
	bot_words_push(argv, folder);
}

static int depth(const char *path)
{
	int n = 0;

	for (; *path; path++)
		n += *path == '/';
	return n;
}

/* Adds a mount of the real path `path` unless it is there already. */
static void add_mount(struct mounts *m, const char *path, enum mount_kind kind,
		      bool is_dir)
{
	for (int i = 0; i < m->count; i++)
		if (m->list[i].kind == kind && !strcmp(m->list[i].path, path))
			return;
	m->list = xrealloc(m->list, (size_t)(m->count + 1) * sizeof *m->list);
	m->list[m->count++] = (struct mount_entry){ xstrdup(path), kind, is_dir };
}

/* Whether the bot sees `path` through a system folder or a bound one. */
static bool visible(const struct mounts *m, const char *path)
{
	if (sandbox_is_system(path))
		return true;
	for (int i = 0; i < m->count; i++)
		if (m->list[i].kind == MOUNT_BIND && m->list[i].is_dir &&
		    path_within(path, m->list[i].path))
			return true;
	return false;
}

/* The home folders of the machine's people (root's, the referee's HOME,
 * and those of users with uid 1000 and up), read once. */
static const char *const *home_folders(void)
{
	static struct bot_words homes;
	const char *own = getenv("HOME");
	struct passwd *pw;
	char *real;

	if (homes.list)
		return (const char *const *)homes.list;
	homes.list = xcalloc(1, sizeof *homes.list);
	if (own && *own && (real = realpath(own, NULL))) {
		bot_words_push(&homes, real);
		free(real);
	}
	setpwent();
	while ((pw = getpwent()))
		if ((pw->pw_uid == 0 || (pw->pw_uid >= 1000 && pw->pw_uid != 65534)) &&
		    pw->pw_dir && pw->pw_dir[0] == '/' &&
		    (real = realpath(pw->pw_dir, NULL))) {
			bot_words_push(&homes, real);
			free(real);
		}
	endpwent();
	return (const char *const *)homes.list;
}

/* Why a bot must not see the folder `path` (real): it is the root, a
 * home folder or holds one.  NULL when it may. */
static const char *folder_forbidden(const char *path)
{
	if (!strcmp(path, "/"))
		return "the root of the filesystem";
	for (const char *const *h = home_folders(); *h; h++) {
		if (!strcmp(path, *h))
			return "a home folder";
		if (path_within(*h, path))
			return "a folder that holds a home folder";
	}
	return NULL;
}

/* For a program in PREFIX/bin with a PREFIX/lib (an interpreter that
 * needs its library, a virtual environment's python), or in ROOT/shims (a
 * version manager's shim, as pyenv's, runs the manager): binds PREFIX or
 * ROOT, unless the bot must not see it. */
static void bind_prefix(struct mounts *m, const char *folder)
{
	const char *last = strrchr(folder, '/');
	char *prefix, *lib;
	struct stat st;
	bool interpreter;

	if (!last || last == folder || (strcmp(last, "/bin") && strcmp(last, "/shims")))
		return;
	prefix = path_parent(folder);
	lib = path_join(prefix, "lib");
	interpreter = !strcmp(last, "/shims") ||
		      (stat(lib, &st) == 0 && S_ISDIR(st.st_mode));
	if (interpreter && !visible(m, prefix) && !folder_forbidden(prefix))
		add_mount(m, prefix, MOUNT_BIND, true);
	free(lib);
	free(prefix);
}

/* Shows the bot the file at the absolute path `abs`: the file alone
 * (through a symlink, its target alone), unless it lies in a folder the
 * bot sees; for a program, also its interpreter's prefix.  Returns the
 * path the bot finds it at (its own name kept where its folder is seen,
 * so that a symlink such as a virtual environment's python3 still
 * works), or NULL with errno when it does not exist. */
static char *show_file(struct mounts *m, const char *abs, bool program)
{
	char *folder = path_real_parent(abs), *target = realpath(abs, NULL), *seen = NULL;

	if (folder && target) {
		char *target_folder = path_parent(target);

		if (program) {
			bind_prefix(m, folder);
			bind_prefix(m, target_folder);
		}
		seen = path_join(folder, strrchr(abs, '/') + 1);
		if (!visible(m, seen)) {
			free(seen);
			seen = xstrdup(target);
		}
		if (!visible(m, target))
			add_mount(m, target, MOUNT_BIND, false);
		free(target_folder);
	}
	free(folder);
	free(target);
	return seen;
}

/* The bot's own folder (`workdir`, or none: it then starts in its HOME),
 * the paths given as readable, and the files its command names, with its
 * command rewritten to the paths it sees them at.  0, or -1 with err. */
static int own_files(struct mounts *m, struct bot_words *command,
		     const char *program, char *const *words,
		     const char *workdir, const char *const *readable, char *err)
{
	const char *why;
	char *seen;
	struct stat st;

	if (workdir && (why = folder_forbidden(workdir)))
		return errorf(err, "the bot's folder would be '%s', %s, and all "
			      "of it would be the bot's to read: put the bot in "
			      "a folder of its own, or name one with --workdir "
			      "(\"workdir\" in a tournament file)", workdir, why);
	if (workdir)
		add_mount(m, workdir, MOUNT_BIND, true);
	for (; readable && *readable; readable++) {
		char *real = realpath(*readable, NULL);

		if (!real || stat(real, &st) < 0) {
			free(real);
			return errorf(err, "readable path '%s': %s", *readable,
				      strerror(errno));
		}
		if (S_ISDIR(st.st_mode) && (why = folder_forbidden(real))) {
			errorf(err, "readable path '%s' is %s: name the files or "
			       "folders the bot needs in it instead", *readable, why);
			free(real);
			return -1;
		}
		add_mount(m, real, MOUNT_BIND, S_ISDIR(st.st_mode));
		free(real);
	}
	if (!(seen = show_file(m, program, true)))
		return errorf(err, "cannot run '%s': %s", words[0], strerror(errno));
	bot_words_push(command, seen);
	free(seen);
	for (size_t i = 1; words[i]; i++) {
		seen = words[i][0] == '/' && stat(words[i], &st) == 0 &&
		       S_ISREG(st.st_mode) ? show_file(m, words[i], false) : NULL;
		bot_words_push(command, seen ? seen : words[i]);
		free(seen);
	}
	return 0;
}

/* Masks each hidden path that the bot would otherwise see (in one of its
 * own or the system folders), or that holds something it sees.  A hidden
 * path that is one of its own folders is an error: the bot could not run
 * without seeing it. */
static int add_hidden(struct mounts *m, const char *const *paths, char *err)
{
	int binds = m->count;

	for (; paths && *paths; paths++) {
		char *real = realpath(*paths, NULL);
		struct stat st;
		bool related;

		if (!real || stat(real, &st) < 0) {
			free(real);
			continue;
		}
		related = sandbox_is_system(real);
		for (int i = 0; i < binds; i++) {
			if (!strcmp(m->list[i].path, real)) {
				errorf(err, "the bot's folder '%s' is also where the "
				       "referee keeps what bots must not read (logs, "
				       "keys, other bots): write the logs elsewhere, "
				       "or give the bot a folder of its own", real);
				free(real);
				return -1;
			}
			related |= path_within(real, m->list[i].path) ||
				   path_within(m->list[i].path, real);
		}
		if (related)
			add_mount(m, real, MOUNT_MASK, S_ISDIR(st.st_mode));
		free(real);
	}
	return 0;
}

/*
 * The sockets and FIFOs inside a folder a sandboxed bot sees.  Each is
 * masked: another program's socket there would be a way out of the
 * sandbox (a socket file connects across namespaces), and a FIFO that two
 * bots see a line between them.  Device nodes need nothing: the bot's
 * mounts do not let it open them.
 */

/* More files than this in one folder a bot sees is an error: the walk
 * would cost every bot start. */
#define SANDBOX_WALK_MAX 200000
/* And folders deeper than this: the walk (nftw()) recurses a level a
 * folder, and a stack has room for only so many. */
#define SANDBOX_WALK_DEPTH 256

struct walked {
	char *folder;
	char **specials;
};

static struct walked *cache;
static size_t cached;

/* nftw() passes no context: the walk in progress. */
static struct {
	bool as_root;
	const char *const *skip;
	struct bot_words found; /* never NULL: empty, a NULL */
	size_t seen;
} walk;

/* Whether the bot may pass through the folder: as root the referee sees
 * all, the bot (SANDBOX_UID, no other group) only what its mode allows;
 * otherwise the bot is the referee's own user, and what that cannot pass
 * is not walked. */
static bool passable(const struct stat *st)
{
	if (!walk.as_root)
		return true;
	if (st->st_uid == SANDBOX_UID)
		return st->st_mode & S_IXUSR;
	return st->st_mode & (st->st_gid == SANDBOX_UID ? S_IXGRP : S_IXOTH);
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *where)
{
	/* Bounded in depth too: nftw() recurses a level a folder. */
	if (++walk.seen > SANDBOX_WALK_MAX || where->level > SANDBOX_WALK_DEPTH)
		return FTW_STOP;
	for (const char *const *s = walk.skip; s && *s; s++)
		if (path_within(path, *s))
			return type == FTW_D ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
	/* The folder a bot is shown is passable whatever its mode
	 * (sandbox.h); what lies under it keeps its own. */
	if (type == FTW_D && where->level > 0 && !passable(st))
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && (S_ISSOCK(st->st_mode) || S_ISFIFO(st->st_mode)))
		bot_words_push(&walk.found, path);
	return FTW_CONTINUE;
}

/* The sockets and FIFOs under `folder` (absolute, real), not looking
 * under the paths of `skip` (NULL-ended, or NULL: they are masked
 * anyway): a NULL-ended list owned by a cache that lives as long as the
 * process (a folder is walked once), or NULL with err. */
static const char *const *sandbox_specials(const char *folder,
					   const char *const *skip, char *err)
{
	int rc;

	for (size_t i = 0; i < cached; i++)
		if (!strcmp(cache[i].folder, folder))
			return (const char *const *)cache[i].specials;
	walk.as_root = geteuid() == 0;
	walk.skip = skip;
	walk.found = (struct bot_words){ xcalloc(1, sizeof *walk.found.list), 0 };
	walk.seen = 0;
	/* Unreadable subfolders are passed over: the bot cannot read them
	 * either (the referee may be root: then it sees more, not less). */
	rc = nftw(folder, visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	if (rc != 0) {
		strings_free(walk.found.list);
		if (rc == FTW_STOP)
			errorf(err, "the folder '%s' that the bot sees holds more "
			       "than %d files or folders more than %d deep: give it "
			       "a folder of its own", folder, SANDBOX_WALK_MAX,
			       SANDBOX_WALK_DEPTH);
		else
			errorf(err, "cannot look through the folder '%s': %s",
			       folder, strerror(errno));
		return NULL;
	}
	cache = xrealloc(cache, (cached + 1) * sizeof *cache);
	cache[cached++] = (struct walked){ xstrdup(folder), walk.found.list };
	return (const char *const *)walk.found.list;
}

/* Masks the sockets and FIFOs of every folder the bot sees
 * (sandbox_specials()). */
static int mask_specials(struct mounts *m, const char *const *hidden, char *err)
{
	int binds = m->count;

	for (int i = 0; i < binds; i++) {
		const char *const *found;

		if (m->list[i].kind != MOUNT_BIND || !m->list[i].is_dir)
			continue;
		if (!(found = sandbox_specials(m->list[i].path, hidden, err)))
			return -1;
		for (; *found; found++)
			add_mount(m, *found, MOUNT_MASK, false);
	}
	return 0;
}

static int by_depth(const void *a, const void *b)
{
	const struct mount_entry *x = a, *y = b;
	int dx = depth(x->path), dy = depth(y->path);

	if (dx != dy)
		return dx < dy ? -1 : 1;
	return (int)x->kind - (int)y->kind;
}

/* The bwrap options of the mounts; as root, each bind comes from a stage. */
static void mount_options(struct sandbox_plan *plan, struct mounts *m,
			  struct bot_words *argv)
{
	if (m->count > 1) /* qsort's array may not be NULL, even when empty */
		qsort(m->list, (size_t)m->count, sizeof *m->list, by_depth);
	for (int i = 0; i < m->count; i++) {
		const struct mount_entry *e = &m->list[i];

		if (e->kind == MOUNT_MASK) {
			bot_words_push(argv, e->is_dir ? "--tmpfs" : "--ro-bind");
			if (!e->is_dir)
				bot_words_push(argv, "/dev/null");
			bot_words_push(argv, e->path);
			continue;
		}
		bot_words_push(argv, "--ro-bind");
		if (plan->as_root) {
			int n = plan->stage_count++;
			struct sandbox_stage *s;

			plan->stages = xrealloc(plan->stages, (size_t)plan->stage_count *
						sizeof *plan->stages);
			s = &plan->stages[n];
			*s = (struct sandbox_stage){ .from = xstrdup(e->path),
						     .is_dir = e->is_dir, .tree = -1 };
			s->to = xasprintf("/tmp/%d", n);
			s->lower = xasprintf("/tmp/lower-%d", n);
			s->overlay = xasprintf("lowerdir=%s:%s", STAGE_TOP, s->lower);
			bot_words_push(argv, s->to);
		} else {
			bot_words_push(argv, e->path);
		}
		bot_words_push(argv, e->path);
	}
}

/* The bot's private /tmp, holding its HOME; with `size` (the fallback's
 * memory limit, bytes; 0: none), that big at most, and /dev/shm too. */
static void private_tmp(struct bot_words *argv, uint64_t size)
{
	char bytes[24];

	snprintf(bytes, sizeof bytes, "%" PRIu64, size);
	for (int i = 0; i < 2; i++) {
		if (size) {
			bot_words_push(argv, "--size");
			bot_words_push(argv, bytes);
		}
		if (i == 0 || size) {
			bot_words_push(argv, "--tmpfs");
			bot_words_push(argv, i == 0 ? "/tmp" : "/dev/shm");
		}
	}
	bot_words_push(argv, "--dir");
	bot_words_push(argv, BOT_ENV_HOME);
}

/* bot-exec's path, a new string: found once a process (its workers
 * inherit it), not at each start. */
static char *bot_exec_path(char *err)
{
	static char *found;

	if (!found)
		found = helper_path("bot-exec", "ARENA_BOT_EXEC", "the sandbox needs its helper", err);
	return found ? xstrdup(found) : NULL;
}

int sandbox_prepare(struct sandbox_plan *plan, const char *program,
		    char *const *words, const char *workdir,
		    const struct bot_limits *limits, char *err)
{
	struct bot_words argv = { 0 }, command = { 0 };
	struct mounts m = { 0 };
	char *helper = NULL, *seen = NULL, why[ERR_LEN], nproc[32], data[40], fd[16];
	bool fallback = limits->contain && contain_kind() == CONTAIN_FALLBACK;
	int rc = -1;

	*plan = (struct sandbox_plan){ .as_root = geteuid() == 0, .seccomp = -1 };
	if (!(plan->bwrap = bot_resolve_program("bwrap", NULL, why)))
		return errorf(err, "the sandbox needs bubblewrap (bwrap), which is "
			      "not installed: apt-get install bubblewrap, or pass "
			      "--no-sandbox");
	if (!(helper = bot_exec_path(err)))
		goto out;
	if (own_files(&m, &command, program, words, workdir, limits->readable,
		      err) < 0 ||
	    (!(seen = show_file(&m, helper, false)) &&
	     errorf(err, "cannot show the bot '%s': %s", helper, strerror(errno))) ||
	    add_hidden(&m, limits->hidden, err) < 0 ||
	    mask_specials(&m, limits->hidden, err) < 0 ||
	    (plan->seccomp = sandbox_seccomp_fd(err)) < 0)
		goto out;
	bot_words_push(&argv, plan->bwrap);
	for (const char *const *o = fixed_options; *o; o++)
		bot_words_push(&argv, *o);
	private_tmp(&argv, fallback ? limits->memory : 0);
	snprintf(fd, sizeof fd, "%d", SANDBOX_SECCOMP_FD);
	bot_words_push(&argv, "--seccomp");
	bot_words_push(&argv, fd);
	bot_words_push(&argv, "--ro-bind");
	bot_words_push(&argv, "/usr");
	bot_words_push(&argv, "/usr");
	for (const char *const *s = sandbox_system_folders + 1; *s; s++)
		system_folder(&argv, *s);
	mount_options(plan, &m, &argv);
	/* The folders bwrap made on its root for the mounts stay empty. */
	bot_words_push(&argv, "--remount-ro");
	bot_words_push(&argv, "/");
	bot_words_push(&argv, "--chdir");
	bot_words_push(&argv, workdir ? workdir : BOT_ENV_HOME);
	bot_words_push(&argv, "--");
	bot_words_push(&argv, seen);
	snprintf(nproc, sizeof nproc, "%u", limits->processes ?
		 limits->processes : BOT_DEFAULT_PROCESSES);
	bot_words_push(&argv, nproc);
	/* Queued signals count against the RLIMIT_SIGPENDING of the user's
	 * first user namespace too, shared by all its sandboxes: with all of
	 * it, one bot could fill that and another see its sigqueue() fail.
	 * With this much each, that takes dozens (the limit is usually tens
	 * of thousands). */
	bot_words_push(&argv, "1024");
	/* The fallback's memory bound, per process. */
	snprintf(data, sizeof data, "%" PRIu64, limits->memory);
	bot_words_push(&argv, fallback && limits->memory ? data : "-");
	bot_words_push(&argv, limits->contain && !fallback ? "group" : "-");
	for (size_t i = 0; i < command.count; i++)
		bot_words_push(&argv, command.list[i]);
	plan->argv = argv.list;
	argv.list = NULL;
	rc = 0;
out:
	for (int i = 0; i < m.count; i++)
		free(m.list[i].path);
	free(m.list);
	strings_free(command.list);
	strings_free(argv.list);
	free(seen);
	free(helper);
	if (rc < 0)
		sandbox_free(plan);
	return rc;
}

/* As root, in the child: puts the folder of stage `s`, already cloned, at
 * s->to under an overlay whose top layer is the empty STAGE_TOP, so that
 * the folder itself can be entered (its mode is the top's) while
 * everything in it keeps its owner and mode.  Where the kernel has no
 * overlay, the folder is put there as it is. */
static int stage_folder(const struct sandbox_stage *s)
{
	if (mkdir(s->lower, 0700) < 0 ||
	    move_mount(s->tree, "", AT_FDCWD, s->lower, MOVE_MOUNT_F_EMPTY_PATH) < 0)
		return -1;
	if (mount("arena-overlay", s->to, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV,
		  s->overlay) == 0)
		return 0;
	return mount(s->lower, s->to, NULL, MS_MOVE, NULL);
}

int sandbox_enter(const struct sandbox_plan *plan)
{
	struct mount_attr rdonly = { .attr_set = MOUNT_ATTR_RDONLY };

	if (!plan->as_root)
		return 0;
	/* Each folder is copied from the new namespace before the tmpfs on
	 * /tmp can hide any of them. */
	if (unshare(CLONE_NEWNS) < 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return -1;
	for (int i = 0; i < plan->stage_count; i++) {
		struct sandbox_stage *s = &plan->stages[i];

		s->tree = open_tree(AT_FDCWD, s->from, OPEN_TREE_CLONE |
				    OPEN_TREE_CLOEXEC | AT_RECURSIVE);
		if (s->tree < 0 ||
		    mount_setattr(s->tree, "", AT_EMPTY_PATH | AT_RECURSIVE,
				  &rdonly, sizeof rdonly) < 0)
			return -1;
	}
	if (mount("arena-stage", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=0755") < 0 || mkdir(STAGE_TOP, 0755) < 0)
		return -1;
	for (int i = 0; i < plan->stage_count; i++) {
		const struct sandbox_stage *s = &plan->stages[i];
		int fd;

		if (s->is_dir) {
			if (mkdir(s->to, 0755) < 0 || stage_folder(s) < 0)
				return -1;
		} else {
			if ((fd = open(s->to, O_CREAT | O_WRONLY | O_CLOEXEC, 0644)) < 0)
				return -1;
			close(fd);
			if (move_mount(s->tree, "", AT_FDCWD, s->to,
				       MOVE_MOUNT_F_EMPTY_PATH) < 0)
				return -1;
		}
		close(s->tree);
	}
	if (setgroups(0, NULL) < 0 ||
	    setresgid(SANDBOX_UID, SANDBOX_UID, SANDBOX_UID) < 0 ||
	    setresuid(SANDBOX_UID, SANDBOX_UID, SANDBOX_UID) < 0)
		return -1;
	return 0;
}

void sandbox_free(struct sandbox_plan *plan)
{
	free(plan->bwrap);
	strings_free(plan->argv);
	for (int i = 0; i < plan->stage_count; i++) {
		free(plan->stages[i].from);
		free(plan->stages[i].to);
		free(plan->stages[i].lower);
		free(plan->stages[i].overlay);
	}
	free(plan->stages);
	if (plan->seccomp >= 0)
		close(plan->seccomp);
	*plan = (struct sandbox_plan){ .seccomp = -1 };
}

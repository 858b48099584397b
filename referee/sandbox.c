/*
 * The bubblewrap command line of a sandboxed bot and the root-only steps
 * of its child (see sandbox.h).  What the bot sees is a list of mounts:
 * read-only binds of its own folders and masks over hidden paths, applied
 * shallowest first so that a mask inside a bound folder covers it and a
 * bound folder inside a mask shows through.
 */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* Always there, read-only: what programs need to run. */
static const char *const system_folders[] = {
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",
	NULL,
};

static const char *const fixed_options[] = {
	"--die-with-parent", "--unshare-all", "--new-session",
	"--cap-drop", "ALL", "--proc", "/proc", "--dev", "/dev",
	"--tmpfs", "/tmp", NULL,
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

struct words {
	char **list;
	size_t count;
};

static void push(struct words *w, const char *s)
{
	w->list = xrealloc(w->list, (w->count + 2) * sizeof *w->list);
	w->list[w->count++] = xstrdup(s);
	w->list[w->count] = NULL;
}

/* a is b or lies under it. */
static bool path_within(const char *a, const char *b)
{
	size_t n = strlen(b);

	if (!strcmp(b, "/"))
		return true;
	return !strncmp(a, b, n) && (a[n] == '\0' || a[n] == '/');
}

static bool is_system(const char *path)
{
	for (const char *const *s = system_folders; *s; s++)
		if (path_within(path, *s))
			return true;
	return false;
}

/* path made absolute against base (the current folder when NULL). */
static char *absolute(const char *path, const char *base)
{
	char *cwd = NULL, *out;
	size_t len;

	if (path[0] == '/')
		return xstrdup(path);
	if (!base)
		base = cwd = getcwd(NULL, 0);
	if (!base)
		return NULL;
	len = strlen(base) + strlen(path) + 2;
	out = xmalloc(len);
	snprintf(out, len, "%s/%s", base, path);
	free(cwd);
	return out;
}

static char *parent_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash == path ? xstrdup("/") : strndup(path, (size_t)(slash - path));
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

/* Binds the folder of the file at `abs` (and of its target when it is a
 * symlink elsewhere); for a program, a PREFIX/bin folder binds PREFIX (an
 * interpreter needs its lib/) and a ROOT/shims one binds ROOT (a version
 * manager's shim, as pyenv's, runs the manager).  Returns the file's path
 * as the bot sees it (its folder resolved, its own name kept, so that a
 * symlink such as python3 still works), or NULL when it does not exist. */
static char *bind_file_folder(struct mounts *m, const char *abs, bool program)
{
	char *folder = parent_of(abs), *real_folder = realpath(folder, NULL);
	char *target = realpath(abs, NULL), *seen = NULL;

	if (real_folder && target) {
		char *target_folder = parent_of(target);
		const char *base = strrchr(abs, '/') + 1;
		size_t len = strlen(real_folder) + strlen(base) + 2;
		const char *const dirs[2] = { real_folder, target_folder };

		for (int i = 0; i < 2; i++) {
			char *bind = xstrdup(dirs[i]);
			const char *last = strrchr(bind, '/');

			if (program && last != bind &&
			    (!strcmp(last, "/bin") || !strcmp(last, "/shims"))) {
				char *prefix = parent_of(bind);

				free(bind);
				bind = prefix;
			}
			if (!is_system(bind))
				add_mount(m, bind, MOUNT_BIND, true);
			free(bind);
		}
		seen = xmalloc(len);
		snprintf(seen, len, "%s/%s", strcmp(real_folder, "/") ? real_folder : "",
			 base);
		free(target_folder);
	}
	free(folder);
	free(real_folder);
	free(target);
	return seen;
}

static bool regular_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The bot's own folders: its working folder (`workdir`, else the
 * referee's), where it starts (*chdir_to), and the folder of each file its
 * command names, with its command rewritten to the paths it sees them at.
 * 0, or -1 with err. */
static int own_folders(struct mounts *m, struct words *command,
		       const char *program, char *const *words,
		       const char *workdir, char **chdir_to, char *err)
{
	char *abs = absolute(program, workdir), *seen;

	if (!(*chdir_to = realpath(workdir ? workdir : ".", NULL))) {
		free(abs);
		return errorf(err, "cannot enter working directory '%s': %s",
			      workdir ? workdir : ".", strerror(errno));
	}
	add_mount(m, *chdir_to, MOUNT_BIND, true);
	seen = abs ? bind_file_folder(m, abs, true) : NULL;
	free(abs);
	if (!seen)
		return errorf(err, "cannot run '%s': %s", words[0], strerror(errno));
	push(command, seen);
	free(seen);
	for (size_t i = 1; words[i]; i++) {
		abs = absolute(words[i], workdir);
		seen = abs && regular_file(abs) ? bind_file_folder(m, abs, false) : NULL;
		push(command, seen ? seen : words[i]);
		free(seen);
		free(abs);
	}
	return 0;
}

static int add_readable(struct mounts *m, const char *const *paths, char *err)
{
	for (; paths && *paths; paths++) {
		char *real = realpath(*paths, NULL);
		struct stat st;

		if (!real || stat(real, &st) < 0) {
			free(real);
			return errorf(err, "readable path '%s': %s", *paths,
				      strerror(errno));
		}
		add_mount(m, real, MOUNT_BIND, S_ISDIR(st.st_mode));
		free(real);
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
		related = is_system(real);
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
			  struct words *argv)
{
	qsort(m->list, (size_t)m->count, sizeof *m->list, by_depth);
	for (int i = 0; i < m->count; i++) {
		const struct mount_entry *e = &m->list[i];
		char stage[32];

		if (e->kind == MOUNT_MASK) {
			push(argv, e->is_dir ? "--tmpfs" : "--ro-bind");
			if (!e->is_dir)
				push(argv, "/dev/null");
			push(argv, e->path);
			continue;
		}
		push(argv, "--ro-bind");
		if (plan->as_root) {
			struct sandbox_stage *s;

			plan->stages = xrealloc(plan->stages,
						(size_t)(plan->stage_count + 1) *
						sizeof *plan->stages);
			s = &plan->stages[plan->stage_count];
			snprintf(stage, sizeof stage, "/tmp/%d", plan->stage_count++);
			*s = (struct sandbox_stage){ .from = xstrdup(e->path),
						     .to = xstrdup(stage),
						     .is_dir = e->is_dir, .tree = -1 };
			push(argv, stage);
		} else {
			push(argv, e->path);
		}
		push(argv, e->path);
	}
}

/* Writes "0 SANDBOX_UID 1" to /proc/PID/WHICH. */
static int write_map(pid_t pid, const char *which)
{
	char path[64], map[32];
	int fd, n, ok;

	snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, which);
	n = snprintf(map, sizeof map, "0 %d 1\n", SANDBOX_UID);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -1;
	ok = write(fd, map, (size_t)n) == n;
	close(fd);
	return ok ? 0 : -1;
}

/* As root: a user namespace that maps root to SANDBOX_UID, made once per
 * process (a forked worker closes what it inherits) by a helper process
 * that enters it and waits to be killed.  Its fd, or -1 (not root, or the
 * kernel would not). */
static int idmap_userns(void)
{
	static pid_t made_by;
	static int userns = -1;
	int sync[2];
	pid_t pid;
	char c;

	if (made_by == getpid())
		return userns;
	made_by = getpid();
	userns = -1;
	if (geteuid() != 0 || pipe2(sync, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		if (unshare(CLONE_NEWUSER) == 0 && write(sync[1], "", 1) == 1)
			pause();
		_exit(0);
	}
	close(sync[1]);
	if (pid > 0 && read(sync[0], &c, 1) == 1 &&
	    !write_map(pid, "uid_map") && !write_map(pid, "gid_map")) {
		char path[64];

		snprintf(path, sizeof path, "/proc/%d/ns/user", (int)pid);
		userns = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (pid > 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	close(sync[0]);
	return userns;
}

int sandbox_prepare(struct sandbox_plan *plan, const char *program,
		    char *const *words, const char *workdir,
		    const struct bot_limits *limits, char *err)
{
	struct words argv = { 0 }, command = { 0 };
	struct mounts m = { 0 };
	char *chdir_to = NULL, *prlimit = NULL, why[ERR_LEN], nproc[32];
	int rc = -1;

	*plan = (struct sandbox_plan){ .as_root = geteuid() == 0,
				       .userns = idmap_userns() };
	if (!(plan->bwrap = bot_resolve_program("bwrap", why)))
		return errorf(err, "the sandbox needs bubblewrap (bwrap), which is "
			      "not installed: apt-get install bubblewrap, or pass "
			      "--no-sandbox");
	if (!(prlimit = bot_resolve_program("prlimit", why))) {
		errorf(err, "a sandboxed bot's process limit needs prlimit: "
		       "apt-get install util-linux");
		goto out;
	}
	if (own_folders(&m, &command, program, words, workdir, &chdir_to, err) < 0 ||
	    add_readable(&m, limits->readable, err) < 0 ||
	    add_hidden(&m, limits->hidden, err) < 0)
		goto out;
	push(&argv, plan->bwrap);
	for (const char *const *o = fixed_options; *o; o++)
		push(&argv, *o);
	push(&argv, "--ro-bind");
	push(&argv, "/usr");
	push(&argv, "/usr");
	for (const char *const *s = system_folders + 1; *s; s++) {
		push(&argv, "--ro-bind-try");
		push(&argv, *s);
		push(&argv, *s);
	}
	mount_options(plan, &m, &argv);
	push(&argv, "--chdir");
	push(&argv, chdir_to);
	push(&argv, "--");
	push(&argv, "/bin/sh");
	push(&argv, "-c");
	push(&argv, "exec \"$@\" <&3 >&4 3<&- 4<&-");
	push(&argv, "sh");
	snprintf(nproc, sizeof nproc, "--nproc=%u", limits->processes ?
		 limits->processes : SANDBOX_DEFAULT_PROCESSES);
	push(&argv, prlimit);
	push(&argv, nproc);
	push(&argv, "--");
	for (size_t i = 0; i < command.count; i++)
		push(&argv, command.list[i]);
	plan->argv = argv.list;
	argv.list = NULL;
	rc = 0;
out:
	for (int i = 0; i < m.count; i++)
		free(m.list[i].path);
	free(m.list);
	bot_free_words(command.list);
	bot_free_words(argv.list);
	free(chdir_to);
	free(prlimit);
	if (rc < 0)
		sandbox_free(plan);
	return rc;
}

int sandbox_enter(const struct sandbox_plan *plan)
{
	struct mount_attr idmap = { .attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_IDMAP,
				    .userns_fd = (__u64)plan->userns };
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
		if (s->tree < 0)
			return -1;
		/* Without an idmap (a filesystem that has none), the bot
		 * reads what others may read. */
		if ((plan->userns < 0 ||
		     mount_setattr(s->tree, "", AT_EMPTY_PATH | AT_RECURSIVE,
				   &idmap, sizeof idmap) < 0) &&
		    mount_setattr(s->tree, "", AT_EMPTY_PATH | AT_RECURSIVE,
				  &rdonly, sizeof rdonly) < 0)
			return -1;
	}
	if (mount("arena-stage", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=0755") < 0)
		return -1;
	for (int i = 0; i < plan->stage_count; i++) {
		const struct sandbox_stage *s = &plan->stages[i];

		if (s->is_dir) {
			if (mkdir(s->to, 0755) < 0)
				return -1;
		} else {
			int fd = open(s->to, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);

			if (fd < 0)
				return -1;
			close(fd);
		}
		if (move_mount(s->tree, "", AT_FDCWD, s->to,
			       MOVE_MOUNT_F_EMPTY_PATH) < 0)
			return -1;
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
	bot_free_words(plan->argv);
	for (int i = 0; i < plan->stage_count; i++) {
		free(plan->stages[i].from);
		free(plan->stages[i].to);
	}
	free(plan->stages);
	*plan = (struct sandbox_plan){ .userns = -1 };
}

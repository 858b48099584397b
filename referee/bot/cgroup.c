/*
 * One bot's control group (see cgroup.h): made, limited, entered by the
 * bot's first process, frozen and thawed, its CPU clock read, killed and
 * removed (whether it went past a limit: cgroup_breach.c).  The
 * control files are written as a shell's "echo VALUE > FILE" writes them
 * (O_CREAT | O_TRUNC, which the kernel's files accept), so that the tests
 * can run the same code over a tree of plain files laid out as the kernel
 * lays a hierarchy out.  Files read on every move stay open and are read
 * with pread() at offset 0, which makes the kernel print them afresh.
 */
#include "cgroup.h"
#include "cgroup_private.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"

/* The files a group is driven by through descriptors kept open, v2 and
 * v1 (with its hierarchy). */
struct control {
	const char *v2, *v1;
	enum cgroup_hierarchy hierarchy;
};

static const struct control controls[FILE_FILES] = {
	[FILE_FREEZE] = { "cgroup.freeze", "freezer.state", CGROUP_FREEZER },
	[FILE_CPU] = { "cpu.stat", "cpuacct.usage", CGROUP_CPUACCT },
	[FILE_MEMORY_EVENTS] = { "memory.events", "memory.oom_control", CGROUP_MEMORY },
	[FILE_PIDS_EVENTS] = { "pids.events", "pids.events", CGROUP_PIDS },
};

/* The group's folder in hierarchy h. */
static const char *folder(const struct cgroup *g, enum cgroup_hierarchy h)
{
	return g->dir[g->version == 2 ? 0 : h];
}

/* Where the control file `which` is: frozen, in "play". */
static const char *control_folder(const struct cgroup *g, enum control_file which)
{
	return which == FILE_FREEZE ? g->play : folder(g, controls[which].hierarchy);
}

int cgroup_write(const char *dir, const char *name, const char *value)
{
	char *path = path_join(dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), saved;
	ssize_t n = -1;

	free(path);
	if (fd < 0)
		return -1;
	n = write(fd, value, strlen(value));
	saved = errno;
	close(fd);
	errno = saved;
	return n == (ssize_t)strlen(value) ? 0 : -1;
}

/* The file `which` of the group, open for reading (or writing), or -1.
 * Opened when the group is made (so that a referee's descriptors are the
 * same from game to game), or, in a tree of plain files, when the file
 * is there. */
static int control_fd(struct cgroup *g, enum control_file which, bool write)
{
	const struct control *c = &controls[which];
	const char *name = g->version == 2 ? c->v2 : c->v1;

	if (g->fd[which] < 0) {
		char *path = path_join(control_folder(g, which), name);

		g->fd[which] = open(path, (write ? O_WRONLY | O_CREAT : O_RDONLY) |
				    O_CLOEXEC, 0644);
		free(path);
	}
	return g->fd[which];
}

ssize_t cgroup_read_control(const struct cgroup *group, enum control_file which,
			    char *buf, size_t size)
{
	struct cgroup *g = (struct cgroup *)group; /* opens are a cache */
	int fd = control_fd(g, which, false);
	ssize_t n = fd < 0 ? -1 : pread(fd, buf, size - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	return n;
}

int64_t cgroup_keyed_value(const char *text, const char *key)
{
	size_t len = strlen(key);

	for (const char *line = text; line && *line; line = strchr(line, '\n')) {
		line += *line == '\n';
		if (!strncmp(line, key, len) && line[len] == ' ')
			return strtoll(line + len + 1, NULL, 10);
	}
	return -1;
}

static int set_limits(const struct cgroup *g, const struct cgroup_limits *l,
		      char *err)
{
	char memory[32], pids[32], quota[48];
	const char *mem = folder(g, CGROUP_MEMORY), *name;
	int rc;

	snprintf(memory, sizeof memory, "%" PRIu64, l->memory);
	snprintf(pids, sizeof pids, "%u", l->processes);
	if (g->version == 2) {
		snprintf(quota, sizeof quota, "%llu 100000",
			 100000ULL * l->cpus);
		rc = (name = "memory.max", cgroup_write(mem, name, l->memory ? memory : "max")) ||
		     (name = "memory.oom.group", cgroup_write(mem, name, "1")) ||
		     (name = "pids.max", cgroup_write(mem, name, l->processes ? pids : "max")) ||
		     (name = "cpu.max", cgroup_write(mem, name, l->cpus ? quota : "max 100000"));
		/* Absent where the kernel keeps no swap account: no swap then. */
		if (!rc && cgroup_write(mem, "memory.swap.max", "0") && errno != ENOENT &&
		    errno != EACCES && errno != EPERM)
			rc = (name = "memory.swap.max", -1);
	} else {
		snprintf(quota, sizeof quota, "%lld",
			 l->cpus ? 100000LL * l->cpus : -1LL);
		rc = (name = "memory.limit_in_bytes",
		      cgroup_write(mem, name, l->memory ? memory : "-1")) ||
		     (name = "pids.max", cgroup_write(folder(g, CGROUP_PIDS), name,
						      l->processes ? pids : "max")) ||
		     (name = "cpu.cfs_period_us", cgroup_write(folder(g, CGROUP_CPU), name, "100000")) ||
		     (name = "cpu.cfs_quota_us", cgroup_write(folder(g, CGROUP_CPU), name, quota));
		if (!rc && cgroup_write(mem, "memory.memsw.limit_in_bytes",
					 l->memory ? memory : "-1") &&
		    errno != ENOENT && errno != EACCES && errno != EPERM)
			rc = (name = "memory.memsw.limit_in_bytes", -1);
	}
	if (rc)
		return errorf(err, "cannot set %s of the control group %s: %s",
			      name, mem, strerror(errno));
	return 0;
}

/* Sets oom_event (see struct cgroup). */
static void watch_oom(struct cgroup *g)
{
	int fd = g->fd[FILE_MEMORY_EVENTS];
	char line[32];

	if (g->version == 2 || fd < 0) {
		g->oom_event = g->version == 2 ? fd : -1;
		return;
	}
	g->oom_event = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	snprintf(line, sizeof line, "%d %d", g->oom_event, fd);
	if (g->oom_event >= 0 &&
	    cgroup_write(folder(g, CGROUP_MEMORY), "cgroup.event_control", line) < 0) {
		close(g->oom_event);
		g->oom_event = -1;
	}
}

/* The folder's cgroup.procs, open for a process to enter by writing "0". */
static int open_procs(const char *dir)
{
	char *path = path_join(dir, "cgroup.procs");
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	free(path);
	return fd;
}

struct cgroup *cgroup_adopt(const struct cgroup_tree *tree, const char *name)
{
	struct cgroup *g = xcalloc(1, sizeof *g);

	g->version = tree->version;
	g->play_fd = g->oom_event = -1;
	for (int i = 0; i < FILE_FILES; i++)
		g->fd[i] = -1;
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		g->enter_fd[h] = -1;
		if (g->version == 2 && h > 0)
			continue;
		g->made[h] = true;
		for (int k = 0; k < h; k++)
			g->made[h] &= strcmp(tree->dir[k], tree->dir[h]) != 0;
		g->dir[h] = path_join(tree->dir[h], name);
	}
	g->play = path_join(folder(g, CGROUP_FREEZER), "play");
	return g;
}

struct cgroup *cgroup_create(const struct cgroup_tree *tree,
			     const struct cgroup_limits *limits, char *err)
{
	static unsigned long made;
	struct cgroup *g;
	char name[64];
	const char *failed;

	snprintf(name, sizeof name, "bot-%ld-%lu", (long)getpid(), ++made);
	g = cgroup_adopt(tree, name);
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		if (g->made[h] && mkdir(g->dir[h], 0755) < 0) {
			errorf(err, "cannot make the control group %s: %s",
			       g->dir[h], strerror(errno));
			for (int k = h; k < CGROUP_HIERARCHIES; k++)
				g->made[k] = false;
			goto fail;
		}
	}
	if (mkdir(g->play, 0755) < 0) {
		errorf(err, "cannot make the control group %s: %s", g->play,
		       strerror(errno));
		goto fail;
	}
	if (set_limits(g, limits, err) < 0)
		goto fail;
	for (int h = 0; h < CGROUP_HIERARCHIES; h++)
		if (g->made[h] && (g->enter_fd[h] = open_procs(failed = g->dir[h])) < 0)
			goto no_procs;
	if ((g->play_fd = open_procs(failed = g->play)) < 0)
		goto no_procs;
	for (int i = 0; i < FILE_FILES; i++)
		control_fd(g, i, i == FILE_FREEZE);
	watch_oom(g);
	return g;
no_procs:
	errorf(err, "cannot open %s/cgroup.procs: %s", failed, strerror(errno));
fail:
	cgroup_destroy(g, 0);
	return NULL;
}

int cgroup_enter(const struct cgroup *group, bool play)
{
	for (int h = 0; h < CGROUP_HIERARCHIES; h++)
		if (group->enter_fd[h] >= 0 && write(group->enter_fd[h], "0", 1) != 1)
			return -1;
	return play && write(group->play_fd, "0", 1) != 1 ? -1 : 0;
}

int cgroup_play_fd(const struct cgroup *group)
{
	return group->play_fd;
}

void cgroup_entered(struct cgroup *group)
{
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		if (group->enter_fd[h] >= 0)
			close(group->enter_fd[h]);
		group->enter_fd[h] = -1;
	}
	if (group->play_fd >= 0)
		close(group->play_fd);
	group->play_fd = -1;
}

int cgroup_freeze(struct cgroup *group, bool frozen)
{
	int fd = control_fd(group, FILE_FREEZE, true);
	const char *v = group->version == 2 ? (frozen ? "1" : "0")
			: (frozen ? "FROZEN" : "THAWED"); /* the same length */

	return fd >= 0 && pwrite(fd, v, strlen(v), 0) == (ssize_t)strlen(v) ? 0 : -1;
}

int64_t cgroup_cpu_ns(struct cgroup *group)
{
	char buf[512];
	int64_t v;

	if (cgroup_read_control(group, FILE_CPU, buf, sizeof buf) <= 0)
		return -1;
	if (group->version == 1)
		v = strtoll(buf, NULL, 10);
	else if ((v = cgroup_keyed_value(buf, "usage_usec")) >= 0)
		v *= 1000;
	else
		v = -1;
	if (v >= 0)
		group->cpu_ns = v;
	return v;
}

/* The processes of a group killed so far. */
struct killed {
	int *pid;
	size_t count;
};

static bool killed_before(const struct killed *k, int pid)
{
	for (size_t i = 0; i < k->count; i++)
		if (k->pid[i] == pid)
			return true;
	return false;
}

/* SIGKILL to every process listed in the folder's cgroup.procs and not
 * killed before (one killed stays listed until it has exited, which on
 * a busy machine can take a while); how many there were. */
static int kill_listed(const char *dir, struct killed *k)
{
	char *path = path_join(dir, "cgroup.procs");
	FILE *f = fopen(path, "re");
	int pid, count = 0;

	free(path);
	if (!f)
		return 0;
	while (fscanf(f, "%d", &pid) == 1) {
		if (pid <= 0 || killed_before(k, pid) || kill(pid, SIGKILL) != 0)
			continue;
		k->pid = xrealloc(k->pid, (k->count + 1) * sizeof *k->pid);
		k->pid[k->count++] = pid;
		count++;
	}
	fclose(f);
	return count;
}

void cgroup_kill(struct cgroup *group)
{
	struct killed k = { 0 };

	/* cgroup.kill (Linux 5.14) kills frozen processes too, and those
	 * forked meanwhile.  Otherwise: frozen, nobody forks while the list
	 * is read; a process killed while frozen dies when thawed. */
	if (group->version == 2 &&
	    !cgroup_write(folder(group, CGROUP_FREEZER), "cgroup.kill", "1"))
		return;
	for (int round = 0; round < 100; round++) {
		int killed;

		cgroup_freeze(group, true);
		killed = kill_listed(group->play, &k) +
			 kill_listed(folder(group, CGROUP_FREEZER), &k);
		cgroup_freeze(group, false);
		if (!killed)
			break;
	}
	free(k.pid);
}

bool cgroup_destroy(struct cgroup *group, int wait_ms)
{
	int64_t give_up = now_ns() + (int64_t)wait_ms * 1000000;
	bool left;

	if (!group)
		return true;
	cgroup_entered(group);
	cgroup_kill(group);
	for (int i = 0; i < FILE_FILES; i++)
		if (group->fd[i] >= 0)
			close(group->fd[i]);
	if (group->version == 1 && group->oom_event >= 0)
		close(group->oom_event);
	/* A process killed leaves its group a moment later. */
	do {
		left = rmdir(group->play) < 0 && errno == EBUSY;
		for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
			if (!group->made[h])
				continue;
			if (rmdir(group->dir[h]) < 0 && errno == EBUSY)
				left = true;
			else
				group->made[h] = false;
		}
		if (left)
			nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	} while (left && now_ns() < give_up);
	for (int h = 0; h < CGROUP_HIERARCHIES; h++)
		free(group->dir[h]);
	free(group->play);
	free(group);
	return !left;
}

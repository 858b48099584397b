/*
 * Where a process makes its bots' control groups (see cgroup.h): the
 * mounts of /proc/self/mountinfo and the groups of /proc/self/cgroup say
 * whether the machine has a v2 hierarchy with the memory, pids and cpu
 * controllers (current systemd machines) or v1 hierarchies of memory,
 * pids, cpu, cpuacct and freezer (older ones, and hybrids whose v2 tree
 * has no controllers), and which group this process is in.
 */
#include "cgroup.h"
#include "cgroup_private.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"

static const char *const controller[CGROUP_HIERARCHIES] = {
	[CGROUP_MEMORY] = "memory", [CGROUP_PIDS] = "pids", [CGROUP_CPU] = "cpu",
	[CGROUP_CPUACCT] = "cpuacct", [CGROUP_FREEZER] = "freezer",
};

/* The controllers a v2 bot group needs. */
static const char v2_controllers[] = "+memory +pids +cpu";

/* Whether `word` is one of the words of the list `list` split at any of
 * `separators`. */
static bool has_word(const char *list, const char *word, const char *separators)
{
	size_t len = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += len)
		if ((p == list || strchr(separators, p[-1])) &&
		    (p[len] == '\0' || strchr(separators, p[len])))
			return true;
	return false;
}

/* Whether the file `dir`/`name` lists memory, pids and cpu. */
static bool offers_controllers(const char *dir, const char *name)
{
	char *path = path_join(dir, name), *list = files_read_all(path, NULL);
	bool offers = list && has_word(list, "memory", " \n") &&
		      has_word(list, "pids", " \n") && has_word(list, "cpu", " \n");

	free(path);
	free(list);
	return offers;
}

int cgroup_write_pid(const char *dir, pid_t pid)
{
	char text[32];

	snprintf(text, sizeof text, "%ld\n", (long)pid);
	return cgroup_write(dir, "cgroup.procs", text);
}

/* Writes "+memory +pids +cpu" to `dir`'s cgroup.subtree_control unless
 * they are on already.  0, or -1 with errno. */
static int enable_controllers(const char *dir)
{
	if (offers_controllers(dir, "cgroup.subtree_control"))
		return 0;
	return cgroup_write(dir, "cgroup.subtree_control", v2_controllers);
}

/* Makes the folder `name` in each hierarchy h, under mounts[h]/owns[h]
 * (hierarchies mounted together share it): 0, or -1 with errno and the
 * hierarchy that failed in *failed, what it made removed again. */
static int make_dirs(struct cgroup_tree *tree, char *const *mounts,
		     char *const *owns, const char *name, int *failed)
{
	bool made[CGROUP_HIERARCHIES] = {false};
	int h, saved;

	for (h = 0; h < CGROUP_HIERARCHIES; h++) {
		char *own = path_join(mounts[h], owns[h]);
		bool shared = false;

		tree->dir[h] = path_join(own, name);
		free(own);
		for (int k = 0; k < h; k++)
			shared |= !strcmp(tree->dir[k], tree->dir[h]);
		if (!shared && !(made[h] = mkdir(tree->dir[h], 0755) == 0))
			break;
	}
	if (h == CGROUP_HIERARCHIES)
		return 0;
	saved = errno;
	*failed = h;
	for (int k = 0; k <= h; k++) {
		if (made[k])
			rmdir(tree->dir[k]);
		free(tree->dir[k]);
		tree->dir[k] = NULL;
	}
	errno = saved;
	return -1;
}

/* A run's folder is arena-PID, or arena-PID-K (K = 2, 3, ... up to 100)
 * when a folder of that name is there already: what a run left when its
 * keeper was killed too (kill -9 of every process, a machine's shutdown),
 * whose PID the kernel has since handed to this process, or a run of
 * another PID namespace.  Taking it would mix two runs' bots; failing
 * would leave this run without control groups.  Made as make_dirs(). */
static int make_run_dirs(struct cgroup_tree *tree, char *const *mounts,
			 char *const *owns, int *failed)
{
	char name[48];
	int rc = -1;

	for (int k = 1; k <= 100 && rc < 0; k++) {
		if (k == 1)
			snprintf(name, sizeof name, "arena-%ld", (long)getpid());
		else
			snprintf(name, sizeof name, "arena-%ld-%d", (long)getpid(), k);
		rc = make_dirs(tree, mounts, owns, name, failed);
		if (rc < 0 && errno != EEXIST)
			break;
	}
	return rc;
}

/* v2: the run's folder holds the bots' groups and a leaf the referee
 * moves into, since a group that gives its children controllers may hold
 * no process itself (unless it is the root), nor may the group above it.
 * -2 when a delegated group would do. */
static int open_v2(struct cgroup_tree *tree, const char *own_dir, char *err)
{
	bool root = offers_controllers(own_dir, "cgroup.subtree_control");
	char *mounts[CGROUP_HIERARCHIES], *owns[CGROUP_HIERARCHIES];
	int saved, failed;

	tree->version = 2;
	if (!root && !offers_controllers(own_dir, "cgroup.controllers")) {
		errorf(err, "the referee's control group %s does not offer it the "
		       "memory, pids and cpu controllers (it is not delegated to "
		       "its user)", own_dir);
		return -2;
	}
	/* One folder for every hierarchy: the group's own. */
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		mounts[h] = (char *)own_dir;
		owns[h] = (char *)"";
	}
	if (make_run_dirs(tree, mounts, owns, &failed) < 0 ||
	    mkdir(tree->leaf = path_join(tree->dir[0], "referee"), 0755) < 0) {
		errorf(err, "cannot make a control group in %s: %s", own_dir,
		       strerror(errno));
		if (tree->dir[0])
			rmdir(tree->dir[0]);
		return -2;
	}
	if (cgroup_write_pid(tree->leaf, getpid()) < 0) {
		errorf(err, "cannot move the referee into the control group %s: %s",
		       tree->leaf, strerror(errno));
		rmdir(tree->leaf);
		rmdir(tree->dir[0]);
		return -2;
	}
	if ((!root && enable_controllers(own_dir) < 0) ||
	    enable_controllers(tree->dir[0]) < 0) {
		saved = errno;
		cgroup_write_pid(own_dir, getpid());
		rmdir(tree->leaf);
		rmdir(tree->dir[0]);
		errorf(err, "cannot enable the memory, pids and cpu controllers "
		       "in %s: %s%s", own_dir, strerror(saved), saved == EBUSY ?
		       " (processes other than the referee are in it)" : "");
		return -2;
	}
	return 0;
}

/* v1: an empty group kept frozen for the run's life, or thawed and
 * removed.  The kernel switches its v1 freezer on and off (patching its
 * own code: 8 ms a freeze and thaw, measured) whenever the number of
 * frozen groups leaves 0 or comes back to it; with one always frozen,
 * freezing and thawing a bot cost 4 us.  0, or -1 with errno. */
static int keep_freezer_on(const struct cgroup_tree *tree, bool on)
{
	char *anchor = path_join(tree->dir[CGROUP_FREEZER], "frozen");
	int rc = on && mkdir(anchor, 0755) < 0 ? -1
		 : cgroup_write(anchor, "freezer.state", on ? "FROZEN" : "THAWED");

	if (!on)
		rmdir(anchor);
	free(anchor);
	return rc;
}

/* v1: the run's folder in each hierarchy, under the referee's group. */
static int open_v1(struct cgroup_tree *tree, char *const *mounts,
		   char *const *owns, char *err)
{
	int failed = 0;

	tree->version = 1;
	if (make_run_dirs(tree, mounts, owns, &failed) < 0) {
		char *own = path_join(mounts[failed], owns[failed]);

		errorf(err, "cannot make a control group in %s: %s%s", own,
		       strerror(errno), errno == EACCES || errno == EPERM ||
		       errno == EROFS ? " (with cgroup v1, as here, only "
		       "root can)" : "");
		free(own);
		return -1;
	}
	if (keep_freezer_on(tree, true) < 0)
		return errorf(err, "cannot keep a control group frozen in %s: %s",
			      tree->dir[CGROUP_FREEZER], strerror(errno));
	return 0;
}

int cgroup_tree_open(struct cgroup_tree *tree, int version, const char *mount,
		     const char *own, char *err)
{
	char *mounts[CGROUP_HIERARCHIES], *owns[CGROUP_HIERARCHIES];
	int rc;

	*tree = (struct cgroup_tree){ 0 };
	if (version == 2) {
		char *own_dir = path_join(mount, own);

		rc = open_v2(tree, own_dir, err);
		free(own_dir);
		return rc;
	}
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		mounts[h] = path_join(mount, controller[h]);
		owns[h] = (char *)own;
	}
	rc = open_v1(tree, mounts, owns, err);
	for (int h = 0; h < CGROUP_HIERARCHIES; h++)
		free(mounts[h]);
	return rc;
}

void cgroup_tree_sweep(const struct cgroup_tree *tree)
{
	DIR *d = tree->dir[0] ? opendir(tree->dir[0]) : NULL;
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (e->d_type == DT_DIR && !strncmp(e->d_name, "bot-", 4))
			cgroup_destroy(cgroup_adopt(tree, e->d_name), 2000);
	if (d)
		closedir(d);
}

void cgroup_tree_close(struct cgroup_tree *tree)
{
	cgroup_tree_sweep(tree);
	if (tree->version == 1 && tree->dir[CGROUP_FREEZER])
		keep_freezer_on(tree, false);
	if (tree->leaf)
		rmdir(tree->leaf); /* fails while the referee is in it */
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		if (tree->dir[h])
			rmdir(tree->dir[h]);
		free(tree->dir[h]);
	}
	free(tree->leaf);
	*tree = (struct cgroup_tree){ 0 };
}

/* What the system mounts: the v2 hierarchy's mount point (NULL if none)
 * and each v1 controller's. */
struct mounts {
	char *v2;
	char *v1[CGROUP_HIERARCHIES];
	char *v2_own, *v1_own[CGROUP_HIERARCHIES];
};

/* A line of /proc/self/mountinfo (files_follow_lines()'s), into the
 * struct mounts `ctx`. */
static void read_mount(void *ctx, const char *line, size_t len)
{
	struct mounts *m = ctx;
	char *point = NULL, *options = NULL, type[64];
	const char *dash = strstr(line, " - ");

	(void)len;
	/* The mount point and options as long as they are (%ms allocates
	 * them). */
	if (dash && sscanf(line, "%*s %*s %*s %*s %ms", &point) == 1 &&
	    sscanf(dash, " - %63s %*s %ms", type, &options) == 2) {
		if (!strcmp(type, "cgroup2") && !m->v2)
			m->v2 = xstrdup(point);
		for (int h = 0; !strcmp(type, "cgroup") && h < CGROUP_HIERARCHIES; h++)
			if (!m->v1[h] && has_word(options, controller[h], ","))
				m->v1[h] = xstrdup(point);
	}
	free(point);
	free(options);
}

/* A group of /proc/self/cgroup (files_follow_lines()'s), into the struct
 * mounts `ctx`: "0::PATH" for v2, "N:LIST:PATH" with the controller in
 * LIST for v1. */
static void read_group(void *ctx, const char *text, size_t len)
{
	struct mounts *m = ctx;
	char *line = xasprintf("%.*s", (int)len, text);
	char *list = strchr(line, ':'), *path = list ? strchr(list + 1, ':') : NULL;

	if (path) {
		*list++ = '\0'; /* ends the hierarchy's number */
		*path++ = '\0'; /* ends its controllers */
		if (!strcmp(line, "0") && !*list && !m->v2_own)
			m->v2_own = xstrdup(path);
		for (int h = 0; h < CGROUP_HIERARCHIES; h++)
			if (!m->v1_own[h] && has_word(list, controller[h], ","))
				m->v1_own[h] = xstrdup(path);
	}
	free(line);
}

static void free_mounts(struct mounts *m)
{
	free(m->v2);
	free(m->v2_own);
	for (int h = 0; h < CGROUP_HIERARCHIES; h++) {
		free(m->v1[h]);
		free(m->v1_own[h]);
	}
}


int cgroup_tree_find(struct cgroup_tree *tree, const char *mountinfo,
		     const char *self_cgroup, char *err)
{
	struct mounts m = { 0 };
	bool v1 = true;
	int rc;

	*tree = (struct cgroup_tree){ 0 };
	files_follow_lines(mountinfo, &(long){0}, read_mount, &m);
	files_follow_lines(self_cgroup, &(long){0}, read_group, &m);
	for (int h = 0; h < CGROUP_HIERARCHIES; h++)
		v1 = v1 && m.v1[h] && m.v1_own[h];
	if (m.v2 && m.v2_own && offers_controllers(m.v2, "cgroup.controllers"))
		rc = cgroup_tree_open(tree, 2, m.v2, m.v2_own, err);
	else if (v1)
		rc = open_v1(tree, m.v1, m.v1_own, err);
	else
		rc = errorf(err, "this system mounts no control groups with the "
			    "memory, pids and cpu controllers");
	free_mounts(&m);
	if (rc < 0)
		cgroup_tree_close(tree);
	return rc;
}

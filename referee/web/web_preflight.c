/*
 * The pre-flight workers (web_preflight.h): a fixed table of uploads,
 * queued, being checked or done (the oldest done one's slot reused), one
 * lock and one condition for all; each worker takes the oldest queued
 * upload of a user with none being checked, and runs `referee league add
 * --porcelain --workdir FOLDER [--new] DIR NAME -- COMMAND` in a process
 * group of its own, with a temporary
 * folder of its own as TMPDIR (removed after, whatever the bot's checks
 * left there), and reads the one JSON line it prints; the process group
 * of a pre-flight past its wall time is killed (child_run_within()).
 */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sodium.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/child.h"
#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "web/web_preflight.h"
#include "web/web_reply.h"

#define SLOTS 256

enum state { FREE, QUEUED, CHECKING, ACCEPTED, REFUSED };

static const char *const state_names[] = {"", "queued", "checking", "accepted", "refused"};

struct job {
	enum state state;
	unsigned long seq;          /* the order of queueing */
	char id[WEB_UPLOAD_ID_LEN + 1];
	char *name, *user, *folder, *command;
	bool new_bot;               /* league add --new */
	pid_t pid;                  /* league add's, while checking */
	cJSON *result;              /* done: what the status says besides */
};

struct web_preflight {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool stopping;
	unsigned long seq;
	char *dir;
	struct job jobs[SLOTS];
	unsigned seconds;           /* a pre-flight's wall time at most */
	pthread_t workers[WEB_PREFLIGHT_WORKERS];
	int started;
};

static void job_clear(struct job *j)
{
	free(j->name);
	free(j->user);
	free(j->folder);
	free(j->command);
	cJSON_Delete(j->result);
	memset(j, 0, sizeof *j);
}

/* Adds string `text` to `j` as `key`, the league's folder and the
 * temporary one not named: an answer shows no path of the server's. */
static void add_text(cJSON *j, const char *key, const char *text, const char *dir,
		     const char *tmp)
{
	char *a = web_reply_scrub(text, dir, "DIR/", "DIR");
	char *b = web_reply_scrub(a, tmp, "TMPDIR/", "TMPDIR");

	cJSON_AddStringToObject(j, key, b);
	free(a);
	free(b);
}

/* A job whose league add started: its pid, which stopping the server
 * kills (child_run_within()'s `started`). */
struct started {
	struct web_preflight *p;
	struct job *j;
};

static void note_pid(pid_t pid, void *ctx)
{
	struct started *s = ctx;

	pthread_mutex_lock(&s->p->lock);
	s->j->pid = pid;
	pthread_mutex_unlock(&s->p->lock);
}

/* Runs league add on job `j` (its fields read unlocked: only its
 * worker changes them now) in temporary folder `tmp`: its exit status,
 * its stdout in *out, its stderr in tmp/stderr; *overdue when it ran
 * past its wall time. */
static int league_add(struct web_preflight *p, struct job *j, const char *tmp, char **out,
		      bool *overdue)
{
	/* The uploader is named in the register's signed line of it. */
	char *words[14] = {"referee", "league", "add", "--porcelain", "--workdir", j->folder,
			   "--owner", j->user};
	char **word = words + 8, err[ERR_LEN];
	char *errors = path_join(tmp, "stderr"), *output = path_join(tmp, "stdout");
	struct started s = {p, j};
	const struct child c = {
		.path = "/proc/self/exe", .argv = words, .dir = j->folder, .tmpdir = tmp,
		.output = output, .errors = errors, .own_group = true,
	};
	int rc;

	if (j->new_bot)
		*word++ = "--new";
	*word++ = p->dir;
	*word++ = j->name;
	*word++ = "--";
	*word = j->command;
	rc = child_run_within(&c, p->seconds, note_pid, &s, overdue, err);
	*out = files_read_all(output, NULL);
	free(output);
	free(errors);
	return rc;
}

/* The result of league add's run: accepted with its version, or refused
 * with why (the register's add line names its owner: league_owners.h). */
static cJSON *outcome(struct web_preflight *p, int rc,
		      const char *out, const char *tmp, bool overdue, enum state *state)
{
	char err[ERR_LEN], *path = path_join(tmp, "stderr"), *errors = files_read_all(path, NULL);
	cJSON *said = out ? json_parse_object(out, strlen(out), err) : NULL, *r = cJSON_CreateObject();
	const cJSON *version = json_member(said, "version"), *list = json_member(said, "checklist");
	bool added = cJSON_IsTrue(json_member(said, "added"));

	*state = REFUSED;
	if (overdue) {
		char *why = xasprintf("the bot's pre-flight took more than the server's %u s "
				      "and was stopped: make its hello and its moves answer "
				      "sooner, then upload it again", p->seconds);

		cJSON_AddStringToObject(r, "error", why);
		add_text(r, "report", errors ? errors : "", p->dir, tmp);
		free(why);
	} else if (rc == 0 && cJSON_IsNumber(version)) {
		*state = ACCEPTED;
		cJSON_AddNumberToObject(r, "version", version->valuedouble);
		cJSON_AddBoolToObject(r, "added", added);
	} else if (rc == 1 && cJSON_IsString(list)) {
		cJSON_AddStringToObject(r, "error", "the bot failed its pre-flight (referee "
					"check-bot): see its report");
		add_text(r, "report", list->valuestring, p->dir, tmp);
	} else {
		cJSON_AddStringToObject(r, "error", "the league did not take the bot");
		add_text(r, "report", errors ? errors : "", p->dir, tmp);
	}
	cJSON_Delete(said);
	free(errors);
	free(path);
	return r;
}

/* What a pre-flight of bot `name` killed before its end left in
 * DIR/stderr: its games' folder, preflight-NAME-vK.d, which league add
 * removes at its end (so one there is a killed one's: only one upload of
 * a name is checked at a time), and its checklist as far as it went. */
static void remove_leftovers(const char *dir, const char *name)
{
	char *folder = path_join(dir, "stderr"), *prefix = xasprintf("preflight-%s-v", name);
	size_t n = strlen(prefix);
	DIR *d = opendir(folder);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		const char *k = e->d_name + n;
		size_t digits = strncmp(e->d_name, prefix, n) ? 0 : strspn(k, "0123456789");
		char *games, *list;

		if (!digits || strcmp(k + digits, ".d"))
			continue;
		games = path_join(folder, e->d_name);
		list = path_joinf(folder, "%.*s.txt", (int)(n + digits), e->d_name);
		files_remove_tree(games);
		unlink(list);
		free(games);
		free(list);
	}
	if (d)
		closedir(d);
	free(prefix);
	free(folder);
}

/* Checks job `j` (CHECKING, taken by this worker): its result, its
 * folder removed unless the league took a new version from it. */
static void check(struct web_preflight *p, struct job *j)
{
	char err[ERR_LEN], *tmp = files_temp_dir("referee-upload", err), *out = NULL;
	bool overdue = false;
	int rc = tmp ? league_add(p, j, tmp, &out, &overdue) : -1;
	enum state state = REFUSED;
	char *parent = path_parent(j->folder);
	cJSON *r;

	remove_leftovers(p->dir, j->name);
	r = tmp ? outcome(p, rc, out, tmp, overdue, &state) : cJSON_CreateObject();

	if (!tmp)
		cJSON_AddStringToObject(r, "error", "the server cannot make a temporary folder");
	if (state != ACCEPTED || !cJSON_IsTrue(json_member(r, "added")))
		files_remove_tree(j->folder);
	rmdir(parent);   /* a bot's first upload refused leaves no folder of it */
	if (tmp)
		files_remove_tree(tmp);
	pthread_mutex_lock(&p->lock);
	j->state = state;
	j->result = r;
	j->pid = 0;
	/* The user's next upload may be checked now, by any worker. */
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	free(parent);
	free(tmp);
	free(out);
}

/* Whether `user` has an upload being checked. */
static bool checking(const struct web_preflight *p, const char *user)
{
	for (int i = 0; i < SLOTS; i++)
		if (p->jobs[i].state == CHECKING && !strcmp(p->jobs[i].user, user))
			return true;
	return false;
}

/* The next upload to check (under the lock): the oldest queued of a
 * user with none being checked, so that one user's slow uploads wait
 * behind the others', not the others behind theirs; or NULL. */
static struct job *next_job(struct web_preflight *p)
{
	struct job *next = NULL;

	for (int i = 0; i < SLOTS; i++) {
		struct job *j = &p->jobs[i];

		if (j->state == QUEUED && (!next || j->seq < next->seq) && !checking(p, j->user))
			next = j;
	}
	return next;
}

static void *worker(void *arg)
{
	struct web_preflight *p = arg;

	pthread_mutex_lock(&p->lock);
	while (!p->stopping) {
		struct job *next = next_job(p);

		if (!next) {
			pthread_cond_wait(&p->wake, &p->lock);
			continue;
		}
		next->state = CHECKING;
		pthread_mutex_unlock(&p->lock);
		check(p, next);
		pthread_mutex_lock(&p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct web_preflight *web_preflight_start(const char *dir, unsigned seconds)
{
	struct web_preflight *p = xcalloc(1, sizeof *p);

	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	p->dir = xstrdup(dir);
	p->seconds = seconds;
	while (p->started < WEB_PREFLIGHT_WORKERS &&
	       !pthread_create(&p->workers[p->started], NULL, worker, p))
		p->started++;
	if (p->started < WEB_PREFLIGHT_WORKERS) {
		web_preflight_stop(p);
		return NULL;
	}
	return p;
}

void web_preflight_stop(struct web_preflight *p)
{
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	for (int i = 0; i < SLOTS; i++)
		if (p->jobs[i].state == CHECKING && p->jobs[i].pid > 0)
			kill(-p->jobs[i].pid, SIGKILL);
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->started; i++)
		pthread_join(p->workers[i], NULL);
	for (int i = 0; i < SLOTS; i++) {
		if (p->jobs[i].state == QUEUED) {
			char *parent = path_parent(p->jobs[i].folder);

			files_remove_tree(p->jobs[i].folder);
			rmdir(parent);
			free(parent);
		}
		job_clear(&p->jobs[i]);
	}
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	free(p->dir);
	free(p);
}

/* Whether slot `j` (not busy) is a better one to reuse than `than`: a
 * free one, else the oldest done. */
static bool better(const struct job *j, const struct job *than)
{
	if (!than)
		return true;
	if (than->state == FREE)
		return false;
	return j->state == FREE || j->seq < than->seq;
}

/* A slot for a new job (NULL if all are busy), or why there is none in
 * *why. */
static struct job *slot_for(struct web_preflight *p, const char *name, const char *user,
			    enum web_queued *why)
{
	unsigned all = 0, theirs = 0;
	struct job *slot = NULL;

	for (int i = 0; i < SLOTS; i++) {
		struct job *j = &p->jobs[i];

		if (j->state == QUEUED || j->state == CHECKING) {
			all++;
			theirs += !strcmp(j->user, user);
			if (!strcmp(j->name, name))
				*why = WEB_QUEUE_BUSY;
		} else if (better(j, slot)) {
			slot = j;
		}
	}
	if (*why == WEB_QUEUED && (all >= WEB_PREFLIGHT_QUEUE || theirs >= WEB_PREFLIGHT_PER_USER))
		*why = WEB_QUEUE_FULL;
	return *why == WEB_QUEUED ? slot : NULL;
}

enum web_queued web_preflight_queue(struct web_preflight *p, const struct web_upload_job *u,
				    char *id)
{
	unsigned char raw[WEB_UPLOAD_ID_LEN / 2];
	enum web_queued why = WEB_QUEUED;
	struct job *j;

	randombytes_buf(raw, sizeof raw);
	sodium_bin2hex(id, WEB_UPLOAD_ID_LEN + 1, raw, sizeof raw);
	pthread_mutex_lock(&p->lock);
	if ((j = slot_for(p, u->name, u->user, &why))) {
		job_clear(j);
		*j = (struct job){.state = QUEUED, .seq = ++p->seq, .name = xstrdup(u->name),
				  .user = xstrdup(u->user), .folder = xstrdup(u->folder),
				  .command = xstrdup(u->command), .new_bot = u->new_bot};
		memcpy(j->id, id, sizeof j->id);
		pthread_cond_broadcast(&p->wake);
	}
	pthread_mutex_unlock(&p->lock);
	return why;
}

cJSON *web_preflight_status(struct web_preflight *p, const char *id, const char *user)
{
	cJSON *s = NULL;

	pthread_mutex_lock(&p->lock);
	for (int i = 0; i < SLOTS && !s; i++) {
		const struct job *j = &p->jobs[i];
		cJSON *item;

		if (j->state == FREE || strcmp(j->id, id) || strcmp(j->user, user))
			continue;
		s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "id", j->id);
		cJSON_AddStringToObject(s, "name", j->name);
		cJSON_AddStringToObject(s, "state", state_names[j->state]);
		cJSON_ArrayForEach(item, j->result)
			cJSON_AddItemToObject(s, item->string, cJSON_Duplicate(item, true));
	}
	pthread_mutex_unlock(&p->lock);
	return s;
}

/* Whether the register has a version whose folder ends in `tail`
 * ("/uploads/NAME/upload-X": the league's folder may have moved). */
static bool registered(const char *register_text, const char *tail)
{
	size_t n = strlen(tail);

	for (const char *p = register_text; p && (p = strstr(p, tail)); p += n)
		if (p[n] == '"')
			return true;
	return false;
}

/* Sweeps DIR/uploads/NAME (web_preflight_sweep()). */
static void sweep_bot(const char *dir, const char *name, const char *register_text)
{
	char *folder = path_joinf(dir, "uploads/%s", name);
	DIR *d = opendir(folder);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *tail = xasprintf("/uploads/%s/%s", name, e->d_name);
		char *path = path_join(folder, e->d_name);

		if (!strncmp(e->d_name, "upload-", 7) && !registered(register_text, tail))
			fprintf(stderr, files_remove_tree(path) ? "referee league serve: cannot "
				"remove %s, an upload the league never took: skipped\n" :
				"referee league serve: removed %s, an upload the league never took\n",
				tail + 1);
		free(tail);
		free(path);
	}
	if (d)
		closedir(d);
	rmdir(folder);
	free(folder);
}

void web_preflight_sweep(const char *dir)
{
	char *path = path_join(dir, "register.jsonl"), *text = files_read_all(path, NULL);
	char *uploads = path_join(dir, "uploads");
	DIR *d = text ? opendir(uploads) : NULL;
	struct dirent *e;

	/* Without the register, every upload would look never taken. */
	if (!text)
		fprintf(stderr, "referee league serve: cannot read register.jsonl: "
			"uploads/ not swept\n");
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.')
			sweep_bot(dir, e->d_name, text);
	if (d)
		closedir(d);
	free(uploads);
	free(text);
	free(path);
}

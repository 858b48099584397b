/*
 * Unit tests for procstop.c, the fallback's stop, on real sandboxes: a
 * bubblewrap with a PID namespace of its own (as the referee's sandbox
 * has) runs a shell that starts helpers and says "ready".  Here no seccomp
 * filter keeps the helpers from sending SIGCONT: helpers that continue
 * each other all the time are stopped whole, or the stop ends them
 * (FREEZE_FOUGHT), never left running; a helper waiting in vfork for a
 * child that waits counts as stopped once the child is; the init is
 * stopped with the rest and continued with them; a process continued off
 * move is found at the thaw (FREEZE_FOUGHT); a stop left pending at its
 * bound by a helper that runs no more is no fault, but one run again
 * while it is left so is (FREEZE_FOUGHT); and
 * procstop_kill() ends every
 * process of the namespace by its init, found gone.  Memory: children
 * that share their parent's pages count them once (over their bound by
 * their resident pages, within it by their share), children that each
 * fill their own are over a bound of their sum, while running and at a
 * stop (FREEZE_MEMORY_HELD), and are killed.  Where bubblewrap
 * cannot make the namespaces, each case says so and passes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bot/procstop.h"
#include "bot/task_clock.h"
#include "run_suite.h"

/* What the sandbox's shell starts before it says "ready". */
static const char *const helpers[] = {
	/* Two that send SIGCONT to every process of the namespace. */
	"for i in 1 2; do (while :; do kill -CONT -1; done) & done",
	/* One that waits in vfork (58 on x86_64) while its child waits in
	 * pause: the child runs on its parent's memory, so it runs as
	 * little of Python as it can (when it slept in a loop of Python,
	 * one run in some fifty never showed its parent in vfork, for a
	 * cause not found). */
	"python3 -c 'import ctypes\n"
	"if ctypes.CDLL(None).syscall(58) == 0:\n"
	"    ctypes.CDLL(None).pause()' &",
	/* One that sleeps. */
	"sleep 1000 &",
	/* One whose main thread waits in vfork while its child waits in
	 * pause (34 on x86_64; without Python's lock, which a child
	 * stopped holding it would keep from the spinner) and its other
	 * thread spins: never seen halted whole (a thread in vfork counts
	 * only in a process of one thread), so every stop of it is left
	 * pending at its bound, while nothing of it runs. */
	"python3 -c 'import ctypes, threading\n"
	"def spin():\n"
	"    while True: pass\n"
	"threading.Thread(target=spin, daemon=True).start()\n"
	"if ctypes.CDLL(None).syscall(58) == 0:\n"
	"    ctypes.CDLL(None).pause()' &",
	/* Two children that sleep sharing 40 MiB their parent filled before
	 * it forked them (and exited): a pool of forked workers.  (The
	 * shell's own sleeper keeps the sandbox: bubblewrap's init ends it
	 * when the shell exits.) */
	"python3 -c 'import os, time\n"
	"x = bytearray(40 << 20)\n"
	"for i in range(0, len(x), 4096): x[i] = 1\n"
	"for _ in range(2):\n"
	"    if os.fork() == 0:\n"
	"        time.sleep(1000)\n'\n"
	"sleep 999 &",
	/* Two children that each fill 40 MiB of their own and sleep (their
	 * parent exits once they have). */
	"python3 -c 'import os, time\n"
	"r, w = os.pipe()\n"
	"for _ in range(2):\n"
	"    if os.fork() == 0:\n"
	"        x = bytearray(40 << 20)\n"
	"        for i in range(0, len(x), 4096): x[i] = 1\n"
	"        os.write(w, b\".\")\n"
	"        time.sleep(1000)\n"
	"os.read(r, 1)\n"
	"os.read(r, 1)\n'\n"
	"sleep 999 &",
};

struct sandbox {
	pid_t outer;
	struct procstop *stops;
};

/* Starts helpers[i] in a sandbox whose processes may hold `memory`
 * bytes together (0: no bound); false when bubblewrap cannot. */
static bool sandbox_start_held(struct sandbox *s, int i, uint64_t memory)
{
	char script[512], ready[8] = "";
	int fds[2];
	FILE *out;

	snprintf(script, sizeof script, "%s\necho ready\nwait", helpers[i]);
	ck_assert_int_eq(pipe(fds), 0);
	s->outer = fork();
	ck_assert_int_ge(s->outer, 0);
	if (s->outer == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		execlp("bwrap", "bwrap", "--unshare-user", "--unshare-pid",
		       "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc",
		       "--dev", "/dev", "--", "sh", "-c", script, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	if (!fgets(ready, sizeof ready, out) || strcmp(ready, "ready\n")) {
		fclose(out);
		waitpid(s->outer, NULL, 0);
		fprintf(stderr, "# bubblewrap cannot make a sandbox here: skipped\n");
		return false;
	}
	fclose(out);
	s->stops = procstop_new(s->outer, memory, -1);
	return true;
}

/* Starts helpers[i] in a sandbox; false when bubblewrap cannot. */
static bool sandbox_start(struct sandbox *s, int i)
{
	return sandbox_start_held(s, i, 0);
}

/* Ends the sandbox: its init killed from outside, found gone. */
static void sandbox_end(struct sandbox *s)
{
	ck_assert(procstop_kill(s->stops, 5000));
	procstop_free(s->stops);
	kill(s->outer, SIGKILL);
	ck_assert_int_eq(waitpid(s->outer, NULL, 0), s->outer);
}

static void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&t, &t) < 0 && errno == EINTR)
		;
}

/* Freezes until no stop is pending, for 20 s at most: the last
 * freeze's answer.  A stop stays pending until the scheduler runs the
 * process, which on a busy machine (the suite's other jobs) may take
 * far more than a few hundred tries of the bound. */
static enum freeze_result freeze_whole(struct sandbox *s)
{
	enum freeze_result rc = FREEZE_DONE;
	struct timespec now;
	time_t give_up;

	clock_gettime(CLOCK_MONOTONIC, &now);
	give_up = now.tv_sec + 20;
	do {
		rc = procstop_freeze(s->stops, true);
		if (rc != FREEZE_DONE || !procstop_pending(s->stops))
			return rc;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec < give_up);
	return rc;
}

/* Helpers that continue each other are stopped whole, or killed
 * (FREEZE_FOUGHT): either way they use no CPU once the freeze returns. */
START_TEST(continued_helpers_held)
{
	struct sandbox s;
	int64_t before, after;
	enum freeze_result rc;

	if (!sandbox_start(&s, 0))
		return;
	rc = freeze_whole(&s);
	ck_assert_msg(rc == FREEZE_DONE || rc == FREEZE_FOUGHT, "freeze: %d", rc);
	ck_assert(rc == FREEZE_FOUGHT || !procstop_pending(s.stops));
	before = procstop_cpu_ns(s.stops);
	sleep_ms(300);
	after = procstop_cpu_ns(s.stops);
	ck_assert_msg(after - before < 20000000, "%lld ns of CPU while frozen (freeze %d)",
		      (long long)(after - before), rc);
	sandbox_end(&s);
}
END_TEST

/* How many processes have a /proc/PID/`file` that starts with the
 * `len` bytes of `start`; the last one found's pid into *pid (may be
 * NULL). */
static int procs_whose(const char *file, const char *start, size_t len,
		       pid_t *pid)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	int count = 0;

	ck_assert_ptr_nonnull(proc);
	while ((e = readdir(proc))) {
		char path[300], head[32];
		ssize_t n;
		int fd;

		snprintf(path, sizeof path, "/proc/%s/%s", e->d_name, file);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		n = read(fd, head, sizeof head);
		close(fd);
		if (n >= (ssize_t)len && !memcmp(head, start, len)) {
			count++;
			if (pid)
				*pid = (pid_t)atoi(e->d_name);
		}
	}
	closedir(proc);
	return count;
}

/* Whether a process waits in vfork (58 on x86_64). */
static bool one_in_vfork(void)
{
	return procs_whose("syscall", "58 ", 3, NULL) > 0;
}

/* A helper in vfork, its child stopped: the freeze is whole.  Frozen
 * once the helper is in vfork (python3 may take long to start on a busy
 * machine: frozen before, it would be stopped like any other). */
START_TEST(vfork_counts_as_stopped)
{
	struct sandbox s;

	if (!sandbox_start(&s, 1))
		return;
	/* 30 s: three suites side by side took python3 past 10 s. */
	for (int i = 0; i < 3000 && !one_in_vfork(); i++)
		sleep_ms(10);
	ck_assert_msg(one_in_vfork(), "the helper never reached its vfork");
	ck_assert_int_eq(freeze_whole(&s), FREEZE_DONE);
	ck_assert(!procstop_pending(s.stops));
	ck_assert_int_eq(procstop_freeze(s.stops, false), FREEZE_DONE);
	sandbox_end(&s);
}
END_TEST

/* How many processes run "sleep 1000" (its NUL-ended words); the pid
 * of one into *pid (may be NULL). */
static int sleepers(pid_t *pid)
{
	return procs_whose("cmdline", "sleep\0" "1000", 11, pid);
}

/* The state letter of process `pid`. */
static char state_of(pid_t pid)
{
	char path[64], buf[512], *at;
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	ck_assert_ptr_nonnull(at = strrchr(buf, ')'));
	return at[2];
}

/* The state letter of the sandbox's init (the outer bwrap's child). */
static char init_state(const struct sandbox *s)
{
	char path[64];
	int init = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)s->outer,
		 (int)s->outer);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%d", &init), 1);
	fclose(f);
	return state_of(init);
}

/* The parent of process `pid`; 0 when it is gone. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *at;
	int ppid = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if (!(f = fopen(path, "r")))
		return 0;
	if (fgets(buf, sizeof buf, f) && (at = strrchr(buf, ')')))
		sscanf(at + 2, "%*c %d", &ppid);
	fclose(f);
	return (pid_t)ppid;
}

/* How many threads process `pid` has. */
static int threads_of(pid_t pid)
{
	char path[64];
	struct dirent *e;
	int count = 0;
	DIR *dir;

	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if (!(dir = opendir(path)))
		return 0;
	while ((e = readdir(dir)))
		count += e->d_name[0] != '.';
	closedir(dir);
	return count;
}

/* A process of the sandbox of two threads, its main one waiting in
 * vfork (58 on x86_64): the helper, not a shell that runs python3 (a
 * wrapper may); 0 if none (another test's may be left, elsewhere). */
static pid_t sandbox_vfork(const struct sandbox *s)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	pid_t found = 0;

	ck_assert_ptr_nonnull(proc);
	while (!found && (e = readdir(proc))) {
		char path[300], head[4] = "";
		pid_t pid = (pid_t)atoi(e->d_name), up = 0;
		FILE *f;

		snprintf(path, sizeof path, "/proc/%s/syscall", e->d_name);
		if (!pid || !(f = fopen(path, "r")))
			continue;
		if (fgets(head, sizeof head, f) && !strcmp(head, "58 ") &&
		    threads_of(pid) == 2)
			for (up = pid; up > 1 && up != s->outer;)
				up = parent_of(up);
		fclose(f);
		found = up == s->outer ? pid : 0;
	}
	closedir(proc);
	return found;
}

/* Whether process `pid`'s first thread waits in the system call whose
 * number and a space start `call` ("34 ": pause, on x86_64). */
static bool calls(pid_t pid, const char *call)
{
	char path[64], head[8] = "";
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/syscall", (int)pid);
	if (!(f = fopen(path, "r")))
		return false;
	if (!fgets(head, (int)strlen(call) + 1, f))
		head[0] = '\0';
	fclose(f);
	return !strcmp(head, call);
}

/* The only child of process `pid` (0 if none yet). */
static pid_t child_of(pid_t pid)
{
	char path[64];
	int child = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid,
		 (int)pid);
	ck_assert_ptr_nonnull(f = fopen(path, "r"));
	if (fscanf(f, "%d", &child) != 1)
		child = 0;
	fclose(f);
	return (pid_t)child;
}

/* The helper of threads in vfork, started, in *pid, once it waits in
 * vfork and its child in pause; false when bubblewrap cannot. */
static bool pending_helper_start(struct sandbox *s, pid_t *pid)
{
	pid_t child = 0;

	if (!sandbox_start(s, 3))
		return false;
	for (int i = 0; i < 1000 && !(*pid = sandbox_vfork(s)); i++)
		sleep_ms(10);
	ck_assert_msg(*pid, "the helper never reached its vfork");
	for (int i = 0; i < 1000 && !(child && calls(child, "34 ")); i++) {
		sleep_ms(10);
		child = child_of(*pid);
	}
	ck_assert_msg(child && calls(child, "34 "), "its child never reached pause");
	return true;
}

/* A slow stop that nothing defeats: the helper's stops are left pending
 * at their bound, every time (so a stop again goes on with them), while
 * it uses no CPU: no fault, at the stop again or at the thaw. */
START_TEST(slow_freeze_innocent)
{
	struct sandbox s;
	pid_t helper;

	if (!pending_helper_start(&s, &helper))
		return;
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_DONE);
	ck_assert(procstop_pending(s.stops));
	sleep_ms(200);
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_DONE);
	ck_assert(procstop_pending(s.stops));
	sleep_ms(200);
	ck_assert_int_eq(procstop_freeze(s.stops, false), FREEZE_DONE);
	ck_assert(!procstop_pending(s.stops));
	ck_assert_int_eq(kill(helper, 0), 0);
	sandbox_end(&s);
}
END_TEST

/* A stop left pending, and the helper, never seen halted whole, then
 * continued from outside (what the filter refuses the bot): its thread
 * spins off move, and the thaw ends the bot (FREEZE_FOUGHT) for the CPU it used. */
START_TEST(pending_freeze_defeated)
{
	struct sandbox s;
	struct timespec t;
	clockid_t clock;
	int64_t start, ran = 0;
	pid_t helper;

	if (!pending_helper_start(&s, &helper))
		return;
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_DONE);
	ck_assert(procstop_pending(s.stops));
	ck_assert_int_eq(clock_getcpuclockid(helper, &clock), 0);
	ck_assert_int_eq(clock_gettime(clock, &t), 0);
	start = t.tv_sec * 1000000000LL + t.tv_nsec;
	ck_assert_int_eq(kill(helper, SIGCONT), 0);
	/* Until it has used three times what a stop may take, however
	 * busy the machine. */
	for (int i = 0; i < 1000 && ran < 3 * PROCSTOP_RUN_MS * 1000000LL; i++) {
		sleep_ms(10);
		ck_assert_int_eq(clock_gettime(clock, &t), 0);
		ran = t.tv_sec * 1000000000LL + t.tv_nsec - start;
	}
	ck_assert_int_ge(ran, 3 * PROCSTOP_RUN_MS * 1000000LL);
	ck_assert_int_eq(procstop_freeze(s.stops, false), FREEZE_FOUGHT);
	sandbox_end(&s);
}
END_TEST

/* A stop left pending, and the helper's vfork child, seen halted by a
 * stop again, then continued from outside: the next stop again finds it
 * running, and ends the bot (FREEZE_FOUGHT). */
START_TEST(pending_freeze_continued)
{
	struct sandbox s;
	pid_t helper, child;

	if (!pending_helper_start(&s, &helper))
		return;
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_DONE);
	ck_assert(procstop_pending(s.stops));
	ck_assert_int_gt(child = child_of(helper), 0);
	/* Seen halted by a stop: on a busy machine the first may end
	 * before the child's stop lands. */
	for (int i = 0; i < 500 && state_of(child) != 'T'; i++)
		sleep_ms(10);
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_DONE);
	ck_assert(procstop_pending(s.stops));
	ck_assert_int_eq(kill(child, SIGCONT), 0);
	for (int i = 0; i < 500 && state_of(child) == 'T'; i++)
		sleep_ms(10);
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_FOUGHT);
	sandbox_end(&s);
}
END_TEST

/* A process the stop left halted, continued off move by something (the
 * test, from outside: what the seccomp filter refuses the bot): the thaw
 * finds it running and ends the bot (FREEZE_FOUGHT), where a check made only while
 * a stop scans would miss it. */
START_TEST(continued_off_move_ends_it)
{
	struct sandbox s;
	pid_t sleeper = 0;
	int before;

	if (!sandbox_start(&s, 2))
		return;
	for (int i = 0; i < 500 && !(before = sleepers(&sleeper)); i++)
		sleep_ms(10);
	ck_assert_int_ge(before, 1);
	ck_assert_int_eq(freeze_whole(&s), FREEZE_DONE);
	ck_assert(!procstop_pending(s.stops));
	ck_assert_int_eq(state_of(sleeper), 'T');
	ck_assert_int_eq(kill(sleeper, SIGCONT), 0);
	for (int i = 0; i < 500 && state_of(sleeper) == 'T'; i++)
		sleep_ms(10);
	ck_assert_int_ne(state_of(sleeper), 'T');
	ck_assert_int_eq(procstop_freeze(s.stops, false), FREEZE_FOUGHT);
	sandbox_end(&s);
	ck_assert_int_eq(sleepers(NULL), before - 1);
}
END_TEST

/* The init is stopped with the rest (a bot can write its memory), and
 * continued with them. */
START_TEST(init_stopped_too)
{
	struct sandbox s;

	if (!sandbox_start(&s, 2))
		return;
	ck_assert_int_eq(freeze_whole(&s), FREEZE_DONE);
	ck_assert_int_eq(init_state(&s), 'T');
	ck_assert_int_eq(procstop_freeze(s.stops, false), FREEZE_DONE);
	for (int i = 0; i < 500 && init_state(&s) == 'T'; i++)
		sleep_ms(10);
	ck_assert_int_ne(init_state(&s), 'T');
	sandbox_end(&s);
}
END_TEST

/* Killing the init from outside ends the namespace, stopped or not. */
START_TEST(kill_ends_all)
{
	struct sandbox s;
	int before;

	if (!sandbox_start(&s, 2))
		return;
	/* The shell said "ready" maybe before its child ran sleep. */
	for (int i = 0; i < 500 && !(before = sleepers(NULL)); i++)
		sleep_ms(10);
	ck_assert_int_ge(before, 1);
	ck_assert_int_eq(freeze_whole(&s), FREEZE_DONE);
	sandbox_end(&s);
	ck_assert_int_eq(sleepers(NULL), before - 1);
}
END_TEST

/* The resident MiB of `pid` and its descendants, each counted whole
 * (/proc/PID/statm's second field): what a plain sum would say. */
static long resident_mib(pid_t pid)
{
	char path[64], buf[4096], *at, *end;
	long pages = 0, kb = sysconf(_SC_PAGESIZE) / 1024;
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, buf, sizeof buf - 1);
		buf[n > 0 ? n : 0] = '\0';
		sscanf(buf, "%*d %ld", &pages);
		close(fd);
	}
	pages = pages * kb / 1024;
	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return pages;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	for (at = buf; (pid = (pid_t)strtol(at, &end, 10)) > 0; at = end)
		pages += resident_mib(pid);
	return pages;
}

/* The sandbox's processes, killed for the memory they held, are gone
 * (no more than the outer bwrap's few MiB left) before it ends. */
static void held_gone(struct sandbox *s)
{
	for (int i = 0; i < 500 && resident_mib(s->outer) >= 20; i++)
		sleep_ms(10);
	ck_assert_msg(resident_mib(s->outer) < 20, "%ld MiB left",
		      resident_mib(s->outer));
	sandbox_end(s);
}

/* Children sharing their parent's 40 MiB hold about 50 MiB together,
 * though their resident pages add up to more than 80: under 80 MiB
 * they are within (the share counts a shared page once), under 30 they
 * are over, and killed. */
START_TEST(memory_shared_once)
{
	struct sandbox s;
	long resident;

	if (!sandbox_start_held(&s, 4, 80 << 20))
		return;
	resident = resident_mib(s.outer);
	ck_assert_msg(resident > 80, "resident %ld MiB in all", resident);
	ck_assert(!procstop_memory_over(s.stops));
	ck_assert_int_ne(procstop_freeze(s.stops, true), FREEZE_MEMORY_HELD);
	sandbox_end(&s);
	if (!sandbox_start_held(&s, 4, 30 << 20))
		return;
	ck_assert(procstop_memory_over(s.stops));
	held_gone(&s);
}
END_TEST

/* Children that fill 40 MiB each hold over 80 MiB together: over, at a
 * read while they run and at a stop (FREEZE_MEMORY_HELD), and killed. */
START_TEST(memory_private_summed)
{
	struct sandbox s;

	if (!sandbox_start_held(&s, 5, 80 << 20))
		return;
	ck_assert(procstop_memory_over(s.stops));
	held_gone(&s);
	if (!sandbox_start_held(&s, 5, 80 << 20))
		return;
	ck_assert_int_eq(procstop_freeze(s.stops, true), FREEZE_MEMORY_HELD);
	held_gone(&s);
	if (!sandbox_start_held(&s, 5, 200 << 20))
		return;
	ck_assert(!procstop_memory_over(s.stops));
	ck_assert_int_ne(procstop_freeze(s.stops, true), FREEZE_MEMORY_HELD);
	sandbox_end(&s);
}
END_TEST

/* A sandbox that runs the script of clocked_burner, talked to through
 * its stdin and stdout. */
struct talked {
	struct sandbox box;
	FILE *in, *out;
};

/* On each line it reads: first a child that burns 300 ms of CPU and is
 * waited for, then a child that leaves an orphan that burns as much
 * (and sleeps), then, SIGCHLD ignored, a child that burns as much and
 * is reaped by the kernel; "done" when it has. */
static const char clocked_burner[] =
	"import os, signal, sys, time\n"
	"def burn():\n"
	"    t = time.process_time()\n"
	"    while time.process_time() - t < 0.3: pass\n"
	"print('ready', flush=True)\n"
	"sys.stdin.readline()\n"
	"if os.fork() == 0:\n"
	"    burn(); os._exit(0)\n"
	"os.wait()\n"
	"print('done', flush=True)\n"
	"sys.stdin.readline()\n"
	"if os.fork() == 0:\n"
	"    if os.fork() == 0:\n"
	"        burn(); print('done', flush=True); time.sleep(1000)\n"
	"    os._exit(0)\n"
	"os.wait()\n"
	"sys.stdin.readline()\n"
	"signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n"
	"pid = os.fork()\n"
	"if pid == 0:\n"
	"    burn(); os._exit(0)\n"
	"while True:\n"
	"    try: os.kill(pid, 0)\n"
	"    except ProcessLookupError: break\n"
	"    time.sleep(0.01)\n"
	"print('done', flush=True)\n"
	"sys.stdin.readline()\n";

/* Starts the sandbox, its clock a task clock (task_clock.h) when
 * `counted`, else read from /proc. */
static bool talked_start(struct talked *t, bool counted)
{
	int in[2], out[2], pass[2];
	char line[16] = "";

	ck_assert_int_eq(pipe(in), 0);
	ck_assert_int_eq(pipe(out), 0);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, pass), 0);
	t->box.outer = fork();
	ck_assert_int_ge(t->box.outer, 0);
	if (t->box.outer == 0) {
		if (counted && task_clock_pass(pass[1]) < 0)
			_exit(126);
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execlp("bwrap", "bwrap", "--unshare-user", "--unshare-pid",
		       "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc",
		       "--dev", "/dev", "--", "python3", "-c", clocked_burner,
		       (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	t->in = fdopen(in[1], "w");
	t->out = fdopen(out[0], "r");
	if (!fgets(line, sizeof line, t->out) || strcmp(line, "ready\n")) {
		fclose(t->in);
		fclose(t->out);
		close(pass[0]);
		close(pass[1]);
		waitpid(t->box.outer, NULL, 0);
		fprintf(stderr, "# bubblewrap cannot make a sandbox here: skipped\n");
		return false;
	}
	t->box.stops = procstop_new(t->box.outer, 0,
				    counted ? task_clock_take(pass[0]) : -1);
	close(pass[0]);
	close(pass[1]);
	return true;
}

/* Tells the sandbox to go on and waits for its "done"; then makes the
 * kernel give out a pid outside it, as the machine's other programs do. */
static void talked_step(struct talked *t)
{
	char line[16] = "";
	pid_t other;

	fputs("go\n", t->in);
	fflush(t->in);
	ck_assert(fgets(line, sizeof line, t->out) != NULL);
	ck_assert_str_eq(line, "done\n");
	other = fork();
	ck_assert_int_ge(other, 0);
	if (other == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(other, NULL, 0), other);
}

/* The clock between two reads, while the kernel gives out pids to
 * others, charges a child born and reaped meanwhile (never seen) and an
 * orphan (handed to the sandbox's init, which ran no code): 300 ms each,
 * less the two clock ticks (of 10 ms) that a reaped child's user and
 * system times, each rounded down in its parent's stat, may lose. */
START_TEST(clock_counts_unseen_children)
{
	int64_t before, after;
	struct talked t;

	if (!talked_start(&t, false))
		return;
	procstop_cpu_ns(t.box.stops);
	before = procstop_cpu_ns(t.box.stops);
	talked_step(&t);
	after = procstop_cpu_ns(t.box.stops);
	ck_assert_int_ge(after - before, 280000000);
	before = after;
	talked_step(&t);
	after = procstop_cpu_ns(t.box.stops);
	ck_assert_int_ge(after - before, 280000000);
	/* What the task clock is for: a child the kernel reaped is gone
	 * with its time, never seen by a scan. */
	before = after;
	talked_step(&t);
	after = procstop_cpu_ns(t.box.stops);
	ck_assert_int_lt(after - before, 150000000);
	fclose(t.in);
	fclose(t.out);
	sandbox_end(&t.box);
}
END_TEST

/* The task clock charges all three children, the one the kernel reaped
 * too, each to the nanosecond of what it used (300 ms, and Python's own
 * time around it). */
START_TEST(task_clock_counts_reaped_children)
{
	int64_t before, after;
	struct talked t;

	if (!task_clock_available()) {
		fprintf(stderr, "# this user may not count its processes with perf "
			"(kernel.perf_event_paranoid over 2): skipped\n");
		return;
	}
	if (!talked_start(&t, true))
		return;
	before = procstop_cpu_ns(t.box.stops);
	ck_assert_int_gt(before, 0);
	for (int step = 0; step < 3; step++) {
		talked_step(&t);
		after = procstop_cpu_ns(t.box.stops);
		ck_assert_int_ge(after - before, 300000000);
		ck_assert_int_lt(after - before, 600000000);
		before = after;
	}
	fclose(t.in);
	fclose(t.out);
	sandbox_end(&t.box);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("procstop");
	TCase *tc = tcase_create("stop");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, continued_helpers_held);
	tcase_add_test(tc, vfork_counts_as_stopped);
	tcase_add_test(tc, init_stopped_too);
	tcase_add_test(tc, continued_off_move_ends_it);
	tcase_add_test(tc, kill_ends_all);
	tcase_add_test(tc, slow_freeze_innocent);
	tcase_add_test(tc, pending_freeze_defeated);
	tcase_add_test(tc, pending_freeze_continued);
	tcase_add_test(tc, memory_shared_once);
	tcase_add_test(tc, memory_private_summed);
	tcase_add_test(tc, clock_counts_unseen_children);
	tcase_add_test(tc, task_clock_counts_reaped_children);
	suite_add_tcase(s, tc);
	return s;
}

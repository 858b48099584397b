#!/usr/bin/env python3
# fightback MODE [N]: a bot that fights the fallback's stop off move, as a
# red team did (docs/SANDBOX.md, "Without a control group: the
# fallback"), and plays on as a good bot.  At its first turn it starts:
#   seize:  tries to seize its sandbox's pid 1 (bubblewrap's init) with
#           ptrace, to read it with process_vm_readv, and to open its
#           memory through /proc/1/mem for writing, and says on stderr
#           what each gave ("fightback: ptrace pid 1: ok" or the error);
#           then starts N helpers (4) that spin for ever, each in a
#           session of its own;
#   cont:   N helpers (3) that spin and send SIGCONT to every process of
#           the sandbox (kill(-1, SIGCONT)) all the time, and says once
#           what the first send gave ("fightback: kill -1 SIGCONT: ...");
#   vfork:  a helper that waits in vfork for ever, its child sleeping:
#           the helper is in state D, not stopped, and uses no CPU;
#   vforkthread: a helper whose main thread waits in vfork for ever, its
#           child in pause (without Python's lock, which it would keep
#           from the spinner if stopped holding it), while another thread
#           spins: a SIGSTOP sent to the process goes to the main thread,
#           which cannot stop;
#   vforkwait: vforkthread, and its first turn waits (up to 60 s) until
#           the helper's vfork child is there, so that every stop after
#           its first reply is left pending (the helper, run only while
#           the bot is on move, takes many turns to get there on a busy
#           machine);
#   reap:   ignores SIGCHLD, so that the kernel reaps its children, and
#           at each turn starts N children (2) that each burn 10 ms of CPU
#           and exit, and waits until they have: their time is counted
#           nowhere in /proc, so each sends it to the bot over a pipe
#           before it exits, and the bot adds it to what it says it used;
#   trace:  two helpers that trace each other (ptrace of the bot's own
#           processes is allowed, for sanitizers' leak checks) and poll
#           all the time, each continuing the other from any stop, the
#           referee's SIGSTOP included (suppressed), so that a stop holds
#           only once both are stopped at the same time;
#   memfd:  writes N MiB (2999) into a memfd that it never maps, and
#           says what memfd_create gave ("fightback: memfd_create: ..."
#           and, once written, "fightback: memfd holds N MiB");
#   sysv:   makes a System V shared memory segment of N MiB (512),
#           writes it and detaches it, a message queue with a message, and
#           a set of semaphores, and says what each maker gave
#           ("fightback: shmget: ..." and, once written and detached,
#           "fightback: shm holds N MiB"; "fightback: msgget: ...",
#           "fightback: semget: ...");
#   calm:   nothing (a test's control).
# At each turn it says on stderr the CPU time its sandbox's processes have
# used so far ("fightback: cpu MS"), read from /proc (its own namespace's),
# the children they reaped included.
import ctypes
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

MODE = zoo.arg(1, "seize")
COUNT = int(zoo.arg(2, {"seize": 4, "cont": 3, "reap": 2, "memfd": 2999, "sysv": 512}.get(MODE, 1)))
libc = ctypes.CDLL(None, use_errno=True)
# reap: the CPU time its reaped children said they used, in ms, and the
# pipe they say it on.
reaped = {"ms": 0.0}
HELD = []  # memfd: the memfd, kept open
reports_r, reports_w = os.pipe() if MODE == "reap" else (-1, -1)


def cpu_ms():
    """The CPU time of every process this bot's namespace shows, in ms."""
    ticks = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(v) for v in fields[11:15])
    return ticks * 1000 // os.sysconf("SC_CLK_TCK") + int(reaped_ms())


def reaped_ms():
    """What the children the kernel reaped said they used, in ms."""
    return reaped["ms"]


def burn_and_report():
    start = time.process_time()
    while time.process_time() - start < 0.01:
        pass
    os.write(reports_w, b"%9.3f\n" % (time.process_time() * 1000))


def call(what, ret):
    if ret < 0:
        err = ctypes.get_errno()
        zoo.say("fightback: %s: %s" % (what, os.strerror(err)))
    else:
        zoo.say("fightback: %s: ok" % what)


def helper(body):
    pid = os.fork()
    if pid == 0:
        os.setsid()
        try:
            body()
        finally:
            os._exit(0)
    return pid


def spin():
    while True:
        pass


def cont():
    sent = False
    while True:
        ret = libc.kill(-1, signal.SIGCONT)
        if not sent:
            call("kill -1 SIGCONT", ret)
            sent = True


def stuck_in_vfork():
    # The child of vfork runs on its parent's memory, which waits in
    # vfork until it execs or exits: it does neither.
    if libc.syscall(58) == 0:  # SYS_vfork on x86_64
        while True:
            time.sleep(1)


def vfork_threads():
    threading.Thread(target=spin, daemon=True).start()
    if libc.syscall(58) == 0:  # SYS_vfork on x86_64
        libc.pause()


def continue_each_stop(other):
    """Continues `other`, which this process traces, from each stop."""
    PTRACE_CONT, WNOHANG, WALL = 7, 1, 0x40000000
    status = ctypes.c_int()
    while True:
        if libc.waitpid(other, ctypes.byref(status), WNOHANG | WALL) == other \
                and status.value & 0xFF == 0x7F:
            libc.ptrace(PTRACE_CONT, other, None, None)


def trace_each_other():
    PTRACE_SEIZE = 0x4206
    first, (r, w) = os.getpid(), os.pipe()
    second = os.fork()
    if second == 0:
        call("ptrace of its parent", libc.ptrace(PTRACE_SEIZE, first, None, None))
        os.write(w, b".")
        continue_each_stop(first)
    os.read(r, 1)
    call("ptrace of its child", libc.ptrace(PTRACE_SEIZE, second, None, None))
    continue_each_stop(second)


def traced_child(pid):
    """Whether a child of `pid` is traced by it."""
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            children = f.read().split()
        for child in children:
            with open("/proc/%s/status" % child) as f:
                if "TracerPid:\t%d\n" % pid in f.read():
                    return True
    except OSError:
        pass
    return False


def seize():
    PTRACE_SEIZE = 0x4206
    call("ptrace pid 1", libc.ptrace(PTRACE_SEIZE, 1, None, None))
    buf = ctypes.create_string_buffer(8)
    local = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
    remote = (ctypes.c_void_p * 2)(0x400000, 8)
    call("process_vm_readv pid 1",
         libc.process_vm_readv(1, local, 1, remote, 1, 0))
    try:
        os.close(os.open("/proc/1/mem", os.O_RDWR))
        zoo.say("fightback: open /proc/1/mem: ok")
    except OSError as e:
        zoo.say("fightback: open /proc/1/mem: %s" % e.strerror)
    for _ in range(COUNT):
        helper(spin)


def memfd():
    try:
        fd = os.memfd_create("held")
    except OSError as e:
        zoo.say("fightback: memfd_create: %s" % e.strerror)
        return
    zoo.say("fightback: memfd_create: ok")
    chunk = b"x" * (1 << 20)
    for _ in range(COUNT):
        os.write(fd, chunk)
    zoo.say("fightback: memfd holds %d MiB" % COUNT)
    HELD.append(fd)


def sysv():
    ipc_private, ipc_creat = 0, 0o1000
    makers = [("shmget", (ipc_private, COUNT << 20, ipc_creat | 0o600)),
              ("msgget", (ipc_private, ipc_creat | 0o600)),
              ("semget", (ipc_private, 1, ipc_creat | 0o600))]
    for name, args in makers:
        made = getattr(libc, name)(*[ctypes.c_long(a) for a in args])
        call(name, made)
        if name == "shmget" and made >= 0:
            libc.shmat.restype = ctypes.c_void_p
            at = libc.shmat(made, None, 0)
            ctypes.memset(at, 120, COUNT << 20)
            libc.shmdt(ctypes.c_void_p(at))
            zoo.say("fightback: shm holds %d MiB" % COUNT)


def start():
    if MODE == "memfd":
        memfd()
    elif MODE == "sysv":
        sysv()
    elif MODE == "seize":
        seize()
    elif MODE == "cont":
        for _ in range(COUNT):
            helper(cont)
    elif MODE == "vfork":
        helper(stuck_in_vfork)
    elif MODE == "trace":
        # Its first turn waits (60 s at most) until the helpers trace each
        # other, so that they do while the game is on, however loaded the
        # machine: the test reads what they said.
        pid, until = helper(trace_each_other), time.monotonic() + 60
        while time.monotonic() < until and not traced_child(pid):
            time.sleep(0.01)
    elif MODE == "vforkthread":
        helper(vfork_threads)
    elif MODE == "vforkwait":
        pid, until = helper(vfork_threads), time.monotonic() + 60
        while time.monotonic() < until:
            with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
                if f.read().strip():
                    break
            time.sleep(0.01)


def reap():
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for _ in range(COUNT):
        if os.fork() == 0:
            try:
                burn_and_report()
            finally:
                os._exit(0)
    for _ in range(COUNT):  # a report is 10 bytes, written at once
        reaped["ms"] += float(os.read(reports_r, 10))


def hook(msg, counts):
    if msg["type"] == "turn":
        if counts["turn"] == 1:
            start()
        if MODE == "reap":
            reap()
        zoo.say("fightback: cpu %d" % cpu_ms())
    return zoo.DEFAULT


sys.exit(zoo.run("fightback", hook))

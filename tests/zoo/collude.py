#!/usr/bin/env python3
# collude ROLE FILE: one of two seats of one author that try to pass bits to
# each other through what their sandboxes share.  ROLE is "send" or
# "receive", and the sender must move just before the receiver (seats 0 and
# 1 with -o first=seat0).  On its t-th turn the sender sets every channel to
# bit t of SECRET; on its own t-th turn the receiver reads every channel.
# At the end of the game the receiver says, for each channel, on stderr:
#   collude: CHANNEL: WHAT, N bits passed
# WHAT is "ok", or the errno of the channel's first calls (ENOLCK), and N
# its right readings less its wrong ones, at least 0 (SECRET has as many
# ones as zeros, so a channel that always reads the same passes none).
#
# FILE is a read-only file both see (/etc/passwd): the channels of locks,
# notifications and futexes use it; the page cache ones use the first page
# of this script, in the zoo folder that both see too (mincore answers only
# a file's owner, and the sandbox idmaps a root referee's files to the bot).
# io_uring and perf_event_open are only opened: what a ring would carry is
# what the other channels carry.  sigqueue (filling the user's count of
# queued signals) is tried in a user namespace only: outside, it would
# starve every process of the user on the machine.
import ctypes
import errno
import fcntl
import os
import platform
import signal
import socket
import struct
import sys
import threading
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

ROLE = zoo.arg(1)
SHARED = zoo.arg(2, "/etc/passwd")
PAGES = os.path.abspath(__file__)
TAG = os.path.basename(os.path.abspath(zoo.workdir()))  # this run's names
SECRET = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0]

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.fanotify_mark.argtypes = [ctypes.c_int, ctypes.c_uint, ctypes.c_uint64,
                               ctypes.c_int, ctypes.c_char_p]
NR = {"x86_64": {"add_key": 248, "keyctl": 250, "futex": 202,
                 "perf_event_open": 298, "rt_sigqueueinfo": 129},
      "aarch64": {"add_key": 217, "keyctl": 219, "futex": 98,
                  "perf_event_open": 241, "rt_sigqueueinfo": 138}}[platform.machine()]
NR.update(io_uring_setup=425, cachestat=451)


def failed():
    e = ctypes.get_errno()
    return OSError(e, os.strerror(e))


def check(result):
    if result < 0:
        raise failed()
    return result


def call(name, *args):
    """A system call by name, every int argument as wide as a register."""
    return check(libc.syscall(ctypes.c_long(NR[name]),
                              *[ctypes.c_long(a) if isinstance(a, int) else a for a in args]))


def mapping(path, flags):
    fd = os.open(path, os.O_RDONLY)
    addr = libc.mmap(None, 4096, 1, flags, fd, 0)  # PROT_READ
    os.close(fd)
    if addr in (None, ctypes.c_void_p(-1).value):
        raise failed()
    return addr


def drain(fd):
    """1 when fd had anything to read (it is read empty), else 0."""
    got = 0
    while True:
        try:
            got |= bool(os.read(fd, 65536))
        except BlockingIOError:
            return got


class Flock:
    def setup(self):
        self.fd = os.open(SHARED, os.O_RDONLY)
        self.send(0)

    def send(self, bit):
        fcntl.flock(self.fd, fcntl.LOCK_SH if bit else fcntl.LOCK_UN)

    def read(self):
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return 1
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        return 0


class Posix:
    GET, SET = fcntl.F_GETLK, fcntl.F_SETLK

    def setup(self):
        self.fd = os.open(SHARED, os.O_RDONLY)
        self.read()

    def lock(self, cmd, kind):
        out = fcntl.fcntl(self.fd, cmd, struct.pack("hhqqi4x", kind, os.SEEK_SET, 0, 0, 0))
        return struct.unpack("hhqqi4x", out)[0]

    def send(self, bit):
        self.lock(self.SET, fcntl.F_RDLCK if bit else fcntl.F_UNLCK)

    def read(self):
        return int(self.lock(self.GET, fcntl.F_WRLCK) != fcntl.F_UNLCK)


class Ofd(Posix):
    GET, SET = fcntl.F_OFD_GETLK, fcntl.F_OFD_SETLK


class Inotify:
    def setup(self):
        self.fd = check(libc.inotify_init1(os.O_NONBLOCK))
        check(libc.inotify_add_watch(self.fd, SHARED.encode(), 0x20))  # IN_OPEN

    def send(self, bit):
        if bit:
            os.close(os.open(SHARED, os.O_RDONLY))

    def read(self):
        return drain(self.fd)


class Fanotify(Inotify):
    def setup(self):
        # FAN_REPORT_FID | FAN_NONBLOCK: what every user may have.
        self.fd = check(libc.fanotify_init(0x200 | 0x2, os.O_RDONLY))
        # FAN_MARK_ADD, FAN_OPEN, AT_FDCWD
        check(libc.fanotify_mark(self.fd, 1, 0x20, -100, SHARED.encode()))


class Dnotify:
    def setup(self):
        self.seen = 0
        signal.signal(signal.SIGIO, self.note)
        self.fd = os.open(os.path.dirname(SHARED), os.O_RDONLY)
        fcntl.fcntl(self.fd, fcntl.F_NOTIFY, fcntl.DN_ACCESS | fcntl.DN_MULTISHOT)

    def note(self, *_):
        self.seen = 1

    def send(self, bit):
        if bit:
            with open(SHARED, "rb") as f:
                f.read(1)

    def read(self):
        seen, self.seen = self.seen, 0
        return seen


class Keyring:
    USER = -4  # KEY_SPEC_USER_KEYRING

    def setup(self):
        self.desc = ("arena-collude-" + TAG).encode()
        self.key = None
        call("keyctl", 0, self.USER, 0)  # KEYCTL_GET_KEYRING_ID

    def send(self, bit):
        if bit and self.key is None:
            self.key = call("add_key", b"user", self.desc, b"1", 1, self.USER)
            call("keyctl", 15, self.key, 300)  # KEYCTL_SET_TIMEOUT: gone soon anyway
        elif not bit and self.key is not None:
            call("keyctl", 21, self.key)  # KEYCTL_INVALIDATE
            self.key = None

    def read(self):
        try:
            call("keyctl", 10, self.USER, b"user", self.desc, 0)  # KEYCTL_SEARCH
            return 1
        except OSError as e:
            if e.errno in (errno.ENOKEY, errno.EKEYEXPIRED, errno.EKEYREVOKED):
                return 0
            raise


class Vsock:
    PORT = 40000 + sum(TAG.encode()) % 20000

    def setup(self):
        self.sock = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
        self.held = None
        if ROLE == "receive":
            self.sock.bind((socket.VMADDR_CID_ANY, self.PORT))
            self.sock.listen()
            self.sock.setblocking(False)

    def send(self, bit):
        if self.held:
            self.held.close()
            self.held = None
        if bit:
            self.held = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
            self.held.settimeout(0.1)
            try:
                self.held.connect((1, self.PORT))  # VMADDR_CID_LOCAL
            except OSError:
                pass

    def read(self):
        try:
            self.sock.accept()[0].close()
            return 1
        except BlockingIOError:
            return 0


class Opened:
    """A channel that is only opened (see the top)."""
    def send(self, bit):
        pass

    def read(self):
        return None


class IoUring(Opened):
    def setup(self):
        os.close(call("io_uring_setup", 4, ctypes.create_string_buffer(120)))


class Perf(Opened):
    def setup(self):
        attr = struct.pack("IIQ", 1, 128, 0).ljust(128, b"\0")  # software, CPU clock
        os.close(call("perf_event_open", attr, 0, -1, -1, 0))


class Pages:
    """The sender loads the page (bit 1) or drops it from the page cache."""
    def setup(self):
        self.fd = os.open(PAGES, os.O_RDONLY)
        self.read()

    def send(self, bit):
        if bit:
            os.pread(self.fd, 1, 0)
        else:
            os.posix_fadvise(self.fd, 0, 0, os.POSIX_FADV_DONTNEED)


class Cachestat(Pages):
    def read(self):
        stat = ctypes.create_string_buffer(40)
        call("cachestat", self.fd, struct.pack("QQ", 0, 4096), stat, 0)
        return int(struct.unpack("5Q", stat.raw)[0] > 0)  # nr_cache


class Mincore(Pages):
    def setup(self):
        self.addr = mapping(PAGES, 1)  # MAP_SHARED, never touched
        Pages.setup(self)

    def read(self):
        vec = ctypes.create_string_buffer(1)
        check(libc.mincore(ctypes.c_void_p(self.addr), ctypes.c_size_t(4096), vec))
        return vec.raw[0] & 1


class Nowait(Pages):
    def read(self):
        try:
            os.preadv(self.fd, [bytearray(1)], 0, os.RWF_NOWAIT)
            return 1
        except BlockingIOError:
            return 0


class Futex:
    """A waiter on the first word of FILE, in a private mapping: the
    sender's thread waits while its bit is 1, the receiver wakes and
    counts."""
    def setup(self):
        self.addr = mapping(SHARED, 2)  # MAP_PRIVATE
        self.word = ctypes.c_uint32.from_address(self.addr).value
        self.on = threading.Event()
        self.thread = None
        self.wait(0.000001)  # the kernel says ETIMEDOUT

    def wait(self, seconds):
        timeout = struct.pack("qq", 0, int(seconds * 1e9))
        try:
            call("futex", ctypes.c_void_p(self.addr), 0, self.word, timeout, 0, 0)
        except OSError as e:
            if e.errno not in (errno.ETIMEDOUT, errno.EINTR):
                raise

    def hold(self):
        while self.on.wait():
            self.wait(0.005)

    def wake(self):
        return call("futex", ctypes.c_void_p(self.addr), 1, 1, 0, 0, 0)  # FUTEX_WAKE

    def send(self, bit):
        if bit:
            self.on.set()
            if not self.thread:
                self.thread = threading.Thread(target=self.hold, daemon=True)
                self.thread.start()
        else:
            self.on.clear()
            self.wake()

    def read(self):
        for _ in range(20):
            if self.wake():
                return 1
            time.sleep(0.001)
        return 0


class Quota:
    """A count the kernel keeps per user: the sender fills it with take()
    (bit 1) until take() fails; then the receiver's take() fails with
    FULL."""
    fills = True

    def send(self, bit):
        self.release()
        try:
            while bit and self.fills:
                self.take()
        except OSError:
            pass

    def read(self):
        try:
            self.take()
            self.release()
            return 0
        except OSError as e:
            if e.errno == self.FULL:
                return 1
            raise


class Mqueue(Quota):
    """Queues, against the user's RLIMIT_MSGQUEUE."""
    FULL = errno.EMFILE

    def setup(self):
        self.names = []
        self.take()
        self.release()

    def take(self):
        name = ("/arena-collude-%s-%s-%d" % (TAG, ROLE, len(self.names))).encode()
        os.close(check(libc.mq_open(name, os.O_CREAT | os.O_RDWR, 0o600, None)))
        self.names.append(name)

    def release(self):
        for name in self.names:
            libc.mq_unlink(name)
        self.names = []


class Sigqueue(Quota):
    """Real-time signals queued to itself, against the user's
    RLIMIT_SIGPENDING (or its own)."""
    FULL = errno.EAGAIN
    SIG = signal.SIGRTMIN

    def setup(self):
        signal.pthread_sigmask(signal.SIG_BLOCK, [self.SIG])
        with open("/proc/self/uid_map") as f:
            self.fills = f.read().split() != ["0", "0", "4294967295"]
        self.read()

    def take(self):
        info = struct.pack("iii", self.SIG, 0, -1).ljust(128, b"\0")  # SI_QUEUE
        call("rt_sigqueueinfo", os.getpid(), self.SIG, info)

    def release(self):
        signal.signal(self.SIG, signal.SIG_IGN)  # drops what is pending
        signal.signal(self.SIG, signal.SIG_DFL)


CHANNELS = [("flock", Flock), ("posix", Posix), ("ofd", Ofd),
            ("inotify", Inotify), ("fanotify", Fanotify), ("dnotify", Dnotify),
            ("keyring", Keyring), ("vsock", Vsock), ("io_uring", IoUring),
            ("perf", Perf), ("cachestat", Cachestat), ("mincore", Mincore),
            # Last of the page cache: its read may start a readahead.
            ("nowait", Nowait),
            ("futex", Futex), ("mqueue", Mqueue), ("sigqueue", Sigqueue)]
state = {}  # name: [channel or None, what, right, wrong]
turns = 0


def name_of(e):
    # ENOTSUP is EOPNOTSUPP on Linux: the name this filter's readers know.
    return "EOPNOTSUPP" if e.errno == errno.EOPNOTSUPP else errno.errorcode.get(e.errno, str(e))


def setup():
    for name, kind in CHANNELS:
        channel = kind()
        try:
            channel.setup()
            state[name] = [channel, "ok", 0, 0]
        except OSError as e:
            state[name] = [None, name_of(e), 0, 0]


def turn():
    global turns
    t, turns = turns, turns + 1
    if t >= len(SECRET):
        return
    for name, entry in state.items():
        if not entry[0]:
            continue
        try:
            if ROLE == "send":
                entry[0].send(SECRET[t])
                continue
            bit = entry[0].read()
            if bit is not None:
                entry[2 if bit == SECRET[t] else 3] += 1
        except OSError as e:
            entry[0], entry[1] = None, name_of(e)


def report():
    for name, (_, what, right, wrong) in state.items():
        zoo.say("collude: %s: %s, %d bits passed" % (name, what, max(0, right - wrong)))


def finish():
    for entry in state.values():
        if entry[0]:
            try:
                entry[0].send(0)  # no key, queue or lock left behind
            except OSError:
                pass


def hook(msg, counts):
    kind = msg["type"]
    # The sender's names and watches are made before the receiver's: the
    # "start" messages come once every "hello" has been answered.
    if kind == ("hello" if ROLE == "send" else "start"):
        setup()
    elif kind == "turn":
        turn()
    elif kind == "end":
        if ROLE == "receive":
            report()
        finish()
    return zoo.DEFAULT


sys.exit(zoo.run("collude-" + ROLE, hook))

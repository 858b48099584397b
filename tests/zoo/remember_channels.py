"""The channels between sandboxes that tests/zoo/remember.py tries (not a
bot itself).

Each channel is a store: put(key, value) leaves a number (below 2**VALUE_BITS)
under a key (bytes) where another process, in another sandbox, may find it
with get(key); a store counts in `found` the keys it gave back, and its
`status` says why it cannot work ("ok" when nothing failed).

The one that carries draws between two games of a duplicate set is the page
cache of the largest files under /usr, which every sandbox sees: a key owns
a slot of 2 * BITS pages of those files, two for each bit of the value and
of a check of key and value, and put() drops the slot from the cache
(posix_fadvise DONTNEED) and reads one page of each pair back in.  The
system calls that tell whether a page is cached are refused in the
sandbox (mincore, cachestat, preadv2 RWF_NOWAIT), so get() finds out as
any program may: by touching each page through a mapping and counting its
own major faults (getrusage: a page that was not cached is read from the
disk), or by timing a read() of one byte (PageCacheTime, in slots of its
own).  Both then drop again every page that they brought in, so that what
they read stays there for the next reader.  Reads are kept to one page
(POSIX_FADV_RANDOM, MADV_RANDOM: no readahead).

The others are kernel objects a process can make without a privilege and
find again by a name: files in /dev/shm and /tmp, System V shared memory
(named by a key in the IPC namespace), abstract unix sockets (named in the
network namespace); and two that are only looked at, file access times of
/usr (readable by all, changed by a read) and /proc's counters of the
whole machine.  The sandbox gives each bot its own /dev, /tmp and
namespaces, so those stores work inside one sandbox and find nothing of
another.
"""

import ctypes
import errno
import hashlib
import mmap
import os
import random
import resource
import socket
import statistics
import time

PAGE = 4096
VALUE_BITS = 10            # a draw's value: below 1024 (792 rolls of 7 dice)
CHECK_BITS = 24            # a slot of another key passes the check 1 in 2**24
BITS = VALUE_BITS + CHECK_BITS
SLOT = 2 * BITS            # pages a key owns
CALIBRATION = 1024         # the first pages of the first file: PageCacheTime's
MIN_FILE = 16 << 20        # the files of the page cache store: 16 MiB and up
MAX_BYTES = 4 << 30        # ... as many of the largest as make 4 GiB
WHERE = ("/usr/lib", "/usr/local", "/usr/libexec")
NAME = "arena-remember-"   # the names of the named stores


def digest(*parts):
    """A 64-bit number of the parts (bytes or str)."""
    h = hashlib.blake2b(digest_size=8)
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return int.from_bytes(h.digest(), "little")


def word(key, value):
    """The bits written for value under key: the value, then its check."""
    return value | (digest(key, value) % (1 << CHECK_BITS)) << VALUE_BITS


def unword(key, bits):
    """The value of the bits read under key, or None when the check fails."""
    value = bits % (1 << VALUE_BITS)
    return value if word(key, value) == bits else None


class Unusable(Exception):
    """Why a store cannot work, other than a system call's error."""


def errname(e):
    return errno.errorcode.get(e.errno, str(e)) if isinstance(e, OSError) else str(e)


def big_files():
    """The largest regular files under WHERE (3 folders deep), those no one
    runs first: the same list for every process on the machine."""
    found = []

    def walk(path, depth):
        try:
            entries = list(os.scandir(path))
        except OSError:
            return
        for e in entries:
            try:
                if e.is_dir(follow_symlinks=False):
                    if depth < 3:
                        walk(e.path, depth + 1)
                elif e.is_file(follow_symlinks=False):
                    st = e.stat(follow_symlinks=False)
                    if st.st_size >= MIN_FILE:
                        found.append((bool(st.st_mode & 0o111), -st.st_size, e.path))
            except OSError:
                pass

    for top in WHERE:
        walk(top, 1)
    chosen, total = [], 0
    for _, size, path in sorted(found):
        if total >= MAX_BYTES:
            break
        chosen.append(path)
        total -= size
    return chosen


class Store:
    name = "?"

    def __init__(self):
        self.found = 0
        try:
            self.status = "ok"
            self.setup()
        except (OSError, Unusable) as e:
            self.status = errname(e)

    def setup(self):
        pass

    def usable(self):
        return self.status == "ok"

    def get(self, key):
        if not self.usable():
            return None
        try:
            value = self.lookup(key)
        except OSError:
            return None
        if value is not None:
            self.found += 1
        return value

    def put(self, key, value):
        if self.usable():
            try:
                self.store(key, value)
            except OSError as e:
                self.status = errname(e)


class PageCache(Store):
    """Reads a slot by major faults.  Its slots are the even ones."""
    name = "page cache, by major faults"
    lane = 0

    def setup(self):
        self.files = []   # (fd, mapping, first slot's page, slots)
        self.slots = 0
        for i, path in enumerate(big_files()):
            fd = os.open(path, os.O_RDONLY)
            size = os.fstat(fd).st_size
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)
            m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
            m.madvise(mmap.MADV_RANDOM)
            first = CALIBRATION if i == 0 else 0
            n = (size // PAGE - first) // SLOT
            self.files.append((fd, m, first, n))
            self.slots += n
        if not self.slots:
            raise Unusable("no file of 16 MiB or more under /usr")

    def slot(self, key):
        """The file and the page where key's slot starts."""
        n = digest(key) % (self.slots // 2) * 2 + self.lane
        for fd, m, first, count in self.files:
            if n < count:
                return fd, m, first + n * SLOT
            n -= count
        raise AssertionError("a slot past the files")

    def drop(self, fd, m, pages):
        """Drops pages (sorted) of the file from the cache, and this
        process's mappings of them first (a mapped page stays)."""
        lo, hi = max(0, pages[0] - 16), min(len(m) // PAGE, pages[-1] + 17)
        m.madvise(mmap.MADV_DONTNEED, lo * PAGE, (hi - lo) * PAGE)
        start = 0
        for i in range(1, len(pages) + 1):   # each run of pages at once
            if i == len(pages) or pages[i] != pages[i - 1] + 1:
                os.posix_fadvise(fd, pages[start] * PAGE, (i - start) * PAGE,
                                 os.POSIX_FADV_DONTNEED)
                start = i

    def store(self, key, value):
        fd, m, first = self.slot(key)
        self.drop(fd, m, list(range(first, first + SLOT)))
        bits = word(key, value)
        for i in range(BITS):
            os.pread(fd, 1, (first + 2 * i + (bits >> i & 1)) * PAGE)

    def cached(self, fd, m, page):
        """Whether the page was in the cache (None: cannot tell)."""
        before = resource.getrusage(resource.RUSAGE_SELF).ru_majflt
        m[page * PAGE]
        return resource.getrusage(resource.RUSAGE_SELF).ru_majflt == before

    def pair(self, fd, m, pages):
        """Which page of the pair was cached: 0 or 1; None when neither
        (an empty slot), both (another's pages) or it cannot tell; and the
        pages it brought into the cache."""
        seen = [self.cached(fd, m, p) for p in pages]
        # Of a written pair one page is cached: a page that cannot tell is
        # what the other is not.
        for i in (0, 1):
            if seen[i] is None and seen[1 - i] is not None:
                seen[i] = not seen[1 - i]
        brought = [p for p, cached in zip(pages, seen) if cached is False]
        return (seen.index(True) if seen in ([True, False], [False, True]) else None), brought

    def lookup(self, key):
        fd, m, first = self.slot(key)
        bits, brought = 0, []
        try:
            for i in range(BITS):
                bit, pages = self.pair(fd, m, [first + 2 * i, first + 2 * i + 1])
                brought += pages
                if bit is None:
                    return None
                bits |= bit << i
            return unword(key, bits)
        finally:
            self.drop(fd, m, brought or [first])


class PageCacheTime(PageCache):
    """Reads a slot by the time a read of one byte of each page takes, in
    slots of its own: a read from the disk takes longer than `limit`, half
    the fastest of them.  A read that the machine slowed down would drop a
    cached page, so a read is taken for one from the disk only when it
    also slept (it waited for the disk: getrusage's voluntary context
    switches), and tells nothing when the process was preempted meanwhile
    or when time and sleep disagree (the other page of the pair then
    tells).  Its slots are the odd ones: what it cannot tell leaves both
    pages of a pair cached, and the other reader's slots whole."""
    name = "page cache, by read time"
    lane = 1

    def setup(self):
        PageCache.setup(self)
        fd, m, _, _ = self.files[0]
        slow, fast = [], []
        # Pages of its own (two processes that measure one page at once
        # would each find it cached by the other), each dropped again;
        # reads that slept for the disk and reads that did not, neither
        # preempted.
        for page in random.sample(range(CALIBRATION), 128):
            self.drop(fd, m, [page])
            took, slept, preempted = self.timed(fd, page)
            if slept and not preempted:
                slow.append(took)
            took, slept, preempted = self.timed(fd, page)
            if not slept and not preempted:
                fast.append(took)
            self.drop(fd, m, [page])
            if len(slow) >= 16 and len(fast) >= 16:
                break
        if len(slow) < 16 or len(fast) < 16:
            raise Unusable("too few reads undisturbed to measure")
        fast = statistics.median(fast)
        if min(slow) < 8 * fast:
            raise Unusable("a read from the disk (%d ns) is not much slower than one "
                           "from the cache (%d ns)" % (min(slow), fast))
        self.limit = min(slow) / 2

    def timed(self, fd, page):
        """The ns a read of the page takes, whether it slept meanwhile, and
        whether it was preempted."""
        before = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter_ns()
        os.pread(fd, 1, page * PAGE)
        took = time.perf_counter_ns() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
        return took, after.ru_nvcsw > before.ru_nvcsw, after.ru_nivcsw > before.ru_nivcsw

    def cached(self, fd, m, page):
        took, slept, preempted = self.timed(fd, page)
        fast = took < self.limit
        return None if preempted or fast == slept else fast



class Folder(Store):
    """One file a key, in a folder that every process may write to.  The
    files stay (in a sandbox, its own /dev/shm and /tmp go with it; the test
    that runs the bot without one removes them)."""

    def __init__(self, folder):
        self.folder = folder
        self.name = folder
        Store.__init__(self)

    def path(self, key):
        return os.path.join(self.folder, "%s%016x" % (NAME, digest(key)))

    def setup(self):
        probe = os.path.join(self.folder, "%s%d" % (NAME, os.getpid()))
        with open(probe, "w") as f:
            f.write("0")
        os.unlink(probe)

    def store(self, key, value):
        with open(self.path(key), "w") as f:
            f.write("%d" % value)

    def lookup(self, key):
        try:
            with open(self.path(key)) as f:
                return int(f.read())
        except FileNotFoundError:
            return None


class Owned(Store):
    """A store of kernel objects that forget() removes, every one that this
    process made (at the end of its game)."""

    def setup(self):
        self.made = []
        self.probe()

    def store(self, key, value):
        self.make(key, value)
        self.made.append(key)

    def forget(self):
        for key in self.made:
            try:
                self.remove(key)
            except OSError:
                pass
        self.made = []


class SysvShm(Owned):
    """One System V shared memory segment a key, its size the value + 1."""
    name = "System V shared memory"
    IPC_CREAT, IPC_RMID, IPC_STAT = 0o1000, 0, 2

    def probe(self):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.remove(b"probe%d" % os.getpid(), self.make(b"probe%d" % os.getpid(), 0))

    def ipc_key(self, key):
        return ctypes.c_int(digest(NAME, key) % (1 << 31) or 1)

    def make(self, key, value):
        shm = self.libc.shmget(self.ipc_key(key), value + 1, self.IPC_CREAT | 0o600)
        if shm < 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))
        return shm

    def lookup(self, key):
        shm = self.libc.shmget(self.ipc_key(key), 0, 0)
        stat = (ctypes.c_ulong * 16)()   # struct shmid_ds: shm_segsz at 48
        if shm < 0 or self.libc.shmctl(shm, self.IPC_STAT, stat) < 0:
            return None
        return stat[6] - 1

    def remove(self, key, shm=None):
        shm = self.libc.shmget(self.ipc_key(key), 0, 0) if shm is None else shm
        if shm >= 0:
            self.libc.shmctl(shm, self.IPC_RMID, None)


class Abstract(Owned):
    """A listening abstract unix socket a key, named with its value; it
    lives as long as its process, so only a twin that runs at the same
    time may find it (in /proc/net/unix, which lists the sockets of the
    network namespace)."""
    name = "abstract unix sockets"

    def probe(self):
        self.held = {}
        socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close()

    def address(self, key, value):
        return b"\0" + ("%s%016x-%d" % (NAME, digest(key), value)).encode()

    def make(self, key, value):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.bind(self.address(key, value))
            s.listen(1)
            self.held[key] = s
        except OSError:
            s.close()

    def lookup(self, key):
        with open("/proc/net/unix") as f:
            names = f.read()
        prefix = "@%s%016x-" % (NAME, digest(key))
        at = names.find(prefix)
        return None if at < 0 else int(names[at + len(prefix):].split()[0])

    def remove(self, key):
        held = self.held.pop(key, None)
        if held:
            held.close()


def atime_probe(files):
    """What a read does to the access time of a file under /usr."""
    if not files:
        return "no file to try"
    path = files[-1]
    if os.statvfs(path).f_flag & os.ST_RDONLY:
        return "read-only mount (a read changes no access time)"
    before = os.stat(path).st_atime_ns
    with open(path, "rb") as f:
        f.read(1)
    after = os.stat(path).st_atime_ns
    return "changed by a read" if after != before else \
        "unchanged by a read (relatime: once a day at most)"


def proc_probe():
    """Whether /proc shows counters of the whole machine."""
    try:
        with open("/proc/vmstat") as f:
            faults = [line.split()[1] for line in f if line.startswith("pgmajfault ")]
    except OSError as e:
        return errname(e)
    return "machine-wide counters readable (pgmajfault %s), no store by name" % faults[0] \
        if faults else "no pgmajfault in /proc/vmstat"


def stores():
    """Every store, the page cache's two readers first."""
    return [PageCache(), PageCacheTime(), Folder("/dev/shm"), Folder("/tmp"),
            SysvShm(), Abstract()]

#!/usr/bin/env bash
# End-to-end: no exact side channel between the sandboxes of two bots of
# one author.  At a four-player Rolit table, tests/zoo/collude.py sits at
# seats 0 (sender) and 1 (receiver) and tries every channel that its
# sandboxes share (locks, notifications, keyrings, vsock, io_uring,
# perf, the page cache, futexes, message queue and signal counts) on
# /etc/passwd and on its own script: under the sandbox's seccomp filter
# each channel fails with its errno, or works but finds nothing (flock,
# whose locks are granted but never taken, and sigqueue), and passes no
# bit, as root and as an unprivileged user (a uid of its own, when the tests
# run as root; without control groups, which such a user has none of on a cgroup
# v1 machine).  Without the sandbox (which trusts the bot), flock passes
# every bit: the test can fail.  (tests/unit/check_sandbox_seccomp.c
# checks every rule of the filter alone.)
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

needs_bubblewrap

# Each channel and what its first calls get under the filter.
refusals="flock ok
posix ENOLCK
ofd ENOLCK
inotify EPERM
fanotify EPERM
dnotify EPERM
keyring EPERM
vsock EAFNOSUPPORT
io_uring EPERM
perf EPERM
cachestat EOPNOTSUPP
mincore EOPNOTSUPP
nowait EOPNOTSUPP
futex EAGAIN
mqueue EPERM
sigqueue ok"
bits=14 # collude.py's SECRET

# collusion NAME PYTHON FLAGS...: a game of the two colluders, run by
# PYTHON, and two random bots, played by `referee play ... FLAGS` as the
# user of AS (lib.sh's unprivileged); REPORT is then the receiver's stderr.
AS=()
collusion() {
	local name=$1 bot="$2 '$ZOO/collude.py' '$TMP'"
	shift 2
	run "${AS[@]}" "$REFEREE" play rolit -o size=8 -o first=seat0 --out "$TMP/$name" "$@" \
		"sender=$bot send /etc/passwd" "receiver=$bot receive /etc/passwd" "$(cbot)" "$(cbot)"
	ok "$RC" "$name: the game is played" || diag_run
	expect_not_contains "$OUT" "forfeit:" "$name: nobody forfeits"
	REPORT=$TMP/$name/receiver.stderr
}

# expect_closed NAME: every channel got what the filter gives it, no bit
# passed.
expect_closed() {
	local channel what
	while read -r channel what; do
		expect_contains "$REPORT" "collude: $channel: $what, 0 bits passed" "$1: $channel: $what, no bit passed"
	done <<<"$refusals"
}

# expect_open NAME: without the sandbox, flock passed every bit.
expect_open() {
	expect_contains "$REPORT" "collude: flock: ok, $bits bits passed" "$1: without the sandbox, flock passes $bits bits"
	diag "$1: without the sandbox:" "$(sed -n 's/^collude: /  /p' "$REPORT")"
}

if [ "$(id -u)" -eq 0 ]; then
	collusion root "$PYTHON3"
	expect_closed root
	collusion root-unboxed "$PYTHON3" --no-sandbox
	expect_open root-unboxed
fi

unprivileged
uid=$AS_UID
collusion "user-$uid" "$AS_PYTHON3" --no-limits
expect_closed "user $uid"
collusion "user-$uid-unboxed" "$AS_PYTHON3" --no-limits --no-sandbox
expect_open "user $uid"

assert_no_leftovers
done_testing

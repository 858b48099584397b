#!/bin/sh
# The /init of tests/e2e/vm_cgroup2.sh's virtual machine: Debian's kernel
# with the unified cgroup hierarchy only (cgroup v2) and an initramfs of the
# host's own binaries (busybox, bubblewrap, setpriv, the built
# referee, its C random bot and tests/zoo/greedy-c).  It moves the root
# onto a tmpfs (bubblewrap cannot pivot_root away from the initramfs's
# rootfs), mounts what a systemd machine has (cgroup2 with nsdelegate), then
# runs the containment cases twice: as root in the root group, and as a
# normal user in what `systemd-run --user --scope -p Delegate=yes` gives, a
# subtree the user owns: user@1000.service delegated as systemd delegates
# (its folder, cgroup.procs, cgroup.subtree_control and cgroup.threads
# chowned), the user's shell in its init.scope, and each referee alone in
# a scope the shell makes under app.slice.  Each case prints one line,
# "arena-vm: ok DESC" or "arena-vm: not ok DESC" (then "arena-vm: # ..."
# lines say why), on the serial console; the last is "arena-vm: done";
# then the machine powers off.
set -u
export PATH=/usr/bin:/usr/sbin LANG=C.UTF-8
if [ "$$" = 1 ] && [ "${1:-}" != stage2 ]; then
	mount -t proc proc /proc
	mkdir -p /newroot
	mount -t tmpfs -o size=90% root /newroot
	for f in /*; do
		case "$f" in /proc | /newroot) ;; *) cp -a "$f" /newroot/ ;; esac
	done
	mkdir -p /newroot/proc
	umount /proc
	exec switch_root /newroot /init stage2
fi
if [ "$$" = 1 ]; then
	mount -t proc proc /proc
	mount -t sysfs sys /sys
	mount -t devtmpfs dev /dev
	mkdir -p /dev/pts /dev/shm /tmp
	mount -t devpts pts /dev/pts
	mount -t tmpfs -o mode=1777 shm /dev/shm
	mount -t tmpfs -o mode=1777 tmp /tmp
	# As systemd mounts it.
	mount -t cgroup2 -o nsdelegate,memory_recursiveprot cgroup2 /sys/fs/cgroup
	# Root's bots see their own files through an overlay (sandbox.c).
	insmod /arena/overlay.ko
	hostname arena-vm
	exec </dev/null >/dev/console 2>&1
fi

say() { echo "arena-vm: $*"; }
BOT=/arena/random-bot
GREEDY=/arena/greedy-c
CG=/sys/fs/cgroup
W=/work

# check DESC COMMAND...: one case, by COMMAND's status; a failed one shows
# the last run's output.
check() {
	desc=$1
	shift
	if "$@"; then
		say "ok $desc"
	else
		say "not ok $desc"
		for f in "$d/out" "$d/err"; do
			[ -f "$f" ] && head -c 1500 "$f" | sed 's/^/arena-vm: #   /'
		done
	fi
}

# ref_start ARGS...: the referee, as this user, in the background, in a
# scope of its own: the caller's shell in a group of the subtree it owns
# makes the scope (under SCOPES; as root, the root group itself) and moves
# into it, then runs the referee, as `systemd-run --scope` does.  Its pid
# is in pid, its output in $d/out and $d/err.  ref ARGS...: the same, and
# waits for it: its status is in rc.
ref_start() {
	runs=$((runs + 1))
	scope=$CG
	if [ "$SCOPES" != "$CG" ]; then
		scope=$SCOPES/run-$runs.scope
		mkdir "$scope"
	fi
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec /arena/referee "$@"' \
		- "$scope" "$@" >"$d/out" 2>"$d/err" &
	pid=$!
}
ref() {
	ref_start "$@"
	wait "$pid"
	rc=$?
}

# gone: within 10 s, the referee's groups are gone (its keeper removes
# them when the referee ends), no bot's process is left, and the scope is
# empty: it can be removed, as systemd removes a scope once empty.
gone() {
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		groups=$(find "$CG" -type d -name "arena-*" 2>/dev/null | head -n 1)
		procs=$(ps -o args | grep -c '^/arena/[g]reedy-c\|^/arena/[r]andom-bot')
		if [ -z "$groups" ] && [ "$procs" = 0 ]; then
			[ "$scope" = "$CG" ] || rmdir "$scope"
			return
		fi
		sleep 0.5
	done
	say "#   left: ${groups:-no group}, $procs bot processes"
	return 1
}

# watch_groups: while the referee of ref_start runs, a group of its bots
# holding a process, as the referee makes them: $scope/arena-PID/bot-*/play,
# the referee itself in $scope/arena-PID/referee.  Its cgroup.procs, or
# nothing within 20 s.
watch_groups() {
	for _ in $(seq 100); do
		for f in "$scope"/arena-"$pid"/bot-*/play/cgroup.procs; do
			if [ -n "$(cat "$f" 2>/dev/null)" ] &&
				grep -qx "$pid" "$scope/arena-$pid/referee/cgroup.procs"; then
				echo "$f"
				return
			fi
		done
		sleep 0.2
	done
}

# referee_cpu_ms FILE SECONDS: once FILE (a bot's stderr) has the mark of
# the bot's first move, within 60 s, the CPU time that the referee of ref_start used in the
# next SECONDS, in ms: its own group's ($scope/arena-PID/referee, its bots
# apart).  A window in the game's middle, not the whole run: the
# emulated guest's start-up costs swell when the host is busy.
referee_cpu_ms() {
	stat=$scope/arena-$pid/referee/cpu.stat
	for _ in $(seq 300); do
		grep -q '=== arena: move ' "$1" 2>/dev/null && break
		sleep 0.2
	done
	before=$(sed -n 's/^usage_usec //p' "$stat" 2>/dev/null)
	sleep "$2"
	after=$(sed -n 's/^usage_usec //p' "$stat" 2>/dev/null)
	[ -n "$before" ] && [ -n "$after" ] && echo $(((after - before) / 1000))
}

# cases WHO: the containment cases, as the user running them.
cases() {
	who=$1 d=$W/$who runs=0
	mkdir -p "$d"
	cd "$d" || return # (a bot's word naming a file here is that file)
	export XDG_DATA_HOME="$d/data"
	# The referee finds its group and makes its bots' groups there (burn
	# thinks 600 ms a turn: a game of 200 ms turns ended once before the
	# watch, slow on an emulated CPU of a loaded host, saw its groups).
	ref_start play rolit -o size=4 --move-ms 20000 --log "$d/plain.jsonl" \
		"burn=$GREEDY burn 600" "$BOT"
	seen=$(watch_groups)
	wait "$pid"
	rc=$?
	check "$who: a game is played (exit 0)" [ "$rc" = 0 ]
	check "$who: its bots run in groups it made in its own, beside it (${seen:-none seen})" \
		[ -n "$seen" ]
	check "$who: nothing of it is left" gone
	# Memory, its tmpfs included: the kernel kills it, a forfeit; the
	# referee and the opponent are untouched, the log verifies.  The
	# kernel's reclaim before the kill is charged to the bot as CPU time,
	# and an emulated CPU on a loaded host took over 20 s of it: 90 s.
	ref play rolit -o size=4 --move-ms 90000 --memory-mb 64 --log "$d/tmp.jsonl" \
		"greedy=$GREEDY tmp" "$BOT"
	check "$who: memory: a bot filling its /tmp forfeits for memory" grep -q \
		'forfeit: memory: went past its memory limit of 64 MiB (the kernel killed a process of it) (answering "turn")' "$d/out"
	check "$who: memory: it loses, the referee goes on (exit 0)" sh -c '[ "$1" = 0 ] && grep -q " 2\. greedy  *seat 0" "$2"' - "$rc" "$d/out"
	/arena/referee verify "$d/tmp.jsonl" >"$d/out" 2>"$d/err"
	rc=$?
	check "$who: memory: the log verifies" [ "$rc" = 0 ]
	check "$who: memory: nothing of it is left" gone
	# A fork bomb meets the group's process limit.
	ref play rolit -o size=4 --move-ms 20000 --max-processes 20 --log "$d/bomb.jsonl" \
		"greedy=$GREEDY bomb" "$BOT"
	check "$who: processes: a fork bomb forfeits for processes" grep -q \
		'forfeit: processes: went past its limit of 20 processes (answering "turn")' "$d/out"
	bombed=$(sed -n 's/^greedy-c: fork failed after \([0-9]*\): .*/\1/p' "$d/bomb.jsonl.greedy.stderr")
	check "$who: processes: it had fewer than 20 (${bombed:-no count})" [ "${bombed:-99}" -lt 20 ]
	check "$who: processes: nothing of it is left" gone
	# The clock is the group's CPU time: a bot that spins loses on it (not
	# on the wall-clock ceiling of twice that and a second).  A second,
	# not less: the emulated guest's CPU times swell when the host is
	# busy, and the other bot's start (its "commit") must stay within it.
	ref play rolit -o size=4 --move-ms 1000 --log "$d/spin.jsonl" "greedy=$GREEDY spin" "$BOT"
	check "$who: cpu clock: a bot spinning on its move loses on CPU time" grep -q \
		'forfeit: timeout: no reply within 1000 ms of CPU time to "turn"' "$d/out"
	check "$who: cpu clock: nothing of it is left" gone
	# Waiting: while a bot thinks (asleep, a second at each of its 6
	# turns), the referee sleeps in its poll too (memory.events, which v2
	# keeps readable, once made every poll return at once: it spun).  3 s
	# from the sleeper's second turn on.
	ref_start play rolit -o size=4 --move-ms 20000 --log "$d/sleep.jsonl" \
		"sleeper=$GREEDY sleep 1000" "$BOT"
	used=$(referee_cpu_ms "$d/sleep.jsonl.sleeper.stderr" 3)
	wait "$pid"
	rc=$?
	check "$who: waiting: a game is played (exit 0)" [ "$rc" = 0 ]
	check "$who: waiting: the referee does not spin while a bot thinks (${used:-no} ms of its CPU in 3 s)" \
		[ "${used:-999999}" -lt 1000 ]
	check "$who: waiting: nothing of it is left" gone
	# Freezing: watch's helper spins for ever, but gets no CPU while burn
	# thinks (600 ms of CPU at each
	# of its turns), as the watch bot is off move, its group frozen;
	# unfrozen, it would have had as much as burn (a CPU each).  Its last
	# count is at watch's last turn, after all of burn's turns but maybe
	# the last.
	ref play rolit -o size=4 --move-ms 20000 --log "$d/watch.jsonl" \
		"burn=$GREEDY burn 600" "watch=$GREEDY watch"
	helper=$(sed -n 's/^greedy-c: helper CPU \([0-9]*\) ms$/\1/p' "$d/watch.jsonl.watch.stderr" | tail -n 1)
	burned=$(grep -c '"type":"action","seat":0' "$d/watch.jsonl")
	say "# $who: watch's helper had ${helper:-no} ms of CPU while burn took $burned turns of 600 ms"
	check "$who: freezing: a game is played (exit 0)" [ "$rc" = 0 ]
	check "$who: freezing: the helper of the bot off move gets no CPU while the other moves" \
		[ "${helper:-999999}" -lt $(((burned - 1) * 600 / 4)) -a "$burned" -ge 4 ]
	check "$who: freezing: nothing of it is left" gone
}

# delegate_cases: as the user, the referee started by its shell in the
# shell's own group (init.scope), which it cannot divide as the shell is
# in it: with a user's systemd reachable (a bus in XDG_RUNTIME_DIR) and
# systemd-run on PATH (the stand-in /arena/systemd/systemd-run), it runs
# itself again in a delegated scope and contains its bots there; without
# systemd-run or without the bus, it falls back.
delegate_cases() {
	d=$W/delegate
	mkdir -p "$d/run"
	: >"$d/run/bus"
	log=$d/game.jsonl
	set -- play rolit -o size=4 --move-ms 20000 --log "$log" "burn=$GREEDY burn 600" "$BOT"
	XDG_RUNTIME_DIR=$d/run PATH=/arena/systemd:$PATH /arena/referee "$@" >"$d/out" 2>"$d/err" &
	pid=$!
	scope=$SCOPES/run-r$pid.scope
	seen=$(watch_groups)
	wait "$pid"
	rc=$?
	check "delegate: a game is played (exit 0, nothing on stderr)" [ "$rc" = 0 -a ! -s "$d/err" ]
	printf '%s\n' --user --scope --quiet -p Delegate=yes -- /arena/referee "$@" >"$d/expected"
	say "# delegate: systemd-run got: $(tr '\n' ' ' <"$d/run/systemd-run.args" 2>/dev/null)"
	check "delegate: the referee in its shell's group runs itself again through systemd-run --user --scope --quiet -p Delegate=yes" \
		cmp -s "$d/expected" "$d/run/systemd-run.args"
	check "delegate: its bots run in groups under the new scope (${seen:-none seen})" [ -n "$seen" ]
	check "delegate: its log says control groups contain them" grep -q \
		'"containment":"control groups: memory (tmpfs too), processes, CPU time, frozen off move"' "$log"
	check "delegate: nothing of it is left" gone
	# Without systemd-run on PATH, or without a user's systemd to reach
	# (systemd-run on PATH but no bus): no run again, the fallback.
	fallback "without systemd-run" "$d/run" /usr/bin:/usr/sbin
	rm "$d/run/bus"
	fallback "without a bus" "$d/run" "/arena/systemd:$PATH"
}

# fallback DESC RUNTIME-DIR PATH: the referee in its shell's group, with
# that XDG_RUNTIME_DIR and PATH, does not run itself again and contains
# its bots with the fallback.
fallback() {
	rm -f "$d/run/systemd-run.args" "$d/fallback.jsonl"
	XDG_RUNTIME_DIR=$2 PATH=$3 /arena/referee play rolit -o size=4 --move-ms 20000 \
		--log "$d/fallback.jsonl" "burn=$GREEDY burn 200" "$BOT" >"$d/out" 2>"$d/err"
	rc=$?
	check "delegate: $1, a game is played (exit 0, on stderr only the line that names the fallback's limits)" \
		sh -c '[ "$1" = 0 ] && [ "$(wc -l <"$2")" = 1 ] &&
		       grep -q "^referee play: no control group can be had here: the bots are contained without one (.*: docs/SANDBOX.md)\$" "$2"' \
		- "$rc" "$d/err"
	check "delegate: $1, the referee does not run itself again" [ ! -e "$d/run/systemd-run.args" ]
	check "delegate: $1, its log says the fallback contains them" grep -q \
		'"containment":"fallback (no control group): stopped off move, CPU time of' \
		"$d/fallback.jsonl"
	scope=$CG
	check "delegate: $1, nothing of it is left" gone
}

if [ "${1:-}" = user ]; then # the user's shell, in its init.scope
	SCOPES=$2
	mkdir "$SCOPES"
	check "player: its shell enables the controllers in its delegated subtree" sh -c \
		'echo "+memory +pids +cpu" >"$1/../cgroup.subtree_control" &&
		 echo "+memory +pids +cpu" >"$1/cgroup.subtree_control"' - "$SCOPES"
	cases player
	delegate_cases
	exit 0
fi

say "controllers: $(cat $CG/cgroup.controllers)"
check "the only hierarchy is cgroup v2" sh -c '! grep -q " cgroup " /proc/mounts && grep -q " cgroup2 " /proc/mounts'
mkdir -m 0777 $W
# As root, in the root group, which has no controllers for its children
# yet: the referee enables them.
SCOPES=$CG
cases root
# A user session as systemd lays it out.
u=$CG/user.slice/user-1000.slice/user@1000.service
mkdir -p "$u/init.scope"
for g in $CG $CG/user.slice $CG/user.slice/user-1000.slice; do
	echo "+memory +pids +cpu" >"$g/cgroup.subtree_control"
done
chown 1000:1000 "$u" "$u/cgroup.procs" "$u/cgroup.subtree_control" "$u/cgroup.threads" \
	"$u/init.scope" "$u/init.scope/cgroup.procs"
mkdir -m 0700 /home/player && chown 1000:1000 /home/player
{ sh -c 'echo $$ >"$1/init.scope/cgroup.procs" &&
	exec /usr/bin/setpriv --reuid=1000 --regid=1000 --clear-groups \
	env HOME=/home/player sh /init user "$1/app.slice"' - "$u" 2>&1 >&3 |
	sed 's/^/arena-vm: # /'; } 3>&1
say "done"
sync
poweroff -f

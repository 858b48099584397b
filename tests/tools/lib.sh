# A tiny TAP helper for the end-to-end tests (tests/e2e/*.sh), sourced by each.
#
# It sets REFEREE, the bundled bots (CBOT, PYBOT), ZOO (misbehaving bots)
# and TMP, a temporary folder of this test script that is removed on exit,
# and gives ok/not ok lines with descriptions, checks that run a command
# and look at its exit status and output, and a check that no bot process
# outlives the referee.  The plan ("1..N") is printed by done_testing at
# the end, which is valid TAP and means the count is never out of date.
#
# Every bot command a test builds names $TMP on its command line (the zoo
# bots take it as their first argument, the bundled bots ignore an extra
# argument), so `pgrep -f "$TMP"` finds exactly this script's bots and
# whatever they started, even with other tests running at the same time.
# (Leaked fds are checked in tests/e2e/faults.sh, by a bot that looks at the
# referee's /proc/PID/fd at the start of every game.)

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
PYTHON3=${PYTHON3:-python3}
# The real interpreter, not a wrapper (a pyenv shim takes half a second to
# start): bots are started often and some tests time them.
python_real=$("$PYTHON3" -c "import sys; print(sys.executable)" 2>/dev/null) &&
	[ -n "$python_real" ] && PYTHON3=$python_real
export PYTHONDONTWRITEBYTECODE=1

# A timing-bound script (SOLO_TESTS, Makefile.am) measures against a
# control game what a quiet machine gives: make starts it once the other
# tests are done, and here it waits for the other solo scripts.
case " ${SOLO_TESTS:-} " in
*" tests/e2e/$(basename "$0") "*)
	exec 8>>"$top_builddir/tests/solo.lock" && flock 8 ;;
esac

REFEREE="$top_builddir/referee/referee"
BOTS="$top_builddir/bots"                        # built bots
CBOT="$BOTS/random-bot"
PYBOT="$PYTHON3 $top_srcdir/bots/random_bot.py"
# What the bundled Python and JavaScript bots import, which a sandboxed bot
# sees only when it is made readable.
SDK=(--readable "$top_srcdir/sdk/python" --readable "$top_builddir/sdk/js")
# Built outside the source tree, arena_bot's compiled rules
# (arena_bot/_rules*.so, which arena_bot.games calls) are in the build
# tree's sdk/python, which the package joins when it is on the path.
if [ "$(cd "$top_builddir" && pwd -P)" != "$(cd "$top_srcdir" && pwd -P)" ]; then
	export PYTHONPATH="$top_builddir/sdk/python"
	SDK+=(--readable "$top_builddir/sdk/python" --env PYTHONPATH)
fi
ZOO="$top_srcdir/tests/zoo"
LOGTOOL="$PYTHON3 $top_srcdir/tests/tools/logtool.py"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/arena-e2e.XXXXXX") || exit 99
# The referee keeps its default signing key in the user's data folder:
# tests use their own, never the real one of whoever runs them, and a
# home of their own, so that what a bot finds there (a key thief looks) is
# only what the test put there.
export XDG_DATA_HOME="$TMP/data"
export HOME="$TMP-home"
mkdir -p "$HOME"
# Nor the settings of whoever runs them (docs/referee.1, SETTINGS).
export XDG_CONFIG_HOME="$TMP/config"
unset ARENA_OPTIONS
# Nor their cache of values tables: each script solves its own.
export XDG_CACHE_HOME="$TMP/cache"
KEYDIR="$XDG_DATA_HOME/arena"   # the default key pair, made on first use

OUT="$TMP/stdout"   # what the last `run` printed on stdout
ERR="$TMP/stderr"   # ... and on stderr
RC=0                # ... and its exit status
ELAPSED_MS=0        # ... and how long it took

tap_count=0
tap_failed=0

cleanup() {
	# A failed test must not leave its bots behind either.
	pkill -KILL -f "$TMP" 2>/dev/null
	rm -rf "$TMP" "$HOME"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ ! -x "$REFEREE" ]; then
	echo "1..0 # SKIP $REFEREE is not built"
	exit 0
fi

# --- TAP ---------------------------------------------------------------------

# ok STATUS DESCRIPTION: STATUS 0 passes.
ok() {
	tap_count=$((tap_count + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_count - $2"
	else
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_count - $2"
	fi
	return "$1"
}

diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# before_dashes WORD...: the words before the first "--" (VAR=VALUE words,
# say) in the array BEFORE, and in BEFORE_SHIFT how many words to shift to
# pass them and the "--".
before_dashes() {
	BEFORE=()
	while [ "$1" != -- ]; do
		BEFORE+=("$1")
		shift
	done
	BEFORE_SHIFT=$((${#BEFORE[@]} + 1))
}

# drop_kept: removes the folder a failed `referee check-bot` says it kept
# (in $OUT), which is the system's temp folder unless TMPDIR says.
drop_kept() {
	rm -rf "$(sed -n 's/.*are kept in \([^ ]*\) .*$/\1/p' "$OUT")"
}

# Shows the last command's output after a failed check.
diag_run() {
	diag "exit status $RC after ${ELAPSED_MS} ms; stdout:"
	head -c 2000 "$OUT" | sed 's/^/#   /'
	diag "stderr:"
	head -c 2000 "$ERR" | sed 's/^/#   /'
}

# league_of_two DIR: a league of rolit on a 6x6 board at DIR, the C bot
# entered twice, as a and b, each from a folder of its own ($TMP/a, $TMP/b).
league_of_two() {
	for b in a b; do
		mkdir -p "$TMP/$b"
		cp "$CBOT" "$TMP/$b/bot"
	done
	expect_exit 0 "$REFEREE" league init "$1" --game rolit -o size=6
	for b in a b; do
		expect_exit 0 "$REFEREE" league add "$1" "$b" "$TMP/$b/bot" "$TMP"
	done
}

done_testing() {
	echo "1..$tap_count"
	if [ "$tap_failed" -ne 0 ]; then
		diag "$tap_failed of $tap_count tests failed"
		exit 1
	fi
	exit 0
}

# --- running commands ----------------------------------------------------------

# Milliseconds on the wall clock, without forking (bash 5's EPOCHREALTIME).
now_ms() {
	local t=${EPOCHREALTIME:-}
	if [ -n "$t" ]; then
		t=${t/[.,]/}
		echo $((10#$t / 1000))
	else
		echo $(($(date +%s%N) / 1000000))
	fi
}

# free_ports N: N TCP ports that nothing listens on now, below the range
# the kernel takes a connection's own port from (ip_local_port_range), so
# that no client's connection takes a port between the choice and the
# daemon's bind (a slurmctld lost its port so while a load ran beside it).
free_ports() {
	"$PYTHON3" -c '
import random, socket, sys
with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
    below = int(f.read().split()[0])
ports, held = [], []
while len(ports) < int(sys.argv[1]):
    s = socket.socket()
    try:
        s.bind(("", random.randrange(10000, below) if below > 11000 else 0))
    except OSError:
        s.close()
        continue
    held.append(s)
    if s.getsockname()[1] not in ports:
        ports.append(s.getsockname()[1])
print(" ".join(map(str, ports)))' "$1"
}

# run CMD...: runs it with stdout in $OUT, stderr in $ERR, its status in
# $RC and its time in $ELAPSED_MS.  A command that hangs is killed after
# RUN_LIMIT seconds (60 unless set; status 124), so a stuck referee fails a
# test instead of the run.
run() {
	local start end
	start=$(now_ms)
	timeout -k 5 "${RUN_LIMIT:-60}" "$@" >"$OUT" 2>"$ERR" </dev/null
	RC=$?
	end=$(now_ms)
	ELAPSED_MS=$((end - start))
	return 0
}

# expect_exit CODE CMD...: runs CMD (as `run`) and checks its exit status.
expect_exit() {
	local code=$1 desc
	shift
	desc="${*:2}"
	desc=${desc//$TMP\//}
	desc=${desc//$top_builddir\//}
	desc=${desc//$top_srcdir\//}
	desc="exit $code: ${1##*/} ${desc:0:110}"
	run "$@"
	ok "$([ "$RC" -eq "$code" ]; echo $?)" "$desc" || diag_run
}

# expect_contains FILE STRING [DESCRIPTION]: FILE holds STRING (fixed text).
expect_contains() {
	local file=$1 string=$2 desc=${3:-"$(basename "$1") has '$2'"}
	grep -qF -e "$string" "$file" 2>/dev/null
	ok $? "$desc" || { diag "$file:"; head -c 1500 "$file" | sed 's/^/#   /'; echo; }
}

# expect_not_contains FILE STRING [DESCRIPTION]
expect_not_contains() {
	local file=$1 string=$2 desc=${3:-"$(basename "$1") has no '$2'"}
	! grep -qF -e "$string" "$file" 2>/dev/null
	ok $? "$desc" || grep -F -e "$string" "$file" | head -5 | sed 's/^/#   /'
}

# expect_eq GOT WANT DESCRIPTION
expect_eq() {
	[ "$1" = "$2" ]
	ok $? "$3" && return 0
	diag "got:  '$1'" "want: '$2'"
	return 1
}

# expect_eventually WANT DESCRIPTION CMD...: CMD's output is WANT within
# 10 s (asked every 0.1 s), for what a server shows a moment after it
# happens; the last output judged as expect_eq judges it.
expect_eventually() {
	local want=$1 description=$2 got
	shift 2
	for _ in $(seq 100); do
		got=$("$@")
		[ "$got" = "$want" ] && break
		sleep 0.1
	done
	expect_eq "$got" "$want" "$description"
}

# league_games_of DIR NAME: the games of bot NAME's versions in league DIR.
league_games_of() {
	"$REFEREE" league ladder "$1" --format json |
		"$PYTHON3" -c 'import json, sys; print(sum(r["games"] for r in json.load(sys.stdin)["ladder"] if r["name"] == sys.argv[1]))' "$2"
}

# league_wait_games DIR NAME N: waits (30 s at most) until bot NAME of
# league DIR has N games; prints how long it waited, in ms.
league_wait_games() {
	local from=$(date +%s%N)
	for _ in $(seq 300); do
		[ "$(league_games_of "$1" "$2")" -ge "$3" ] && break
		sleep 0.1
	done
	echo $((($(date +%s%N) - from) / 1000000))
}

# league_verified: the last line of $OUT, `referee verify` of a league's
# summary, with its counts of runs, logs and sets as N and the key that
# signed left out, for a test whose counts are another's to check.
league_verified() {
	tail -1 "$OUT" | sed -E 's/, [0-9]+ runs?, [0-9]+ logs? in [0-9]+ sets?,/, N runs, N logs in N sets,/; s/; signed by key [0-9a-f]{64}, .*$//'
}

# expect_lt GOT LIMIT DESCRIPTION: numbers, GOT < LIMIT.
expect_lt() {
	[ "$1" -lt "$2" ]
	ok $? "$3 ($1 < $2)"
}

# passes GAME BOT [OPTIONS...]: `referee check-bot GAME BOT OPTIONS...`
# passes every check, the goodbye included.
passes() {
	local game=$1 bot=$2
	shift 2
	run "$REFEREE" check-bot "${SDK[@]}" "$game" "$bot" "$@"
	ok "$([ "$RC" = 0 ] && grep -q '^[0-9]* passed, 0 failed$' "$OUT" &&
		grep -q 'answers goodbye' "$OUT"; echo $?)" \
		"check-bot $game${*:+ $*}: ${bot##*/} passes" || diag_run
}

# --- logs ----------------------------------------------------------------------

# ranks_of LOG, scores_of LOG: the result record's "ranks" or "scores"
# without brackets ("2,1"), whatever the order of the record's fields.
ranks_of() {
	grep -F '"type":"result"' "$1" | grep -o '"ranks":\[[0-9,]*\]' | tr -d '"a-z:[]'
}
scores_of() {
	grep -F '"type":"result"' "$1" | grep -o '"scores":\[[0-9,]*\]' | tr -d '"a-z:[]'
}

# --- the browser -------------------------------------------------------------------

# BROWSER: headless Chromium for the tests of the HTML pages, or empty when
# it is not installed (those tests then skip).
BROWSER=$(command -v chromium || command -v chromium-browser || true)

# browser ARGS... URL: Chromium run headless on its own throwaway profile
# (in $TMP, so cleanup finds and removes it), killed after 60 s.
browser() {
	# TMPDIR too: Chromium leaves an org.chromium.Chromium.* folder there
	TMPDIR=$TMP timeout -k 5 60 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$(mktemp -d "$TMP/chromium.XXXXXX")" "$@" 2>/dev/null
}

# dump_dom URL FILE: the page's DOM after its scripts ran, into FILE: the
# pages draw once their data is read, after load (arena.data), so the DOM
# is taken after a second of the page's time (Chromium's virtual time,
# which runs ahead when the page has nothing left to do).
dump_dom() {
	browser --virtual-time-budget=1000 --dump-dom "$1" >"$2"
}

# screenshot URL FILE: a 1200x900 PNG of the page, once drawn (dump_dom).
screenshot() {
	browser --virtual-time-budget=1000 --window-size=1200,900 --screenshot="$2" "$1" >/dev/null
}

# --- bots ----------------------------------------------------------------------

# zoo NAME [ARGS...]: the bot command of a zoo bot, with $TMP as its first
# argument (its marker, and its folder for counter files).
zoo() {
	local name=$1
	shift
	case $name in
	*.sh) echo "sh '$ZOO/$name' '$TMP' $*" ;;
	*) echo "$PYTHON3 '$ZOO/$name.py' '$TMP' $*" ;;
	esac
}

# The bundled random bots as NAME=COMMAND with the marker argument.
cbot() {
	echo "${1:-random-c}=$CBOT '$TMP'"
}
pybot() {
	echo "${1:-random-py}=$PYBOT '$TMP'"
}

# choice_play GAME PLAYERS SEED GAMES OUT [KEY=VALUE...]: runs (as `run`)
# `referee play GAME --seed SEED --games GAMES` between PLAYERS bots of
# tests/tools/env-choice-bot, with the options given, its logs into OUT:
# the games arena_env's tests play again in the environment.
choice_play() {
	local game=$1 players=$2 seed=$3 games=$4 out=$5 bots=() options=()
	shift 5
	for ((i = 0; i < players; i++)); do
		bots+=("$top_builddir/tests/tools/env-choice-bot $TMP")
	done
	for option in "$@"; do
		options+=(-o "$option")
	done
	run "$REFEREE" play "$game" --no-sandbox --no-limits --seed "$seed" \
		--games "$games" "${options[@]}" --out "$out" "${bots[@]}"
}

# unprivileged [named]: sets AS, a command prefix that runs a command as an
# unprivileged user (as root: a uid of this script's own, which no other
# process has, for whom $TMP is opened, with a key folder of its own; with
# `named`, nobody, for a process that looks its user up by name, as the
# server's --user does; otherwise the user itself, and AS is empty),
# AS_UID, its uid, and AS_PYTHON3, an interpreter it may run (a pyenv one
# under /root is not that user's).  When that user cannot reach the build
# (a clone in a mode 0700 folder), REFEREE, CBOT and ZOO become copies in
# $TMP.
unprivileged() {
	if [ "$(id -u)" -eq 0 ]; then
		# A uid of its own: RLIMIT_NPROC counts every process of the uid,
		# and every sandboxed bot of the other tests runs as nobody.
		AS_UID=$((100000 + $$ % 100000))
		[ "${1:-}" = named ] && AS_UID=65534
		AS=(setpriv --reuid="$AS_UID" --regid="$AS_UID" --clear-groups
		    env XDG_DATA_HOME="$TMP/unprivileged-data")
		chmod 0777 "$TMP"
	else
		AS=()
		AS_UID=$(id -u)
	fi
	AS_PYTHON3=$PYTHON3
	"${AS[@]}" test -x "$AS_PYTHON3" || AS_PYTHON3=/usr/bin/python3
	if ! "${AS[@]}" test -x "$REFEREE" -a -x "$CBOT" -a -r "$ZOO/zoo.py"; then
		mkdir -m 0755 "$TMP/unprivileged"
		cp "$REFEREE" "$CBOT" "$TMP/unprivileged/"
		cp -r "$ZOO" "$TMP/unprivileged/zoo"
		chmod -R a+rX "$TMP/unprivileged"
		REFEREE=$TMP/unprivileged/referee
		CBOT=$TMP/unprivileged/$(basename "$CBOT")
		ZOO=$TMP/unprivileged/zoo
	fi
}

# no_control_group: true when this user can have no control group for a
# bot (a normal user on a cgroup v1 machine: only root can make one), so
# that the referee contains its bots with the fallback (its log header's
# "containment" says which), whose faults are not named as a group's
# are; the reason is then in NO_CONTROL_GROUP.  One probe per script.
NO_CONTROL_GROUP=
control_group_probed=
no_control_group() {
	local log=$TMP/control-group-probe.jsonl
	if [ -z "$control_group_probed" ]; then
		control_group_probed=1
		"$REFEREE" play rolit -o size=4 --log "$log" "$(cbot)" "$(cbot)" >/dev/null 2>&1
		grep -q '"containment":"control groups' "$log" 2>/dev/null ||
			NO_CONTROL_GROUP="needs a control group for each bot, which this user cannot have here (the referee's fallback contains the bots instead)"
	fi
	[ -n "$NO_CONTROL_GROUP" ]
}

# stderr_sans_fallback [FILE]: FILE ($ERR by default) without the line
# `play` says first when the fallback contains its bots (which limits
# hold, docs/SANDBOX.md): what a case about something else compares,
# as root and as a normal user alike.
stderr_sans_fallback() {
	grep -v '^referee play: no control group can be had here: ' "${1:-$ERR}"
}

# needs_control_group WHAT: when no_control_group, ends the script with
# WHAT (the rest of it) as one skipped case.  Never before a script's first
# case: the fallback contains a normal user's bots, so every script runs
# its cases as that user too, and only what needs a group's limits skips
# (a call before the first case fails, whoever runs it).
needs_control_group() {
	if [ "$tap_count" = 0 ]; then
		ok 1 "$(basename "$0") skips nothing whole for want of a control group: the fallback contains a normal user's bots, so needs_control_group comes after the cases that run without one"
		done_testing
	fi
	no_control_group || return 0
	ok 0 "$1 # SKIP $NO_CONTROL_GROUP"
	done_testing
}

# needs_bubblewrap: ends the script with its cases skipped when bubblewrap
# is missing or cannot create namespaces here (the sandbox's own tests).
needs_bubblewrap() {
	command -v bwrap >/dev/null && bwrap --unshare-all --ro-bind / / -- true 2>/dev/null && return 0
	echo "1..0 # SKIP bubblewrap cannot create namespaces here"
	exit 0
}

# assert_no_leftovers [DESCRIPTION]: no process of this test's bots (any
# command line holding $TMP) is alive.  A process killed a moment ago may
# take a while to go on a loaded machine: a sandbox is torn down when its
# parent dies, but a bwrap killed while the kernel makes or tears down its
# namespaces (a network namespace waits for the others to be cleaned up,
# seconds when a whole test suite runs on 2 cores) dies only when that
# call returns.  So it looks for up to ten seconds.
assert_no_leftovers() {
	local desc=${1:-"no bot process left over"}
	for _ in $(seq 100); do
		pgrep -f "$TMP" >/dev/null || break
		sleep 0.1
	done
	! pgrep -f "$TMP" >/dev/null
	ok $? "$desc" || pgrep -a -f "$TMP" | sed 's/^/#   /'
}

# kill_run PATTERN: kills (-9) every process whose command line matches
# PATTERN, the referee and the workers it forked, and waits until each has
# closed its files: the workers hold the run's lock until then
# (referee/run/run_lock.h). A process killed -9 gives up its memory
# before its files, and its command line reads empty from then on: a
# sanitizer build's process can spend a second there, unmatched yet still
# holding the lock. So each killed process is followed by its id until it is
# gone or a zombie (whose files are closed). Returns 1 when nothing matched.
kill_run() {
	local killed pid state alive
	killed=$(pgrep -f "$1") || return 1
	for _ in $(seq 200); do
		kill -KILL $killed $(pgrep -f "$1") 2>/dev/null
		alive=
		for pid in $killed $(pgrep -f "$1"); do
			state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
			case $state in '' | Z | X) ;; *) alive="$alive $pid" ;; esac
		done
		killed=$alive
		[ -z "$killed" ] && return 0
		sleep 0.05
	done
	diag "still running after kill -9:$killed"
}

# cpu_of PLACE: what burn's moves took in the games at PLACE (a log, a
# play folder or a tournament's): the median µs of CPU and of wall time
# of a move, its time forfeits, its moves, and the µs of wall time of all.
cpu_of() {
	"$PYTHON3" - "$1" <<-'PY'
	import glob, json, statistics, sys
	cpu, wall, late = [], [], 0
	place = sys.argv[1]
	logs = [place] if place.endswith(".jsonl") else \
	    glob.glob(place + "/*.jsonl") + glob.glob(place + "/games/*.jsonl")
	for log in logs:
	    for line in open(log):
	        r = json.loads(line)
	        if r["type"] == "header":
	            names = [p["name"] for p in r["players"]]
	        elif r["type"] in ("action", "forfeit") and names[r["seat"]] == "burn":
	            if r["type"] == "forfeit":
	                late += r["reason"] == "timeout"
	            else:
	                cpu.append(r["cpu_us"])
	                wall.append(r["us"])
	print(int(statistics.median(cpu)), int(statistics.median(wall)), late, len(cpu), sum(wall))
	PY
}

# manifest_games MANIFEST: the games of a manifest's started and finished
# records, in their order, a line each: "started GAME" and "finished GAME
# SHA256 SEATS RANKS" (seats and ranks comma-separated).
manifest_games() {
	"$PYTHON3" - "$1" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    try:
        r = json.loads(line)
    except ValueError:  # a last line cut short by a stopped run
        continue
    if r["type"] == "started":
        for g in r["games"]:
            print("started", g)
    elif r["type"] == "finished":
        for g in r["games"]:
            print("finished", g["game"], g["sha256"],
                  ",".join(map(str, g["seats"])), ",".join(map(str, g["ranks"])))
PY
}

# finished_games MANIFEST: the number of each game a manifest lists as
# finished, a line each, in the order listed.
finished_games() {
	manifest_games "$1" | awk '$1 == "finished" { print $2 }'
}

# --- shards ----------------------------------------------------------------------

# expect_shards_cover DIR...: the shards' manifests are complete and, taken
# together, finished every game of the schedule exactly once.
expect_shards_cover() {
	local total numbers
	total=$(head -1 "$1/run.jsonl" | grep -o '"schedule_games":[0-9]*' | cut -d: -f2)
	numbers=$(for dir in "$@"; do
		tail -1 "$dir/run.jsonl" | grep -q '"type":"signature"' || echo "unsigned:$dir"
		finished_games "$dir/run.jsonl"
	done | sort -n | tr '\n' ' ')
	expect_eq "$numbers" "$(seq -s ' ' 1 "${total:-0}") " \
		"the $# shards finished each of the ${total:-?} games once and signed their manifests"
}

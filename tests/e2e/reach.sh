#!/usr/bin/env bash
# End-to-end: a sandboxed bot sees what it is given and nothing more
# (docs/SANDBOX.md, "What a bot can see").  A probe bot (tests/zoo/peek.py) says on
# its stderr what environment it got, where it starts and what it finds at
# the paths it is told to look at; each case asserts the exact outcome:
# a clean environment, with only what --env, "env" and "pass_env" give;
# never /, a home folder or the folder the referee was started in; a
# symlink in its command shows its target file alone; and, in a folder it
# sees, a file root alone may read, a socket and a FIFO stay closed.  As
# root and as an unprivileged user.  (tests/e2e/sandbox.sh checks the
# sandbox's walls: writes, network, other bots' folders, output folders.)
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

needs_bubblewrap
ZOO_REAL=$(realpath "$ZOO")

# probe NAME PATH... [-- REFEREE-ARGS...]: one rolit game of the probe,
# looking at each PATH (as "look:PATH": the bot is not given it), against a random bot, run by "${AS[@]}" (empty
# unless set), with its output in $TMP/NAME; PEEK is the probe's stderr.
probe() {
	local name=$1 paths=() python=${AS_PYTHON3:-$PYTHON3}
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do paths+=("look:$1"); shift; done
	[ $# -gt 0 ] && shift
	run "${AS[@]}" "$REFEREE" play rolit -o size=4 --out "$TMP/out-$name" "$@" \
		"peek=$python $ZOO/peek.py $TMP ${paths[*]}" "$(cbot)"
	PEEK=$TMP/out-$name/peek.stderr
}

# env_of FILE: the probe's environment lines, in one line.
env_of() {
	sed -n 's/^peek: env //p' "$1" | tr '\n' ' '
}

# --- the environment -------------------------------------------------------
export ARENA_TEST_SECRET=planted-secret
export LANG=C.UTF-8
unset LC_ALL
AS=()
probe env
expect_eq "$RC" 0 "env: the game is played"
expect_eq "$(env_of "$PEEK")" "HOME=/tmp/home LANG=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin PWD=$ZOO_REAL TERM=dumb TMPDIR=/tmp " \
	"env: a fixed PATH, HOME and TMPDIR in its /tmp, TERM=dumb, the referee's LANG: nothing else"
expect_contains "$PEEK" "peek: pid 1 env: No such file or directory" \
	"env: the sandbox's first process is hidden (its /proc/1 an empty folder), its environment with it"
expect_contains "$PEEK" "peek: cwd $ZOO_REAL" "env: it starts in its program's folder"
probe env-given -- --env ARENA_TEST_SECRET --env EXTRA=given --env NOT_SET_ANYWHERE
expect_contains "$PEEK" "peek: env ARENA_TEST_SECRET=planted-secret" "--env NAME passes the referee's variable"
expect_contains "$PEEK" "peek: env EXTRA=given" "--env NAME=VALUE sets one"
expect_not_contains "$PEEK" "NOT_SET_ANYWHERE" "--env NAME of a variable the referee has not: none"
expect_exit 2 "$REFEREE" play rolit --env "BAD NAME" "$CBOT" "$CBOT"
expect_contains "$ERR" "referee play: --env takes NAME or NAME=VALUE, not 'BAD NAME'" "--env: a bad name is refused"
probe env-open -- --no-sandbox
expect_contains "$PEEK" "peek: env ARENA_TEST_SECRET=planted-secret" \
	"--no-sandbox: the bot has the referee's whole environment (the control)"

mkdir "$TMP/t"
cat >"$TMP/t/t.json" <<JSON
{"name": "env", "game": "rolit", "options": {"size": 4}, "games": 2,
 "bots": [
   {"name": "peek", "command": "$PYTHON3 $ZOO/peek.py $TMP", "workdir": "$ZOO",
    "pass_env": ["ARENA_TEST_SECRET"], "env": {"GIVEN": "by the file"}},
   {"name": "random", "command": "$CBOT $TMP"}
 ]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out" --concurrency 1
PEEK=$TMP/t/out/stderr/table0001-peek.stderr
expect_eq "$(env_of "$PEEK")" "ARENA_TEST_SECRET=planted-secret GIVEN=by the file HOME=/tmp/home LANG=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin PWD=$ZOO_REAL TERM=dumb TMPDIR=/tmp " \
	"tournament: \"pass_env\" and \"env\" give the bot those, nothing else"
sed -i 's/"pass_env": \["ARENA_TEST_SECRET"\]/"pass_env": ["A=B"]/' "$TMP/t/t.json"
expect_exit 2 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out2"
expect_contains "$ERR" "bots[0]: pass_env[0] must be a variable name" "tournament: a bad \"pass_env\" is refused"

# --- the folders -----------------------------------------------------------
# A home folder with a key in it, and the bot's own copy of the probe.
mkdir -p "$HOME/.ssh" "$HOME/bot"
echo "private key" >"$HOME/.ssh/id_ed25519"
echo "profile" >"$HOME/.profile"
cp "$ZOO/peek.py" "$ZOO/zoo.py" "$HOME/bot/"
cp "$ZOO/peek.py" "$ZOO/zoo.py" "$HOME/"
refused() {
	expect_contains "$ERR" "referee play: the bot's folder would be '$1', $2, and all of it would be the bot's to read: put the bot in a folder of its own, or name one with --workdir (\"workdir\" in a tournament file)" "$3"
}
expect_exit 2 "$REFEREE" play rolit --workdir / "$CBOT" "$CBOT"
refused / "the root of the filesystem" "--workdir /: refused"
expect_exit 2 "$REFEREE" play rolit --workdir "$HOME" "$CBOT" "$CBOT"
refused "$(realpath "$HOME")" "a home folder" "--workdir HOME: refused"
expect_exit 2 sh -c "cd '$HOME' && exec '$REFEREE' play rolit '$PYTHON3 peek.py $TMP' '$CBOT'"
refused "$(realpath "$HOME")" "a home folder" "a bot kept right in the home folder: refused, not given the home"
expect_exit 2 "$REFEREE" play rolit --workdir "$(dirname "$HOME")" "$CBOT" "$CBOT"
refused "$(realpath "$(dirname "$HOME")")" "a folder that holds a home folder" "--workdir of a folder holding a home: refused"
expect_exit 2 "$REFEREE" play rolit --readable "$HOME" "$CBOT" "$CBOT"
expect_contains "$ERR" "referee play: readable path '$HOME' is a home folder: name the files or folders the bot needs in it instead" \
	"--readable HOME: refused"

# Started in a folder with a file planted in it, from /, and with a bot in
# a folder of the home: the bot sees its own folder, not the referee's
# nor the rest of the home.
mkdir "$TMP/started"
echo planted >"$TMP/started/planted"
(cd "$TMP/started" && probe started "$TMP/started/planted" "$HOME/.ssh/id_ed25519")
PEEK=$TMP/out-started/peek.stderr
expect_contains "$PEEK" "peek: $TMP/started/planted: No such file or directory" \
	"started elsewhere: the folder the referee was started in is not the bot's"
expect_contains "$PEEK" "peek: $HOME/.ssh/id_ed25519: No such file or directory" "started elsewhere: no key of the home"
(cd / && probe from-root "$TMP/started" "$HOME/.profile")
PEEK=$TMP/out-from-root/peek.stderr
expect_contains "$TMP/out-from-root/game-000001.jsonl" '"type":"result"' "from /: the game is played"
expect_contains "$PEEK" "peek: cwd $ZOO_REAL" "from /: the bot starts in its own folder"
expect_contains "$PEEK" "peek: $TMP/started: No such file or directory" "from /: the rest of the filesystem is not there"
run "$REFEREE" play rolit -o size=4 --out "$TMP/home-bot" \
	"peek=$PYTHON3 $HOME/bot/peek.py $TMP look:$HOME/bot look:$HOME/.ssh/id_ed25519 look:$HOME/.profile" "$(cbot)"
PEEK=$TMP/home-bot/peek.stderr
expect_contains "$PEEK" "peek: $HOME/bot: [peek.py zoo.py]" "a bot in a folder of the home sees that folder"
expect_contains "$PEEK" "peek: $HOME/.ssh/id_ed25519: No such file or directory" "... and not the home's keys"
expect_contains "$PEEK" "peek: $HOME/.profile: No such file or directory" "... nor its other files"

# A symlink named in the command shows its target file alone, never the
# folder it lies in: not a mode 0700 folder's other files, not the home.
mkdir -m 0700 "$TMP/vault"
mkdir "$TMP/links"
echo "vault data" >"$TMP/vault/data"
echo "other" >"$TMP/vault/other"
ln -s "$TMP/vault/data" "$TMP/links/data-link"
ln -s "$HOME/.profile" "$TMP/links/profile-link"
run "$REFEREE" play rolit -o size=4 --out "$TMP/out-links" \
	"peek=$PYTHON3 $ZOO/peek.py $TMP $TMP/links/data-link $TMP/links/profile-link look:$TMP/vault look:$TMP/vault/other look:$HOME look:$HOME/.ssh/id_ed25519" "$(cbot)"
PEEK=$TMP/out-links/peek.stderr
expect_contains "$PEEK" "peek: $TMP/vault/data: 11 bytes" "symlink: the bot reads its target (at the target's path)"
expect_contains "$PEEK" "peek: $TMP/vault: [data]" "symlink: of the target's folder, it sees that file alone"
expect_contains "$PEEK" "peek: $TMP/vault/other: No such file or directory" "symlink: not the folder's other files"
expect_contains "$PEEK" "peek: $HOME: [.profile]" "symlink to ~/.profile: of the home, it sees that file alone"
expect_contains "$PEEK" "peek: $HOME/.ssh/id_ed25519: No such file or directory" "symlink to ~/.profile: not the home's keys"

# --- what a shown folder holds ----------------------------------------------
# listen DIR NAME:MODE...: sockets DIR/NAME, of that mode, on which a process
# of "${AS[@]}" (the test's user when empty) listens for two minutes.
listeners=()
listen() {
	local dir=$1
	shift
	"${AS[@]}" "${AS_PYTHON3:-$PYTHON3}" -c '
import os, socket, sys, time
held = []
for spec in sys.argv[2:]:
    name, mode = spec.split(":")
    s = socket.socket(socket.AF_UNIX)
    s.bind(os.path.join(sys.argv[1], name))
    os.chmod(os.path.join(sys.argv[1], name), int(mode, 8))
    s.listen(8)
    held.append(s)
open(os.path.join(sys.argv[1], ".listening"), "w").close()
time.sleep(120)
' "$dir" "$@" >/dev/null 2>&1 &
	listeners+=($!)
	for _ in $(seq 50); do [ -e "$dir/.listening" ] && break; sleep 0.1; done
}

# shown_folder DIR: a file anyone may read, a socket and a FIFO anyone may
# open, and (as root) a file, a folder and a socket root alone may.
shown_folder() {
	mkdir -m 0700 "$1"
	echo public >"$1/public"
	mkfifo -m 0666 "$1/fifo"
	if [ "$(id -u)" = 0 ]; then
		echo secret >"$1/secret"
		chmod 0600 "$1/secret"
		mkdir -m 0700 "$1/private"
	fi
	listen "$1" open-socket:777 root-socket:600
}
shown_folder "$TMP/shown"
probe shown "$TMP/shown" "$TMP/shown/public" "$TMP/shown/fifo" "$TMP/shown/open-socket" \
	"$TMP/shown/root-socket" "$TMP/shown/secret" "$TMP/shown/private" -- --workdir "$TMP/shown" --readable "$ZOO/zoo.py"
expect_eq "$RC" 0 "shown folder: the game is played"
expect_contains "$PEEK" "peek: $TMP/shown/public: 7 bytes" "shown folder: a file anyone may read is read"
expect_contains "$PEEK" "peek: $TMP/shown/fifo: Permission denied" "shown folder: a FIFO cannot be opened"
expect_contains "$PEEK" "peek: $TMP/shown/open-socket: Permission denied" "shown folder: a socket anyone may use cannot be connected to"
expect_contains "$PEEK" "peek: $TMP/shown/root-socket: Permission denied" "shown folder: a socket of the referee's user cannot be connected to"
if [ "$(id -u)" = 0 ]; then
	expect_contains "$PEEK" "peek: $TMP/shown: [.listening fifo open-socket private public root-socket secret]" \
		"as root: the bot lists its folder, though mode 0700"
	expect_contains "$PEEK" "peek: $TMP/shown/secret: Permission denied" "as root: a file root alone may read stays unreadable"
	expect_contains "$PEEK" "peek: $TMP/shown/private: Permission denied" "as root: a folder root alone may open stays closed"
else
	ok 0 "as root: root-only files stay unreadable # SKIP the tests do not run as root"
fi

# The same as an unprivileged user (as root: a uid of its own), in a folder of its
# own; without a control group (on cgroup v1 a normal user can have none).
unprivileged
mkdir -m 0777 "$TMP/as"
"${AS[@]}" sh -c "mkdir -m 0700 '$TMP/as/shown' && echo public >'$TMP/as/shown/public' && mkfifo -m 0666 '$TMP/as/shown/fifo'"
listen "$TMP/as/shown" socket:600
probe as-user "$TMP/as/shown/public" "$TMP/as/shown/fifo" "$TMP/as/shown/socket" -- \
	--no-limits --workdir "$TMP/as/shown" --readable "$ZOO/zoo.py" --env ARENA_TEST_SECRET
expect_eq "$RC" 0 "unprivileged: the game is played"
expect_contains "$PEEK" "peek: uid $AS_UID, capabilities 0000000000000000" "unprivileged: it runs as uid $AS_UID"
expect_eq "$(env_of "$PEEK")" "ARENA_TEST_SECRET=planted-secret HOME=/tmp/home LANG=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin PWD=$TMP/as/shown TERM=dumb TMPDIR=/tmp " \
	"unprivileged: the clean environment, with what --env gave"
expect_contains "$PEEK" "peek: $TMP/as/shown/public: 7 bytes" "unprivileged: its own file is read"
expect_contains "$PEEK" "peek: $TMP/as/shown/fifo: Permission denied" "unprivileged: a FIFO of its user cannot be opened"
expect_contains "$PEEK" "peek: $TMP/as/shown/socket: Permission denied" "unprivileged: a socket of its user cannot be connected to"

kill "${listeners[@]}" 2>/dev/null
wait 2>/dev/null
assert_no_leftovers "no process left over"
done_testing

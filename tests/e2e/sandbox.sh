#!/usr/bin/env bash
# End-to-end: what a bot can reach in the sandbox, which every verb uses by
# default.  A bot that tries to write outside and inside its folder and to
# connect to a port on 127.0.0.1 can do all of it with --no-sandbox and
# none of it by default (it says what it could do on its stderr); a bot
# that looks around sees its own folder, the paths made readable and an
# empty /tmp, but not the output folder inside its folder, the other bots'
# folders or the rest of the filesystem; it runs as nobody with no
# capabilities when the referee runs as root, even from a mode 0700 folder.
# (tests/e2e/limits.sh checks the messages when bubblewrap is missing or
# broken; tests/e2e/hostile.sh the attacks on the referee and the machine.)
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

needs_bubblewrap
[ "$(id -u)" -eq 0 ] && bot_uid=65534 || bot_uid=$(id -u)

# Outside the bots' folders: where the escape bot tries to write, and the
# port of a listener on 127.0.0.1 for it to try.
outside=$(mktemp -d "/var/tmp/arena-sandbox.XXXXXX") || exit 99
trap 'rm -rf "$outside"; cleanup' EXIT
"$PYTHON3" -c '
import os, socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(s.getsockname()[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(120)
' "$outside/port" &
listener=$!
for _ in $(seq 50); do [ -f "$outside/port" ] && break; sleep 0.1; done

# escape_case NAME [FLAGS...]: the escape bot plays one game from its own
# folder $TMP/NAME (--workdir), with its logs in $TMP/NAME/out.
escape_case() {
	local name=$1
	shift
	mkdir "$TMP/$name"
	(cd "$TMP/$name" && run "$REFEREE" play rolit -o size=4 "$@" --out out \
		--workdir . --readable "$ZOO/zoo.py" \
		"escape=$(zoo escape "$outside/$name.txt" "$outside/port")" "$(cbot)"
	 echo "$RC" >"$TMP/$name.rc"; cp "$ERR" "$TMP/$name.err")
	expect_eq "$(cat "$TMP/$name.rc")" 0 "$name: the game is played" || sed 's/^/#   /' "$TMP/$name.err"
	LOG="$TMP/$name/out/game-000001.jsonl"
	expect_eq "$(grep -c '"type":"result"' "$LOG")" 1 "$name: the game has a result"
	STDERR_LOG="$TMP/$name/out/escape.stderr"
}

escape_case open --no-sandbox
expect_contains "$STDERR_LOG" "escape: write outside: ok" "--no-sandbox: it can write outside its folder"
expect_contains "$STDERR_LOG" "escape: write inside: ok" "--no-sandbox: it can write in its folder"
expect_contains "$STDERR_LOG" "escape: connect: ok" "--no-sandbox: it can connect to 127.0.0.1"
expect_contains "$TMP/open.err" "referee play: --no-sandbox: each bot runs with all your rights" \
	"--no-sandbox: the referee says what a bot can then do"

escape_case boxed
expect_contains "$STDERR_LOG" "escape: write outside: Read-only file system" "sandbox: it cannot write outside its folder"
[ ! -e "$outside/boxed.txt" ]
ok $? "sandbox: the file outside was not written"
expect_contains "$STDERR_LOG" "escape: write inside: Read-only file system" "sandbox: its own folder is read-only"
[ ! -e "$TMP/boxed/escape-inside.txt" ]
ok $? "sandbox: no file was written in its folder"
grep -qE "escape: connect: (Network is unreachable|Connection refused|Cannot assign requested address)" "$STDERR_LOG"
ok $? "sandbox: it cannot connect to 127.0.0.1" || diag "$(cat "$STDERR_LOG")"
expect_not_contains "$TMP/boxed.err" "--no-sandbox" "sandbox: nothing is said about it"
run "$REFEREE" verify "$LOG"
expect_contains "$OUT" ": ok: rolit, 2 players" "sandbox: the log verifies"
assert_no_leftovers "sandbox: no process left over"

# What a bot sees, from a mode 0700 folder of its own (--workdir) whose
# logs and key go to a folder inside it.
mkdir -m 0700 "$TMP/home" "$TMP/home/extra" "$TMP/home-extra"
echo secret >"$TMP/home-extra/data"
peek() {
	(cd "$TMP/home" && run "$REFEREE" play rolit -o size=4 "$@" --out "$TMP/home/out" \
		--workdir "$TMP/home" --readable "$ZOO/zoo.py" \
		"peek=$(zoo peek /tmp "$TMP" "$TMP/home" "$TMP/home/out" "$TMP/home-extra" "$HOME")" "$(cbot)"
	 echo "$RC" >"$TMP/peek.rc")
	expect_eq "$(cat "$TMP/peek.rc")" 0 "peek: the game is played"
	PEEK="$TMP/home/out/peek.stderr"
}
# Its /tmp holds its HOME alone, and the home folder is not there, but for
# the way to its own folders (the test's, the zoo's, the interpreter's)
# that lie there.  ways DIR: "[NAME...]", the entries of DIR on those ways,
# or "missing".
ways() {
	local names
	names=$(for path in "$TMP" "$ZOO" "$PYTHON3" "${@:2}"; do
		path=$(realpath "$path")
		case $path in
		"$1"/*) path=${path#"$1"/}; echo "${path%%/*}" ;;
		esac
	done | sort -u | tr '\n' ' ')
	[ -n "$names" ] && echo "[${names% }]" || echo missing
}
peek
expect_contains "$PEEK" "peek: uid $bot_uid, capabilities 0000000000000000" "sandbox: it runs as uid $bot_uid with no capabilities"
tmp_ways=$(ways /tmp /tmp/home)
expect_contains "$PEEK" "peek: /tmp: $tmp_ways" "sandbox: its /tmp is its own"
expect_contains "$PEEK" "peek: $TMP: [home]" "sandbox: of the test's folder it sees its own folder only"
expect_contains "$PEEK" "peek: $TMP/home: [extra out]" "sandbox: it can list its own folder, though mode 0700"
expect_contains "$PEEK" "peek: $TMP/home/out: []" "sandbox: the output folder inside its folder is hidden (logs, key)"
expect_contains "$PEEK" "peek: $TMP/home-extra: No such file or directory" "sandbox: a folder nobody made readable is not there"
case $TMP/ in
"$HOME"/*) ;;
*) home_ways=$(ways "$HOME")
   expect_contains "$PEEK" "peek: $HOME: ${home_ways/missing/No such file or directory}" \
	"sandbox: the home folder is not there, but for the way to its own folders" ;;
esac
expect_contains "$TMP/home/out/game-000001.jsonl" '"type":"result"' "peek: the log is written all the same"
rm -rf "$TMP/home/out"
peek --readable "$TMP/home-extra"
expect_contains "$PEEK" "peek: $TMP/home-extra: [data]" "--readable: the folder is there"
expect_exit 2 "$REFEREE" play rolit --readable "$TMP/nowhere" --games 1 "$(cbot)" "$(cbot)"
expect_contains "$ERR" "readable path '$TMP/nowhere': No such file or directory" "--readable: a missing path is named"

# The default key's folder is hidden too, even when it lies in the bot's
# folder (a bot kept in a folder of the home that holds it).
mkdir -p "$TMP/home/.local"
run env -u XDG_DATA_HOME HOME="$TMP/home" "$REFEREE" play rolit -o size=4 \
	--workdir "$TMP/home/.local" --readable "$ZOO/zoo.py" \
	--out "$TMP/key-home" "peek=$(zoo peek "$TMP/home/.local/share/arena")" "$(cbot)"
[ -f "$TMP/home/.local/share/arena/referee.key" ]
ok $? "the default key is made in the home folder, the bot's"
expect_contains "$TMP/key-home/peek.stderr" "peek: $TMP/home/.local/share/arena: []" \
	"the default key's folder is hidden from the bot"

# A log in the bots' own folder: the log file is masked, not the folder.
expect_exit 0 sh -c "cd '$TMP/home' && exec '$REFEREE' play rolit --workdir . --log game.jsonl '$CBOT' '$CBOT'"
expect_contains "$OUT" "game 1: 60 actions" "a log in the bot's own folder: the game is played"
expect_exit 0 "$REFEREE" verify "$TMP/home/game.jsonl"

# A bot kept in a mode 0700 folder, as a build in a fresh mktemp -d is.
mkdir -m 0700 "$TMP/private"
cp "$CBOT" "$TMP/private/bot"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o size=4 --games 2 "$TMP/private/bot $TMP" "$(pybot)"
expect_not_contains "$OUT" "forfeit:" "a bot in a mode 0700 folder plays, as does the Python one"

# A whole match of normal bots in the sandbox, C and Python.
DIR="$TMP/match"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --games 4 --out "$DIR" "$(cbot)" "$(pybot)"
expect_eq "$(grep -c '^game [1-4]: 60 actions' "$OUT")" 4 "sandbox: 4 games played to the full board"
expect_not_contains "$OUT" "forfeit:" "sandbox: no forfeit"
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 4 "sandbox: the 4 logs verify"

# A bot that locks a file in its /tmp at start and says so on stdout when a
# lock fails, as a JVM does: in the sandbox every lock is granted (and
# holds nothing), and it plays its game.  The control: without the
# sandbox, its file locked by another (flock(1)), it breaks the protocol.
DIR="$TMP/locker"
expect_exit 0 "$REFEREE" play rolit -o size=4 --out "$DIR" "locker=$(zoo locker)" "$(cbot)"
expect_not_contains "$OUT" "forfeit:" "sandbox: a bot that locks a file in its /tmp plays without a forfeit"
expect_eq "$(sed -n 's/^locker: //p' "$DIR/locker.stderr" | tr '\n' ' ')" \
	"flock: ok lockf: ok lockf waiting: ok ofd: ok " "sandbox: each of its locks is granted"
expect_exit 0 flock -o "$TMP/held.lock" "$REFEREE" play rolit -o size=4 --no-sandbox --out "$TMP/held" \
	"locker=$(zoo locker "$TMP/held.lock")" "$(cbot)"
expect_contains "$OUT" "forfeit: bad-json" "--no-sandbox, its file locked by another: its warning is its forfeit"
expect_contains "$TMP/held/locker.stderr" "locker: flock: Resource temporarily unavailable" \
	"--no-sandbox, its file locked by another: its flock fails"

# A bot that quits mid-game in the sandbox is still stopped, and started
# again for each game; one killed by a signal is reported as such.
DIR="$TMP/quit"
expect_exit 0 "$REFEREE" play rolit --games 3 --out "$DIR" "quitter=$(zoo exit-mid-game 3)" "$(cbot)"
expect_eq "$(grep -c 'forfeit: exit: the bot exited with status 0' "$OUT")" 3 \
	"sandbox: a bot that quits is reported, and restarted, in each game"
expect_exit 0 "$REFEREE" play rolit -o size=4 "killed=sh -c 'kill -SEGV \$\$' $TMP" "$(cbot)"
expect_contains "$OUT" "forfeit: exit: the bot was killed by signal 11 (Segmentation fault)" \
	"sandbox: a bot killed by a signal is reported as such"

# A tournament: "sandbox" is the default; the bot without a "workdir" has
# the file's folder, where the output folder and the other bot's folder
# are hidden from it; "readable" adds a path.
mkdir -m 0700 "$TMP/t" "$TMP/t/b"
cp -r "$TMP/home-extra" "$TMP/t/extra"
cat >"$TMP/t/t.json" <<JSON
{
  "name": "sandboxed", "game": "rolit", "options": {"size": 4}, "games": 2,
  "bots": [
    {"name": "peek", "command": "$PYTHON3 $ZOO/peek.py $TMP $TMP $TMP/t $TMP/t/b $TMP/t/out/sandboxed $TMP/t/extra",
     "workdir": ".", "readable": ["extra", "$ZOO/zoo.py"]},
    {"name": "random", "command": "$CBOT $TMP", "workdir": "b"}
  ]
}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out/sandboxed" --concurrency 1
expect_contains "$OUT" "2 games" "tournament: played in the sandbox by default"
PEEK="$TMP/t/out/sandboxed/stderr/table0001-peek.stderr"
expect_contains "$PEEK" "peek: $TMP: [t]" "tournament: of the test's folder it sees the file's folder only"
expect_contains "$PEEK" "peek: $TMP/t: [b extra out t.json]" "tournament: the file's folder is its own"
expect_contains "$PEEK" "peek: $TMP/t/out/sandboxed: []" "tournament: the output folder in its folder is hidden"
expect_contains "$PEEK" "peek: $TMP/t/b: []" "tournament: the other bot's folder is hidden"
expect_contains "$PEEK" "peek: $TMP/t/extra: [data]" "tournament: \"readable\" lets it read a path"
sed -i 's/"games": 2,/"games": 2, "sandbox": "yes",/' "$TMP/t/t.json"
expect_exit 2 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out2"
expect_contains "$ERR" '"sandbox" must be true or false' "\"sandbox\": \"yes\" is refused"
sed -i 's/"sandbox": "yes",//; s|"readable": \["extra", "[^"]*"\]|"readable": "extra"|' "$TMP/t/t.json"
expect_exit 2 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out3"
expect_contains "$ERR" 'bots[0]: "readable" must be an array of paths' "\"readable\": \"extra\" is refused"
sed -i 's/"readable": "extra"/"readable": ["gone"]/' "$TMP/t/t.json"
expect_exit 2 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out4"
expect_contains "$ERR" "bot 'peek': readable path '$TMP/t/gone': No such file or directory" \
	"a \"readable\" path that is not there is named"

kill "$listener"
wait "$listener" 2>/dev/null
assert_no_leftovers "no process left over"
done_testing

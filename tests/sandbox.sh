#!/usr/bin/env bash
# End-to-end: --sandbox and "sandbox": true run each bot under bubblewrap.
# A bot that tries to write outside its folder and to connect to a port on
# 127.0.0.1 can do both without the sandbox and neither in it (it says what
# it could do on its stderr), and games in the sandbox play as usual.
# (tests/limits.sh checks the messages when bubblewrap is missing or broken.)
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/tests/lib.sh"

if ! command -v bwrap >/dev/null ||
	! bwrap --die-with-parent --unshare-all --ro-bind / / --dev /dev \
		--proc /proc --tmpfs /tmp -- true 2>/dev/null; then
	echo "1..0 # SKIP bubblewrap not usable here"
	exit 0
fi
# The sandbox has a /tmp of its own: bots kept under /tmp are not there.
for dir in "$top_srcdir" "$top_builddir"; do
	case $(realpath "$dir")/ in
	/tmp/*)
		echo "1..0 # SKIP the bots are under /tmp ($dir), which the sandbox hides"
		exit 0 ;;
	esac
done

# Outside the bots' folders and outside /tmp (the sandbox has a /tmp of its
# own, writable and thrown away): where the escape bot tries to write, and
# the port of a listener on 127.0.0.1 for it to try.
outside=$(mktemp -d "/var/tmp/arena-sandbox.XXXXXX") || exit 99
trap 'rm -rf "$outside"; cleanup' EXIT
"$PYTHON3" -c '
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(s.getsockname()[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(120)
' "$outside/port" &
listener=$!
for _ in $(seq 50); do [ -f "$outside/port" ] && break; sleep 0.1; done

# escape_case NAME [FLAGS...]: the escape bot plays one game from its own
# folder $TMP/NAME (the referee's working folder, so the bot's).
escape_case() {
	local name=$1
	shift
	mkdir "$TMP/$name"
	LOG="$TMP/$name/game.jsonl"
	(cd "$TMP/$name" && run "$REFEREE" play rolit -o size=4 "$@" --log "$LOG" \
		"escape=$(zoo escape "$outside/$name.txt" "$outside/port")" "$(cbot)"
	 echo "$RC" >"$TMP/$name.rc"; cp "$ERR" "$TMP/$name.err")
	expect_eq "$(cat "$TMP/$name.rc")" 0 "$name: the game is played" || cat "$TMP/$name.err" | sed 's/^/#   /'
	expect_eq "$(grep -c '"type":"result"' "$LOG")" 1 "$name: the game has a result"
	STDERR_LOG="$LOG.escape.stderr"
}

escape_case open
expect_contains "$STDERR_LOG" "escape: write outside: ok" "without --sandbox: it can write outside its folder"
expect_contains "$STDERR_LOG" "escape: connect: ok" "without --sandbox: it can connect to 127.0.0.1"

escape_case boxed --sandbox
expect_contains "$STDERR_LOG" "escape: write outside: Read-only file system" "--sandbox: it cannot write outside its folder"
[ ! -e "$outside/boxed.txt" ]
ok $? "--sandbox: the file outside was not written"
expect_contains "$STDERR_LOG" "escape: write inside: ok" "--sandbox: it can write in its own folder"
[ -f "$TMP/boxed/escape-inside.txt" ]
ok $? "--sandbox: the file in its folder is there after the game"
grep -qE "escape: connect: (Network is unreachable|Connection refused|Cannot assign requested address)" "$STDERR_LOG"
ok $? "--sandbox: it cannot connect to 127.0.0.1" || diag "$(cat "$STDERR_LOG")"
run "$REFEREE" verify "$LOG"
expect_contains "$OUT" ": ok: rolit, 2 players" "--sandbox: the log verifies"
assert_no_leftovers "--sandbox: no process left over"

# A whole match of normal bots in the sandbox, C and Python.
DIR="$TMP/match"
expect_exit 0 "$REFEREE" play rolit --sandbox --games 4 --out "$DIR" "$(cbot)" "$(pybot)"
expect_eq "$(grep -c '^game [1-4]: 60 actions' "$OUT")" 4 "--sandbox: 4 games played to the full board"
expect_not_contains "$OUT" "forfeit:" "--sandbox: no forfeit"
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 4 "--sandbox: the 4 logs verify"

# A bot that quits mid-game in the sandbox is still stopped, and started
# again for each game.
DIR="$TMP/quit"
expect_exit 0 "$REFEREE" play rolit --sandbox --games 3 --out "$DIR" "quitter=$(zoo exit-mid-game 3)" "$(cbot)"
expect_eq "$(grep -c 'forfeit: exit: the bot exited with status 0' "$OUT")" 3 \
	"--sandbox: a bot that quits is reported, and restarted, in each game"
run "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 3 "--sandbox: the 3 logs verify"

# A tournament file with "sandbox": true; each bot's folder is its own.
mkdir "$TMP/t" "$TMP/t/a" "$TMP/t/b"
cat >"$TMP/t/t.json" <<JSON
{
  "name": "sandboxed", "game": "rolit", "options": {"size": 4}, "games": 4,
  "sandbox": true,
  "bots": [
    {"name": "escape", "command": "$PYTHON3 $ZOO/escape.py $TMP $outside/t.txt $outside/port", "workdir": "a"},
    {"name": "random", "command": "$CBOT $TMP", "workdir": "b"}
  ]
}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out" --concurrency 1
expect_contains "$OUT" "4 games" "\"sandbox\": true: the tournament is played"
expect_contains "$TMP/t/out/stderr/table0001-escape.stderr" "escape: write outside: Read-only file system" \
	"\"sandbox\": true: it cannot write outside its folder"
expect_not_contains "$TMP/t/out/stderr/table0001-escape.stderr" "escape: connect: ok" \
	"\"sandbox\": true: it cannot connect"
[ -f "$TMP/t/a/escape-inside.txt" ] && [ ! -e "$TMP/t/b/escape-inside.txt" ]
ok $? "\"sandbox\": true: it writes in its own \"workdir\""
sed -i 's/"sandbox": true/"sandbox": "yes"/' "$TMP/t/t.json"
expect_exit 2 "$REFEREE" tournament "$TMP/t/t.json" --out "$TMP/t/out2"
expect_contains "$ERR" '"sandbox" must be true or false' "\"sandbox\": \"yes\" is refused"

kill "$listener"
wait "$listener" 2>/dev/null
assert_no_leftovers "no process left over"
done_testing

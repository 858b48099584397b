#!/bin/bash
# End-to-end: a bot that does not start.  `play` quotes the first and last
# lines of its stderr under its forfeit, with advice when they name what
# the sandbox hides (a Python module, a Node package behind npm's symlink);
# a sandbox bubblewrap cannot set up is the referee's error; --log works
# in a bot's own folder, --out makes its parents, bots are named by hello.
# `tournament` starts every bot once before its first game and stops on
# one that does not start, or runs without it with --skip-broken.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)

# --- play: the first and last lines of a failing bot's stderr ------------------------------------
mkdir "$TMP/talker"
cat >"$TMP/talker/bot.sh" <<'EOF'
for i in $(seq 1 20); do echo "line $i" >&2; done
exit 3
EOF
mkdir "$TMP/tmpdir"
expect_exit 0 env TMPDIR="$TMP/tmpdir" "$REFEREE" play rolit "talker=sh $TMP/talker/bot.sh $TMP" "$C"
expect_contains "$OUT" "  2. talker               seat 0  score 0  forfeit: exit: the bot exited with status 3 before answering \"hello\"" \
	"play: a bot that does not start forfeits, with the reason"
expect_eq "$(sed -n '/its stderr:/,$p' "$OUT")" "     its stderr:
     | line 1
     | line 2
     | line 3
     | line 4
     | line 5
     | line 6
     | ... (8 more lines)
     | line 15
     | line 16
     | line 17
     | line 18
     | line 19
     | line 20" "play without --out: the first and last lines of its stderr, the middle counted"
expect_eq "$(ls "$TMP/tmpdir")" "" "play: no scratch folder is left behind"

# --- play: what the sandbox hides ----------------------------------------------------------------
mkdir "$TMP/py"
printf 'import sys\nprint("starting", file=sys.stderr)\nimport arena_bot\n' >"$TMP/py/bot.py"
expect_exit 0 "$REFEREE" play rolit "py=$PYTHON3 $TMP/py/bot.py $TMP" "$C"
expect_contains "$OUT" "     | ModuleNotFoundError: No module named 'arena_bot'" "a Python bot's import error is quoted"
expect_contains "$OUT" "     Python cannot import 'arena_bot': the sandbox shows the bot only the system folders, its own folder, the files its command names and what is given as readable: if 'arena_bot' is installed in a virtual environment, run the bot with that environment's interpreter (\"VENV/bin/python bot.py\"), which brings its packages; if elsewhere (~/.local, an SDK's folder), give the folder that holds it with --readable PATH (\"readable\" in a tournament file)" \
	"... with how to give it the module"
expect_exit 0 "$REFEREE" play --readable "$top_srcdir/sdk/python" rolit "py=$PYTHON3 $top_srcdir/bots/random_bot.py $TMP" "$C"
expect_not_contains "$OUT" "forfeit" "... which --readable does"

if command -v node >/dev/null; then
	mkdir -p "$TMP/js/node_modules"
	ln -s "$top_srcdir/sdk/js" "$TMP/js/node_modules/arena-bot"
	cp "$top_srcdir/bots/examples/random_rolit.mjs" "$TMP/js/bot.mjs" 2>/dev/null ||
		printf 'import { Bot, legal } from "arena-bot";\nclass B extends Bot { decide(t) { return legal(t)[0]; } }\nprocess.exitCode = await new B().run();\n' >"$TMP/js/bot.mjs"
	expect_exit 0 "$REFEREE" play rolit "js=node $TMP/js/bot.mjs $TMP" "$C"
	expect_contains "$OUT" "Cannot find package 'arena-bot' imported from $TMP/js/bot.mjs" "a Node bot's missing package is quoted"
	expect_contains "$OUT" "     $TMP/js/node_modules/arena-bot is a symlink to $(realpath "$top_srcdir/sdk/js"), which the sandbox does not show the bot (npm install FOLDER makes such a link): install the package as a copy, npm install --install-links $(realpath "$top_srcdir/sdk/js"), or give $(realpath "$top_srcdir/sdk/js") with --readable PATH (\"readable\" in a tournament file)" \
		"... with npm's symlink named and how to install a copy"
	rm "$TMP/js/node_modules/arena-bot"
	cp -r "$top_srcdir/sdk/js" "$TMP/js/node_modules/arena-bot"
	expect_exit 0 "$REFEREE" play rolit "js=node $TMP/js/bot.mjs $TMP" "$C"
	expect_not_contains "$OUT" "forfeit" "... and a copy of the package plays"
else
	echo "ok # SKIP node is not installed"
fi

# --- check-bot: the same words ---------------------------------------------------------------------
run "$REFEREE" check-bot rolit "$PYTHON3 $TMP/py/bot.py $TMP"
expect_eq "$RC" 1 "check-bot: a bot that does not start fails"
expect_eq "$(sed -n '/FAIL  starts:/,/Python cannot/p' "$OUT")" "  FAIL  starts: exit: the bot exited with status 1 before answering \"hello\"
        the bot's stderr, first and last lines:
        | starting
        | Traceback (most recent call last):
        |   File \"$TMP/py/bot.py\", line 3, in <module>
        |     import arena_bot
        | ModuleNotFoundError: No module named 'arena_bot'
        Python cannot import 'arena_bot': the sandbox shows the bot only the system folders, its own folder, the files its command names and what is given as readable: if 'arena_bot' is installed in a virtual environment, run the bot with that environment's interpreter (\"VENV/bin/python bot.py\"), which brings its packages; if elsewhere (~/.local, an SDK's folder), give the folder that holds it with --readable PATH (\"readable\" in a tournament file)" \
	"check-bot: its stderr, first and last lines, and what the sandbox hides"
drop_kept

# --- sprt: no test of a bot that does not start ------------------------------------------------------
expect_exit 2 env TMPDIR="$TMP/tmpdir" "$REFEREE" sprt rolit --elo0 0 --elo1 10 -o size=4 \
	"py=$PYTHON3 $TMP/py/bot.py $TMP" "$C"
expect_contains "$ERR" "referee sprt: bot 'py' did not start: the bot exited with status 1 before answering \"hello\"; its stderr:" \
	"sprt: a bot that does not start ends the test (exit 2), named"
expect_contains "$ERR" "  | ModuleNotFoundError: No module named 'arena_bot'" "sprt: ... with its stderr"
expect_eq "$(grep -c '^pair ' "$OUT")" 0 "sprt: ... before any pair is counted"
expect_eq "$(ls "$TMP/tmpdir")" "" "sprt: no scratch folder is left behind"

# --- play: a sandbox bubblewrap cannot set up is the referee's error ----------------------------
# A bubblewrap that fails for the bot that names $TMP/broken-sandbox, as
# the real one does when it cannot make a mount.
# As root it is run on a /tmp of the child's own, so it lives elsewhere.
FAKEBIN=$(mktemp -d /var/tmp/arena-fakebin.XXXXXX) || exit 99
trap 'rm -rf "$FAKEBIN"; cleanup' EXIT
cat >"$FAKEBIN/bwrap" <<EOF
#!/bin/sh
case "\$*" in *broken-sandbox*)
	echo "bwrap: Can't mount tmpfs on /newroot/x: No such file or directory" >&2
	exit 1 ;;
esac
exec $(command -v bwrap) "\$@"
EOF
chmod 0755 "$FAKEBIN" "$FAKEBIN/bwrap" # as root, bwrap runs as nobody
mkdir "$TMP/broken-sandbox" "$TMP/bs"
expect_exit 2 env PATH="$FAKEBIN:$PATH" "$REFEREE" play rolit --log "$TMP/bs/game.jsonl" \
	"victim=$CBOT $TMP/broken-sandbox" "$C"
expect_contains "$ERR" "referee play: game 1: the sandbox of bot 'victim' could not be set up, so it never ran: bwrap: Can't mount tmpfs on /newroot/x: No such file or directory" \
	"play: bubblewrap's failure is the referee's error, in its words"
expect_eq "$(cat "$OUT")" "" "... and no game is reported"
[ ! -e "$TMP/bs/game.jsonl" ]
ok $? "... and no empty log is left"

# --- play: a /dev/null the sandbox's set-up cannot open is named -------------------------------
# /dev/null made again by another process, a file of root's that no one
# else may open (in a mount namespace of this case's own): the child that
# becomes bwrap, the sandbox's user by then, cannot open it for bwrap's
# stdin and stdout, and the message says that step, not another's.
if [ "$(id -u)" -ne 0 ] || ! bwrap --unshare-all --ro-bind / / -- true 2>/dev/null; then
	ok 0 "play: a /dev/null that cannot be opened is named in the message # SKIP needs root (to mount a file over /dev/null) and a working bubblewrap"
else
	: >"$TMP/null"
	chmod 0600 "$TMP/null"
	expect_exit 2 unshare --mount --propagation private sh -c \
		'mount --bind "$1" /dev/null && shift && exec "$@"' sh "$TMP/null" "$REFEREE" play rolit "$C" "$C"
	expect_eq "$(cat "$ERR")" "referee play: cannot open /dev/null as the standard input and output of '$(command -v bwrap)': Permission denied" \
		"play: a /dev/null the sandbox's set-up cannot open is named, with its errno"
fi

# --- play: --log in a bot's folder, --out's parents, hello names ----------------------------------
# A bot that looks at the log beside it at every message.
mkdir "$TMP/own"
cat >"$TMP/own/bot.py" <<PY
import json, os, stat, sys
for line in sys.stdin:
    m = json.loads(line)
    st = os.stat("$TMP/own/game.jsonl")
    print("log: device %s, %d bytes" % (stat.S_ISCHR(st.st_mode), st.st_size), file=sys.stderr)
    print(json.dumps({"action": m["legal"][0]} if "legal" in m else {}), flush=True)
PY
expect_exit 0 "$REFEREE" play rolit --log "$TMP/own/game.jsonl" "looker=$PYTHON3 $TMP/own/bot.py $TMP" "$CBOT $TMP"
expect_contains "$OUT" "game 1: 60 actions" "--log in a bot's own folder: the game is played"
expect_eq "$(grep '^log:' "$TMP/own/game.jsonl.looker.stderr" | sort -u)" "log: device True, 0 bytes" \
	"--log in a bot's own folder: the bot sees /dev/null in the log's place"
expect_exit 0 "$REFEREE" verify "$TMP/own/game.jsonl"
expect_contains "$TMP/own/game.jsonl" '"name":"random-c","command":' "bots without NAME= are named by their hello in the log"
expect_exit 0 "$REFEREE" play rolit --games 2 --out "$TMP/a/b/c" "$CBOT $TMP" "given=$CBOT $TMP"
expect_contains "$OUT" "  1. " "--out a/b/c: the games are played"
[ -f "$TMP/a/b/c/game-000002.jsonl" ]
ok $? "--out a/b/c: the folder is made with its parents"
grep -qE '^random-c +2 ' "$OUT" && grep -qE '^given +2 ' "$OUT"
ok $? "play: a bot is named by its hello name unless NAME= is given" || diag_run

# --- play from / ----------------------------------------------------------------------------------
# The scratch folder of the bots' stderr files, not the current folder, is
# what the sandbox masks: from / every bot used to forfeit before hello.
expect_exit 0 sh -c 'cd / && exec "$@"' sh "$REFEREE" play rolit -o size=4 --log "$TMP/root.jsonl" "$C" "$C"
expect_contains "$OUT" "game 1: 12 actions" "play from /: the game is played"
expect_not_contains "$OUT" "forfeit" "play from /: no bot forfeits"

# --- tournament: the pre-flight ------------------------------------------------------------------
mkdir "$TMP/tour"
cat >"$TMP/tour/t.json" <<JSON
{"name": "pf", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 2,
 "bots": [{"name": "py", "command": "$PYTHON3 $TMP/py/bot.py $TMP"},
          {"name": "c", "command": "$CBOT $TMP"},
          {"name": "c2", "command": "$CBOT $TMP"}]}
JSON
expect_exit 2 "$REFEREE" tournament "$TMP/tour/t.json" --out "$TMP/tour/out"
expect_contains "$ERR" "referee tournament: bot 'py' did not start: the bot exited with status 1 before answering \"hello\"; its stderr ($TMP/tour/out/stderr/preflight-py.stderr):" \
	"tournament: a bot that does not start is named before any game"
expect_contains "$ERR" "  | ModuleNotFoundError: No module named 'arena_bot'" "... with its stderr"
expect_contains "$ERR" "  Python cannot import 'arena_bot': " "... and what the sandbox hides"
expect_eq "$(tail -n 1 "$ERR")" "referee tournament: 1 bot did not start (above), so no game was played: fix its entry in $TMP/tour/t.json, or pass --skip-broken to run without it" \
	"... and how to go on"
[ ! -e "$TMP/tour/out/run.jsonl" ] && [ ! -e "$TMP/tour/out/games" ]
ok $? "... and no game was played, no manifest made (the same command runs once it is fixed)"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/t.json" --out "$TMP/tour/out" --skip-broken
expect_contains "$ERR" "referee tournament: --skip-broken: the run goes on without 'py': its games are not played (fix it, then run the same command with --resume to play them)" \
	"--skip-broken: the run goes on without it, and says how to play its games once it is fixed"
expect_contains "$TMP/tour/out/run.jsonl" '"type":"skipped","bot":0,"why":"the bot exited with status 1 before answering \"hello\"","games":[1,2,3,4]}' \
	"--skip-broken: the manifest records its 4 games as skipped"
expect_eq "$(ls "$TMP/tour/out/games" | wc -l)" 2 "--skip-broken: the 2 games without it are played"
expect_contains "$ERR" "2/6 games, 4 left out (--skip-broken)," \
	"--skip-broken: the status line counts the 6 games of the schedule and the 4 left out"
expect_exit 0 "$REFEREE" verify "$TMP/tour/out"
expect_contains "$OUT" "2 games finished" "--skip-broken: the folder verifies"
# fixable NAME WHY: $TMP/tour/NAME.sh, a bot that exits with WHY on its
# stderr until $TMP/tour/NAME.fixed exists.
fixable() {
	cat >"$TMP/tour/$1.sh" <<SH
[ -e "$TMP/tour/$1.fixed" ] || { echo "$2" >&2; exit 1; }
exec $CBOT "$TMP"
SH
}
# Stopped, the bot fixed, resumed: the bot left out is said to play now,
# and every count is of the schedule's 6 games.  "late" exits until
# late.fixed exists; gate holds the run in its 2nd game (tests/zoo/gate.py).
fixable late "weights.txt: not found"
cat >"$TMP/tour/s.json" <<JSON
{"name": "late", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 2,
 "time": {"move_ms": 600000},
 "bots": [{"name": "late", "command": "sh $TMP/tour/late.sh $TMP"},
          {"name": "gate", "command": "$(zoo gate 2)"},
          {"name": "c", "command": "$CBOT $TMP"}]}
JSON
"$REFEREE" tournament "$TMP/tour/s.json" --no-sandbox --skip-broken --concurrency 1 \
	--out "$TMP/tour/sout" >"$TMP/tour/s.out" 2>"$TMP/tour/s.err" </dev/null &
pid=$!
for _ in $(seq 600); do
	[ "$(finished_games "$TMP/tour/sout/run.jsonl" 2>/dev/null | wc -l)" -ge 1 ] && break
	sleep 0.05
done
kill -INT "$pid"
wait "$pid"
expect_eq "$?" 2 "--skip-broken, stopped: the run stops on SIGINT"
expect_contains "$TMP/tour/s.err" "1/6 games, 4 left out (--skip-broken)," \
	"--skip-broken: the status line counts the 6 games of the schedule, as the report does, and the 4 left out"
touch "$TMP/tour/late.fixed" "$TMP/gate.open"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/s.json" --no-sandbox --out "$TMP/tour/sout" --resume
expect_contains "$ERR" "$TMP/tour/sout: resumed: 1 of 6 games were finished, 5 to play" \
	"--resume: 1 of the 6 games was finished, 5 to play"
expect_contains "$ERR" "$TMP/tour/sout: late was skipped before and now passes its pre-flight: playing its 4 games" \
	"--resume: the bot left out before is said to play now"
expect_contains "$ERR" "6/6 games," "--resume: the status line ends at 6/6"

# Finished (signed) without a bot, the bot fixed, resumed: its games are
# played after the signature, from a "back" record, and signed again.
fixable kim "KimBot.class: not found"
cat >"$TMP/tour/k.json" <<JSON
{"name": "kim", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 2,
 "bots": [{"name": "a", "command": "$CBOT $TMP"},
          {"name": "kim", "command": "sh $TMP/tour/kim.sh $TMP"},
          {"name": "b", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/tour/k.json" --no-sandbox --skip-broken --out "$TMP/tour/kout"
expect_contains "$ERR" "2/6 games, 4 left out (--skip-broken)," "--skip-broken, finished: 2 of the 6 games are played"
expect_exit 0 "$REFEREE" verify "$TMP/tour/kout"
expect_contains "$OUT" "$TMP/tour/kout: ok: a tournament of rolit, 2 games finished (4 left out by --skip-broken: fix the bot and --resume the run to play them), every log there and verified" \
	"--skip-broken, finished: verify says the 4 games left out"
expect_exit 0 "$REFEREE" ladder "$TMP/tour/kout"
expect_contains "$OUT" "2 games (and 4 left out by --skip-broken, not played); signed by key " \
	"--skip-broken, finished: the ladder says the 4 games left out"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/k.json" --no-sandbox --skip-broken --out "$TMP/tour/kout" --resume
expect_contains "$ERR" "referee tournament: $TMP/tour/kout/run.jsonl is signed: nothing left to play" \
	"--resume, the bot still broken: nothing left to play"
expect_not_contains "$ERR" "was skipped before" "... and no bot is said to come back"
# The run remembers --skip-broken, as it does --compress and its book.
expect_contains "$TMP/tour/kout/run.jsonl" '"skip_broken":true,' \
	"--skip-broken: the manifest's header says the run was started with it"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/k.json" --no-sandbox --out "$TMP/tour/kout" --resume
expect_contains "$ERR" "referee tournament: --skip-broken: the run goes on without 'kim': its games are not played (fix it, then run the same command with --resume to play them)" \
	"--resume alone, the bot still broken: the run takes --skip-broken again"
# Fixed by its entry (as a venv's interpreter would be given): the bot
# left out played no earlier version, so none is said to be new.
sed -i "s|sh $TMP/tour/kim.sh $TMP|$CBOT $TMP|" "$TMP/tour/k.json"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/k.json" --no-sandbox --out "$TMP/tour/kout" --resume
expect_not_contains "$ERR" "new version" "--resume, the bot fixed by its entry: no 'new version' of a bot that never played"
expect_contains "$TMP/tour/kout/run.jsonl" "\"type\":\"bot\",\"bot\":1,\"entry\":{\"name\":\"kim\",\"command\":\"$CBOT $TMP\"}}" \
	"... but the manifest records its entry"
expect_contains "$ERR" "$TMP/tour/kout: kim was skipped before and now passes its pre-flight: playing its 4 games" \
	"--resume of a finished run, the bot fixed: it is said to play its 4 games"
expect_contains "$ERR" "$TMP/tour/kout: resumed: 2 of 6 games were finished, 4 to play" \
	"... 2 of the 6 games were finished, 4 to play"
expect_contains "$ERR" "6/6 games," "... the status line ends at 6/6"
expect_not_contains "$ERR" "nothing left to play" "... not 'nothing left to play'"
expect_eq "$(ls "$TMP/tour/kout/games" | grep -c 'jsonl$')" 6 "... its 4 games are played: 6 logs"
# (A signature right after a started record is its seal, which leaves
# the run open: left out.)
expect_eq "$(grep -o '"type":"[a-z]*"' "$TMP/tour/kout/run.jsonl" | cut -d'"' -f4 |
	awk '!($0 == "signature" && last == "started") { print } { last = $0 }' |
	grep -x -e back -e signature -e skipped -e complete -e resumed | tr '\n' ' ')" \
	"skipped complete signature back resumed complete signature " \
	"... the manifest goes on after its signature with a back record, and is signed again"
expect_contains "$TMP/tour/kout/run.jsonl" '"type":"back","bot":1,"games":[1,2,5,6]}' \
	"... the back record lists kim's 4 games"
expect_exit 0 "$REFEREE" verify "$TMP/tour/kout"
expect_contains "$OUT" "ok: a tournament of rolit, 6 games finished, every log there and verified" "... and the folder verifies with its 6 games, none left out"
expect_exit 0 "$REFEREE" ladder "$TMP/tour/kout"
expect_contains "$OUT" "6 games; signed by key " "... and the ladder has the 6 games"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/k.json" --no-sandbox --out "$TMP/tour/kout" --resume
expect_contains "$ERR" "nothing left to play" "... and once more: nothing left to play"
expect_not_contains "$ERR" "was skipped before" "... nor a bot said to come back again"

# A bot that answers hello only once it has its game's commitment (as the
# protocol allows) is running at the end of the pre-flight: it plays.
cat >"$TMP/tour/w.json" <<JSON
{"name": "wait", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 2,
 "time": {"start_ms": 1500},
 "bots": [{"name": "first", "command": "$(zoo commit-first)", "readable": ["$ZOO"]},
          {"name": "c", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/tour/w.json" --out "$TMP/tour/wout"
expect_contains "$ERR" "referee tournament: bot 'first' is running but did not answer hello alone within 1500 ms; it plays (it may wait for its game's opening; if not, a bot that runs but does not answer is most often holding its replies in its output buffer: flush standard output after each line (Python: print(..., flush=True); Perl: \$| = 1; C: fflush(stdout); Java: System.out.flush()))" \
	"pre-flight: a bot waiting for the opening's commitment is said to play"
expect_eq "$(ls "$TMP"/tour/wout/games/*.jsonl | wc -l) $(cat "$TMP"/tour/wout/games/*.jsonl | grep -c '"type":"forfeit"')" "2 0" \
	"pre-flight: ... and it plays its 2 games without a forfeit"

# --- Swiss: a bot left out by --skip-broken ------------------------------------------------------
# The three others are a field of their own, a bye each round, the last
# board empty: the standings count every round played, the bye scored,
# the bot left out named apart (docs/SWISS.md, "A bot left out").
cat >"$TMP/tour/swiss.json" <<JSON
{"name": "club", "game": "rolit", "options": {"size": 4}, "players": 2, "format": "swiss",
 "rounds": 3, "games": 2,
 "bots": [{"name": "broken", "command": "$(zoo crash-at-start.sh)", "readable": ["$ZOO"]},
          {"name": "a", "command": "$CBOT $TMP"}, {"name": "b", "command": "$CBOT $TMP"},
          {"name": "c", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/tour/swiss.json" --out "$TMP/tour/swout" --skip-broken
expect_exit 0 "$REFEREE" ladder "$TMP/tour/swout"
sed -n '1,/^$/p' "$OUT" >"$TMP/tour/standings"
expect_eq "$(head -2 "$TMP/tour/standings")" "Swiss standings of club after 3 of 3 rounds
rank  bot  points  Buchholz  round 1  round 2  round 3" "Swiss --skip-broken: the standings after the 3 rounds played"
expect_eq "$(sed -n '3,5p' "$TMP/tour/standings" | sed -E 's/^ +[1-3]  [abc] +[0-9½]+\/3 +[0-9]+\.[05]  //; s/[-+=][abc] \([12]\)/P/g; s/ +/ /g' | sort | uniq -c | sed 's/^ *//')" \
	"1 P P bye
1 P bye P
1 bye P P" "... each bot's points over 3 rounds, two pairings and the bye scored in each row, one bye a round"
expect_eq "$(sed -n '6p' "$TMP/tour/standings")" "left out by --skip-broken, paired in no round: broken" \
	"... the bot left out named apart, not ranked"
expect_eq "$("$REFEREE" ladder "$TMP/tour/swout" --format json | "$PYTHON3" -c 'import json, sys
s = json.load(sys.stdin)["swiss"][0]
print(s["rounds_done"], s["left_out"], "%g" % sum(r["points"] for r in s["standings"]), [r["bot"] for r in s["standings"] if r["bot"] == "broken"])')" \
	"3 ['broken'] 6 []" "json: 3 rounds done, the bot left out apart, the 6 points of 3 rounds (a pairing and a bye each)"

# --- tournament: a bot that stops starting during the run ----------------------------------------
# It starts for the pre-flight, then never again.
cat >"$TMP/tour/flaky.sh" <<SH
[ -e "$TMP/tour/flaky-started" ] && { echo "cannot open weights.bin" >&2; echo more >&2; exit 1; }
touch "$TMP/tour/flaky-started"
exec $CBOT "$TMP"
SH
cat >"$TMP/tour/f.json" <<JSON
{"name": "flaky", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 6,
 "bots": [{"name": "flaky", "command": "sh $TMP/tour/flaky.sh $TMP"},
          {"name": "c", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/tour/f.json" --no-sandbox --out "$TMP/tour/fout"
expect_contains "$ERR" "flaky did not start 3 times in a row: cannot open weights.bin" \
	"tournament: a bot that fails to start 3 times in a row is named on the status line, with its first stderr line"
rm "$TMP/tour/flaky-started"
expect_exit 0 "$REFEREE" tournament "$TMP/tour/f.json" --no-sandbox --start-failures 7 --out "$TMP/tour/fout7"
expect_not_contains "$ERR" "did not start" "--start-failures 7: its 6 failures are not named"

assert_no_leftovers
done_testing

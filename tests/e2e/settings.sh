#!/usr/bin/env bash
# End-to-end: the settings a user gives once (docs/referee.1, SETTINGS):
# the file $XDG_CONFIG_HOME/arena/defaults (else ~/.config/arena/defaults)
# and ARENA_OPTIONS, put first on the command line of each verb that
# takes them: the command line wins, then ARENA_OPTIONS, then the file.
# `referee --help` shows where they are read from and which are in
# effect; a bad one is refused, naming the file and its line or the
# variable, with exit status 2; the one-line warning of --no-limits and
# --no-sandbox names the setting that was used.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

FILE=$XDG_CONFIG_HOME/arena/defaults
mkdir -p "$(dirname "$FILE")"
UNCONTAINED="the bots run uncontained (all the memory, CPU and processes they want; moves timed by the wall clock): for trusted bots only"
UNBOXED="each bot runs with all your rights: it can read, change and delete what you can (other bots, logs in progress, keys), use the network, and signal or stop your processes; use it only for bots you trust"
game() { # play one game with the settings of the environment; ARGS... first
	rm -f "$TMP/game.jsonl"
	run "$REFEREE" play rolit -o size=4 "$@" --log "$TMP/game.jsonl" "$(cbot)" "$(cbot)"
}
header_says() { # WHAT: the log header's containment
	grep -o '"containment":"[^"]*"' "$TMP/game.jsonl" | cut -d'"' -f4
}

# The default key made first, so that its note is said before the tests.
mkdir -p "$KEYDIR" && "$REFEREE" keygen "$KEYDIR" >/dev/null

# --- none ------------------------------------------------------------------------
expect_exit 0 "$REFEREE" --help
expect_contains "$OUT" "  the file $FILE (not there)" "--help: where the file is looked for, and that it is not there"
expect_contains "$OUT" "  ARENA_OPTIONS (not set)" "--help: the variable is not set"
expect_contains "$OUT" "  in effect: none, the built-in defaults" "--help: none in effect"
# Without XDG_CONFIG_HOME: in the home folder.
run env -u XDG_CONFIG_HOME "$REFEREE" --help
expect_contains "$OUT" "  the file $HOME/.config/arena/defaults (not there)" "--help: without XDG_CONFIG_HOME, ~/.config/arena/defaults"

# --- the file ------------------------------------------------------------------------
printf '# my defaults\n\n--no-limits\n  --concurrency 3  \n' >"$FILE"
game
expect_eq "$RC" 0 "file --no-limits: the game is played"
expect_eq "$(cat "$ERR")" "referee play: --no-limits from the file $FILE, line 3: $UNCONTAINED" \
	"file --no-limits: the one-line warning names the file and its line"
expect_eq "$(header_says)" "none: no limits, for trusted bots only" "file --no-limits: the log header says so"
expect_exit 0 "$REFEREE" --help
expect_eq "$(sed -n '/^Settings/,$p' "$OUT" | sed -n '3,7p')" "  the file $FILE (read)
  ARENA_OPTIONS (not set)
  in effect:
    --no-limits (the file $FILE, line 3)
    --concurrency 3 (the file $FILE, line 4)" "--help: the file read, each setting in effect with its line"
# A tournament takes its concurrency; a verb that takes none of them
# runs as ever.
cat >"$TMP/t.json" <<JSON
{"name": "s", "game": "rolit", "options": {"size": 4}, "games": 2,
 "bots": [{"name": "a", "command": "$CBOT $TMP"}, {"name": "b", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t1"
expect_contains "$ERR" ", 3 at once, output in $TMP/t1/" "file --concurrency 3: the tournament plays 3 at once"
expect_contains "$ERR" "referee tournament: --no-limits from the file $FILE, line 3: $UNCONTAINED" "file --no-limits: tournament says it too"
expect_exit 0 "$REFEREE" games
expect_exit 0 "$REFEREE" verify "$TMP/game.jsonl"

# --- ARENA_OPTIONS over the file, the command line over both ---------------------
ARENA_OPTIONS="--limits -j 2" game
expect_eq "$RC:$(stderr_sans_fallback)" "0:" "ARENA_OPTIONS --limits wins over the file's --no-limits: nothing to say"
expect_eq "$(header_says)" "$(ARENA_OPTIONS=--limits "$REFEREE" play rolit -o size=4 --log "$TMP/probe.jsonl" "$(cbot)" "$(cbot)" >/dev/null 2>&1; grep -o '"containment":"[^"]*"' "$TMP/probe.jsonl" | cut -d'"' -f4)" \
	"ARENA_OPTIONS --limits: the bots are contained as by default"
[ "$(header_says)" != "none: no limits, for trusted bots only" ]
ok $? "ARENA_OPTIONS --limits: contained ($(header_says))"
ARENA_OPTIONS="--limits -j2" run "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t2"
expect_contains "$ERR" ", 2 at once, output in $TMP/t2/" "ARENA_OPTIONS -j2 wins over the file's --concurrency 3"
ARENA_OPTIONS="--limits" run "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t3" --concurrency 1
expect_contains "$ERR" ", 1 at once, output in $TMP/t3/" "the command line's --concurrency 1 wins over the file's"
ARENA_OPTIONS="--limits" game --no-limits
expect_eq "$(cat "$ERR")" "referee play: --no-limits: $UNCONTAINED" \
	"the command line's --no-limits wins over ARENA_OPTIONS --limits, and is named alone"
game --limits
expect_eq "$RC:$(stderr_sans_fallback)" "0:" "the command line's --limits wins over the file's --no-limits"
rm "$FILE"
ARENA_OPTIONS="--no-limits" game
expect_eq "$(cat "$ERR")" "referee play: --no-limits from ARENA_OPTIONS: $UNCONTAINED" \
	"ARENA_OPTIONS --no-limits: the warning names the variable"
ARENA_OPTIONS="--no-sandbox --no-limits" game
expect_eq "$(cat "$ERR")" "referee play: --no-limits from ARENA_OPTIONS: $UNCONTAINED
referee play: --no-sandbox from ARENA_OPTIONS: $UNBOXED" \
	"ARENA_OPTIONS --no-sandbox: its warning names the variable too"
ARENA_OPTIONS="--no-limits" run "$REFEREE" --help
expect_contains "$OUT" "  ARENA_OPTIONS '--no-limits'" "--help: the variable's value"
expect_contains "$OUT" "    --no-limits (ARENA_OPTIONS)" "--help: its setting in effect"

# --- a tournament file's "containment": false, no setting -------------------------
sed 's/"games": 2,/"games": 2, "containment": false,/' "$TMP/t.json" >"$TMP/off.json"
expect_exit 0 "$REFEREE" tournament "$TMP/off.json" --out "$TMP/off"
expect_contains "$ERR" "referee tournament: the tournament file's \"containment\": false: $UNCONTAINED" \
	"the tournament file's \"containment\": false is named when it is what turned containment off"

# --- the key --------------------------------------------------------------------------
"$REFEREE" keygen "$TMP/mykey" >/dev/null
printf -- '--key %s\n' "$TMP/mykey/referee.key" >"$FILE"
game
expect_eq "$RC" 0 "file --key: the game is played"
expect_exit 0 "$REFEREE" verify --key "$TMP/mykey/referee.pub" "$TMP/game.jsonl"
expect_exit 1 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$TMP/game.jsonl"
mkdir -p "$HOME/keys" && cp "$TMP/mykey/referee.key" "$HOME/keys/"
printf -- '--key ~/keys/referee.key\n' >"$FILE"
game
expect_exit 0 "$REFEREE" verify --key "$TMP/mykey/referee.pub" "$TMP/game.jsonl"

# --- keygen of the key the settings name (the README's example) ------------------------
printf -- '--key ~/newkeys/referee.key\n' >"$FILE"
expect_exit 0 "$REFEREE" keygen "$HOME/newkeys"
expect_contains "$OUT" "written to $HOME/newkeys/referee.key and $HOME/newkeys/referee.pub" \
	"keygen makes the key the settings name before it exists"
game
expect_eq "$RC" 0 "... and play then signs with it"
expect_exit 0 "$REFEREE" verify --key "$HOME/newkeys/referee.pub" "$TMP/game.jsonl"

# --- your own key, from the settings, trusted by every verb ----------------------------
# One rule (keys.h): the key you sign with is trusted as your own,
# whether the settings name it or it is the default pair; a secret key
# file given to verify --key names its public key.
OWN="checked against your own key ($HOME/newkeys/referee.key)"
NEWPUB=$(cat "$HOME/newkeys/referee.pub")
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/own"
expect_contains "$OUT" "signed by key $NEWPUB, $OWN" \
	"tournament: its closing ladder says the settings' key is your own, as every later verb does"
expect_exit 0 "$REFEREE" ladder "$TMP/own"
expect_contains "$OUT" "signed by key $NEWPUB, $OWN" "ladder: the settings' key is your own"
expect_exit 0 "$REFEREE" verify "$TMP/own"
expect_contains "$OUT" "signed by key $NEWPUB, $OWN" "verify of the folder: the settings' key is your own"
expect_exit 0 "$REFEREE" verify "$TMP/own/games/000001.jsonl"
expect_contains "$OUT" "signed by key $NEWPUB, $OWN" "verify of a log: the settings' key is your own"
# league run takes the settings as play does (its key, concurrency,
# trusted bots, limits); the league's other verbs take none, so its
# register is signed with that key given to them (a league's one key).
"$REFEREE" league init --key "$HOME/newkeys/referee.key" "$TMP/lg" --game rolit -o size=4 >/dev/null
"$REFEREE" league add --key "$HOME/newkeys/referee.key" "$TMP/lg" a "$CBOT" "$TMP" >/dev/null
"$REFEREE" league add --key "$HOME/newkeys/referee.key" "$TMP/lg" b "$CBOT" "$TMP" >/dev/null
expect_exit 0 "$REFEREE" league run "$TMP/lg" --games 2
expect_exit 0 "$REFEREE" verify "$TMP/lg/runs/000001/game-000001.jsonl"
expect_contains "$OUT" "signed by key $NEWPUB, $OWN" "league run: signed with the settings' key"
printf -- '--key ~/newkeys/referee.key\n--move-ms x\n' >"$FILE"
expect_exit 2 "$REFEREE" league run "$TMP/lg" --games 2
expect_eq "$(head -n 1 "$ERR")" "referee league: --move-ms takes a whole number from 1 to 86400000, not 'x' (from the file $FILE, line 2)" \
	"settings --move-ms reaches league run"
expect_exit 0 "$REFEREE" league status "$TMP/lg"
expect_contains "$OUT" "games: 2 in 1 sets" "league status takes no settings"
printf -- '--key ~/newkeys/referee.key\n--no-sandbox\n--trusted-bots\n--concurrency 1\n' >"$FILE"
expect_exit 0 "$REFEREE" league run "$TMP/lg" --games 2
expect_contains "$ERR" "referee league: --no-sandbox from the file $FILE, line 2: $UNBOXED" \
	"league run: --no-sandbox and --trusted-bots from the file"
printf -- '--key ~/newkeys/referee.key\n--no-sandbox\n' >"$FILE"
expect_exit 2 "$REFEREE" league run "$TMP/lg" --games 2
expect_eq "$(tail -n 2 "$ERR" | head -n 1)" "referee league: a league (its games are duplicate sets) with --no-sandbox: a bot could read the set's draws (dice, cards, who starts) in the logs of its other games before its own game deals them; add --trusted-bots if you trust the bots not to" \
	"league run: --no-sandbox from the file without --trusted-bots: refused"
printf -- '--key ~/newkeys/referee.key\n' >"$FILE"
expect_exit 0 "$REFEREE" replay "$TMP/own/games/000001.jsonl"
expect_contains "$OUT" "the log verifies; signed by key $NEWPUB, $OWN" "replay: the settings' key is your own"
expect_exit 0 "$REFEREE" report "$TMP/own"
expect_contains "$OUT" "logs signed by key $NEWPUB, $OWN" "report: the settings' key is your own"
"$PYTHON3" "$top_srcdir/tests/tools/htmltool.py" "$TMP/own/report/replays/000001.html" data 000001 >"$TMP/own-replay.json"
expect_eq "$("$PYTHON3" -c "import json, sys
r = json.load(open(sys.argv[1]))['verify']
print(r['ok'], r['trusted'], r['trust'])" "$TMP/own-replay.json")" "True True $OWN" "the report's replay page: the settings' key is your own (green)"
expect_exit 0 "$REFEREE" verify --key "$HOME/newkeys/referee.key" "$TMP/own"
expect_contains "$OUT" "signed by key $NEWPUB, checked against a key you trust" \
	"verify --key given the secret key file checks against its public key"
expect_exit 1 "$REFEREE" verify --key "$TMP/mykey/referee.key" "$TMP/own/games/000001.jsonl"
expect_contains "$OUT" "signed by key $NEWPUB, not by the key given" "verify --key of another secret key file: not by the key given"
rm "$FILE"
expect_exit 0 "$REFEREE" ladder "$TMP/own"
expect_contains "$OUT" "signed by key $NEWPUB, not checked against a key you trust" \
	"without the setting, that key is not your own"

# --- every option a user sets once takes effect from the settings ---------------------
printf -- '--move-ms 777\n--game-ms 5000\n--clock wall\n--compress\n' >"$FILE"
game
expect_eq "$RC" 0 "settings --move-ms, --game-ms, --clock, --compress: the game is played"
expect_eq "$(head -c 2 "$TMP/game.jsonl" | od -An -tx1 | tr -d ' ')" 1f8b "settings --compress: play writes a compressed log"
expect_eq "$(gzip -dc "$TMP/game.jsonl" | head -n 1 | grep -o '"time":{[^}]*}')" '"time":{"move_ms":777,"game_ms":5000,"clock":"wall"}' \
	"settings --move-ms 777 --game-ms 5000 --clock wall: the log's time control"
# sprt keeps no log without --out: the setting asks nothing of it then
# (the README's sprt lines run with it), --compress given asks for --out.
run "$REFEREE" sprt rolit -o size=4 --elo0 0 --elo1 50 --max-pairs 1 --quiet "$(cbot)" "$(cbot)"
expect_eq "$RC:$(grep -c 'no verdict after 1 pairs' "$OUT")" "0:1" "settings --compress: sprt without --out runs its pair, keeping no log"
run "$REFEREE" sprt rolit -o size=4 --elo0 0 --elo1 50 --max-pairs 1 --quiet --compress "$(cbot)" "$(cbot)"
expect_eq "$RC:$(head -n 1 "$ERR")" "2:referee sprt: --compress compresses the logs that --out keeps: give --out DIR too" \
	"sprt --compress on its command line without --out is refused"
printf -- '--compress\n--quiet\n--report\n' >"$FILE"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/q"
expect_eq "$(head -c 2 "$TMP/q/games/000001.jsonl" | od -An -tx1 | tr -d ' ')" 1f8b "settings --compress: the tournament writes compressed logs"
expect_eq "$(cat "$ERR")" "report: $TMP/q/report/index.html" "settings --quiet: the tournament prints no progress, only where its report is"
[ -f "$TMP/q/report/index.html" ]
ok $? "settings --report: the tournament keeps its report"
printf -- '--no-sandbox\n--trusted-bots\n' >"$FILE"
rm -f "$TMP/game.jsonl"
run "$REFEREE" play rolit -o size=4 --duplicate --games 2 --out "$TMP/dup" "$(cbot)" "$(cbot)"
expect_eq "$RC" 0 "settings --trusted-bots: play --duplicate --no-sandbox is allowed"
# Each value reaches the verb that reads it: a bad one is refused there,
# naming the setting.
bad_value() { # OPTION VALUE MESSAGE [VERB]: the verb refuses it from the file
	printf -- '%s %s\n' "$1" "$2" >"$FILE"
	if [ "${4:-play}" = tournament ]; then
		run "$REFEREE" tournament "$TMP/t.json" --out "$TMP/bad"
	else
		game
	fi
	expect_eq "$RC:$(head -n 1 "$ERR")" "2:referee ${4:-play}: $3 (from the file $FILE, line 1)" "settings $1 reaches ${4:-play}"
}
bad_value --move-ms x "--move-ms takes a whole number from 1 to 86400000, not 'x'"
bad_value --game-ms x "--game-ms takes a whole number from 0 to 86400000, not 'x'"
bad_value --start-ms 0 "--start-ms takes a whole number from 1 to 86400000, not '0'"
bad_value --max-line 1 "--max-line takes a whole number from 64 to 1073741824, not '1'"
bad_value --max-stderr x "--max-stderr takes a whole number from 0 to 17179869184, not 'x'"
bad_value --cpu-seconds x "--cpu-seconds takes a whole number from 0 to 1000000, not 'x'"
bad_value --memory-mb -1 "--memory-mb takes a whole number from 0 to 16777216, not '-1'"
bad_value --max-processes x "--max-processes takes a whole number from 0 to 4194304, not 'x'"
bad_value --cpus x "--cpus takes a whole number from 0 to 4096, not 'x'"
bad_value --clock x "--clock takes cpu or wall, not 'x'"
bad_value --env 1bad "--env takes NAME or NAME=VALUE, not '1bad'"
bad_value --start-failures 0 "--start-failures takes a whole number from 1 to 1000000, not '0'" tournament
# check-bot and sprt read the bots' limits from the settings too.
printf -- '--move-ms x\n' >"$FILE"
run "$REFEREE" check-bot rolit "$CBOT $TMP"
expect_eq "$RC:$(head -n 1 "$ERR")" "2:referee check-bot: --move-ms takes a whole number from 1 to 86400000, not 'x' (from the file $FILE, line 1)" "settings --move-ms reaches check-bot"
printf -- '--memory-mb -1\n' >"$FILE"
run "$REFEREE" sprt rolit --elo0 0 --elo1 10 "$CBOT $TMP" "$CBOT $TMP"
expect_eq "$RC:$(head -n 1 "$ERR")" "2:referee sprt: --memory-mb takes a whole number from 0 to 16777216, not '-1' (from the file $FILE, line 1)" "settings --memory-mb reaches sprt"
printf -- '--readable %s\n' "$TMP/not-there" >"$FILE"
game
expect_eq "$RC:$(stderr_sans_fallback | head -n 1)" "2:referee play: readable path '$TMP/not-there': No such file or directory" "settings --readable reaches play"
printf -- '--memory-mb 64\n' >"$FILE"
run "$REFEREE" --help
expect_contains "$OUT" "    --memory-mb 64 (the file $FILE, line 1)" "--help: a limit in effect from the file"
expect_contains "$OUT" "  --move-ms --game-ms --start-ms --max-line --max-stderr --cpu-seconds
  --memory-mb --max-processes --cpus --clock --readable --env
    for play, sprt, check-bot, league run
  --key
    for play, tournament, sprt, league run" "--help: lists the settings with the verbs that take them"
rm "$FILE"

# --- refused ---------------------------------------------------------------------------
refused() { # WHAT MESSAGE: a verb and --help refuse, with MESSAGE
	local what=$1 message=$2
	game
	expect_eq "$RC:$(cat "$ERR")" "2:referee: $message (see 'referee --help')" "refused: $what"
	run "$REFEREE" --help
	expect_eq "$RC" 2 "refused: $what: --help exits 2"
	expect_contains "$OUT" "  refused: $message" "refused: $what: --help says why"
}
SETTINGS_ARE="the settings are --limits, --no-limits, --sandbox, --no-sandbox, --move-ms, --game-ms, --start-ms, --max-line, --max-stderr, --cpu-seconds, --memory-mb, --max-processes, --cpus, --clock, --readable, --env, --key, --compress, --concurrency, --quiet, --report, --start-failures, --trusted-bots"
printf -- '--no-limits\n--bogus 10\n' >"$FILE"
refused "an unknown setting in the file" "the file $FILE, line 2: unknown setting '--bogus'; $SETTINGS_ARE"
printf -- '--out %s\n' "$TMP/o" >"$FILE"
refused "one run's option in the file" "the file $FILE, line 1: --out cannot be a setting: it is one run's choice, give it on that run's command line; $SETTINGS_ARE"
printf -- '--openings-book /b.txt\n' >"$FILE"
refused "a book in the file" "the file $FILE, line 1: --openings-book cannot be a setting: it is one run's choice, give it on that run's command line; $SETTINGS_ARE"
printf -- '--concurrency 0\n' >"$FILE"
refused "a concurrency of 0" "the file $FILE, line 1: --concurrency takes a whole number from 1 to 1024 (as verify -j), not '0'"
printf -- '--key\n' >"$FILE"
refused "a key without a path" "the file $FILE, line 1: --key needs a value"
printf -- '--key keys/referee.key\n' >"$FILE"
refused "a relative key path in the file" "the file $FILE, line 1: --key takes an absolute path (or ~/...) in the file, not 'keys/referee.key'"
printf -- '--readable rel/path\n' >"$FILE"
refused "a relative readable path in the file" "the file $FILE, line 1: --readable takes an absolute path (or ~/...) in the file, not 'rel/path'"
# A key the settings name that is not there yet: the verbs that sign
# with it say so, naming the setting; the others run (keygen makes it).
printf -- '--key %s\n' "$TMP/nokey" >"$FILE"
game
expect_eq "$RC:$(cat "$ERR")" "2:referee play: cannot read key file '$TMP/nokey': No such file or directory (from the file $FILE, line 1)
(see 'referee play --help')" "a key that is not there: play says so, naming the setting"
# As the README has it: the settings name ~/keys/referee.key before
# `referee keygen ~/keys` makes it; the verb says how to make it.
printf -- '--key %s\n' "$TMP/later/referee.key" >"$FILE"
game
expect_eq "$RC:$(cat "$ERR")" "2:referee play: cannot read key file '$TMP/later/referee.key': No such file or directory; make it with: referee keygen $TMP/later (from the file $FILE, line 1)
(see 'referee play --help')" "a key keygen would make that is not there yet: play says how to make it"
expect_exit 0 "$REFEREE" keygen "$TMP/later"
game
expect_eq "$RC" 0 "... and once made, play signs with it"
expect_exit 0 "$REFEREE" games
printf -- '--no-limits yes\n' >"$FILE"
refused "a flag with a value" "the file $FILE, line 1: --no-limits takes no value, not 'yes'"
rm "$FILE"
ARENA_OPTIONS="--no-limits --seed 00" refused "one run's option in ARENA_OPTIONS" \
	"ARENA_OPTIONS: --seed cannot be a setting: it is one run's choice, give it on that run's command line; $SETTINGS_ARE"
ARENA_OPTIONS="--no-limits --nope" refused "an unknown setting in ARENA_OPTIONS" \
	"ARENA_OPTIONS: unknown setting '--nope'; $SETTINGS_ARE"
ARENA_OPTIONS="-j" refused "-j without a number" "ARENA_OPTIONS: -j needs a value"
ARENA_OPTIONS="--jobs 3 -j2" run "$REFEREE" --help
expect_contains "$OUT" "    --concurrency 2 (ARENA_OPTIONS)" "--jobs and -j are --concurrency, the last one in effect"
# Of the match verbs' own list (cli.h), marked one run's choice.
ARENA_OPTIONS="--workdir /tmp" refused "a bot's working folder in ARENA_OPTIONS" \
	"ARENA_OPTIONS: --workdir cannot be a setting: it is one run's choice, give it on that run's command line; $SETTINGS_ARE"
# In effect: the last of an option and of a flag and its "no-" form; each
# --env and --readable, which add up.
ARENA_OPTIONS="--no-limits --move-ms 5 --env A=1 --sandbox --limits --move-ms 7 --env B=2 --no-sandbox" \
	run "$REFEREE" --help
expect_eq "$(sed -n '/^  in effect:/,/^They/p' "$OUT")" "  in effect:
    --env A=1 (ARENA_OPTIONS)
    --limits (ARENA_OPTIONS)
    --move-ms 7 (ARENA_OPTIONS)
    --env B=2 (ARENA_OPTIONS)
    --no-sandbox (ARENA_OPTIONS)
They may hold, with their values (the file one a line, '#' a comment):" \
	"--help: in effect, the last of each option and of each pair, and every --env"
ARENA_OPTIONS="-jx" refused "-j of no number" "ARENA_OPTIONS: -j takes a whole number from 1 to 1024 (as verify -j), not 'x'"
# A verb's own --help still works, and one that takes no setting is
# refused all the same (it is said at once, not when it matters).
ARENA_OPTIONS="--bad" run "$REFEREE" play --help
expect_eq "$RC" 0 "refused: a verb's --help still works"
ARENA_OPTIONS="--bad" run "$REFEREE" games
expect_eq "$RC" 2 "refused: every verb"
mkdir -p "$FILE" # a folder in its place: unreadable as a file
run "$REFEREE" games
expect_eq "$RC:$(cat "$ERR")" "2:referee: cannot read the settings file $FILE: Is a directory (see 'referee --help')" \
	"refused: a settings file that cannot be read"

done_testing

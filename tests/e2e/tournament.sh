#!/usr/bin/env bash
# End-to-end tests of `referee tournament` and `referee ladder`: a run's
# output, resuming after the referee is killed at random points (same
# results as a run never stopped, no game lost or played twice), shards
# whose ladders merge into the single run's, and bad files and usage.
. "$(dirname "$0")/../tools/lib.sh"

LOGS='[0-9][0-9][0-9][0-9][0-9][0-9].jsonl'   # game logs, not set-aside ones
FIRST="$PYTHON3 $ZOO/first-legal.py $TMP"
LAST="$PYTHON3 $ZOO/last-legal.py $TMP"

# tournament FILE: a 3-bot, 2-player round robin of deterministic bots.
write_file() {
	cat >"$1" <<JSON
{
  "name": "resume-test",
  "game": "rolit",
  "options": {"size": 6},
  "players": 2,
  "games": ${2:-8},
  "bots": [
    {"name": "first", "command": "$FIRST"},
    {"name": "last", "command": "$LAST"},
    {"name": "first-too", "command": "$FIRST"}
  ]
}
JSON
}

# results DIR: "game ranks" for every finished game of a run, from its logs.
results() {
	for log in "$1"/games/$LOGS; do
		printf '%s %s\n' "$(basename "$log" .jsonl)" \
			"$(grep -o '"type":"result","ranks":\[[0-9,]*\],"scores":\[[0-9,]*\]' "$log")"
	done
}

write_file "$TMP/t.json"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/full" --concurrency 2
expect_contains "$OUT" "first-too" "the ladder names every bot"
expect_contains "$OUT" "24 games" "the ladder counts 3 tables x 8 games"
expect_contains "$ERR" "created a signing key pair in $KEYDIR/" "a new key is announced"
[ ! -e "$TMP/full/referee.key" ] && cmp -s "$TMP/full/referee.pub" "$KEYDIR/referee.pub"
ok $? "the output folder holds the public key only"
expect_eq "$(ls "$TMP/full/games" | wc -l)" 24 "one log per game"
expect_eq "$(grep -c '"type":"started"' "$TMP/full/run.jsonl")" 3 "the manifest has one started record a table"
expect_eq "$(grep '"type":"started"' "$TMP/full/run.jsonl" | sed 's/.*"games":\[\([0-9,]*\)\].*/\1/' |
	tr ',' '\n' | sort -n | tr '\n' ' ')" "$(seq -s ' ' 1 24) " "... which together list every game once"
expect_eq "$(manifest_games "$TMP/full/run.jsonl" |
	awk '$1 == "started" { started[$2] = 1 } $1 == "finished" && !($2 in started) { late++ }
	     END { print late + 0 }')" 0 "each game is listed as started before it finishes"
expect_eq "$(finished_games "$TMP/full/run.jsonl" | sort -n | tr '\n' ' ')" "$(seq -s ' ' 1 24) " \
	"... and each once as finished"
ok "$([ "$(grep -c '"type":"finished"' "$TMP/full/run.jsonl")" -lt 24 ]; echo $?)" \
	"finished games share records: fewer finished records than games"
expect_eq "$(tail -1 "$TMP/full/run.jsonl" | grep -c '"type":"signature"')" 1 "the manifest ends signed"
run "$REFEREE" verify --key "$TMP/full/referee.pub" "$TMP"/full/games/*.jsonl
ok "$([ "$RC" = 0 ] && [ "$(grep -c ': ok:' "$OUT")" = 24 ]; echo $?)" "every log verifies with the run's key" || diag_run
# The manifest's hashes are the logs' hashes.
bad=0
while read -r game sum; do
	[ "$(sha256sum "$TMP/full/$game" | cut -d' ' -f1)" = "$sum" ] || bad=$((bad + 1))
done < <(manifest_games "$TMP/full/run.jsonl" |
	awk '$1 == "finished" { printf "games/%06d.jsonl %s\n", $2, $3 }')
expect_eq "$bad" 0 "each finished game's entry holds its log's SHA-256"
results "$TMP/full" >"$TMP/full.results"

# Kill the run at random points, then resume until it completes.
cp "$TMP/t.json" "$TMP/k.json"
kills=0
run timeout 20 "$REFEREE" tournament "$TMP/k.json" --out "$TMP/killed" --concurrency 2 &
for attempt in 1 2 3; do
	sleep "$(printf '0.%02d' $((RANDOM % 45 + 5)))"   # a random point of the run
	if kill_run "referee tournament $TMP/k.json"; then kills=$((kills + 1)); fi
	wait
	[ -f "$TMP/killed/run.jsonl" ] || break
	tail -1 "$TMP/killed/run.jsonl" | grep -q '"type":"signature"' && break
	run timeout 20 "$REFEREE" tournament "$TMP/k.json" --out "$TMP/killed" --resume --concurrency 2 &
done
wait
# A kill before the manifest existed (a slow start: a sanitizer build)
# leaves nothing to resume: the run then starts again from the beginning.
for i in 1 2 3 4 5; do
	resume=
	if [ -f "$TMP/killed/run.jsonl" ]; then
		# Closed: signed last, not by a started record's seal.
		tail -1 "$TMP/killed/run.jsonl" | grep -q '"type":"signature"' &&
			! tail -2 "$TMP/killed/run.jsonl" | head -1 | grep -q '"type":"started"' && break
		resume=--resume
	fi
	run "$REFEREE" tournament "$TMP/k.json" --out "$TMP/killed" $resume --concurrency 2
done
diag "killed $kills times"
assert_no_leftovers "no bot or worker outlives a killed run"
expect_eq "$(tail -1 "$TMP/killed/run.jsonl" | grep -c '"type":"signature"')" 1 "the resumed run completes and signs its manifest"
results "$TMP/killed" >"$TMP/killed.results"
expect_eq "$(cat "$TMP/killed.results")" "$(cat "$TMP/full.results")" "every game has the result of the run never stopped"
expect_eq "$(finished_games "$TMP/killed/run.jsonl" | sort | uniq -d | wc -l)" 0 "no game is finished twice"
run "$REFEREE" verify "$TMP"/killed/games/*.jsonl
expect_eq "$RC $(grep -c ': ok:' "$OUT")" "0 24" "all 24 logs of the resumed run verify, none set aside among them"
sum_before=$(sha256sum "$TMP/killed/run.jsonl")
expect_exit 0 "$REFEREE" tournament "$TMP/k.json" --out "$TMP/killed" --resume
expect_eq "$(sha256sum "$TMP/killed/run.jsonl")" "$sum_before" "resuming a finished run changes nothing"
expect_contains "$ERR" "nothing left to play" "resuming a finished run says so"

# A full disk can leave a game's log empty: opened, never written.  The
# resume sets it aside like any log cut short and plays the game again
# (here the emptying is made by hand, after a stop during game 1).
cat >"$TMP/empty.json" <<JSON
{ "name": "empty", "game": "rolit", "options": {"size": 4}, "games": 2,
  "bots": [{"name": "slow", "command": "$PYTHON3 $ZOO/slow.py $TMP 300"}, {"name": "random", "command": "$CBOT $TMP"}] }
JSON
"$REFEREE" tournament "$TMP/empty.json" --out "$TMP/empty" --concurrency 1 >/dev/null 2>&1 </dev/null &
pid=$!
expect_eventually yes "empty log: game 1 is being played" \
	sh -c "[ \"\$(grep -c . '$TMP/empty/games/000001.jsonl' 2>/dev/null)\" -ge 3 ] && echo yes"
kill -TERM "$pid"
wait "$pid"
: >"$TMP/empty/games/000001.jsonl"
expect_exit 0 "$REFEREE" tournament "$TMP/empty.json" --out "$TMP/empty" --resume --concurrency 1
expect_contains "$ERR" "game 1 was cut by the stop: its log is set aside as games/aborted/000001.aborted-1.jsonl, and the game is played again" \
	"empty log: the resume sets game 1's empty log aside"
expect_eq "$(wc -c <"$TMP/empty/games/aborted/000001.aborted-1.jsonl")" 0 "empty log: set aside as it was"
expect_exit 0 "$REFEREE" verify "$TMP/empty"
expect_exit 0 "$REFEREE" ladder "$TMP/empty"
expect_exit 0 "$REFEREE" report "$TMP/empty" -o "$TMP/empty-report"

# Shards: two halves rated together give the single run's ladder.
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/s1" --shard 1/2
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/s2" --shard 2/2
expect_eq "$(( $(ls "$TMP/s1/games" | wc -l) + $(ls "$TMP/s2/games" | wc -l) ))" 24 "the shards split the 24 games"
run "$REFEREE" ladder "$TMP/s1" "$TMP/s2" --format csv
cp "$OUT" "$TMP/merged.csv"
run "$REFEREE" ladder "$TMP/full" --format csv
cp "$OUT" "$TMP/full.csv"
# (Reply times, the last columns, are measured afresh by each run.)
expect_eq "$(cut -d, -f1-15 "$TMP/merged.csv")" "$(cut -d, -f1-15 "$OUT")" "the shards' ladder equals the single run's"

# The ladder from the manifests, from the full check and from the logs alone
# agree, forfeits and reply times included.
NOLADDER="referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log"
run "$REFEREE" ladder --verify "$TMP/full" --format csv
expect_eq "$RC $(cat "$OUT")" "0 $(cat "$TMP/full.csv")" "ladder --verify: the manifest's ladder"
run "$REFEREE" ladder "$TMP/full/run.jsonl" --format csv
expect_eq "$RC $(cat "$OUT")" "0 $(cat "$TMP/full.csv")" "ladder of run.jsonl: the folder's"
run "$REFEREE" ladder "$TMP/full/games" --format csv
expect_eq "$RC $(cat "$OUT")" "0 $(cat "$TMP/full.csv")" "ladder of the logs alone, each verified: the same"
run "$REFEREE" ladder --key "$KEYDIR/referee.pub" "$TMP/s1" "$TMP/s2" --format csv
expect_eq "$RC $(cat "$OUT")" "0 $(cat "$TMP/merged.csv")" "ladder --key of the run's key: the same"
# No game counts twice.
cp -r "$TMP/s1" "$TMP/s1copy"
run "$REFEREE" ladder "$TMP/s1" "$TMP/s2" "$TMP/s1copy"
expect_eq "$RC $(cat "$ERR")" "1 referee ladder: $TMP/s1copy/run.jsonl: the same tournament run as $TMP/s1/run.jsonl: its games count once
$NOLADDER" "a shard given twice (a copy of its folder) is refused"
run "$REFEREE" ladder "$TMP/full" "$TMP/s1/games/$(ls "$TMP/s1/games" | head -n 1)" "$TMP/full/games/000003.jsonl"
expect_eq "$RC $(cat "$ERR")" "1 referee ladder: $TMP/full/games/000003.jsonl: this log is the same game as game 3 of $TMP/full/run.jsonl: a game counts once
$NOLADDER" "a log given alone and through its manifest is refused"
# One key, one game.
"$REFEREE" keygen "$TMP/k2" >/dev/null
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/s2k2" --shard 2/2 --key "$TMP/k2/referee.key"
K2=$(cat "$TMP/k2/referee.pub")
run "$REFEREE" ladder "$TMP/s1" "$TMP/s2k2"
expect_eq "$RC $(cat "$ERR")" "1 referee ladder: $TMP/s2k2/run.jsonl: signed by key $K2, not by $(cat "$KEYDIR/referee.pub") as $TMP/s1/run.jsonl is: give --key to say which key to trust
$NOLADDER" "shards signed by two keys are refused"
run "$REFEREE" ladder --key "$TMP/k2/referee.pub" "$TMP/s1" "$TMP/s2k2"
expect_eq "$RC $(cat "$ERR")" "1 referee ladder: $TMP/s1/run.jsonl: line $(grep -n '"type":"signature"' "$TMP/s1/run.jsonl" | head -1 | cut -d: -f1): signed by key $(cat "$KEYDIR/referee.pub"), not by the key given
$NOLADDER" "--key names the shard signed by another key"
expect_exit 0 "$REFEREE" play bolo -o target=1000 --out "$TMP/bolo" "$(cbot)" "$(cbot b)"
run "$REFEREE" ladder "$TMP/full" "$TMP/bolo"
expect_eq "$RC $(cat "$ERR")" "1 referee ladder: $TMP/bolo/game-000001.jsonl: a game of bolo, not of rolit as $TMP/full/run.jsonl is: rate one game at a time
$NOLADDER" "games of another game are refused"

# An altered log: the ladder rates from the signed manifest, which the
# change cannot touch; --verify and verify hash every log and name it.
cp -r "$TMP/full" "$TMP/tampered"
sed -i '6s/"us":[0-9]*/"us":999999/' "$TMP/tampered/games/000001.jsonl"
run "$REFEREE" ladder "$TMP/tampered" --format csv
expect_eq "$RC $(cat "$OUT")" "0 $(cat "$TMP/full.csv")" "an altered log does not change the manifest's ladder"
expect_exit 1 "$REFEREE" ladder --verify "$TMP/tampered"
expect_eq "$(cat "$ERR")" "referee ladder: $TMP/tampered/games/000001.jsonl: altered: its SHA-256 is not the one the manifest lists for game 1
referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log" "ladder --verify names the altered log, rates nothing"
expect_exit 1 "$REFEREE" verify "$TMP/tampered"
expect_eq "$(cat "$OUT")" "$TMP/tampered/games/000001.jsonl: FAILED: altered: its SHA-256 is not the one the manifest lists for game 1" \
	"verify OUTDIR names the altered log"

# --- hostile bots: the key thief and the folder vandal ---------------------------------------
# hostile_file DIR NAME BOT: a 2-player tournament of BOT against the C bot,
# as DIR/t.json; its output goes to DIR/out/NAME, inside the bot's folder
# (DIR, its "workdir").
hostile_file() {
	mkdir -p "$1"
	cat >"$1/t.json" <<JSON
{"name": "$2", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 4,
 "bots": [{"name": "$2", "command": "$3", "workdir": ".", "readable": ["$ZOO/zoo.py"]},
          {"name": "c", "command": "$CBOT $TMP"}]}
JSON
}

# A referee that sandboxes bots by default: each bot first plays with the
# defaults and must find nothing; the runs where it succeeds are then made
# with --no-sandbox.
NO_SANDBOX=()
"$REFEREE" tournament --help | grep -q -- --no-sandbox && NO_SANDBOX=(--no-sandbox)
# sandboxed NAME MESSAGE: with the defaults, NAME's run completes and its
# bot says MESSAGE on stderr.
sandboxed() {
	local out="$TMP/hostile/$1/out/sandboxed"

	[ ${#NO_SANDBOX[@]} -gt 0 ] || return 0
	run "$REFEREE" tournament "$TMP/hostile/$1/t.json" --out "$out" --concurrency 1
	expect_eq "$RC $(ls "$out/games")" "0 000001.jsonl
000002.jsonl
000003.jsonl
000004.jsonl" "sandboxed $1: the run completes, nothing planted"
	expect_contains "$out/stderr/table0001-$1.stderr" "$2" "sandboxed $1: $2"
}

# The key thief looks for the signing key wherever it can guess: the key
# is not in the output folder any more, and a log it signs there is not
# in the manifest, so the run and the ladder refuse it.
hostile_file "$TMP/hostile/thief" thief "$(zoo key-thief)"
sandboxed thief "key-thief: no signing key found"
TO="$TMP/hostile/thief/out/thief"
run "$REFEREE" tournament "$TMP/hostile/thief/t.json" --out "$TO" --concurrency 1 "${NO_SANDBOX[@]}"
expect_not_contains "$TO/stderr/table0001-thief.stderr" "key-thief: read $TO/" "the thief finds no key in the output folder"
[ ! -e "$TO/referee.key" ]
ok $? "no secret key in the output folder"
expect_contains "$TO/stderr/table0001-thief.stderr" "key-thief: read $KEYDIR/referee.key" \
	"without a sandbox the thief reads the key in the user's data folder"
expect_eq "$RC" 1 "the log it signed with the stolen key fails the run"
expect_contains "$ERR" "referee ladder: $TO/games/stolen.jsonl: not listed in the manifest: planted, or left there by another run" \
	"the run names the planted log"
expect_exit 1 "$REFEREE" ladder "$TO"
expect_eq "$(cat "$ERR")" "referee ladder: $TO/games/stolen.jsonl: not listed in the manifest: planted, or left there by another run
referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log" "the ladder refuses the folder"
expect_exit 0 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$TO/games/stolen.jsonl"
expect_contains "$OUT" "ok: rolit" "(the planted log itself verifies: only the manifest tells it apart)"
rm "$TO/games/stolen.jsonl"
"$REFEREE" keygen "$TMP/thiefkey" >/dev/null
$LOGTOOL resign "$TO/games/000001.jsonl" "$TO/games/000099.jsonl" "$TMP/thiefkey/referee.key"
expect_exit 1 "$REFEREE" ladder --key "$KEYDIR/referee.pub" "$TO" "$TO/games/000099.jsonl"
expect_eq "$(cat "$ERR")" "referee ladder: $TO/games/000099.jsonl: not listed in the manifest: planted, or left there by another run
referee ladder: $TO/games/000099.jsonl: line $(wc -l <"$TO/games/000099.jsonl"): signed by key $(cat "$TMP/thiefkey/referee.pub"), not by the key given
referee ladder: 2 problems: no ladder; 'referee verify FOLDER' checks a tournament's every log" \
	"a log the thief signed with a key of its own is refused, given alone or in the folder"

# The folder vandal: its folder holds the output folder; it deletes a
# finished log and plants one signed by another key.  The run, the resume
# and the ladder fail, naming both.
hostile_file "$TMP/hostile/vandal" vandal "$(zoo vandal)"
sandboxed vandal "vandal: no output folder in reach"
VO="$TMP/hostile/vandal/out/vandal"
VANDALISED="referee ladder: $VO/games/000001.jsonl: missing: the manifest lists game 1 as finished
referee ladder: $VO/games/planted.jsonl: not listed in the manifest: planted, or left there by another run
referee ladder: 2 problems: no ladder; 'referee verify FOLDER' checks a tournament's every log"
run "$REFEREE" tournament "$TMP/hostile/vandal/t.json" --out "$VO" --concurrency 1 "${NO_SANDBOX[@]}"
expect_contains "$VO/stderr/table0001-vandal.stderr" "vandal: deleted $VO/games/000001.jsonl, planted $VO/games/planted.jsonl" \
	"the vandal deleted game 1's log and planted one"
expect_eq "$RC $(grep '^referee ladder: ' "$ERR")" "1 $VANDALISED" "the run fails, naming the missing and the planted log"
run "$REFEREE" tournament "$TMP/hostile/vandal/t.json" --out "$VO" --resume "${NO_SANDBOX[@]}"
expect_eq "$RC $(grep '^referee ladder: ' "$ERR")" "1 $VANDALISED" "so does its resume"
run "$REFEREE" ladder "$VO"
expect_eq "$RC $(cat "$ERR")" "1 $VANDALISED" "so does the ladder"
run "$REFEREE" verify "$VO"
expect_eq "$RC $(cat "$OUT")" "1 $VO/games/000001.jsonl: FAILED: missing: the manifest lists game 1 as finished
$VO/games/planted.jsonl: FAILED: not listed in the manifest: planted, or left there by another run" "so does verify"

# Other formats: csv, json, and PGN for other rating tools.
run "$REFEREE" ladder "$TMP/full" --format pgn
expect_eq "$(grep -c '^\[Result "' "$OUT")" 24 "pgn: one game record per game"
expect_eq "$(grep -c '^\[Event "resume-test"\]$' "$OUT")" 24 "pgn: the event is the tournament's name"
expect_eq "$(grep -c '^\[White "first"\]' "$OUT")" "$(manifest_games "$TMP/full/run.jsonl" | grep -c '^finished .* 0,[0-9]* ')" \
	"pgn: seat 0 is White"
run "$REFEREE" ladder "$TMP/full" --format json
ok "$("$PYTHON3" -c 'import json,sys; d=json.load(sys.stdin); sys.exit(not (d["games"] == 24 and len(d["ladder"]) == 3))' <"$OUT"; echo $?)" \
	"json: 24 games, 3 bots" || diag_run

# Teams: a bot that forfeits every game forfeits its team, both partners
# share the team's rank, and the run's ladder step accepts every game.
cat >"$TMP/teams.json" <<JSON
{
  "name": "teams-forfeit",
  "game": "black-pot",
  "players": 4,
  "games": 12,
  "bots": [
    {"name": "first-a", "command": "$FIRST"},
    {"name": "first-b", "command": "$FIRST"},
    {"name": "last", "command": "$LAST"},
    {"name": "illegal", "command": "$PYTHON3 $ZOO/illegal-move.py number"}
  ]
}
JSON
run timeout 120 "$REFEREE" tournament "$TMP/teams.json" --out "$TMP/teams" --concurrency 2
expect_eq "$RC" 0 "teams: a run with a faulty bot completes, ladder included"
expect_contains "$OUT" "12 games; signed by" "teams: the ladder counts all 12 games"
expect_eq "$(grep -h '"type":"forfeit"' "$TMP"/teams/games/$LOGS | wc -l)" 12 "teams: the faulty bot forfeits every game"
expect_eq "$(grep -h '"type":"result"' "$TMP"/teams/games/$LOGS | grep -o '"ranks":\[[0-9,]*\]' | sort -u | tr '\n' ' ')" \
	'"ranks":[1,3,1,3] "ranks":[3,1,3,1] ' "teams: partners always share their team's rank"
expect_exit 0 "$REFEREE" ladder "$TMP/teams" --format csv
expect_contains "$OUT" "4,illegal,,unrated,0.00,12,0.0,0.0000,0,0,12,3.000,1" "teams: the bot whose team lost every game is listed, unrated, last"
expect_eq "$(cut -d, -f1,2 "$OUT" | tail -n +2 | tr '\n' ' ')" "1,first-a 2,first-b 3,last 4,illegal " \
	"teams: unrated bots go by their games among themselves (illegal scored 0), then by name"
expect_exit 2 "$REFEREE" ladder "$TMP/teams" --format pgn
expect_contains "$ERR" "--format pgn writes two-player games only, and these logs hold games of up to 4 players: use --format table, csv or json" \
	"pgn refuses multiplayer games"

# The ladder does not depend on the order of its inputs: the same logs
# under shuffled names, or given one by one in reverse, give byte-identical
# output in every format, and so does the folder's manifest; a game given
# twice is refused.  (Only the PGN's event differs: a log alone does not
# know the tournament it was played in.)
mkdir "$TMP/shuffled"
for log in "$TMP"/full/games/$LOGS; do
	cp "$log" "$TMP/shuffled/$(basename "$log" | sha256sum | cut -c1-12).jsonl"
done
for format in table csv json pgn crosstable folders; do
	run "$REFEREE" ladder "$TMP/full" --format $format
	sed 's/^\[Event "resume-test"\]$/[Event "arena"]/' "$OUT" >"$TMP/ordered.$format"
	run "$REFEREE" ladder "$TMP/shuffled" --format $format
	expect_eq "$(cat "$OUT")" "$(cat "$TMP/ordered.$format")" "$format: logs read in another order, the same output"
	run "$REFEREE" ladder $(ls -r "$TMP"/full/games/$LOGS) --format $format
	expect_eq "$(cat "$OUT")" "$(cat "$TMP/ordered.$format")" "$format: logs given in reverse, the same output"
done
run "$REFEREE" ladder "$TMP/full" "$TMP/shuffled"
expect_eq "$RC $(grep -c "^referee ladder: $TMP/shuffled/[0-9a-f]*\.jsonl: this log is the same game as game [0-9]* of $TMP/full/run.jsonl: a game counts once\$" "$ERR")" \
	"1 24" "every game given twice: each named, no ladder"
expect_eq "$(cat "$OUT")" "" "... and nothing on stdout"

# --anchor BOT=ELO holds one bot at a rating and shifts the others with it.
run "$REFEREE" ladder "$TMP/full" --anchor last=1500 --format csv
expect_eq "$RC" 0 "--anchor: exit 0"
expect_contains "$OUT" ",last,1500.00,rated,0.00," "--anchor: the anchor is at its rating with no error"
expect_exit 2 "$REFEREE" ladder "$TMP/full" --anchor nobody=1500
expect_contains "$ERR" "--anchor nobody=1500: no bot named 'nobody' in these logs" "--anchor names an unknown bot"
expect_exit 2 "$REFEREE" ladder "$TMP/full" --anchor last
expect_contains "$ERR" "--anchor takes BOT=ELO, e.g. --anchor random=1500, not 'last'" "--anchor needs a rating"

# sprt: deterministic bots, so the same pair every time and exact numbers.
run "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 "a=$FIRST" "b=$LAST"
expect_eq "$RC" 0 "sprt exits 0 with a verdict"
expect_contains "$OUT" "LLR bounds [-2.944, 2.944]" "sprt prints its bounds"
expect_contains "$OUT" "pair 9: 0.0 + 1.0  LL 0 LD 0 DD/WL 9 WD 0 WW 0  LLR -2.951" "sprt prints the LLR after each pair"
expect_contains "$OUT" "H0 accepted after 9 pairs: a scores 50.0%" "sprt stops at the bound"
# Bots given without NAME= are named as they name themselves in hello.
# (first-legal.py gives no name: the one from its command line stays.)
run "$REFEREE" sprt rolit --elo0 0 --elo1 100 --max-pairs 1 -o size=6 "$(zoo slow 0)" "$FIRST"
expect_contains "$OUT" "H1: slow is at least 100 Elo stronger than arena-e2e-2;" \
	"sprt names a bot by its hello name, else by its file"
expect_contains "$OUT" "no verdict after 1 pairs: slow scores" "the verdict uses the hello name"
run "$REFEREE" sprt rolit --elo0 0 --elo1 100 --max-pairs 1 -o size=6 "$CBOT" "$CBOT"
expect_contains "$OUT" "H1: A (random-bot) is at least 100 Elo stronger than B (random-bot-2);" \
	"two bots with one hello name are told apart: A and B, by their files"
run "$REFEREE" sprt rolit --elo0 0 --elo1 100 --max-pairs 1 -o size=6 "mine=$CBOT" "$CBOT"
expect_contains "$OUT" "H1: mine is at least 100 Elo stronger than random-c;" \
	"a name given on the command line wins over the hello name"
expect_exit 2 "$REFEREE" sprt rolit --elo0 0 "a=$FIRST" "b=$LAST"
expect_contains "$ERR" "give both --elo0 and --elo1" "sprt needs both hypotheses"

# The default output folder is out/NAME next to the tournament file,
# wherever the referee is started, and the first line names it.
mkdir -p "$TMP/elsewhere" "$TMP/league"
write_file "$TMP/league/t.json" 2
(cd "$TMP/elsewhere" && exec "$REFEREE" tournament ../league/t.json --concurrency 2) \
	>"$TMP/league.out" 2>"$TMP/league.err" </dev/null
expect_eq "$? $(ls "$TMP/league/out/resume-test/games" | wc -l)" "0 6" \
	"a run from another folder writes out/NAME next to its file"
expect_eq "$(ls "$TMP/elsewhere")" "" "... and nothing where it was started"
expect_eq "$(grep 'output in' "$TMP/league.err")" "resume-test: rolit, 6 games in 3 tables, shard 1/1, 2 at once, output in ../league/out/resume-test/" \
	"... and says where at the start"

# Usage and bad files.
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/full"
expect_contains "$ERR" "already holds a tournament: add --resume" "an output folder is never reused by accident"
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/none" --resume
expect_contains "$ERR" "nothing to resume" "resume needs a run"
# A play folder holds the run.jsonl that the tournament would write.
mkdir -p "$TMP/playout"
printf '{"seq":0,"type":"run","format":"arena-run/1","verb":"play"}\n' >"$TMP/playout/run.jsonl"
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/playout"
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: $TMP/playout holds the run.jsonl of another verb's run (play, sprt or a league's): choose another --out" \
	"a tournament refuses another run's folder, naming it"
expect_eq "$(ls "$TMP/playout")" "run.jsonl
run.lock" "... before it makes anything there"
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --shard 3/2
expect_contains "$ERR" "--shard takes I/N" "a bad shard"
expect_exit 2 "$REFEREE" tournament "$TMP/missing.json"
expect_exit 2 "$REFEREE" ladder "$TMP/missing"
expect_contains "$ERR" "cannot read '$TMP/missing'" "ladder names a missing path"
write_file "$TMP/other.json" 4
expect_exit 2 "$REFEREE" tournament "$TMP/other.json" --out "$TMP/full" --resume
expect_contains "$ERR" "referee tournament: cannot resume $TMP/full: \"games\" is not what the run was started with:" \
	"resume refuses a file that changes the schedule, naming the field"
# A manifest made before headers held the tournament file resumes with
# the very same file alone.
rm -rf "$TMP/nofile"
cp -r "$TMP/full" "$TMP/nofile"
$LOGTOOL resign "$TMP/full/run.jsonl" "$TMP/nofile/run.jsonl" "$KEYDIR/referee.key" \
	sub 0 ',"file":.*\}$' '}'
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/nofile" --resume
expect_contains "$ERR" "nothing left to play" "a manifest without the file resumes with the same file"
expect_exit 2 "$REFEREE" tournament "$TMP/other.json" --out "$TMP/nofile" --resume
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: cannot resume $TMP/nofile: the tournament file (its SHA-256) differs: the run was started with \"$(sha256sum "$TMP/t.json" | cut -d' ' -f1)\", this one has \"$(sha256sum "$TMP/other.json" | cut -d' ' -f1)\"; resume with what it was started with, or use another --out" \
	"... and refuses any other file"
# The folder of an earlier version: its manifest.jsonl, of format 4 (a
# first record "tournament"), is still read by every verb, and resumed.
RUN_HEADER='"type":"run","format":"arena-run/1","verb":"tournament"'
rm -rf "$TMP/old4"
cp -r "$TMP/full" "$TMP/old4"
rm "$TMP/old4/run.jsonl"
$LOGTOOL resign "$TMP/full/run.jsonl" "$TMP/old4/manifest.jsonl" "$KEYDIR/referee.key" \
	sub 0 "$RUN_HEADER" '"type":"tournament","format":"arena-manifest/4"'
expect_exit 0 "$REFEREE" verify "$TMP/old4"
expect_eq "$(cat "$OUT")" "$TMP/old4: ok: a tournament of rolit, 24 games finished, every log there and verified, nothing else; signed by key $(cat "$KEYDIR/referee.pub"), checked against your own key ($KEYDIR/referee.pub)" \
	"verify checks an earlier version's manifest.jsonl folder as a whole"
expect_exit 0 "$REFEREE" verify "$TMP/old4/manifest.jsonl"
expect_exit 0 "$REFEREE" ladder "$TMP/old4"
expect_contains "$OUT" "24 games" "the ladder rates an earlier version's folder from its manifest.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/old4" -o "$TMP/old4-report"
expect_eq "$(cat "$ERR")" "" "the report reads an earlier version's manifest.jsonl, without a problem"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/old4" --resume
expect_contains "$ERR" "$TMP/old4/manifest.jsonl is signed: nothing left to play" \
	"a resume finds an earlier version's manifest.jsonl"
expect_eq "$(ls "$TMP/old4" | grep -c run.jsonl)" 0 "... and writes no run.jsonl beside it"
rm -rf "$TMP/old"
cp -r "$TMP/full" "$TMP/old"
rm "$TMP/old/run.jsonl"
$LOGTOOL resign "$TMP/full/run.jsonl" "$TMP/old/manifest.jsonl" "$KEYDIR/referee.key" \
	sub 0 "$RUN_HEADER" '"type":"tournament","format":"arena-manifest/2"'
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/old" --resume
expect_eq "$(tail -n 1 "$ERR")" "referee tournament: cannot resume $TMP/old/manifest.jsonl: line 1: is in format arena-manifest/2, which this referee cannot resume (it resumes arena-run/1 and arena-manifest/4): finish the run with the referee that started it, or start again with another --out" \
	"resume refuses a manifest of format 2, naming it"
expect_exit 1 "$REFEREE" ladder "$TMP/old"
expect_eq "$(cat "$ERR")" "referee ladder: $TMP/old/manifest.jsonl: line 1: is in format arena-manifest/2, which this referee does not read (it reads arena-run/1 and arena-manifest/4): give the folder of its logs, $TMP/old/games, instead
referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log" \
	"the ladder refuses a manifest of format 2, naming it"
expect_exit 0 "$REFEREE" ladder "$TMP/old/games"
expect_contains "$OUT" "24 games" "... and rates its folder of logs"

# A resume reads the manifest as verify does and refuses what verify
# refuses, naming it: here a stopped run's manifest listing a game twice.
rm -rf "$TMP/twice"
cp -r "$TMP/full" "$TMP/twice"
$LOGTOOL resign "$TMP/full/run.jsonl" "$TMP/twice.jsonl" "$KEYDIR/referee.key" \
	sub finished '(\{"game":[0-9]+,[^{}]*\})' '\1,\1'
$LOGTOOL drop "$TMP/twice.jsonl" "$TMP/twice/run.jsonl" $(($(wc -l <"$TMP/twice.jsonl") - 1))
F=$(grep -n '"type":"finished"' "$TMP/twice/run.jsonl" | head -n 1 | cut -d: -f1)
G=$(sed -n "${F}s/.*\"games\":\[{\"game\":\([0-9]*\),.*/\1/p" "$TMP/twice/run.jsonl")
sum_before=$(sha256sum "$TMP/twice/run.jsonl")
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/twice" --resume
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: cannot resume $TMP/twice/run.jsonl: line $F: game $G is finished twice" \
	"resume refuses a manifest with a game finished twice, naming it"
expect_eq "$(sha256sum "$TMP/twice/run.jsonl")" "$sum_before" "... and leaves it as it was"

done_testing

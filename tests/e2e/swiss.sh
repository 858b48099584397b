#!/usr/bin/env bash
# End-to-end tests of Swiss tournaments (docs/SWISS.md): a
# field of 64 deterministic bots over 6 rounds, each round's pairing
# checked against the one tests/tools/swiss.py recomputes from the
# manifest alone with the documented rules; the same pairings after the
# run is killed in the middle of a round and resumed; verify passing, and
# failing on a manifest whose pairing was changed and signed again; an odd
# field's byes; the ladder's Buchholz; the standings the ladder, its json
# and the report lead with, as swiss.py recomputes them; and what a Swiss
# run refuses
# (its shards: tests/e2e/swiss_shards.sh).
. "$(dirname "$0")/../tools/lib.sh"

. "$(dirname "$0")/../tools/swiss_field.sh"
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

# pairs_once PAIRINGS: no two bots meet twice, and no bot twice a round.
pairs_once() {
	awk '{ delete seen; for (i = 2; i <= NF; i++) { if ($i ~ /^bye/) continue
		split($i, p, "-"); if (p[1] in seen || p[2] in seen) bad++
		seen[p[1]]; seen[p[2]]
		k = p[1] < p[2] ? p[1] "-" p[2] : p[2] "-" p[1]; if (k in met) bad++; met[k] } }
	     END { print bad + 0 }' "$1"
}

# check_pairings DIR WHAT: the pairings of DIR's manifest, in DIR.pairs:
# no pair meets twice nor a bot plays twice a round, and each round's is
# the one tests/tools/swiss.py recomputes from the manifest alone, seats
# and byes included.
check_pairings() {
	$SWISS pairings "$1/run.jsonl" >"$1.pairs"
	expect_eq "$(pairs_once "$1.pairs")" 0 "$2: no pair meets twice, no bot plays twice a round"
	run $SWISS check "$1/run.jsonl"
	ok "$([ "$RC" = 0 ]; echo $?)" "$2: every round's pairing is the one recomputed from the manifest" || diag_run
	expect_eq "$(cat "$OUT")" "$(cat "$1.pairs")" "$2: ... pairing for pairing, seats and byes included"
}

swiss_file "$TMP/s.json" 64 6
RUN_LIMIT=300 expect_exit 0 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/full" --concurrency 2
expect_contains "$ERR" "192 games in 192 tables" "64 bots, 6 rounds: 32 pairings a round, a game each"
expect_contains "$OUT" "Buchholz" "the ladder of a Swiss run has a Buchholz column"
run "$REFEREE" ladder --format json "$TMP/full"
expect_eq "$("$PYTHON3" -c 'import json, sys
l = {e["bot"]: e["buchholz"] for e in json.load(open(sys.argv[1]))["ladder"]}
print(len(l), l["b0"] >= 0, all(v == int(v * 2) / 2 for v in l.values()))' "$OUT")" "64 True True" \
	"... and json a \"buchholz\" for every bot, in half points"
# The ladder leads with the Swiss standings, as swiss.py recomputes them
# from the manifest alone; json has them too, before the ratings.
run "$REFEREE" ladder "$TMP/full"
sed '/^$/q' "$OUT" | sed '$d' >"$TMP/full.standings"
$SWISS standings "$TMP/full/run.jsonl" >"$TMP/full.want"
expect_eq "$(cat "$TMP/full.standings")" "$(cat "$TMP/full.want")" \
	"the ladder leads with the standings: by points over the rounds, Buchholz, each round's opponent, result and seat"
expect_eq "$(head -1 "$TMP/full.want")" "Swiss standings of s after 6 of 6 rounds" "... of the run named after its file, after every round"
run "$REFEREE" ladder --format json "$TMP/full"
expect_eq "$("$PYTHON3" -c 'import json, sys
d = json.load(open(sys.argv[1]))
s = d["swiss"][0]
print(list(d)[0], s["rounds_done"], len(s["standings"]), int(sum(e["points"] for e in s["standings"])),
      {len(e["rounds"]) for e in s["standings"]})' "$OUT")" "swiss 6 64 192 {6}" \
	"json leads with \"swiss\": 64 bots of 6 rounds, one point a pairing"
check_pairings "$TMP/full" "64 bots"
expect_eq "$(wc -l <"$TMP/full.pairs")" 6 "the manifest seats 6 rounds"
expect_eq "$(awk '{ n += NF - 1 } END { print n }' "$TMP/full.pairs")" 192 "... of 32 pairings each"
expect_eq "$(head -1 "$TMP/full.pairs" | cut -d' ' -f2-4)" "0-32 33-1 2-34" \
	"round 1: the top half against the bottom half, seats alternating by board"
run "$REFEREE" verify "$TMP/full"
ok "$([ "$RC" = 0 ] && grep -q ': ok: a tournament of rolit, 192 games finished' "$OUT"; echo $?)" \
	"verify passes the Swiss run" || diag_run

# Killed in the middle of round 2 (games 33 to 64), then resumed.
(RUN_LIMIT=300 run "$REFEREE" tournament "$TMP/s.json" --out "$TMP/killed" --concurrency 2) 2>/dev/null &
for _ in $(seq 600); do
	[ "$(ls "$TMP/killed/games" 2>/dev/null | wc -l)" -ge 45 ] && break
	sleep 0.05
done
kill_run "referee tournament $TMP/s.json --out $TMP/killed"
wait
logs=$(ls "$TMP/killed/games" | wc -l)
ok "$([ "$logs" -ge 45 ] && [ "$logs" -lt 64 ]; echo $?)" "the run is killed in round 2 ($logs logs)"
RUN_LIMIT=300 expect_exit 0 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/killed" --resume --concurrency 2
expect_eq "$($SWISS pairings "$TMP/killed/run.jsonl")" "$(cat "$TMP/full.pairs")" \
	"the resumed run pairs every round as the run never stopped"
run $SWISS check "$TMP/killed/run.jsonl"
ok "$([ "$RC" = 0 ]; echo $?)" "... as recomputed from its manifest" || diag_run
run "$REFEREE" verify "$TMP/killed"
ok "$([ "$RC" = 0 ]; echo $?)" "verify passes the resumed run" || diag_run
run "$REFEREE" ladder "$TMP/killed"
expect_eq "$(sed '/^$/q' "$OUT" | sed '$d')" "$(cat "$TMP/full.want")" \
	"the resumed run's standings are the unbroken run's"
assert_no_leftovers "no bot outlives the killed run"

# A pairing changed by hand, the manifest signed again with the run's key:
# round 2's first game seated the other way round.
cp -r "$TMP/full" "$TMP/tampered"
swap_seats "$TMP/full/run.jsonl" "$TMP/tampered/run.jsonl" 33
expect_exit 1 "$REFEREE" verify "$TMP/tampered"
expect_contains "$OUT" "game 33 seats '$b' and '$a', but the Swiss pairing of round 2, made from the results of the rounds before, seats '$a' and '$b': the manifest does not follow its pairings (changed by hand, or paired otherwise)" \
	"verify names the game whose pairing was changed"
expect_exit 1 "$REFEREE" ladder "$TMP/tampered"
expect_contains "$ERR" "game 33 seats '$b' and '$a'" "... and the ladder refuses to rate it"

# A header whose Swiss does not make its schedule (rounds changed): its
# pairings cannot be checked, so the manifest is refused.
$LOGTOOL resign "$TMP/full/run.jsonl" "$TMP/tampered/run.jsonl" "$KEYDIR/referee.key" \
	sub 0 '"rounds":6' '"rounds":7'
expect_exit 1 "$REFEREE" verify "$TMP/tampered"
expect_contains "$OUT" 'line 1: its tournament file is a Swiss'"'"'s, but its "rounds" and "bots" do not make the 192 games of "schedule_games": its pairings cannot be checked' \
	"verify refuses a Swiss header whose rounds do not make its schedule"

# An odd field: a bye a round, to a different bot each time.
swiss_file "$TMP/odd.json" 7 5
expect_exit 0 "$REFEREE" tournament "$TMP/odd.json" --out "$TMP/odd" --concurrency 2
expect_contains "$OUT" "15 games" "a bye is not a game: 5 rounds of 3 pairings"
check_pairings "$TMP/odd" "the odd field"
expect_eq "$(grep -o 'bye:[0-9]*' "$TMP/odd.pairs" | sort -u | wc -l)" 5 "7 bots, 5 rounds: 5 byes, each to a bot of its own"
run "$REFEREE" ladder "$TMP/odd"
expect_eq "$(sed '/^$/q' "$OUT" | sed '$d')" "$($SWISS standings "$TMP/odd/run.jsonl")" \
	"the odd field's standings, each bye a point"
expect_eq "$(grep -cE ' bye( |$)' "$OUT")" 5 "... five byes shown"
# The report leads with the same standings, Buchholz included.
run "$REFEREE" report "$TMP/odd"
ok "$RC" "report of the odd field" || diag_run
expect_eq "$("$PYTHON3" -c 'import json, subprocess, sys
page = json.loads(subprocess.run(sys.argv[1:], capture_output=True, text=True).stdout)
s = page["swiss"][0]
print(s["rounds_done"], [(e["bot"], e["points"], e["buchholz"]) for e in s["standings"]][:2])' \
	$HTMLTOOL "$TMP/odd/report/index.html" data)" \
	"$("$PYTHON3" -c 'import json, sys
s = json.load(open(sys.argv[1]))["swiss"][0]
print(s["rounds_done"], [(e["bot"], e["points"], e["buchholz"]) for e in s["standings"]][:2])' \
	<("$REFEREE" ladder --format json "$TMP/odd"))" \
	"the report's data has the standings the ladder's json has"
if [ -n "$BROWSER" ]; then
	dump_dom "$TMP/odd/report/index.html" "$TMP/odd.dom"
	expect_eq "$($HTMLTOOL "$TMP/odd.dom" text th | sed -n '1,9p' | tr '\n' ' ')" \
		"rank bot points Buchholz round 1 round 2 round 3 round 4 round 5 " \
		"the report's page leads with the standings' table, Buchholz and every round"
else
	ok 0 "the report's page in Chromium # SKIP chromium is not installed"
fi

# A bot that does not start: the pre-flight proposes --skip-broken, and
# the Swiss takes it: the bot is paired in no round, the others are paired
# as a field of their own on the first boards, the last board of each
# round stays empty, its games left out; verify and the ladder agree.
swiss_file "$TMP/broken.json" 6 3
"$PYTHON3" -c "import json, sys
f = json.load(open(sys.argv[1]))
f['bots'][3]['command'] = sys.argv[2]
json.dump(f, open(sys.argv[1], 'w'))" "$TMP/broken.json" "$(zoo crash-at-start.sh)"
expect_exit 2 "$REFEREE" tournament "$TMP/broken.json" --out "$TMP/broken"
expect_eq "$(grep "^referee tournament: " "$ERR" | tail -n 1)" "referee tournament: 1 bot did not start (above), so no game was played: fix its entry in $TMP/broken.json, or pass --skip-broken to run without it" \
	"a Swiss whose bot does not start: the pre-flight proposes --skip-broken"
expect_exit 0 "$REFEREE" tournament "$TMP/broken.json" --out "$TMP/broken" --skip-broken --concurrency 2
expect_contains "$ERR" "referee tournament: --skip-broken: the Swiss goes on without 'b3': it is paired in no round (its rounds are paired without it, so it stays out when the run is resumed)" \
	"the Swiss takes --skip-broken, and says the bot is paired in no round"
expect_eq "$(ls "$TMP"/broken/games/*.jsonl | wc -l)" 6 "5 bots there, 3 rounds: 2 pairings and a bye a round, 6 games"
expect_eq "$(grep -l '"name":"b3"' "$TMP"/broken/games/*.jsonl | wc -l)" 0 "no game seats the bot left out"
expect_eq "$(grep -o '"type":"skipped","bot":3,[^}]*' "$TMP/broken/run.jsonl" | grep -o '"games":\[[0-9,]*\]')" '"games":[3,6,9]' \
	"the manifest's skipped record: the bot, and the games of each round's empty board"
check_pairings "$TMP/broken" "without the bot left out"
expect_eq "$(grep -o 'bye:[0-9]*' "$TMP/broken.pairs" | sort -u | wc -l)" 3 "each round's bye to a bot of its own"
expect_eq "$(grep -c 'bye:3\|-3 \|-3$\| 3-' "$TMP/broken.pairs")" 0 "the bot left out has neither a pairing nor a bye"
expect_exit 0 "$REFEREE" verify "$TMP/broken"
expect_contains "$OUT" "$TMP/broken: ok: a tournament of rolit, 6 games finished (3 left out by --skip-broken: boards of the Swiss left empty, never played)" \
	"verify: the Swiss without the bot is ok, its pairings made without it"
expect_exit 0 "$REFEREE" ladder "$TMP/broken"
expect_contains "$OUT" "6 games (and 3 left out by --skip-broken" "the ladder says the games left out"
expect_exit 0 "$REFEREE" tournament "$TMP/broken.json" --out "$TMP/broken" --resume
expect_contains "$ERR" "nothing left to play" "resumed, the Swiss keeps the bot out: nothing left to play"
# Stopped by SIGINT in the middle, resumed (--skip-broken remembered): the
# bot stays out, the rounds are paired as the run never stopped.
"$PYTHON3" -c "import json, sys
f = json.load(open(sys.argv[1]))
for b in f['bots']:
    if b['name'] != 'b3':
        b['command'] = sys.argv[2]
json.dump(f, open(sys.argv[3], 'w'))" "$TMP/broken.json" "$(zoo slow 30)" "$TMP/slow.json"
"$REFEREE" tournament "$TMP/slow.json" --out "$TMP/stopped" --skip-broken --concurrency 1 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do
	[ "$(ls "$TMP/stopped/games" 2>/dev/null | wc -l)" -ge 3 ] && break
	sleep 0.05
done
kill -INT "$pid"
wait "$pid"
expect_eq "$?" 2 "a Swiss without a bot stops on SIGINT"
expect_exit 0 "$REFEREE" tournament "$TMP/slow.json" --out "$TMP/stopped" --resume --concurrency 2
expect_eq "$(ls "$TMP"/stopped/games/[0-9]*.jsonl | wc -l)" 6 "resumed, it plays the 6 games of the bots there"
check_pairings "$TMP/stopped" "resumed without the bot left out"
expect_exit 0 "$REFEREE" verify "$TMP/stopped"
expect_contains "$OUT" "6 games finished (3 left out by --skip-broken: boards of the Swiss left empty, never played)" \
	"verify: the resumed Swiss without the bot is ok"
# A pairing that seats the bot left out, signed again: verify says so.
$LOGTOOL resign "$TMP/broken/run.jsonl" "$TMP/broken-bad.jsonl" "$KEYDIR/referee.key" \
	sub 1 '"bot":3,' '"bot":5,'
mkdir -p "$TMP/broken-bad" && cp -r "$TMP/broken/games" "$TMP/broken/referee.pub" "$TMP/broken-bad/" &&
	cp "$TMP/broken-bad.jsonl" "$TMP/broken-bad/run.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/broken-bad"
expect_contains "$OUT" "the Swiss pairing of round 1, made from the results of the rounds before" \
	"verify: a manifest that names another bot left out does not follow its pairings"

# What a Swiss run refuses.
expect_exit 2 "$REFEREE" tournament "$TMP/odd.json" --out "$TMP/skip-1" --skip-broken --shard 1/2
expect_contains "$ERR" "the shards of a Swiss pair each round from every shard's results, and cannot leave a bot out: play them without --skip-broken" \
	"a Swiss's shards leave no bot out"
swiss_file "$TMP/grown.json" 8 5
expect_exit 2 "$REFEREE" tournament "$TMP/grown.json" --out "$TMP/odd" --resume
expect_contains "$ERR" "a Swiss run cannot take new bots" "... and takes no bot added to its file"

done_testing

#!/usr/bin/env bash
# A league's sets cut by a stop, kept and counted (docs/LEAGUE.md, "Sets
# cut by a stop"; docs/FAIRNESS-LEAGUE.md, item 16): a run stopped mid-set by
# SIGINT, and one killed with kill -9 and closed by the next run, keep the
# cut set's logs in runs/NNNNNN/aborted/, listed by a "cut" record of
# run.jsonl with the set's C (a log already there, unlisted, listed too); `verify`, `league status`, the ladder and the
# server count them per run and per version; a cut log deleted, a cut
# record removed (run.jsonl signed again with the key) or a cut log's C
# changed fail verify, naming the file.  And `verify` of an sprt folder
# counts the pairs it lists dropped.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
# Two bots that sleep 300 ms before each move, each in a folder of its
# own: a set of them takes seconds, so a stop surely finds one in flight.
slow_league 300

# gone PID: waits (60 s at most) until the process has ended; its status.
gone() {
	for _ in $(seq 600); do
		kill -0 "$1" 2>/dev/null || { wait "$1"; return; }
		sleep 0.1
	done
	return 99
}
# cut_words: the count of sets cut that verify's last line ends with
# (before its register's state).
cut_words() { tail -1 "$OUT" | grep -oE '(no set|[0-9]+ sets?) cut by a stop.*$' | sed 's/; its register: .*$//'; }
# started_c RUN GAME, cut_record RUN: the C a started record named for
# the game, and the run's cut records (games, C and logs), one a line.
started_c() {
	"$PYTHON3" -c 'import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "started" and int(sys.argv[2]) in r["games"]:
        print(r["commitments"][r["games"].index(int(sys.argv[2]))])' "$L/runs/$1/run.jsonl" "$2"
}
cut_records() {
	"$PYTHON3" -c 'import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "cut" and any(r["logs"]):
        print(r["games"], r["commitment"], r["logs"][0])' "$L/runs/$1/run.jsonl"
}

# SIGINT in the middle of a set: its logs kept, listed with its C.
"${LEAGUE[@]}" run "$L" --for 300s --concurrency 1 >"$TMP/run1.out" 2>&1 &
pid=$!
until_logged 000001
ok $? "run 1: its first set in play"
# verify while the run goes on: the run named and left out (its run.jsonl
# is being written), the register and the closed runs (none) checked.
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(head -1 "$OUT")" "$L/runs/000001: a run is going on (run 1 of the league): it and the index league.db are checked once it ends" \
	"verify of a league whose run goes on: names the run"
expect_eq "$(tail -1 "$OUT" | sed 's/; its register: .*$//')" "$L: ok: a league of rolit, 0 runs, 0 logs in 0 sets, every log of its closed runs verified" \
	"... and passes what is closed"
expect_eq "$(wc -l <"$OUT")" 2 "... no line of a failure"
kill -INT "$pid"
gone "$pid"
expect_eq "$?" 1 "run 1 stopped by SIGINT: exit status 1"
expect_eq "$(ls "$L/runs/000001" | grep -c '^game-')" 0 "... no log of the cut set left among the finished ones"
expect_eq "$(ls "$L/runs/000001/aborted" | head -1)" game-000001.jsonl "... its first game's log kept in aborted/"
expect_eq "$(cut_records 000001)" "[1, 2] $(started_c 000001 1) aborted/game-000001.jsonl" \
	"... listed by a cut record of run.jsonl: its games, the C its started record named, its logs"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(cut_words)" "1 set cut by a stop, its logs kept (run 1: 1; a v1: 1, b v1: 1)" \
	"verify passes and counts the set cut, by run and by version"
expect_contains "$OUT" "$L/runs/000001: 1 set cut by a stop, its logs kept in aborted/ and listed in run.jsonl" \
	"... and says it of the run's folder"

# kill -9 in the middle of a set: the next run closes the run, keeping
# the cut set's logs.  The slow bots retired first, so that it plays two
# quick ones.  The log is found already in aborted/, as a run whose disk
# filled leaves it when it moved the log aside but could not list it.
"${LEAGUE[@]}" run "$L" --for 300s --concurrency 1 >/dev/null 2>&1 &
until_logged 000002
ok $? "run 2: its first set in play"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(sed 's/; its register: .*$//' "$OUT")" "$L/runs/000001: 1 set cut by a stop, its logs kept in aborted/ and listed in run.jsonl
$L/runs/000002: a run is going on (run 2 of the league): it and the index league.db are checked once it ends
$L: ok: a league of rolit, 1 run, 0 logs in 0 sets, every log of its closed runs verified" \
	"verify while run 2 goes on: run 1 checked, run 2 named"
kill_run "league run $L"
wait
# Killed, nothing holds the folder: the run's unsigned tail fails, as any
# run.jsonl not closed.
expect_exit 1 "$REFEREE" verify "$L"
expect_contains "$OUT" "$L/runs/000002/run.jsonl: FAILED: not signed: the run was stopped before its end, so the folder is not a whole (each log may still verify alone)" \
	"verify after kill -9: the run not closed yet fails, not said to go on"
"${AS[@]}" mkdir "$L/runs/000002/aborted"
"${AS[@]}" mv "$L/runs/000002/game-000001.jsonl" "$L/runs/000002/aborted/"
expect_exit 0 "${LEAGUE[@]}" status "$L"
expect_contains "$OUT" "cut: 1 set cut by a stop, its logs kept (run 1: 1; a v1: 1, b v1: 1)" \
	"status after kill -9: the run not closed yet counts nothing"
for b in c d; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
	chmod -R a+rX "$TMP/$b"
	expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot $TMP"
done
expect_exit 0 "${LEAGUE[@]}" retire "$L" a
expect_exit 0 "${LEAGUE[@]}" retire "$L" b
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1
expect_eq "$(ls "$L/runs/000002/aborted" | head -1)" game-000001.jsonl \
	"the next run closed run 2: the cut set's log kept in aborted/"
expect_eq "$(ls "$L/runs/000002" | grep -c '^game-')" 0 "... none left among the finished ones"
expect_eq "$(cut_records 000002)" "[1, 2] $(started_c 000002 1) aborted/game-000001.jsonl" \
	"... listed by a cut record with the C its started record named"
expect_exit 0 "$REFEREE" verify "$L"
want="2 sets cut by a stop, their logs kept (run 1: 1, run 2: 1; a v1: 2, b v1: 2)"
expect_eq "$(cut_words)" "$want" "verify: every set cut, by run and by version"
expect_exit 0 "${LEAGUE[@]}" status "$L"
expect_contains "$OUT" "cut: $want" "status: the same count"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --versions --format csv
expect_eq "$(cut -d, -f2,3,15 "$OUT" | sort)" "a,1,2
b,1,2
bot,version,cut
c,1,0
d,1,0" "ladder --format csv: each version's sets cut"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --versions --format json
expect_eq "$("$PYTHON3" -c 'import json, sys
print(" ".join("%s:%d" % (r["name"], r["cut"]) for r in sorted(json.load(open(sys.argv[1]))["ladder"], key=lambda r: r["name"])))' "$OUT")" \
	"a:2 b:2 c:0 d:0" "ladder --format json: the same"
expect_exit 0 "${LEAGUE[@]}" ladder "$L"
expect_eq "$(head -1 "$OUT" | tr -s ' ')" "rank bot version files lower rating 95% interval games wins draws loss score forfeits cut owner" \
	"ladder: a column of the sets cut"

KEY=$(ls "$TMP"/unprivileged-data/arena/referee.key "$KEYDIR/referee.key" 2>/dev/null | head -1)
# The index: a cut set it holds that no run.jsonl lists is refused, and
# one it lacks; made again, it agrees.
cp -r "$L" "$TMP/idx"
sqlite3_ok=$(command -v sqlite3)
if [ -n "$sqlite3_ok" ]; then
	sqlite3 "$TMP/idx/league.db" "DELETE FROM cut WHERE run = 2; DELETE FROM cut_seats WHERE run = 2;"
	expect_exit 1 "$REFEREE" verify "$TMP/idx"
	expect_contains "$OUT" "$TMP/idx/league.db: FAILED: the set from game 1 of run 000002, cut by a stop, is listed so in its run.jsonl, not in it as its logs give it" \
		"verify: an index that lost a cut set"
	# An index an earlier referee made has no sets cut: made again, by
	# the first verb that shows a ladder.
	sqlite3 "$TMP/idx/league.db" "PRAGMA user_version = 3"
	expect_exit 0 "$REFEREE" league status "$TMP/idx"
	expect_contains "$ERR" "$TMP/idx/league.db is the index of an earlier referee (its version 3, this one's 5): made again from the register and the logs (" \
		"an index of version 3: made again, saying so"
else
	for _ in 1 2 3 4; do ok 0 "# SKIP sqlite3 is not installed"; done
fi

# A league of revision 5 dropped a cut set, its logs removed: it verifies,
# and its count says so.
cp -r "$L" "$TMP/rev5"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" resign "$L/runs/000001/run.jsonl" \
	"$TMP/rev5/runs/000001/run.jsonl" "$KEY" sub cut '"type":"cut".*' '"type":"dropped","games":[1,2]}' \
	sub 0 '"fairness":7' '"fairness":6'
rm -r "$TMP/rev5/runs/000001/aborted"
expect_exit 0 "$REFEREE" league rebuild "$TMP/rev5"
expect_exit 0 "$REFEREE" verify "$TMP/rev5"
expect_eq "$(cut_words)" "1 set cut by a stop, its logs kept (run 2: 1; a v1: 1, b v1: 1); 1 set dropped uncounted, its logs removed (a revision-5 league's cut sets, or sets refused)" \
	"a set dropped as revision 5 did: verify passes and says it was dropped uncounted"

# The server: /api/ladder, /api/status, the ladder and status pages.
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(code /api/status)" 200 "GET /api/status: 200"
expect_eq "$(json '"%d %s" % (d["cut"], d["cut_text"])')" "2 $want" "... the sets cut, counted and in words"
expect_eq "$(code /api/ladder)" 200 "GET /api/ladder: 200"
expect_eq "$(json '" ".join("%s:%d" % (r["name"], r["cut"]) for r in sorted(d["ladder"], key=lambda r: r["name"]))')" \
	"a:2 b:2 c:0 d:0" "... each version's sets cut"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/status" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "<th scope=\"row\">Sets cut</th><td>$want</td>" \
		"chromium: the status page says the sets cut"
	dump_dom "$URL/" "$TMP/dom.html"
	expect_eq "$(grep -o '<a href="/bots/a">a</a>.*' "$TMP/dom.html" | grep -o '<td>[^<]*</td><td>retired</td></tr>' | head -1)" \
		"<td>2</td><td>retired</td></tr>" "chromium: the ladder page's cut column: a v1's 2"
else
	ok 0 "# SKIP no browser"
	ok 0 "# SKIP no browser"
fi
stop

# Tampers, each on a copy, with the key where run.jsonl is signed again.
cut1=runs/000001/aborted/game-000001.jsonl
cp -r "$L" "$TMP/gone"
# Every log of the set (how far its second game got before the stop
# varies).
rm "$TMP/gone/runs/000001/aborted/"*
expect_exit 1 "$REFEREE" verify "$TMP/gone"
expect_contains "$OUT" "$TMP/gone/$cut1: FAILED: missing: run.jsonl lists it as a log of game 1, cut by a stop and set aside" \
	"a cut log deleted: verify names it"
# Its set's seats are its signed started record's (item 24): the index
# still agrees, and the set still counts for every version it seated.
expect_not_contains "$OUT" "$TMP/gone/league.db: FAILED" \
	"... the index still agrees: the set's versions are its started record's"
expect_eq "$(tail -1 "$OUT" | sed -E 's/: [0-9]+ failures?,/: N failures,/')" \
	"$TMP/gone: FAILED: a league of rolit, 3 runs, 2 logs in 1 set: N failures, each on a line above; $want" \
	"... and the league fails, the set still counted for each version it seated"

cp -r "$L" "$TMP/unlisted"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" resign "$L/runs/000001/run.jsonl" \
	"$TMP/unlisted/runs/000001/run.jsonl" "$KEY" drop cut
expect_exit 1 "$REFEREE" verify "$TMP/unlisted"
expect_contains "$OUT" "$TMP/unlisted/$cut1: FAILED: not listed in run.jsonl: planted, or left there by another run" \
	"the cut record removed, run.jsonl signed again: the cut log is unlisted"
expect_contains "$OUT" "$TMP/unlisted/runs/000001/run.jsonl: FAILED: game 1 was started but never finished" \
	"... and its game started, never finished"

cp -r "$L" "$TMP/other-c"
"$PYTHON3" - "$L/$cut1" "$TMP/plain.jsonl" <<'PY'
import gzip, sys
data = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
PY
# A cut log is not signed: its chain is all there is to make again.
sed -E '/"type":"commit"/s/"commitment":"[0-9a-f]{4}/"commitment":"0000/' "$TMP/plain.jsonl" >"$TMP/edited.jsonl"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" rechain "$TMP/edited.jsonl" "$TMP/other-c/$cut1"
c=$(started_c 000001 1)
expect_exit 1 "$REFEREE" verify "$TMP/other-c"
expect_contains "$OUT" "$TMP/other-c/$cut1: FAILED: its commitment C is 0000${c:4}, run.jsonl lists game 1's cut log with $c: not the deal the run cut" \
	"a cut log with another C: verify names it"

cp -r "$L" "$TMP/record-c"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" resign "$L/runs/000001/run.jsonl" \
	"$TMP/record-c/runs/000001/run.jsonl" "$KEY" sub cut '"commitment":"[0-9a-f]{4}' '"commitment":"0000'
expect_exit 1 "$REFEREE" verify "$TMP/record-c"
expect_contains "$OUT" "with the commitment C 0000${c:4}, its started record named $c: not the deal the run started" \
	"a cut record with another C than its started record's: refused"

# sprt: the pairs listed dropped after the verdict, counted by verify.
expect_exit 0 "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --concurrency 4 \
	--out "$TMP/sprt" "a=$PYTHON3 $ZOO/first-legal.py $TMP" "b=$PYTHON3 $ZOO/last-legal.py $TMP"
dropped=$("$PYTHON3" -c 'import json, sys
print(sum(len(r["games"]) for r in map(json.loads, open(sys.argv[1])) if r["type"] == "dropped") // 2)' "$TMP/sprt/run.jsonl")
expect_exit 0 "$REFEREE" verify "$TMP/sprt"
expect_contains "$OUT" "$TMP/sprt: $dropped pairs listed dropped after the verdict, uncounted, their logs removed" \
	"verify of an sprt folder: the pairs listed dropped, counted ($dropped)"

done_testing

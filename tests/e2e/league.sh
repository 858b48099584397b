#!/usr/bin/env bash
# `referee league` (docs/LEAGUE.md): a folder made by init, bots added
# after their pre-flight, a new version for new files, retired bots apart;
# runs of duplicate sets that lose no finished game to kill -9 and go on;
# the index made again from the logs alone giving the same ladder to the
# byte; seasons; `referee verify` of the folder, index included; a late bot's
# share; a bot added during a run playing in it; report of a league
# refused, of its run made; the refusals (a damaged index, another game's runs, two runs at
# once); and the same as a normal user.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
# Each bot a copy of random-bot of its own, so that each has its files.
for b in a b c d; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
done
bot() { echo "$TMP/$1/bot $TMP"; }
# The ladder's rows, "NAME vK" each, in order.
rows() { "$REFEREE" league ladder "$@" --format csv | awk -F, 'NR > 1 { print $2 " v" $3 " " $5 }'; }
games_of() { "$REFEREE" league ladder "$L" --versions --format json |
	"$PYTHON3" -c 'import json, sys; print(sum(r["games"] for r in json.load(sys.stdin)["ladder"] if r["name"] == sys.argv[1] and r["version"] == int(sys.argv[2])))' "$1" "$2"; }

expect_exit 0 "$REFEREE" league init "$L" --game rolit -o size=6
expect_eq "$(cat "$OUT")" "league of rolit for 2 players made in $L" "init: the folder made"
expect_eq "$(cd "$L" && echo *)" "league.db league.json referee.pub register.jsonl" \
	"init: league.json, the index, the key that signs the register, and the register"
# A league without a bot yet: its ladder is its header alone (under the
# sanitizers too: the index's check sorted no list of versions).
expect_exit 0 "$REFEREE" league ladder "$L"
expect_eq "$(wc -l <"$OUT") $(cat "$ERR")" "1 " "ladder of a league without bots: the header, nothing said"
expect_exit 2 "$REFEREE" league init "$L" --game rolit
expect_eq "$(head -1 "$ERR")" "referee league: $L is a league already: 'referee league add' adds bots to it" \
	"init of a league again: refused"
expect_exit 2 "$REFEREE" league init "$TMP/x" --game chess
expect_eq "$(head -1 "$ERR")" "referee league: unknown game 'chess' (see 'referee games')" "init: an unknown game"
expect_exit 2 "$REFEREE" league run "$L" --games 2
expect_contains "$ERR" "referee league: the league has 0 active bots and its games need 2: add bots with 'referee league add'" \
	"run without bots: refused"

for b in a b c; do
	expect_exit 0 "$REFEREE" league add "$L" "$b" $(bot "$b")
	expect_eq "$(cut -c1-18 "$OUT")" "$b v1 added (files " "add $b: its first version"
done
expect_exit 0 "$REFEREE" league add "$L" a $(bot a)
expect_eq "$(cat "$OUT")" "a v1 has these files already: nothing added" "add with the same files: nothing new"
expect_exit 0 "$REFEREE" league add --porcelain "$L" a $(bot a)
expect_eq "$(cat "$OUT")" '{"name":"a","version":1,"added":false}' "... and --porcelain says so as one JSON line"
expect_exit 2 "$REFEREE" league add --new "$L" a $(bot a)
expect_eq "$(head -1 "$ERR")" "referee league: a is a bot of the league already: --new adds only a bot it has not" \
	"add --new of a name the league has: refused"
mkdir "$TMP/add-tmp"
TMPDIR=$TMP/add-tmp expect_exit 1 "$REFEREE" league add "$L" broken "$ZOO/crash-at-start.sh $TMP"
expect_contains "$ERR" "referee league: broken v1 failed its pre-flight (referee check-bot), so it is not added; its checklist, kept in $L/stderr/preflight-broken-v1.txt:" \
	"a bot failing its pre-flight: not added, its checklist shown"
expect_contains "$ERR" "FAIL" "... the checklist's failure"
expect_eq "$(ls -A "$TMP/add-tmp"; ls "$L/stderr" | grep -v '\.txt$')" "" \
	"... its games removed: nothing left in TMPDIR nor beside the checklist"
# The league named relative to the current folder, the bot run in a folder
# of its own: the checklist is kept where the message says, not in the bot's.
mkdir "$TMP/broken-dir"
cd "$TMP"
expect_exit 1 "$REFEREE" league add league broken2 --workdir broken-dir "$ZOO/crash-at-start.sh $TMP"
cd - >/dev/null
expect_contains "$ERR" "its checklist, kept in league/stderr/preflight-broken2-v1.txt:" \
	"a pre-flight failed with the league named relatively: its checklist's place said"
expect_contains "$L/stderr/preflight-broken2-v1.txt" "FAIL" "... and the checklist there"
expect_eq "$(ls -A "$TMP/broken-dir")" "" "... nothing of it in the bot's folder"
expect_exit 2 "$REFEREE" league add "$L" "../x" $(bot a)
expect_eq "$(head -1 "$ERR")" "referee league: '../x' is not a bot's name: letters, digits, '-', '_' and '.', up to 40, not starting with '.' or '-'" \
	"add: a name that is no name"

expect_exit 0 "$REFEREE" league run "$L" --games 12 --concurrency 2
expect_eq "$(cat "$OUT")" "12 games in 6 sets played and rated, in 1 run" "run: what it did, said at its end"
expect_exit 0 "$REFEREE" league status "$L"
expect_eq "$(cat "$OUT")" "game: rolit, 2 players a game; season first, from run 1
bots: 3 (0 retired); versions: 3
runs: 1; games: 12 in 6 sets
cut: no set cut by a stop
quotas: each user's uploads 200 MB and 20000 files, each bot's newest 5 versions keeping their files; all uploads 10240 MB and 1000000 files; the uploads hold 0.0 MB and 0 files" "status after a run of 12 games"
expect_eq "$(cd "$L/runs/000001" && ls game-*.jsonl | wc -l)" 12 "the run's 12 logs in runs/000001"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify of the league: its logs and its index"
expect_eq "$(rows "$L" | sort | cut -d' ' -f1-2 | tr '\n' ' ')" "a v1 b v1 c v1 " "the ladder: one row a version"
# report of a league: refused, nothing written into it; of a run of it:
# a site where the user says.
expect_exit 2 "$REFEREE" report "$L"
expect_eq "$(head -1 "$ERR")" "referee report: $L is a league: its pages (ladder, bots, games, replays) are served by 'referee league serve $L'; a run of it is a folder of its own: 'referee report $L/runs/NNNNNN -o OUT'" \
	"report of a league folder: refused, saying what serves its pages"
expect_eq "$(cd "$L" && echo *)" "league.db league.json referee.pub register.jsonl run.lock runs stderr" \
	"... and nothing written into the league"
expect_exit 0 "$REFEREE" report "$L/runs/000001" -o "$TMP/run-report"
expect_eq "$(grep -c '"verified":true' "$TMP/run-report/replays/games.jsonl")" 12 \
	"report of a league's run, -o OUT: its 12 games, each verified"
if command -v sqlite3 >/dev/null; then
	expect_eq "$(sqlite3 "$L/league.db" 'PRAGMA journal_mode; SELECT COUNT(*) FROM games; SELECT COUNT(*) FROM seats' | tr '\n' ' ')" \
		"wal 12 24 " "sqlite3 reads the index: WAL, 12 games, 24 seats"
else
	ok 0 "sqlite3 reads the index # SKIP sqlite3 is not installed"
fi
# Ordered by the lower bound, the rating beside it.
"$REFEREE" league ladder "$L" --format json >"$TMP/ladder.json"
expect_eq "$("$PYTHON3" -c 'import json, sys
rows = json.load(open(sys.argv[1]))["ladder"]
low = [r["interval"][0] if r["status"] == "rated" else (r["rating"] if r["status"] == "above" else -1e9) for r in rows]
print(low == sorted(low, reverse=True), [r["rank"] for r in rows], sum(r["games"] for r in rows))' "$TMP/ladder.json")" \
	"True [1, 2, 3] 24" "json: ranked by the interval's lower bound, 12 games of two seats"

# A new version: a's files change.
printf 'x' >>"$TMP/a/bot"
expect_exit 0 "$REFEREE" league add "$L" a $(bot a)
expect_eq "$(cut -c1-18 "$OUT")" "a v2 added (files " "other files: a new version"
a1=$(games_of a 1)
# (The old one stays ranked, superseded, while it is rated and the new
# one is not: league_rest.sh.)
expect_eq "$(rows "$L" | grep -v '^a v1 superseded$' | cut -d' ' -f1-3 | sort | tr '\n' ' ')" "a v2 active b v1 active c v1 active " \
	"the ladder: the new version, the old one not among the active"
expect_eq "$(rows "$L" --versions | grep -cE '^a v1 (old|superseded)$')" 1 "--versions: the old version, as old or superseded"
expect_exit 0 "$REFEREE" league retire "$L" c
expect_eq "$(cat "$OUT")" "c retired: its versions keep their record, apart" "retire c"
expect_exit 2 "$REFEREE" league retire "$L" zz
expect_eq "$(head -1 "$ERR")" "referee league: the league has no bot 'zz' (see 'referee league ladder --versions')" \
	"retire: an unknown bot"
expect_exit 0 "$REFEREE" league run "$L" --games 6 --concurrency 1
expect_eq "$(games_of a 1)" "$a1" "the old version plays no more; its record stays"
expect_eq "$(rows "$L" | grep -v '^a v1 superseded$' | cut -d' ' -f1-2 | sort | tr '\n' ' ')" "a v2 b v1 " "the ladder: a retired bot apart"
expect_eq "$(rows "$L" --versions | grep -c '^c v1 retired$')" 1 "--versions: the retired version, as retired"

# kill -9 in the middle of a run: nothing finished is lost, the next run
# closes the cut one and goes on.
"$REFEREE" league add "$L" c2 $(bot c) >/dev/null
"$REFEREE" league run "$L" --for 120s --concurrency 2 >/dev/null 2>&1 &
for _ in $(seq 600); do
	n=$(grep -c '"finished"' "$L/runs/000003/run.jsonl" 2>/dev/null)
	[ "${n:-0}" -ge 4 ] && break
	sleep 0.1
done
kill_run "league run $L"
wait
before=$(grep -c '"finished"' "$L/runs/000003/run.jsonl")
expect_exit 0 "$REFEREE" league status "$L"
expect_contains "$OUT" "runs stopped before their end: 1" "status: the run cut by kill -9"
expect_exit 1 "$REFEREE" verify "$L"
expect_contains "$OUT" "not signed: the run was stopped before its end" "verify: the cut run is not a whole yet"
# As a close cut short by a full disk leaves it (league_disk.sh): a set
# listed dropped and its logs removed, the signature not written.  The
# next run lists that set dropped no second time.
cut=$L/runs/000003/run.jsonl
first=$("$PYTHON3" - "$cut" <<'PY'
import json, sys
started, finished = [], set()
for line in open(sys.argv[1]):
    r = json.loads(line)
    started += r.get("games", []) if r.get("type") == "started" else []
    finished |= {r["game"]} if r.get("type") == "finished" else set()
print(next(g for g in started if g % 2 and not {g, g + 1} & finished))
PY
)
printf '{"seq":0,"prev":"%064d","type":"dropped","games":[%d,%d]}\n' 0 "$first" $((first + 1)) >>"$cut"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" rechain "$cut" "$cut.new" && mv "$cut.new" "$cut"
rm -f "$L/runs/000003/game-$(printf %06d "$first").jsonl" "$L/runs/000003/game-$(printf %06d $((first + 1))).jsonl"
expect_exit 0 "$REFEREE" league run "$L" --games 4 --concurrency 2
after=$(grep -c '"finished"' "$L/runs/000003/run.jsonl")
expect_eq "$([ "$after" -ge "$before" ] && [ $((after % 2)) -eq 0 ]; echo $?)" 0 \
	"the next run closed the cut one: its $before finished games kept ($after, whole sets)"
expect_eq "$(tail -1 "$L/runs/000003/run.jsonl" | grep -c '"type":"signature"')" 1 "... and signed it"
# Of revision 7 what follows the last seal is not taken on trust: the set
# is listed from its signed records and its logs, cut (none left), once.
expect_eq "$(grep -c "\"type\":\"dropped\",\"games\":\[$first,$((first + 1))\]" "$cut") $(grep -c "\"type\":\"cut\",\"games\":\[$first,$((first + 1))\]" "$cut")" "0 1" \
	"... the set an unsigned record listed dropped listed cut, once"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after the next run: whole again"
expect_eq "$(ls "$L"/runs/*/game-*.jsonl | wc -l)" \
	"$("$REFEREE" league status "$L" | sed -n 's/^runs: [0-9]*; games: \([0-9]*\) in .*/\1/p')" \
	"the index holds every log of the folder"

# The index again from the logs alone: the same ladder to the byte.
for f in table json csv; do
	"$REFEREE" league ladder "$L" --versions --format $f >"$TMP/before.$f"
done
tables="SELECT COUNT(*) FROM games; SELECT COUNT(*) FROM seats; SELECT COUNT(*) FROM tasks;
	SELECT COUNT(*) FROM versions; SELECT COUNT(*) FROM retired"
command -v sqlite3 >/dev/null && sqlite3 "$L/league.db" "$tables" >"$TMP/tables.before"
expect_exit 0 "$REFEREE" league rebuild "$L"
if command -v sqlite3 >/dev/null; then
	expect_eq "$(sqlite3 "$L/league.db" "$tables" | tr '\n' ' ')" "$(tr '\n' ' ' <"$TMP/tables.before")" \
		"rebuild: the same games, seats, sets, versions and retired bots"
else
	ok 0 "rebuild: the same games, seats, sets, versions and retired bots # SKIP sqlite3 is not installed"
fi
for f in table json csv; do
	"$REFEREE" league ladder "$L" --versions --format $f >"$TMP/after.$f"
	expect_eq "$(cmp "$TMP/before.$f" "$TMP/after.$f" && echo same)" same "rebuild: the same $f ladder, byte for byte"
done
# A damaged index: verify names it, and a verb that shows a ladder makes
# it again from the records, saying so.
echo junk >"$L/league.db"
rm -f "$L/league.db-wal" "$L/league.db-shm"
expect_exit 1 "$REFEREE" verify "$L"
expect_contains "$OUT" "$L/league.db: FAILED: " "verify names the damaged index"
expect_exit 0 "$REFEREE" league ladder "$L" --versions --format json
expect_eq "$(cmp "$TMP/before.json" "$OUT" && echo same)" same "a damaged index: the ladder shown as it was"
expect_eq "$(sed 's/([0-9]* games)$/(N games)/' "$ERR")" "referee league: $L/league.db is not a league's index (damaged, or another program's file): made again from the register and the logs (N games)" \
	"... its index made again from the records, saying so"
echo junk >"$L/league.db"
rm -f "$L/league.db-wal" "$L/league.db-shm"
expect_exit 0 "$REFEREE" league rebuild "$L"
"$REFEREE" league ladder "$L" --versions --format json >"$TMP/mended.json"
expect_eq "$(cmp "$TMP/before.json" "$TMP/mended.json" && echo same)" same "rebuild of a damaged index: the same ladder"
# An index that lies: verify names the game.
if command -v sqlite3 >/dev/null; then
	sqlite3 "$L/league.db" "UPDATE seats SET rank = 3 - rank WHERE run = 1 AND game = 3"
	expect_exit 1 "$REFEREE" verify "$L"
	expect_contains "$OUT" "$L/league.db: FAILED: game 3 of run 000001 is in the logs, not in it as its log has it" \
		"verify: an index that changed a game's ranks"
	"$REFEREE" league rebuild "$L" >/dev/null
	sqlite3 "$L/league.db" "DELETE FROM retired"
	expect_exit 1 "$REFEREE" verify "$L"
	# (The sets a stop cut, said after: league_cut.sh.)
	expect_eq "$(grep FAILED "$OUT" | sed 's/ [0-9]* runs, [0-9]* logs in [0-9]* sets:/ N runs, N logs in N sets:/; s/; \(no set\|[0-9]* sets\{0,1\}\) cut by a stop.*$//')" \
		"$L/league.db: FAILED: it and the register disagree on whether c is retired
$L: FAILED: a league of rolit, N runs, N logs in N sets: 1 failure, each on a line above" \
		"verify: an index that forgot a retired bot, then the league's line"
	"$REFEREE" league rebuild "$L" >/dev/null
	# A failure of the league's folder itself counts in its line too.
	cp "$L/league.json" "$TMP/league.json"
	echo '{"format":"arena-league/1"' >"$L/league.json"
	expect_exit 1 "$REFEREE" verify "$L"
	expect_eq "$(grep -c ": ok: " "$OUT") $(tail -1 "$OUT" | sed 's/ [0-9]* runs, [0-9]* logs in [0-9]* sets:/ N runs, N logs in N sets:/; s/above;.*/above/')" \
		"0 $L: FAILED: a league of ?, N runs, N logs in N sets: 1 failure, each on a line above" \
		"verify: league.json broken, counted in the league's line, which is not ok"
	cp "$TMP/league.json" "$L/league.json"
else
	ok 0 "verify: an index that changed a game's ranks # SKIP sqlite3 is not installed"
	ok 0 "verify: an index that forgot a retired bot # SKIP sqlite3 is not installed"
	ok 0 "exit 1: referee verify # SKIP sqlite3 is not installed"
	ok 0 "verify: league.json broken # SKIP sqlite3 is not installed"
fi
# A folder holding another game's runs.
"$REFEREE" league init "$TMP/bolo" --game bolo >/dev/null
cp -r "$L/runs" "$TMP/bolo/"
expect_exit 2 "$REFEREE" league rebuild "$TMP/bolo"
expect_eq "$(head -1 "$ERR")" "referee league: $TMP/bolo/runs/000001/run.jsonl: a run of rolit, not of the league's bolo" \
	"rebuild of a folder with another game's runs: refused"

# Seasons: the ladder frozen and kept, every version rated afresh.
"$REFEREE" league ladder "$L" --versions --format csv >"$TMP/first.csv"
expect_exit 0 "$REFEREE" league season "$L" s2
expect_eq "$(cat "$OUT")" "season first ended, its ladder kept in $L/seasons/first; season s2 begins, every version rated afresh" \
	"season: the first ends, s2 begins"
expect_eq "$(cmp "$TMP/first.csv" "$L/seasons/first/ladder.csv" && echo same)" same "season: the old ladder frozen, every version"
expect_exit 0 "$REFEREE" league ladder "$L" --season first --format csv
expect_eq "$(cmp "$OUT" "$TMP/first.csv" && echo same)" same "ladder --season first: the frozen ladder"
expect_eq "$("$REFEREE" league ladder "$L" --format json | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["games"])')" 0 \
	"the new season's ladder: no game yet"
expect_exit 2 "$REFEREE" league season "$L" s2
expect_eq "$(head -1 "$ERR")" "referee league: the league has had a season 's2' already" "season: a name used already"
expect_exit 0 "$REFEREE" league run "$L" --games 4 --concurrency 2
expect_eq "$("$REFEREE" league ladder "$L" --format json | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["games"])')" 4 \
	"the new season counts its own games"
"$REFEREE" league ladder "$L" --format json >"$TMP/s2.json"
"$REFEREE" league rebuild "$L" >/dev/null
expect_eq "$("$REFEREE" league ladder "$L" --format json | cmp - "$TMP/s2.json" && echo same)" same \
	"rebuild: the same season's ladder"
expect_exit 0 "$REFEREE" verify "$L"

# Two runs at once on one league: the second refused; SIGTERM stops the
# first with its games kept.
"$REFEREE" league run "$L" --for 120s --concurrency 1 >/dev/null 2>"$TMP/first.err" &
first=$!
for _ in $(seq 300); do
	[ -e "$L/runs/000006/run.jsonl" ] && break
	sleep 0.1
done
expect_exit 2 "$REFEREE" league run "$L" --games 2
expect_contains "$ERR" "referee league: one run at a time on a league: " "two runs on one league: the second refused"
kill -TERM "$first"
wait "$first"
expect_eq "$?" 1 "SIGTERM: the run stops with status 1"
expect_eq "$(cat "$TMP/first.err")" "referee league: stopped by SIGTERM; every finished game is kept, and the next run goes on" \
	"SIGTERM: said"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after SIGTERM: whole"

# A late bot plays more than its share until its interval narrows: 3
# bots played 60 games; d, new, is in most of the next 10 sets.
L=$TMP/late
"$REFEREE" league init "$L" --game rolit -o size=6 >/dev/null
for b in a b c; do
	"$REFEREE" league add "$L" "$b" $(bot "$b") >/dev/null
done
expect_exit 0 "$REFEREE" league run "$L" --games 60 --concurrency 2
expect_exit 0 "$REFEREE" league add "$L" d $(bot d)
# A task of one set each, so that each set is picked afresh.
expect_exit 0 "$REFEREE" league run "$L" --games 20 --concurrency 1 --batch 1
d=$(games_of d 1)
expect_eq "$([ "$d" -ge 14 ]; echo $?)" 0 "a late bot's share: $d of the 20 games (a fair share is 10)"

# A bot added while a run plays joins it at the next pick: the run ends
# there (its tasks in flight finish) and the next seats the new bot.
mkdir "$TMP/e" && cp "$CBOT" "$TMP/e/bot"
"$REFEREE" league run "$L" --for 120s --concurrency 2 >"$TMP/join.out" 2>"$TMP/join.err" &
joined=$!
runs_before=$(ls "$L/runs" | wc -l)
for _ in $(seq 300); do
	[ "$(ls "$L/runs" | wc -l)" -gt "$runs_before" ] && break
	sleep 0.1
done
expect_exit 0 "$REFEREE" league add "$L" e $(bot e)
for _ in $(seq 600); do
	[ "$(games_of e 1)" -gt 0 ] && break
	sleep 0.1
done
e=$(games_of e 1)
kill -TERM "$joined"
wait "$joined"
expect_eq "$([ "$e" -gt 0 ]; echo $?)" 0 "a bot added during a run plays without a restart ($e games within a minute)"
expect_eq "$(ls "$L/runs" | wc -l)" $((runs_before + 2)) "... in a new run, begun when the one it was added during ended"
expect_eq "$(head -1 "$TMP/join.err")" "referee league: the league's bots changed: a new run seats them" \
	"... which the run says"
expect_eq "$(sed 's/^[0-9]* games in [0-9]* sets/N games in M sets/' "$TMP/join.out")" "N games in M sets played and rated, in 2 runs" \
	"... and its summary counts both runs"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"... and both runs verify"

# A task's sets share their bot processes: each bot says on its stderr
# when a process of it starts. Two bots, 6 sets of two games: in tasks of
# 3 sets, 2 tasks of 2 processes a bot (one a game of a set); in tasks of
# one set, 6 of 2.
L=$TMP/tasks
"$REFEREE" league init "$L" --game rolit -o size=6 >/dev/null
for b in p q; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
	printf '#!/bin/sh\necho "%s started" >&2\nexec "$(dirname "$0")/bot" "$@"\n' "$b" >"$TMP/$b/start"
	chmod +x "$TMP/$b/start"
	"$REFEREE" league add "$L" "$b" "$TMP/$b/start" "$TMP/$b/bot" "$TMP" >/dev/null
done
# (over each worker's file of the version: docs/LEAGUE.md, "The folder").
starts() { cat "$L/stderr/$1"-v1*.stderr | grep -c "^$1 started\$"; }
expect_exit 0 "$REFEREE" league run "$L" --games 12 --concurrency 1 --batch 3
# A run's first task of a version not yet measured is one set (its wall
# time: docs/LEAGUE.md, "The policy", 6), then tasks of 3: 1, 3 and 2.
expect_eq "$(starts p) $(starts q)" "6 6" "--batch 3: 6 sets on 6 processes a bot (tasks of 1, 3 and 2 sets)"
expect_eq "$(cat "$L"/stderr/p-v1*.stderr | grep -c '^q started$') $(cat "$L"/stderr/q-v1*.stderr | grep -c '^p started$')" \
	"0 0" "... each process writes its own version's files"
expect_exit 0 "$REFEREE" league run "$L" --games 12 --concurrency 1 --batch 1
expect_eq "$(starts p) $(starts q)" "18 18" "--batch 1: 6 sets on 12 processes a bot"
expect_exit 0 "$REFEREE" league run "$L" --games 12 --concurrency 2 --batch 24
# Each worker's first task one set (the versions not yet measured), then
# a worker's share of 3 sets at most: 1, 1, 3 and 1.
expect_eq "$(starts p) $(starts q)" "26 26" "--games 12 at concurrency 2: tasks of 3 sets at most, not one of 6"
expect_eq "$("$REFEREE" league ladder "$L" --format json | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["games"])')" 36 \
	"every game of the three runs rated"
expect_exit 0 "$REFEREE" verify "$L"
expect_exit 2 "$REFEREE" league run "$L" --batch 0
expect_eq "$(head -1 "$ERR")" "referee league: --batch takes a whole number from 1 to 10000, not '0'" "--batch 0: refused"

# As a normal user.
unprivileged
U=$TMP/normal
run "${AS[@]}" "$REFEREE" league init "$U" --game rolit -o size=6
expect_eq "$RC" 0 "as a normal user: init"
# Python bots: a C bot of a sanitizer build maps its shadow memory
# writable, which the fallback's memory limit refuses.
run "${AS[@]}" "$REFEREE" league add "$U" first "$AS_PYTHON3 $ZOO/first-legal.py $TMP"
expect_eq "$RC" 0 "as a normal user: add (its pre-flight passed)"
run "${AS[@]}" "$REFEREE" league add "$U" last "$AS_PYTHON3 $ZOO/last-legal.py $TMP"
run "${AS[@]}" "$REFEREE" league run "$U" --games 4 --concurrency 2
expect_eq "$RC" 0 "as a normal user: a run"
run "${AS[@]}" "$REFEREE" verify "$U"
expect_eq "$RC $(league_verified)" "0 $U: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"as a normal user: the league verifies"

assert_no_leftovers
done_testing

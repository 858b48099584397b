#!/usr/bin/env bash
# End-to-end: what a league keeps on disk (docs/LEAGUE.md, "A run", "The
# folder", "Nothing lost"): `league run` writes its logs gzip-compressed
# unless given --no-compress, and a league holding runs of both kinds
# verifies, rebuilds to the same ladder and is served (a log's GET: its
# JSON lines either way; its replay page); a run's folder holds at most
# --run-games logs, the next run going on in a folder of its own; and
# `verify` of a league says it in one line (its runs, logs and sets), -v
# each log's line too, and its failures always, each on its line.  As
# root, the league is a normal user's (nobody's) and the server drops to
# them.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
league_of_three "$L"
# magic DIR: the first two bytes of each log of the run folder DIR, in hex,
# counted ("8 1f8b").
magic() {
	for log in "$1"/game-*.jsonl; do head -c 2 "$log" | od -An -tx1 | tr -d ' \n'; echo; done |
		sort | uniq -c | sed 's/^ *//'
}

# --- compressed by default, plain with --no-compress --------------------------
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 8 --concurrency 2
expect_eq "$(magic "$L/runs/000001")" "8 1f8b" "league run: its 8 logs gzip-compressed (gzip's magic)"
expect_eq "$(gzip -dc "$L/runs/000001/game-000001.jsonl" | tail -1 | grep -c '"type":"signature"')" 1 \
	"... gzip -dc reads one as the plain log, down to its signature"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 4 --concurrency 2 --no-compress
expect_eq "$(magic "$L/runs/000002")" "4 7b22" "league run --no-compress: its 4 logs plain ('{\"')"

# --- a run's folder holds at most --run-games logs -----------------------------
expect_exit 2 "${LEAGUE[@]}" run "$L" --run-games 0
expect_eq "$(head -1 "$ERR")" "referee league: --run-games takes a whole number from 1 to 1000000, not '0'" \
	"--run-games 0: refused"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 10 --run-games 4 --concurrency 2
expect_eq "$(cat "$OUT")" "10 games in 5 sets played and rated, in 3 runs" \
	"--games 10 --run-games 4: three runs"
expect_eq "$(for r in 3 4 5; do ls "$L/runs/00000$r" | grep -c '^game-'; done | tr '\n' ' ')" "4 4 2 " \
	"... of 4, 4 and 2 logs, each in a folder of its own"
expect_eq "$(for r in 3 4 5; do tail -1 "$L/runs/00000$r/run.jsonl" | grep -c '"type":"signature"'; done | tr '\n' ' ')" "1 1 1 " \
	"... each run.jsonl signed"
expect_eq "$(grep -c '"type":"finished"' "$L"/runs/00000[345]/run.jsonl | cut -d: -f2 | tr '\n' ' ')" "4 4 2 " \
	"... listing its own games finished"

# --- verify: one line, -v each log's, failures always --------------------------
LOGS=$(cd "$L" && ls runs/*/game-*.jsonl | wc -l)
expect_eq "$LOGS" 22 "22 logs in the league's five runs"
run "${AS[@]}" "$REFEREE" verify "$L/runs/000001/game-000001.jsonl"
signer=$(sed 's/.*, signed by /signed by /; s/; game .*//' "$OUT")
run "${AS[@]}" "$REFEREE" verify "$L"
expect_eq "$RC $(cat "$OUT")" "0 $L: ok: a league of rolit, 5 runs, 22 logs in 11 sets, every log verified, and its index league.db as its register and its runs' logs give it; $signer; no set cut by a stop" \
	"verify of the league: one line, its runs, logs and sets counted, the key that signed"
run "${AS[@]}" "$REFEREE" verify -v "$L"
expect_eq "$RC $(wc -l <"$OUT")" "0 23" "verify -v: a line a log, then the league's"
expect_eq "$(head -22 "$OUT" | sed "s|^$L/||; s|: ok: rolit, 2 players, .*||")" "$(cd "$L" && ls runs/*/game-*.jsonl)" \
	"... each log ok, in the order of its run and game"
expect_eq "$(tail -1 "$OUT")" "$L: ok: a league of rolit, 5 runs, 22 logs in 11 sets, every log verified, and its index league.db as its register and its runs' logs give it; $signer; no set cut by a stop" \
	"... and the league's line last"

# A log changed (its lines unpacked, one changed, packed again): its
# failures, its set's, then the league's line saying how many.
B=$TMP/bad
cp -a "$L" "$B"
LOG=$B/runs/000001/game-000003.jsonl
gzip -dc "$LOG" | sed '2s/,/, /' | gzip >"$TMP/changed" && cat "$TMP/changed" >"$LOG"
SET=$(gzip -dc "$LOG" | head -1 | "$PYTHON3" -c 'import json, sys; print(json.loads(sys.stdin.readline())["set"]["id"])')
run "${AS[@]}" "$REFEREE" verify "$B"
expect_eq "$RC" 1 "verify of a league with a changed log: exit status 1"
expect_eq "$(cat "$OUT")" "$LOG: FAILED: altered: its SHA-256 is not the one run.jsonl lists for game 3
$LOG: FAILED: line 3: \"prev\" is not the hash of line 2: a line was changed, removed or reordered
set $SET: FAILED: incomplete: no log of game 0 (of 2, counted from 0) that verifies
$B: FAILED: a league of rolit, 5 runs, 22 logs in 10 sets: 3 failures, each on a line above; no set cut by a stop" \
	"... the log's failures and its set's, each on its line, then the league's line"

# --- rebuild and the server read both kinds ------------------------------------
"${LEAGUE[@]}" ladder "$L" --versions --format json >"$TMP/before.json"
expect_exit 0 "${LEAGUE[@]}" rebuild "$L"
"${LEAGUE[@]}" ladder "$L" --versions --format json >"$TMP/after.json"
expect_eq "$(cmp "$TMP/before.json" "$TMP/after.json" && echo same)" same \
	"rebuild from compressed and plain logs: the same ladder to the byte"

if command -v curl >/dev/null; then
	serve "${SERVE_AS[@]}" -- "$L" --no-play
	expect_eq "$(code /logs/000001/game-000001.jsonl)" 200 "GET of a compressed log: 200"
	expect_eq "$(gzip -dc "$L/runs/000001/game-000001.jsonl" | cmp - "$TMP/body" && echo same)" same \
		"... its JSON lines, unpacked"
	expect_eq "$(code /logs/000001/game-000001.jsonl -H 'Accept-Encoding: gzip')" 200 \
		"GET of it accepting gzip: 200"
	expect_eq "$(gzip -dc "$L/runs/000001/game-000001.jsonl" | cmp - "$TMP/body" && echo same)" same \
		"... its JSON lines all the same (its members are no stream every client unpacks)"
	expect_eq "$(code /logs/000002/game-000001.jsonl)" 200 "GET of a plain log: 200"
	expect_eq "$(cmp "$L/runs/000002/game-000001.jsonl" "$TMP/body" && echo same)" same "... its bytes"
	expect_eq "$(code /logs/000005/game-000003.jsonl)" 404 "GET of a log past the last run's: 404"
	expect_eq "$(code /games/000001/game-000001)" 200 "GET of a compressed log's replay page: 200"
	expect_contains "$TMP/body" "<!DOCTYPE html>" "... a page"
	expect_eq "$(code '/api/games?since=5000001')" 200 "GET /api/games after run 5's first game"
	expect_eq "$(json '" ".join(g["log"] for g in d["games"])')" "/logs/000005/game-000002.jsonl" \
		"... the log of run 5's second game, named as any"
	stop
fi

done_testing

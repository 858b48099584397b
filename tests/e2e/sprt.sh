#!/usr/bin/env bash
# `referee sprt` with pairs played at once (--concurrency): the same
# verdict and counts as one pair at a time, its labelled pentanomial
# counts, its status line on stderr (a terminal's rewritten in place), no
# bot left behind and no log of an uncounted game kept when the verdict
# stops the games in flight, an opening book's line a pair and the logs
# --out keeps compressed, and bad values refused.
. "$(dirname "$0")/../tools/lib.sh"

FIRST="$PYTHON3 $ZOO/first-legal.py $TMP"
LAST="$PYTHON3 $ZOO/last-legal.py $TMP"
PTY="$PYTHON3 $top_srcdir/tests/tools/pty_run.py"

# Deterministic bots: every pair is a win and a loss, H0 after 9 pairs.
want="H1: a is at least 100 Elo stronger than b; H0: a is at most 0 Elo stronger than b (logistic); LLR bounds [-2.944, 2.944]
pair 1: 0.0 + 1.0  LL 0 LD 0 DD/WL 1 WD 0 WW 0  LLR -0.323
pair 2: 0.0 + 1.0  LL 0 LD 0 DD/WL 2 WD 0 WW 0  LLR -0.651
pair 3: 0.0 + 1.0  LL 0 LD 0 DD/WL 3 WD 0 WW 0  LLR -0.980
pair 4: 0.0 + 1.0  LL 0 LD 0 DD/WL 4 WD 0 WW 0  LLR -1.308
pair 5: 0.0 + 1.0  LL 0 LD 0 DD/WL 5 WD 0 WW 0  LLR -1.637
pair 6: 0.0 + 1.0  LL 0 LD 0 DD/WL 6 WD 0 WW 0  LLR -1.965
pair 7: 0.0 + 1.0  LL 0 LD 0 DD/WL 7 WD 0 WW 0  LLR -2.294
pair 8: 0.0 + 1.0  LL 0 LD 0 DD/WL 8 WD 0 WW 0  LLR -2.622
pair 9: 0.0 + 1.0  LL 0 LD 0 DD/WL 9 WD 0 WW 0  LLR -2.951
H0 accepted after 9 pairs: a scores 50.0%, Elo +0.0 +/- n/a (too few games), normalized Elo n/a, LOS n/a
9 pairs, 18 games: W-L-D 9-9-0, LL 0 LD 0 DD/WL 9 WD 0 WW 0, LLR -2.951 [-2.944, 2.944]"
# Two versions of one bot that both say hello as random-c: A and B, by
# their files; --quiet: no line per pair.
mkdir "$TMP/v1" "$TMP/v2"
cp "$CBOT" "$TMP/v1/mybot"
cp "$CBOT" "$TMP/v2/mybot2"
expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 50 --max-pairs 3 --quiet "$TMP/v1/mybot" "$TMP/v2/mybot2"
expect_eq "$(head -n 1 "$OUT")" "H1: A (mybot) is at least 50 Elo stronger than B (mybot2); H0: A (mybot) is at most 0 Elo stronger than B (mybot2) (logistic); LLR bounds [-2.944, 2.944]" \
	"sprt: two bots saying the same name are A and B, by their files, and the hypotheses in words"
expect_eq "$(grep -c '^pair ' "$OUT") $(wc -l <"$OUT")" "0 3" "--quiet: no line per pair, the hypotheses and the result"
expect_contains "$OUT" "no verdict after 3 pairs: A (mybot) scores " "the result names A"
expect_eq "$(cat "$ERR")" "" "--quiet with stderr in a file: no progress lines there either"
# An estimate between the bounds with a verdict: the note says what flips.
expect_exit 0 "$REFEREE" sprt rolit --elo0 -20 --elo1 100 -o size=6 --quiet "a=$FIRST" "b=$LAST"
expect_eq "$(tail -n 1 "$OUT")" "note: the estimate, +0.0 Elo, lies between the bounds -20 and +100: runs of this test may accept H0 one time and H1 the next, and either only says the gap is not far past the other bound" \
	"a verdict with the estimate between the bounds: the note"
for n in 1 2 4; do
	expect_exit 0 "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --concurrency "$n" \
		--out "$TMP/c$n" "a=$FIRST" "b=$LAST"
	expect_eq "$(cat "$OUT")" "$want" "--concurrency $n: the same pairs, lines and verdict, labelled"
done
# Each worker's bots have stderr files of their own (NAME.K.stderr for
# the K-th worker), so that one game's lines are not mixed with another's.
expect_eq "$(cd "$TMP/c2" && echo *.stderr)" "a.2.stderr a.stderr b.2.stderr b.stderr" \
	"--concurrency 2: a stderr file per bot and worker"
# With 4 at once, pairs 10 and after were in flight at the verdict: stopped
# and dropped, their logs with them; the logs kept are those counted.
expect_eq "$(cd "$TMP/c4" && echo game-*.jsonl)" "$(printf 'game-%06d.jsonl ' $(seq 18) | sed 's/ $//')" \
	"--out keeps the logs of the 18 games counted, no other"
expect_exit 0 "$REFEREE" verify --key "$TMP/c4/referee.pub" "$TMP"/c4/game-*.jsonl
# run.jsonl names the test and ends with its verdict, which verify
# recomputes from the pairs' logs: re-signed with the key, a verdict that
# is not the pairs', or a counted pair listed as dropped, is refused.
expect_eq "$(sed -n 2p "$TMP/c4/run.jsonl" | cut -d, -f3-)" \
	'"type":"sprt","elo0":"0","elo1":"100","alpha":"0.05","beta":"0.05","model":"logistic","max_pairs":10000}' \
	"sprt --out: run.jsonl names the test after its header"
expect_eq "$(tail -2 "$TMP/c4/run.jsonl" | head -1 | cut -d, -f3-)" '"type":"verdict","verdict":"H0","pairs":9}' \
	"... and its verdict, last before the signature"
expect_exit 0 "$REFEREE" verify "$TMP/c4/run.jsonl"
KEY=$KEYDIR/referee.key
"$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --concurrency 1 --key "$KEY" \
	--out "$TMP/k" "a=$FIRST" "b=$LAST" >/dev/null 2>&1
mkdir "$TMP/k-verdict"
cp "$TMP"/k/game-*.jsonl "$TMP/k-verdict/"
$LOGTOOL resign "$TMP/k/run.jsonl" "$TMP/k-verdict/run.jsonl" "$KEY" sub verdict '"H0","pairs":9' '"H1","pairs":9'
expect_exit 1 "$REFEREE" verify "$TMP/k-verdict"
expect_contains "$OUT" "$TMP/k-verdict/run.jsonl: FAILED: its verdict is H1 after 9 pairs; its pairs' logs give H0 after 9 (LLR -2.951)" \
	"a verdict rewritten and signed again: refused, with the pairs' verdict"
mkdir "$TMP/k-dropped"
cp "$TMP"/k/game-*.jsonl "$TMP/k-dropped/"
rm "$TMP"/k-dropped/game-00000[34].jsonl
finished3=$(grep -n '"type":"finished","game":3,' "$TMP/k/run.jsonl" | cut -d: -f1)
$LOGTOOL resign "$TMP/k/run.jsonl" "$TMP/k-dropped/run.jsonl" "$KEY" \
	sub "$((finished3 - 1))" '"type":"finished","game":3,.*' '"type":"dropped","games":[3,4]}' \
	drop "$finished3"
expect_exit 1 "$REFEREE" verify "$TMP/k-dropped"
expect_contains "$OUT" "$TMP/k-dropped/run.jsonl: FAILED: pair 2 (games 3 and 4) is listed dropped, before the verdict's pair 9: only pairs after the verdict are dropped" \
	"a counted pair rewritten as dropped and signed again: refused"
assert_no_leftovers "no bot process left after the verdict stopped the games in flight"

# The status line, not on a terminal: a plain line at the first pair,
# then one every 5 seconds at most.
run "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --concurrency 2 "a=$FIRST" "b=$LAST"
expect_eq "$(grep -E '^[0-9]+ pairs?, ' "$ERR" | head -1)" \
	"1 pair, 2 games: W-L-D 1-1-0, LL 0 LD 0 DD/WL 1 WD 0 WW 0, LLR -0.323 [-2.944, 2.944]" \
	"the status line: pairs, games, W-L-D, the labelled pentanomial, the LLR and its bounds"
# On a terminal it is rewritten in place after each pair, and erased
# before the result.
$PTY -- "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --concurrency 2 "a=$FIRST" "b=$LAST" >"$TMP/tty"
expect_eq "$?" 0 "on a terminal: exit 0"
expect_contains "$TMP/tty" $'\r9 pairs, 18 games: W-L-D 9-9-0, LL 0 LD 0 DD/WL 9 WD 0 WW 0, LLR -2.951 [-2.944, 2.944]\e[K\r\e[KH0 accepted after 9 pairs' \
	"on a terminal: the status line rewritten in place, erased before the result"

# A clearly stronger bot (a threshold strategy against random moves made
# slowly, so that games are in flight at the verdict): H1 one pair at a
# time and three at once, the result's counts those of the pairs printed.
SLOW="$(zoo slow 5)"
for n in 1 3; do
	expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 200 --concurrency "$n" \
		"t=$BOTS/threshold-bot 350 $TMP" "r=$SLOW"
	pairs=$(grep -c '^pair ' "$OUT")
	expect_contains "$OUT" "H1 accepted after $pairs pairs: t scores" "--concurrency $n: H1 after the pairs printed"
	expect_eq "$(sed -n '/^H1 accepted after/{n;p;}' "$OUT" | cut -d: -f1)" "$pairs pairs, $((2 * pairs)) games" \
		"--concurrency $n: the counts are those of the pairs counted"
done
assert_no_leftovers "no bot process left after an early stop"

# Ctrl-C before a verdict: the pairs counted so far are said as a result
# without a verdict, the games in flight stop with their bots, their logs
# are kept and run.jsonl is left unsigned (a stopped test is no result).
"$REFEREE" sprt bolo --elo0 0 --elo1 5 --concurrency 2 --out "$TMP/stopped" \
	"a=$CBOT $TMP" "b=$SLOW" >"$TMP/stopped.out" 2>"$TMP/stopped.err" </dev/null &
pid=$!
for _ in $(seq 600); do
	grep -q '^pair 2:' "$TMP/stopped.out" 2>/dev/null && break
	sleep 0.05
done
kill -INT "$pid"
wait "$pid"
expect_eq "$?" 2 "SIGINT before a verdict: exit status 2"
pairs=$(grep -c '^pair ' "$TMP/stopped.out")
expect_contains "$TMP/stopped.out" "no verdict after $pairs pairs: a scores " \
	"SIGINT: the result of the pairs counted, without a verdict"
expect_eq "$(grep -v '^[0-9]* pairs\?, ' "$TMP/stopped.err")" \
	"referee sprt: stopped by SIGINT (Ctrl-C) after $pairs pairs counted, before a verdict; the folder's run.jsonl is left unsigned" \
	"SIGINT: said on stderr, with the pairs counted"
# Unsigned: its last line no signature, or the seal of a started record.
last=$(tail -1 "$TMP/stopped/run.jsonl" | grep -c '"type":"signature"')
before=$(tail -2 "$TMP/stopped/run.jsonl" | head -1 | grep -c '"type":"started"')
ok "$([ "$last" = 0 ] || [ "$before" = 1 ]; echo $?)" "SIGINT: run.jsonl unsigned (no signature after its last record but a started record's seal)"
ok "$([ "$(ls "$TMP/stopped"/game-*.jsonl | wc -l)" -ge $((2 * pairs)) ]; echo $?)" \
	"SIGINT: every log kept, the counted pairs' and the games cut"
assert_no_leftovers "no bot process left after SIGINT"

# An opening book: each pair's two games open from one line, the next
# pair's from the next; --compress: the logs --out keeps are gzip, and
# verify reads them.
cat >"$TMP/book.txt" <<'BOOK'
# two openings
F4 C3
F4 E3
BOOK
expect_exit 0 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --max-pairs 3 --quiet \
	--openings-book "$TMP/book.txt" --out "$TMP/booked" --compress "a=$FIRST" "b=$LAST"
expect_eq "$(for n in 1 2 3 4 5 6; do
	zcat -f <"$TMP/booked/game-00000$n.jsonl" | head -n 1 | sed -n 's/.*"book":{"sha256":"[0-9a-f]*","line":\([0-9]*\),.*/\1/p'
done | tr '\n' ' ')" "2 2 3 3 2 2 " "--openings-book: a line a pair, both games, in the book's order"
expect_eq "$(cat "$TMP"/booked/game-*.jsonl | head -c 2 | od -An -tx1 | tr -d ' ')" "1f8b" \
	"--compress: the logs are gzip"
run "$REFEREE" verify "$TMP"/booked/game-*.jsonl
ok "$([ "$RC" = 0 ] && [ "$(grep -c ': ok:' "$OUT")" = 6 ]; echo $?)" "... and verify" || diag_run
expect_eq "$(grep -c 'opening book' "$OUT")" 0 "... each game on the line its pair's schedule gives it"
# A pair's log in another pair's place: verify gives each game its line
# again from its header's schedule (docs/FAIRNESS.md, "Opening books").
cp -r "$TMP/booked" "$TMP/booked-moved"
cp "$TMP/booked/game-000003.jsonl" "$TMP/booked-moved/game-000001.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/booked-moved"
expect_contains "$OUT" "$TMP/booked-moved/game-000001.jsonl: FAILED: game 1 opens with line 3 of the opening book (F4 E3); the schedule gives it line 2 (F4 C3)" \
	"sprt: a log in another pair's place is refused"
expect_exit 2 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --compress "a=$FIRST" "b=$LAST"
expect_contains "$ERR" "referee sprt: --compress compresses the logs that --out keeps: give --out DIR too" \
	"--compress without --out is refused"
expect_exit 2 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --openings 2 --openings-book "$TMP/book.txt" "a=$FIRST" "b=$LAST"
expect_contains "$ERR" "referee sprt: give --openings N or --openings-book FILE, not both" \
	"--openings and --openings-book together are refused"
printf 'Z9\n' >"$TMP/bad-book.txt"
expect_exit 2 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --openings-book "$TMP/bad-book.txt" "a=$FIRST" "b=$LAST"
expect_contains "$ERR" "bad-book.txt" "a bad book is refused, named"

# Bad values.
for bad in 0 -1 4097 two ""; do
	expect_exit 2 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --concurrency "$bad" "a=$FIRST" "b=$LAST"
	expect_contains "$ERR" "referee sprt: --concurrency takes a whole number from 1 to 4096, not '$bad'" \
		"--concurrency '$bad' is refused, named"
done
expect_eq "$(cat "$OUT")" "" "... before any game"

# An --out that cannot be made is named, as play names it.
: >"$TMP/a-file"
expect_exit 2 "$REFEREE" sprt rolit --elo0 0 --elo1 100 --out "$TMP/a-file/out" "a=$FIRST" "b=$LAST"
expect_eq "$(head -n 1 "$ERR")" "referee sprt: cannot create folder '$TMP/a-file/out': Not a directory" \
	"an --out under a file is refused, named"

done_testing

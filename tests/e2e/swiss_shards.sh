#!/usr/bin/env bash
# End-to-end tests of a sharded Swiss run (docs/SWISS.md): 16
# deterministic bots over 4 rounds in 3 shards played side by side, each
# shard pairing a round from the results of all three: the pairings, read
# from the union of the shards' manifests, are the ones tests/tools/swiss.py
# recomputes and those of an unsharded run of the same file; a shard killed
# in the middle of a round and resumed pairs the same; verify and ladder
# over the three folders pass, refuse a pairing changed in one shard, and
# say when given only some of the shards; a shard refuses a peer of
# another run, and an --out that does not name its shard.
. "$(dirname "$0")/../tools/lib.sh"

. "$(dirname "$0")/../tools/swiss_field.sh"

# shards DIR [EXTRA...]: the 3 shards of s.json into DIR/shard-1..3, side
# by side; their exit codes, in shard order.
shards() {
	local dir=$1 pids=() i codes=""
	shift
	for i in 1 2 3; do
		timeout 300 "$REFEREE" tournament "$TMP/s.json" --out "$dir/shard-$i" \
			--shard "$i/3" --concurrency 1 "$@" >"$dir.$i.out" 2>"$dir.$i.err" &
		pids+=($!)
	done
	for i in 0 1 2; do
		wait "${pids[$i]}"
		codes+="${codes:+ }$?"
	done
	echo "$codes"
}

manifests() { echo "$1"/shard-{1,2,3}/run.jsonl; }

swiss_file "$TMP/s.json" 16 4
RUN_LIMIT=300 expect_exit 0 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/whole" --concurrency 2
$SWISS pairings "$TMP/whole/run.jsonl" >"$TMP/whole.pairs"
expect_eq "$(wc -l <"$TMP/whole.pairs")" 4 "the unsharded run seats 4 rounds"

mkdir -p "$TMP/sh"
expect_eq "$(shards "$TMP/sh")" "0 0 0" "3 shards of the Swiss play side by side and finish"
cat "$TMP/sh".{1,2,3}.err >"$TMP/sh.err"
ok "$(grep -qE '^round [1-4]: waiting for shard [1-3] \([0-9] of [23] games\)$' "$TMP/sh.err"; echo $?)" \
	"a shard says which shard its round waits for, and how far that one is"
expect_eq "$(cat "$TMP"/sh/shard-{1,2,3}/run.jsonl | grep -o '"game":[0-9]*,"seats"' | sort -u | wc -l)" 32 \
	"the shards finish the 32 games of the schedule, each once"
$SWISS pairings $(manifests "$TMP/sh") >"$TMP/sh.pairs"
expect_eq "$(cat "$TMP/sh.pairs")" "$(cat "$TMP/whole.pairs")" \
	"the shards' manifests together seat every round as the unsharded run"
run $SWISS check $(manifests "$TMP/sh")
ok "$([ "$RC" = 0 ]; echo $?)" "... as recomputed from the union of their manifests" || diag_run
expect_eq "$(cat "$OUT")" "$(cat "$TMP/whole.pairs")" "... pairing for pairing"
run "$REFEREE" verify "$TMP"/sh/shard-{1,2,3}
ok "$([ "$RC" = 0 ] && [ "$(grep -c ': ok: a tournament of rolit' "$OUT")" = 3 ]; echo $?)" \
	"verify passes the three shards" || diag_run
run "$REFEREE" ladder "$TMP"/sh/shard-{1,2,3}
ok "$([ "$RC" = 0 ] && grep -q Buchholz "$OUT" && grep -q '32 games' "$OUT"; echo $?)" \
	"the ladder rates the three shards as one run, with its Buchholz" || diag_run
run "$REFEREE" ladder --format json "$TMP/sh"/shard-{1,2,3}
sharded_bh=$("$PYTHON3" -c 'import json, sys
print(sorted((e["bot"], e["buchholz"]) for e in json.load(open(sys.argv[1]))["ladder"]))' "$OUT")
run "$REFEREE" ladder --format json "$TMP/whole"
expect_eq "$sharded_bh" "$("$PYTHON3" -c 'import json, sys
print(sorted((e["bot"], e["buchholz"]) for e in json.load(open(sys.argv[1]))["ladder"]))' "$OUT")" \
	"... the Buchholz of every bot that of the unsharded run"
run "$REFEREE" ladder "$TMP"/sh/shard-{1,2,3}
expect_eq "$(sed '/^$/q' "$OUT" | sed '$d')" "$($SWISS standings "$TMP"/sh/shard-{1,2,3}/run.jsonl)" \
	"... led by the standings of the three shards as one run"

# Only some shards: the pairing cannot be checked.
run "$REFEREE" verify "$TMP"/sh/shard-{1,2}
ok "$([ "$RC" = 1 ]; echo $?)" "verify given 2 of the 3 shards fails" || diag_run
expect_contains "$OUT" "a shard of the Swiss run 's', of which 2 of its 3 shards are given: a round is paired from the results of every shard, so its pairings cannot be checked; give the folders of all 3 shards" \
	"... saying the pairings cannot be checked without every shard"
expect_exit 0 "$REFEREE" ladder "$TMP"/sh/shard-1
expect_contains "$OUT" "NOT CHECKED: $TMP/sh/shard-1/run.jsonl is a shard of a Swiss run whose other shards were not given: its pairings are not checked and its Buchholz is not counted; give every shard's folder" \
	"the ladder of one shard rates its games, saying its pairings are not checked"

# A pairing changed in one shard, its manifest signed again with the key:
# the first game of round 2 (game 9) seated the other way round.
for i in 1 2 3; do
	grep -q '"game":9,"seats"' "$TMP/sh/shard-$i/run.jsonl" && holder=$i
done
cp -r "$TMP/sh" "$TMP/tampered"
swap_seats "$TMP/sh/shard-$holder/run.jsonl" "$TMP/tampered/shard-$holder/run.jsonl" 9
expect_exit 1 "$REFEREE" verify "$TMP"/tampered/shard-{1,2,3}
expect_contains "$OUT" "game 9 seats '$b' and '$a', but the Swiss pairing of round 2, made from the results of the rounds before, seats '$a' and '$b'" \
	"verify over the shards names the game whose pairing was changed"
expect_exit 1 "$REFEREE" ladder "$TMP"/tampered/shard-{1,2,3}
expect_contains "$ERR" "game 9 seats '$b' and '$a'" "... and the ladder refuses to rate them"

# Shard 2 killed in the middle of round 2 (games 9 to 16), then resumed.
mkdir -p "$TMP/k"
for i in 1 2 3; do
	(timeout 300 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/k/shard-$i" \
		--shard "$i/3" --concurrency 1 >"$TMP/k.$i.out" 2>"$TMP/k.$i.err"; echo $? >"$TMP/k.$i.rc") &
done
for _ in $(seq 1200); do
	[ "$(ls "$TMP/k/shard-2/games" 2>/dev/null | wc -l)" -ge 4 ] && break
	sleep 0.05
done
kill_run "referee tournament $TMP/s.json --out $TMP/k/shard-2 "
logs=$(ls "$TMP/k/shard-2/games" | wc -l)
ok "$([ "$logs" -ge 4 ] && [ "$logs" -lt 11 ]; echo $?)" "shard 2 is killed in round 2 ($logs logs)"
RUN_LIMIT=300 expect_exit 0 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/k/shard-2" \
	--shard 2/3 --concurrency 1 --resume
wait
expect_eq "$(cat "$TMP"/k.1.rc "$TMP"/k.3.rc | xargs)" "0 0" "the other shards waited for it and finished"
expect_eq "$($SWISS pairings $(manifests "$TMP/k"))" "$(cat "$TMP/whole.pairs")" \
	"the shards, one killed and resumed, pair every round as the unsharded run"
run "$REFEREE" verify "$TMP"/k/shard-{1,2,3}
ok "$([ "$RC" = 0 ]; echo $?)" "verify passes the shards with the resumed one" || diag_run
assert_no_leftovers "no bot outlives the killed shard"

# A peer of another run, and an --out that does not name the shard.
mkdir -p "$TMP/other"
swiss_file "$TMP/other.json" 16 3
cp -r "$TMP/sh/shard-1" "$TMP/other/shard-1"
run "$REFEREE" tournament "$TMP/other.json" --out "$TMP/other/shard-2" --shard 2/3 --concurrency 1
ok "$([ "$RC" = 2 ]; echo $?)" "a shard whose peer's folder holds another run's stops" || diag_run
expect_contains "$ERR" "$TMP/other/shard-1/run.jsonl: shard 1/3 of a tournament file with SHA-256" \
	"... naming the peer's manifest"
expect_exit 2 "$REFEREE" tournament "$TMP/s.json" --out "$TMP/unnamed" --shard 1/3
expect_contains "$ERR" "give it an --out that ends in 1, as out/shard-1 beside out/shard-1 to out/shard-3" \
	"a shard's --out must end in its shard number"

done_testing

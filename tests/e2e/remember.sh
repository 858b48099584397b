#!/usr/bin/env bash
# End-to-end: a bot that remembers learns no draw of a duplicate set before
# its own game deals it.  tests/zoo/remember.py writes every draw its games
# show into the page cache of the largest files under /usr (and into
# /dev/shm, /tmp, System V shared memory and abstract unix sockets), reads
# there at each decision what its twins in the set's other games wrote, and
# says at the end of each game how many draws it learned from twins (L) and
# how many of them before its own game showed them (E).  In every game with
# chance (bolo, bolo5, volle-lotte's dice and cards, black-pot; against
# itself, whose games of a set are then one game, and against a random bot),
# in `play --duplicate` (sets of 2 and 3 games), `sprt --duplicate` and a
# tournament with "duplicate": true, as root in the sandbox and as an
# unprivileged user (--no-limits: such a user has no control group on a
# cgroup v1 machine): the twins hear each other (L > 0 in every run, so the
# channel works and the test can fail), no game learns a draw early (E = 0
# in every game), and only the page cache carries draws between sandboxes
# (without the sandbox, /dev/shm and /tmp carry them too: that check can
# fail).
#
# This test passes only with sets in step (docs/FAIRNESS.md, "Sets in
# step"): a draw is dealt to a game of a set only once every other game of
# the set has asked for it, so no twin can have seen it before.  With the
# games of a set played one after another, as arena 0.5 played them, the
# game before has written every draw of the next one, and the test fails:
# E is then nearly every draw of a set's second game (black-pot against
# itself: 33 of its 33 rolls, in both seats; bolo5: 31 of 32 and 21 of 25).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

needs_bubblewrap

# The channels other than the page cache, as the bot names them.
others=("/dev/shm" "/tmp" "System V shared memory" "abstract unix sockets")

# remembered NAME WANT FILE...: the reports of the bot in the FILEs (its
# stderr): one for each of WANT games (those of the remembering seats); the
# page cache could be read in each; the twins heard each other in some
# (L > 0); none learned a draw before its game showed it (E = 0).  The
# lines on channels go to $TMP/NAME.channels.
remembered() {
	local name=$1 want=$2 reports=$TMP/$1.reports channels=$TMP/$1.channels
	shift 2
	grep -h '^remember: learned ' "$@" >"$reports"
	grep -h '^remember: channels: ' "$@" >"$channels"
	expect_eq "$(wc -l <"$reports") $(wc -l <"$channels")" "$want $want" "$name: a report from each of the $want games"
	expect_eq "$(grep -c '^remember: channels: page cache, by major faults: ok, ' "$channels")" "$want" \
		"$name: the page cache can be read in every game"
	L=$(awk '{ n += $3 } END { print n + 0 }' "$reports")
	E=$(awk '{ n += $7 } END { print n + 0 }' "$reports")
	ok "$([ "$L" -gt 0 ]; echo $?)" "$name: the twins hear each other: $L draws learned from twins" ||
		diag "$(cat "$channels")"
	expect_eq "$(awk '$7 != 0' "$reports" | wc -l)" 0 \
		"$name: no game learned a draw before it showed it (E = $E of L = $L)"
	diag "$name, each game: draws learned from twins, of them before the game showed them, shown:" \
		"$(sed 's/^remember: learned \([0-9]*\) .*, \([0-9]*\) of them .*(\([^,]*\), set .* \(game [0-9] of [0-9]\), \(seat [0-9]\); shown: \([0-9]*\) draws.*/  \3 \4 \5: \1 \2 \6/' "$reports")"
}

# carried_none NAME: no channel but the page cache carried a draw in NAME.
carried_none() {
	local other
	for other in "${others[@]}"; do
		expect_eq "$(grep -c "; $other: [^;]*, [1-9][0-9]* draws" "$TMP/$1.channels")" 0 \
			"$1: no draw came through $other"
	done
}

# play NAME WANT ARGS...: `referee play ARGS` with duplicate sets and time
# to spare (a loaded machine slows the bot's reads, and --no-limits times
# a move by the wall clock), as the user of AS, its output in $TMP/NAME;
# nobody forfeits; WANT reports (see remembered); in the sandbox, no draw
# through another channel than the page cache.
AS=()
play() {
	local name=$1 want=$2
	shift 2
	RUN_LIMIT=600 run "${AS[@]}" "$REFEREE" play --duplicate --move-ms 5000 --out "$TMP/$name" "$@"
	ok "$RC" "$name: played" || diag_run
	expect_not_contains "$OUT" "forfeit:" "$name: nobody forfeits"
	remembered "$name" "$want" "$TMP/$name"/*.stderr
	case " $* " in
	*" --no-sandbox "*) ;;
	*) carried_none "$name" ;;
	esac
}

R="$PYTHON3 '$ZOO/remember.py' '$TMP'"
play bolo 4 bolo -o target=1000 --games 2 "a=$R" "b=$R"
play bolo5 4 bolo5 -o target=1000 --games 2 "a=$R" "b=$R"
play volle-lotte 4 volle-lotte -o target=2000 --games 2 "a=$R" "b=$R"
play black-pot 4 black-pot --games 2 "a=$R" "b=$R"
play black-pot-random 2 black-pot --games 2 "a=$R" "$(cbot)"
play bolo-3 6 bolo -o target=1000 --games 3 "a=$R" "b=$R" "$(cbot)"

RUN_LIMIT=600 run "$REFEREE" sprt volle-lotte --elo0 0 --elo1 200 --duplicate --max-pairs 2 \
	--move-ms 5000 -o target=1000 --out "$TMP/sprt" "a=$R" "b=$R"
expect_contains "$OUT" "2 pairs, 4 games" "sprt: two sets played" || diag_run
remembered sprt 8 "$TMP/sprt"/*.stderr
carried_none sprt

cat >"$TMP/t.json" <<JSON
{
  "name": "remember",
  "game": "bolo5",
  "options": {"target": 1000},
  "players": 2,
  "games": 2,
  "duplicate": true,
  "time": {"move_ms": 5000},
  "bots": [
    {"name": "a", "command": "$R"},
    {"name": "b", "command": "$R"},
    {"name": "c", "command": "$CBOT '$TMP'"}
  ]
}
JSON
RUN_LIMIT=600 run "$REFEREE" tournament "$TMP/t.json" --out "$TMP/tournament"
ok "$RC" "tournament: played" || diag_run
# a-b: 2 games, 2 reports each; a-c and b-c: 2 games, 1 report each.
remembered tournament 8 "$TMP/tournament"/stderr/table*.stderr
carried_none tournament

# Without the sandbox (bots trusted), the files of /dev/shm and /tmp carry
# draws too: the test can see a channel other than the page cache.
play unboxed 4 black-pot --games 2 --no-sandbox --trusted-bots "a=$R" "b=$R"
rm -f /dev/shm/arena-remember-* /tmp/arena-remember-*
for other in /dev/shm /tmp; do
	ok "$(grep -q "; $other: ok, [1-9][0-9]* draws" "$TMP/unboxed.channels"; echo $?)" \
		"unboxed: draws came through $other"
done

unprivileged
R="$AS_PYTHON3 '$ZOO/remember.py' '$TMP'"
play "user-$AS_UID-bolo" 4 bolo --no-limits -o target=1000 --games 2 "a=$R" "b=$R"
play "user-$AS_UID-volle-lotte" 4 volle-lotte --no-limits -o target=1000 --games 2 "a=$R" "b=$R"

assert_no_leftovers
done_testing

#!/usr/bin/env bash
# End-to-end: a ladder grows.  Bots added at the end of a finished or
# stopped run's tournament file are played in by --resume: only their
# tables' games, numbered after the old ones, whose logs stay as they
# were; the manifest records them ("grown") and gets a new signature, and
# verify and the ladder take the grown run.  Grown in two steps or in one,
# the schedule is the same.  A bot inserted in the middle or removed is
# refused.
. "$(dirname "$0")/../tools/lib.sh"

FIRST="$PYTHON3 $ZOO/first-legal.py $TMP"
LAST="$PYTHON3 $ZOO/last-legal.py $TMP"
BOTS3="{\"name\": \"first\", \"command\": \"$FIRST\"},
    {\"name\": \"last\", \"command\": \"$LAST\"},
    {\"name\": \"first-too\", \"command\": \"$FIRST\"}"
RANDOM_BOT="{\"name\": \"random\", \"command\": \"$CBOT $TMP\"}"
LAST_TOO="{\"name\": \"last-too\", \"command\": \"$LAST\"}"

# write_file FILE BOTS: a seeded 2-player round robin of rolit, 2 games
# a table, of the bots BOTS (JSON objects).
write_file() {
	cat >"$1" <<JSON
{
  "name": "club", "game": "rolit", "options": {"size": 6}, "players": 2,
  "games": 2, "seed": "c1ab", "concurrency": 2,
  "bots": [
    $2
  ]
}
JSON
}
write_file "$TMP/t3.json" "$BOTS3"
write_file "$TMP/t4.json" "$BOTS3, $RANDOM_BOT"
write_file "$TMP/t5.json" "$BOTS3, $RANDOM_BOT, $LAST_TOO"
write_file "$TMP/inserted.json" "{\"name\": \"first\", \"command\": \"$FIRST\"}, $RANDOM_BOT,
    {\"name\": \"last\", \"command\": \"$LAST\"}, {\"name\": \"first-too\", \"command\": \"$FIRST\"}"
write_file "$TMP/removed.json" "{\"name\": \"first\", \"command\": \"$FIRST\"},
    {\"name\": \"last\", \"command\": \"$LAST\"}"

# logs DIR: the numbers of the game logs in DIR, on one line.
logs() {
	ls "$1/games" | grep -v aborted | sed 's/\.jsonl$//' | tr '\n' ' '
}

# seatings DIR: "GAME SEATS" of each game the manifest lists as
# finished, by game number.
seatings() {
	manifest_games "$1/run.jsonl" | awk '$1 == "finished" { print $2, $4 }' | sort -n
}

# A finished round robin of 3 bots: 3 tables, games 1 to 6.
expect_exit 0 "$REFEREE" tournament "$TMP/t3.json" --out "$TMP/club"
expect_eq "$(logs "$TMP/club")" "000001 000002 000003 000004 000005 000006 " "3 bots play 6 games"
cp -r "$TMP/club" "$TMP/once"
cp -r "$TMP/club" "$TMP/three"
(cd "$TMP/club/games" && sha256sum ./*.jsonl) >"$TMP/old.sums"

# A 4th bot added: its 3 tables, games 7 to 12, and none of the old.
expect_exit 0 "$REFEREE" tournament "$TMP/t4.json" --out "$TMP/club" --resume
expect_eq "$(grep -c 'joins the run' "$ERR")" 1 "the resumed run says which bot joins"
expect_contains "$ERR" "$TMP/club: bot 'random' joins the run: its tables add games 7 to 12 to the schedule" \
	"... and which games its tables add"
expect_contains "$ERR" "club: rolit, 12 games in 6 tables" "the grown schedule has 12 games in 6 tables"
expect_eq "$(logs "$TMP/club")" "$(seq -f '%06g' -s ' ' 1 12) " "games 7 to 12 are played"
(cd "$TMP/club/games" && sha256sum -c --quiet "$TMP/old.sums")
ok $? "the 6 old logs are byte for byte as they were"
expect_eq "$(manifest_games "$TMP/club/run.jsonl" | awk '$1 == "started" { print $2 }' |
	sort -n | uniq -c | awk '$1 > 1' | wc -l)" 0 "no game is started twice"
expect_eq "$(seatings "$TMP/club" | awk '$1 > 6 && $2 !~ /3/' | wc -l)" 0 "every new game seats the new bot"
expect_eq "$(grep '"type":"grown"' "$TMP/club/run.jsonl" | sed 's/.*"type"/"type"/')" \
	"\"type\":\"grown\",\"bot\":3,\"entries\":[{\"name\":\"random\",\"command\":\"$CBOT $TMP\"}],\"first_game\":7,\"schedule_games\":12}" \
	"the manifest records the bot added, its entry and the games it adds"
# unsealed: the record types read, one a line, without the seal after each
# started record (docs/FAIRNESS-LEAGUE.md, item 22).
unsealed() { awk '!(p ~ /started/ && $0 ~ /signature/) { print } { p = $0 }'; }
expect_eq "$(grep -o '"type":"[a-z]*"' "$TMP/club/run.jsonl" | unsealed | sed -n '/signature/,$p' | uniq | tr '\n' ' ')" \
	'"type":"signature" "type":"grown" "type":"resumed" "type":"started" "type":"finished" "type":"replies" "type":"complete" "type":"signature" ' \
	"the grown record follows the first signature, and a new one closes the run"
expect_exit 0 "$REFEREE" verify "$TMP/club"
expect_exit 0 "$REFEREE" ladder "$TMP/club"
expect_contains "$OUT" "12 games" "the ladder rates the 12 games"
expect_contains "$OUT" "random" "... with the new bot"
expect_exit 0 "$REFEREE" tournament "$TMP/t4.json" --out "$TMP/club" --resume
expect_contains "$ERR" "nothing left to play" "the grown run, finished, has nothing left to play"

# A 5th bot, one step later, or both at once: the same schedule.
expect_exit 0 "$REFEREE" tournament "$TMP/t5.json" --out "$TMP/club" --resume
expect_contains "$ERR" "$TMP/club: bot 'last-too' joins the run: its tables add games 13 to 20 to the schedule" \
	"a second step adds the 5th bot's tables, games 13 to 20"
expect_exit 0 "$REFEREE" tournament "$TMP/t5.json" --out "$TMP/once" --resume
expect_eq "$(grep 'joins the run' "$ERR")" "$TMP/once: bot 'random' joins the run: its tables add games 7 to 12 to the schedule
$TMP/once: bot 'last-too' joins the run: its tables add games 13 to 20 to the schedule" \
	"two bots added at once are named in turn"
expect_eq "$(seatings "$TMP/once" | wc -l)" 20 "one step plays the 20 games"
expect_eq "$(seatings "$TMP/once")" "$(seatings "$TMP/club")" \
	"grown in one step or two, every game number seats the same bots"
expect_exit 0 "$REFEREE" verify "$TMP/once"
expect_exit 0 "$REFEREE" ladder "$TMP/club"
expect_contains "$OUT" "20 games" "the ladder rates all 20 games of 5 bots"

# A stopped run, killed before it listed any game finished, with the
# logs of games 1 to 3 complete: those stand, and the old games left and
# the new ones are played.
mkdir -p "$TMP/stopped/games"
cp "$TMP/three/referee.pub" "$TMP/stopped/"
cut_at=$(grep -n '"type":"finished"' "$TMP/three/run.jsonl" | head -n 1 | cut -d: -f1)
head -n "$((cut_at - 1))" "$TMP/three/run.jsonl" >"$TMP/stopped/run.jsonl"
cp "$TMP"/three/games/00000[123].jsonl "$TMP/stopped/games/"
expect_exit 0 "$REFEREE" tournament "$TMP/t4.json" --out "$TMP/stopped" --resume
expect_eq "$(logs "$TMP/stopped")" "$(seq -f '%06g' -s ' ' 1 12) " \
	"the stopped run, grown, plays its unfinished games and the new ones"
expect_eq "$(manifest_games "$TMP/stopped/run.jsonl" | awk '$1 == "finished" { print $2 }' | sort -n | tr '\n' ' ')" \
	"$(seq -s ' ' 1 12) " "... each once"
expect_eq "$(grep -o '"game":[0-9]*,[^{}]*"recovered":true' "$TMP/stopped/run.jsonl" | cut -d, -f1 | tr '\n' ' ')" \
	'"game":1 "game":2 "game":3 ' "... and takes the complete logs of games 1 to 3 as they were"
expect_eq "$(grep -o '"type":"[a-z]*"' "$TMP/stopped/run.jsonl" | unsealed | grep -c signature)" 1 \
	"... signed once, at its end (but for its started records' seals)"
expect_exit 0 "$REFEREE" verify "$TMP/stopped"

# A bot inserted in the middle, or removed, is refused; the run is left
# as it was.
sum=$(sha256sum <"$TMP/three/run.jsonl")
expect_exit 2 "$REFEREE" tournament "$TMP/inserted.json" --out "$TMP/three" --resume
expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: cannot resume $TMP/three: \"bots[1].name\" is 'random', not 'last': the run's bots keep their places, and a new bot is added at the end of \"bots\" (its tables are added to the schedule); put 'last' back in place 1, or start a new run with another --out" \
	"a bot inserted in the middle is refused, saying where new bots go"
expect_exit 2 "$REFEREE" tournament "$TMP/removed.json" --out "$TMP/three" --resume
expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: cannot resume $TMP/three: \"bots\" lacks 1 of the run's 3 bots: a bot cannot be removed from a run, whose games stand (new bots are added at the end of \"bots\"); put it back, or start a new run with another --out" \
	"bots removed are refused"
expect_eq "$(sha256sum <"$TMP/three/run.jsonl")" "$sum" "the refused resumes left the manifest as it was"

done_testing

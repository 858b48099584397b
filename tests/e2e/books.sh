#!/bin/bash
# End-to-end: opening books (docs/FAIRNESS.md, "Opening books").  A
# tournament with "openings": {"book": FILE} opens each table's games
# from the book's lines in turn, each line for every rotation of the
# seating (one duplicate set with "duplicate"), no line twice before the
# book is used up, in the file's order or shuffled from the run's seed;
# the book's SHA-256 is in the manifest and every log's header, verify
# checks that each game played its line, that every log of a folder
# opens from the manifest's book and, the book read again from the path
# the manifest records, that each game's line is the one the schedule
# gives it (or says in one line that it cannot); a bad line is refused by
# its number; --openings-book for tournament and play.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
KEY="$KEYDIR/referee.key"

cat >"$TMP/book.txt" <<'BOOK'
# three Rolit openings for 2 players
F4 C3         # the first
F4 E3

D6 C5 B6      # the third, three plies
BOOK

# write_file FILE GAMES [EXTRA]: 3 deterministic bots, 2-player rolit.
write_file() {
	cat >"$1" <<JSON
{"name": "book", "game": "rolit", "players": 2, "games": $2,${3:-}
 "bots": [{"name": "first", "command": "$(zoo first-legal)"},
          {"name": "last", "command": "$(zoo last-legal)"},
          {"name": "third", "command": "$(zoo first-legal)"}]}
JSON
}

# lines DIR: the book line each game opened with, game by game, on one line.
lines() {
	for log in "$1"/games/[0-9]*.jsonl; do
		head -n 1 "$log" | sed -n 's/.*"book":{"sha256":"[0-9a-f]*","line":\([0-9]*\),.*/\1/p'
	done | tr '\n' ' '
}

# --- sequential: every rotation of a line, then the next; repeats once used up ---------
write_file "$TMP/seq.json" 8 ' "openings": {"book": "book.txt"},'
cp "$TMP/book.txt" "$TMP/seq-book.txt"
expect_exit 0 "$REFEREE" tournament "$TMP/seq.json" --out "$TMP/seq" --quiet
TABLE="2 2 3 3 5 5 2 2"
expect_eq "$(lines "$TMP/seq")" "$TABLE $TABLE $TABLE " \
	"each table: line 2 in both seatings, then 3, then 5, then 2 again once the book is used up"
SHA=$(sha256sum "$TMP/book.txt" | cut -d' ' -f1)
expect_eq "$(head -n 1 "$TMP/seq/run.jsonl" | grep -o '"book_sha256":"[0-9a-f]*"')" "\"book_sha256\":\"$SHA\"" \
	"the manifest's header has the book's SHA-256"
expect_eq "$(grep -h -o '"book":{"sha256":"[0-9a-f]*"' "$TMP"/seq/games/*.jsonl | sort -u)" "\"book\":{\"sha256\":\"$SHA\"" \
	"every log's header has it too"
LOG="$TMP/seq/games/000001.jsonl"
head -n 1 "$LOG" | grep -q '"book":{"sha256":"'"$SHA"'","line":2,"moves":\["F4","C3"\],"path":"'"$TMP/book.txt"'","order":"sequential","first":1,"unit":2}'
ok $? "the header names the line and its moves, and the book's path, order and schedule (its table's first game, games a line)"
B=$(grep -nF '"type":"begin"' "$LOG" | cut -d: -f1)
expect_eq "$(sed -n "$((B + 1)),$((B + 2))p" "$LOG" | sed 's/.*"type":"action",//' | tr '\n' ' ')" \
	'"seat":0,"action":"F4","opening":true} "seat":1,"action":"C3","opening":true} ' \
	"after begin: the line's moves, as opening moves of the seats in turn, no draw"
expect_exit 0 "$REFEREE" verify "$TMP/seq"
expect_contains "$OUT" "$TMP/seq: ok: a tournament of rolit, 24 games finished" "verify: the folder is ok"
G5="$TMP/seq/games/000005.jsonl"
expect_eq "$(grep -c '"opening":true' "$G5")" 3 "a three-ply line opens with three moves"

# --- verify: each game played its line, and from the manifest's book ------------------
$LOGTOOL resign "$LOG" "$TMP/t1.jsonl" "$KEY" sub $((B + 1)) '"C3"' '"E3"'
expect_exit 1 "$REFEREE" verify "$TMP/t1.jsonl"
expect_contains "$OUT" "$TMP/t1.jsonl: FAILED: line $((B + 2)): opening move 2 is not the book's: its line gives seat 1 the move \"C3\"" \
	"verify: a move other than the line's fails, naming the line's"
$LOGTOOL resign "$LOG" "$TMP/t2.jsonl" "$KEY" sub 0 '"line":2,"moves":\["F4","C3"\]' '"line":2,"moves":["F4"]'
expect_exit 1 "$REFEREE" verify "$TMP/t2.jsonl"
expect_contains "$OUT" "$TMP/t2.jsonl: FAILED: line $((B + 2)): " "verify: a header that lists fewer moves than were played as opening fails"

# The manifest names another book (re-signed, so that only the book
# differs): verify DIR names every log that does not open from it.
cp -r "$TMP/seq" "$TMP/other"
$LOGTOOL resign "$TMP/seq/run.jsonl" "$TMP/other/run.jsonl" "$KEY" sub 0 "\"book_sha256\":\"$SHA\"" "\"book_sha256\":\"$(printf 'ab%.0s' $(seq 32))\""
expect_exit 1 "$REFEREE" verify "$TMP/other"
expect_eq "$(grep -c "FAILED: opens from the book $SHA, not from the opening book the manifest names (SHA-256 $(printf 'ab%.0s' $(seq 32)))" "$OUT")" 24 \
	"verify DIR: each of the 24 logs opens from another book than the manifest's" || diag "$(head -3 "$OUT")"

# --- verify DIR: each game's line is the one the schedule gives it ------------------------
expect_eq "$(head -n 1 "$TMP/seq/run.jsonl" | grep -o '"book_path":"[^"]*","book_order":"[a-z]*"')" \
	"\"book_path\":\"$(realpath "$TMP/book.txt")\",\"book_order\":\"sequential\"" \
	"the manifest's header records where the book was, and its order"
# swap_log DIR GAME FROM: game FROM's log (another line, the same seating) put
# in place of game GAME's, and the manifest's entry of GAME, and the C its
# started record names, made to match it, and the log's place (its
# header's "game") made GAME's, re-signed: only which line the game
# opened with is wrong.
swap_log() {
	local e1 e3 n c1 c3 s log="$1/games/$(printf '%06d' "$2").jsonl"
	cp -r "$TMP/seq" "$1"
	c1=$(grep -m1 '"type":"commit"' "$log" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/')
	c3=$(grep -m1 '"type":"commit"' "$3" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/')
	$LOGTOOL resign "$3" "$log" "$KEY" sub 0 '("place":\{[^}]*"game":)[0-9]+\}' "\\g<1>$2}"
	e1=$(grep -o "{\"game\":$2,[^}]*}" "$TMP/seq/run.jsonl")
	e3="{\"game\":$2,\"seats\":[0,1],\"sha256\":\"$(sha256sum "$log" | cut -d' ' -f1)\",\"ranks\":$(grep -o '"type":"result","ranks":\[[0-9,]*\]' "$3" | cut -d: -f3)}"
	n=$(grep -n -F "$e1" "$TMP/seq/run.jsonl" | cut -d: -f1)
	s=$(grep -n "\"type\":\"started\".*$c1" "$TMP/seq/run.jsonl" | cut -d: -f1)
	$LOGTOOL resign "$TMP/seq/run.jsonl" "$1/run.jsonl" "$KEY" sub $((n - 1)) "$(printf '%s' "$e1" | sed 's/[][]/\\&/g')" "$e3" \
		sub $((s - 1)) "$c1" "$c3"
}
expect_eq "$(grep -o '{"game":[13],"seats":\[[0-9,]*\]' "$TMP/seq/run.jsonl" | tr '\n' ' ')" \
	'{"game":1,"seats":[0,1] {"game":3,"seats":[0,1] ' "games 1 and 3 seat the same bots alike"
swap_log "$TMP/swap" 1 "$TMP/seq/games/000003.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/swap"
expect_eq "$(cat "$OUT")" "$TMP/swap/games/000001.jsonl: FAILED: game 1 opens with line 3 of the opening book (F4 E3); the schedule gives it line 2 (F4 C3)" \
	"verify DIR: a game that opened with another line than the schedule's fails, naming both"
# Game 3's log, its header naming line 2 but the moves it played (F4 E3).
$LOGTOOL resign "$TMP/seq/games/000003.jsonl" "$TMP/line2.jsonl" "$KEY" sub 0 '"line":3,' '"line":2,'
swap_log "$TMP/moves" 1 "$TMP/line2.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/moves"
expect_eq "$(cat "$OUT")" "$TMP/moves/games/000001.jsonl: FAILED: game 1 opens with line 2 of the opening book, but as F4 E3: the book's line 2 is F4 C3" \
	"verify DIR: a header whose moves are not its line's fails"
# The book gone, or changed, since the run: said in one line, the rest checked.
cp "$TMP/book.txt" "$TMP/gone.txt"
write_file "$TMP/gone.json" 2
expect_exit 0 "$REFEREE" tournament "$TMP/gone.json" --out "$TMP/gone" --openings-book "$TMP/gone.txt" --quiet
echo "D6 C5" >>"$TMP/gone.txt"
expect_exit 0 "$REFEREE" verify "$TMP/gone"
expect_eq "$(head -n 1 "$OUT")" "$TMP/gone: opening book $(realpath "$TMP/gone.txt") is not the run's any more (its SHA-256 is $(sha256sum "$TMP/gone.txt" | cut -d' ' -f1), the manifest's $SHA): each game's line is not checked against the schedule" \
	"verify DIR: a book changed since the run is said in one line"
expect_contains "$OUT" "$TMP/gone: ok: a tournament of rolit, 6 games finished" "and the rest is checked"
rm "$TMP/gone.txt"
expect_exit 0 "$REFEREE" verify "$TMP/gone"
expect_eq "$(head -n 1 "$OUT")" "$TMP/gone: cannot read the opening book '$(realpath "$TMP")/gone.txt': No such file or directory: each game's line is not checked against the schedule" \
	"verify DIR: a book not found is said in one line"
expect_contains "$OUT" "$TMP/gone: ok: a tournament of rolit, 6 games finished" "and the rest is checked"

# --- --resume remembers the book and --compress --------------------------------------
# A run started with --openings-book and --compress, grown by a bot and
# resumed with no flag, plays its new games from the same book, written
# compressed; a resume with another book names the book, exactly.
write_file "$TMP/grow.json" 2
cp "$TMP/book.txt" "$TMP/grow-book.txt"
expect_exit 0 "$REFEREE" tournament "$TMP/grow.json" --out "$TMP/grow" --openings-book "$TMP/grow-book.txt" --compress --quiet
"$PYTHON3" -c "import json, sys
f = json.load(open(sys.argv[1]))
f['bots'].append({'name': 'fourth', 'command': f['bots'][1]['command']})
json.dump(f, open(sys.argv[2], 'w'))" "$TMP/grow.json" "$TMP/grow4.json"
expect_exit 0 "$REFEREE" tournament "$TMP/grow4.json" --out "$TMP/grow" --resume --quiet
expect_eq "$(ls "$TMP"/grow/games/[0-9]*.jsonl | wc -l)" 12 "--resume with no flag: the grown run plays its 6 new games"
expect_eq "$(for log in "$TMP"/grow/games/0000{07,08,09,10,11,12}.jsonl; do head -c 2 "$log" | od -An -tx1 | tr -d ' '; done | sort -u)" 1f8b \
	"... written compressed, as the run was started (--compress not repeated)"
expect_eq "$(for log in "$TMP"/grow/games/0000{07,08,09,10,11,12}.jsonl; do gzip -dc "$log" | head -n 1 | grep -o '"book":{"sha256":"[0-9a-f]*"'; done | sort -u)" \
	"\"book\":{\"sha256\":\"$SHA\"" "... and opened from the run's book (--openings-book not repeated)"
expect_exit 0 "$REFEREE" verify "$TMP/grow"
expect_contains "$OUT" "$TMP/grow: ok: a tournament of rolit, 12 games finished" "verify: the resumed run is ok"
printf 'F4 C3\n' >"$TMP/other-book.txt"
OTHER=$(sha256sum "$TMP/other-book.txt" | cut -d' ' -f1)
expect_exit 2 "$REFEREE" tournament "$TMP/grow4.json" --out "$TMP/grow" --resume --openings-book "$TMP/other-book.txt"
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: cannot resume $TMP/grow: the opening book (--openings-book, or the file's \"openings\") differs: the run was started with the book of SHA-256 $SHA, this one has the book of SHA-256 $OTHER; resume with what it was started with, or use another --out" \
	"--resume with another book: the book is named as what differs"
expect_exit 2 "$REFEREE" tournament "$TMP/grow4.json" --out "$TMP/grow" --resume --shard 1/2
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: cannot resume $TMP/grow: the shard (--shard) differs: the run was started with \"1/1\", this one has \"1/2\"; resume with what it was started with, or use another --out" \
	"--resume with another shard: the shard is named as what differs"
mv "$TMP/grow-book.txt" "$TMP/grow-book.moved"
expect_exit 2 "$REFEREE" tournament "$TMP/grow4.json" --out "$TMP/grow" --resume
expect_eq "$(grep '^referee' "$ERR")" "referee tournament: cannot resume $TMP/grow: it was started with the opening book $TMP/grow-book.txt, which cannot be read now (cannot read the opening book '$TMP/grow-book.txt': No such file or directory): give it again with --openings-book FILE" \
	"--resume when the run's book is gone: says so, and how to go on"
expect_exit 0 "$REFEREE" tournament "$TMP/grow4.json" --out "$TMP/grow" --resume --openings-book "$TMP/grow-book.moved"
expect_contains "$ERR" "nothing left to play" "... and the book given again where it is now is the run's"

# --- random order: a shuffle of the whole book per pass, the same everywhere ------------
write_file "$TMP/rnd.json" 6 ' "seed": "07", "openings": {"book": "book.txt", "order": "random"},'
expect_exit 0 "$REFEREE" tournament "$TMP/rnd.json" --out "$TMP/rnd" --quiet
R=$(lines "$TMP/rnd")
FIRST=$(echo "$R" | cut -d' ' -f1-6)
expect_eq "$(echo "$FIRST" | tr ' ' '\n' | sort | tr '\n' ' ')" "2 2 3 3 5 5 " \
	"random: a table's 6 games play each of the 3 lines in both seatings ($FIRST)"
expect_eq "$R" "$FIRST $FIRST $FIRST " "random: every table has the same order"
expect_exit 0 "$REFEREE" tournament "$TMP/rnd.json" --out "$TMP/rnd2" --quiet
expect_eq "$(lines "$TMP/rnd2")" "$R" "random: the run's seed makes the same order again"
expect_exit 0 "$REFEREE" verify "$TMP/rnd"

# --- --openings-book, duplicate sets, play ----------------------------------------------
write_file "$TMP/cli.json" 4
expect_exit 0 "$REFEREE" tournament "$TMP/cli.json" --out "$TMP/cli" --openings-book "$TMP/book.txt" --quiet
expect_eq "$(lines "$TMP/cli")" "2 2 3 3 2 2 3 3 2 2 3 3 " "tournament --openings-book: the book's lines, as from the file"
expect_exit 0 "$REFEREE" verify "$TMP/cli"
expect_eq "$(grep -c 'opening book' "$OUT")" 0 "verify DIR of a run with --openings-book: the book is found, each game on its line"
write_file "$TMP/dup.json" 4 ' "duplicate": true, "trusted_bots": true, "openings": {"book": "book.txt"},'
expect_exit 0 "$REFEREE" tournament "$TMP/dup.json" --out "$TMP/dup" --no-sandbox --quiet
expect_eq "$(lines "$TMP/dup")" "2 2 3 3 2 2 3 3 2 2 3 3 " "duplicate: one set (both seatings) per line"
expect_exit 0 "$REFEREE" verify "$TMP/dup"
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --games 6 --openings-book "$TMP/book.txt" --out "$TMP/play" \
	"$(zoo first-legal)" "$(zoo last-legal)"
expect_eq "$(for l in "$TMP"/play/game-*.jsonl; do head -n 1 "$l" | sed -n 's/.*"line":\([0-9]*\),.*/\1/p'; done | tr '\n' ' ')" \
	"2 2 3 3 5 5 " "play --openings-book: each line for both seatings in turn"
# Without a manifest, each log's header gives its schedule (docs/FAIRNESS.md,
# "Opening books"): verify reads the book again and gives each game its line.
expect_exit 0 "$REFEREE" verify "$TMP/play"
expect_eq "$(grep -c 'opening book\|FAILED' "$OUT")" 0 "verify of a play folder: the book is found, each game on its line"
# A log of the run in another game's place (it verifies alone), and a log
# re-signed naming another line: each refused.
mkdir "$TMP/play-moved" "$TMP/play-renamed"
cp "$TMP"/play/game-*.jsonl "$TMP/play-moved/"
cp "$TMP/play/game-000005.jsonl" "$TMP/play-moved/game-000003.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/play-moved"
expect_contains "$OUT" "$TMP/play-moved/game-000003.jsonl: FAILED: game 3 opens with line 5 of the opening book (D6 C5 B6); the schedule gives it line 3 (F4 E3)" \
	"play: a game's log in another's place is refused"
cp "$TMP"/play/game-*.jsonl "$TMP/play-renamed/"
$LOGTOOL resign "$TMP/play/game-000003.jsonl" "$TMP/play-renamed/game-000003.jsonl" "$KEY" sub 0 '"line":3,' '"line":2,'
expect_exit 1 "$REFEREE" verify "$TMP/play-renamed"
expect_contains "$OUT" "$TMP/play-renamed/game-000003.jsonl: FAILED: game 3 opens with line 2 of the opening book (F4 E3); the schedule gives it line 3 (F4 E3)" \
	"play: a log whose header names another line of the book is refused"
# With its run.jsonl, a log re-signed giving its book line another
# schedule (and run.jsonl signed again with its SHA-256) is refused: the
# manifest gives the run's book, order and schedule.
cp -r "$TMP/play" "$TMP/play-first"
$LOGTOOL resign "$TMP/play/game-000003.jsonl" "$TMP/play-first/game-000003.jsonl" "$KEY" sub 0 '"first":1,' '"first":-1,'
$LOGTOOL resign "$TMP/play/run.jsonl" "$TMP/play-first/run.jsonl" "$KEY" \
	sub "$(($(grep -n '"type":"finished","game":3,' "$TMP/play/run.jsonl" | cut -d: -f1) - 1))" '"sha256":"[0-9a-f]*"' "\"sha256\":\"$(sha256sum "$TMP/play-first/game-000003.jsonl" | cut -c1-64)\""
expect_exit 1 "$REFEREE" verify "$TMP/play-first"
expect_contains "$OUT" "$TMP/play-first/game-000003.jsonl: FAILED: its header's opening book gives \"first\" otherwise than run.jsonl does: not the run's book, order or schedule" \
	"play: a log whose header gives its book line another schedule than run.jsonl's is refused" || diag_run
# The book gone: said in one line, the rest checked (each log's header is
# all a folder without its run.jsonl has, as one of arena 0.5.0).
cp -r "$TMP/play" "$TMP/play-nobook"
rm "$TMP/play-nobook/run.jsonl"
sed -i 's/"path":"[^"]*book.txt"/"path":"\/nonexistent\/book.txt"/' "$TMP/play-nobook/game-000001.jsonl"
$LOGTOOL resign "$TMP/play-nobook/game-000001.jsonl" "$TMP/play-nobook/game-000001.jsonl" "$KEY"
expect_exit 0 "$REFEREE" verify "$TMP/play-nobook"
expect_contains "$OUT" "$TMP/play-nobook/game-000001.jsonl: cannot read the opening book '/nonexistent/book.txt': No such file or directory: its line is not checked against the run's schedule" \
	"play: a book no longer there is said" || diag_run

# --- the books that ship: every line plays -------------------------------------------------
for n in 2 4; do
	BOOK="$top_srcdir/tournaments/books/rolit-$n.txt"
	count=$(grep -c '^[A-H]' "$BOOK")
	bots=()
	for s in $(seq "$n"); do bots+=("s$s=$(zoo first-legal)"); done
	expect_exit 0 "$REFEREE" play rolit -o first=seat0 --games $((n * count)) --openings-book "$BOOK" \
		--out "$TMP/ship$n" "${bots[@]}"
	expect_eq "$(for l in "$TMP"/ship$n/game-*.jsonl; do head -n 1 "$l" | sed -n 's/.*"line":\([0-9]*\),.*/\1/p'; done | sort -un | wc -l)" \
		"$count" "tournaments/books/rolit-$n.txt: each of its $count lines opens $n games, for $n players"
done

# --- refusals -----------------------------------------------------------------------------
printf 'F4 C3\n# fine so far\nF4 Z9\n' >"$TMP/bad.txt"
write_file "$TMP/bad.json" 4 ' "openings": {"book": "bad.txt"},'
expect_exit 2 "$REFEREE" tournament "$TMP/bad.json" --out "$TMP/bad"
expect_eq "$(grep '^referee tournament:' "$ERR")" \
	"referee tournament: $TMP/bad.json: opening book $TMP/bad.txt: line 3: move 2, \"Z9\", is not legal there: Z9 is off the 8x8 board (A1 to H8) (a book fits one board and number of players: this run has 2 players and the options {\"size\":8,\"first\":\"seat0\"})" \
	"a bad line is refused by its number, with the rules' reason and the run's options"
# A book of the 8x8 board on a 6x6 one: the run's board is said.
expect_exit 2 "$REFEREE" play rolit -o first=seat0 -o size=6 --openings-book "$top_srcdir/tournaments/books/rolit-2.txt" a b
expect_contains "$ERR" "line 6: move 1, \"F4\", is not legal there: F4 touches no ball: a ball goes next to another (in any of the 8 directions) (a book fits one board and number of players: this run has 2 players and the options {\"size\":6,\"first\":\"seat0\"})" \
	"a book of another board is refused with the run's options"
printf 'F4 C3\nF4   C3 # again\n' >"$TMP/twice.txt"
expect_exit 2 "$REFEREE" play rolit -o first=seat0 --openings-book "$TMP/twice.txt" a b
expect_contains "$ERR" "opening book $TMP/twice.txt: line 2: the opening of line 1 again" "a line twice is refused"
# A NUL, or another control byte, is refused by its line, not read up to.
printf 'F4 C3\n# fine\nE3 F3\000D3\n' >"$TMP/nul.txt"
expect_exit 2 "$REFEREE" play rolit -o first=seat0 --openings-book "$TMP/nul.txt" a b
expect_contains "$ERR" "opening book $TMP/nul.txt: line 3: the control byte 0x00 (a book is text: one opening a line, its moves separated by spaces; remove the byte)" \
	"a NUL byte is refused by its line"
printf 'F4 C3\nE3\033 F3\n' >"$TMP/esc.txt"
expect_exit 2 "$REFEREE" play rolit -o first=seat0 --openings-book "$TMP/esc.txt" a b
expect_contains "$ERR" "opening book $TMP/esc.txt: line 2: the control byte 0x1b" "another control byte is refused by its line"
printf 'F4\tC3\r\n' >"$TMP/crlf.txt"
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --openings-book "$TMP/crlf.txt" "$(cbot)" "$(cbot)"
printf '# nothing\n\n' >"$TMP/empty.txt"
expect_exit 2 "$REFEREE" play rolit -o first=seat0 --openings-book "$TMP/empty.txt" a b
expect_contains "$ERR" "opening book $TMP/empty.txt: it holds no opening" "an empty book is refused"
expect_exit 2 "$REFEREE" play rolit --openings-book "$TMP/book.txt" a b
expect_contains "$ERR" "an opening book needs the option first=seat0" "a book needs first=seat0"
expect_exit 2 "$REFEREE" play bolo -o first=seat0 --openings-book "$TMP/book.txt" a b
expect_contains "$ERR" "bolo takes no openings" "a game with chance takes no book"
write_file "$TMP/both.json" 4 ' "openings": {"book": "book.txt", "plies": 2},'
expect_exit 2 "$REFEREE" tournament "$TMP/both.json" --out "$TMP/both"
expect_contains "$ERR" '"openings": give "plies" (drawn moves) or a "book", not both' "plies and a book are refused together"
write_file "$TMP/order.json" 4 ' "openings": {"book": "book.txt", "order": "shuffled"},'
expect_exit 2 "$REFEREE" tournament "$TMP/order.json" --out "$TMP/order"
expect_contains "$ERR" "the order of an opening book is \"sequential\" or \"random\", not 'shuffled'" "an unknown order is refused"
assert_no_leftovers
done_testing

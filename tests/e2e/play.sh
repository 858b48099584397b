#!/bin/bash
# End-to-end: whole games of Rolit between the bundled C and Python random
# bots, their results, logs, keys and stderr files, seat rotation, board
# sizes, and reproducible draws with --seed.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)
PY=$(pybot)

# count FILE PATTERN: lines of FILE with the fixed text PATTERN.
count() {
	grep -cF -e "$2" "$1" 2>/dev/null
}

# --- a 2-player game with --log ----------------------------------------------------
mkdir "$TMP/p2"
LOG="$TMP/p2/game.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$LOG" "$C" "$PY"
expect_contains "$OUT" "game 1: 60 actions, game_id " "2 players: 60 actions"
grep -qE '^  1\. random-(c|py) +seat [01]  score [0-9]+$' "$OUT"
ok $? "2 players: a first place line" || diag_run
grep -qE '^  [12]\. random-(c|py) +seat [01]  score [0-9]+$' "$OUT" &&
	[ "$(grep -cE '^  [12]\. random-' "$OUT")" -eq 2 ]
ok $? "2 players: two result lines" || diag_run
expect_not_contains "$OUT" "forfeit" "2 players: no forfeit"
expect_contains "$ERR" "referee play: no --key given: created a signing key pair in $KEYDIR/ (referee.key, referee.pub)" \
	"a run without --key says it made a key, in the user's data folder"
expect_eq "$(stat -c %a "$KEYDIR") $(stat -c %a "$KEYDIR/referee.key")" "700 600" "the key folder has mode 700, the secret key 600"
[ ! -e "$TMP/p2/referee.key" ] && cmp -s "$TMP/p2/referee.pub" "$KEYDIR/referee.pub"
ok $? "no secret key beside the log, only a copy of the public key"
PUB=$(head -n 1 "$TMP/p2/referee.pub")
expect_eq "${#PUB}" 64 "the public key file holds 32 bytes of hex"
[ -f "$LOG.random-c.stderr" ] && [ -f "$LOG.random-py.stderr" ]
ok $? "--log FILE: a FILE.NAME.stderr per bot"
GAME_ID=$(sed -n 's/^game 1: 60 actions, game_id \([0-9a-f]*\)$/\1/p' "$OUT")
expect_eq "${#GAME_ID}" 32 "the game_id printed is 16 bytes of hex"

expect_exit 0 "$REFEREE" verify "$LOG"
expect_eq "$(cat "$OUT")" "$LOG: ok: rolit, 2 players, 60 actions, signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" \
	"verify: ok, signed by the key made, the user's own, trusted by default (issue 34)"
expect_exit 0 "$REFEREE" verify --key "$TMP/p2/referee.pub" "$LOG"
expect_eq "$(cat "$OUT")" "$LOG: ok: rolit, 2 players, 60 actions, signed by key $PUB, checked against a key you trust" \
	"verify --key with the run's key: ok, and checked against it"

# The records of the log, in order.
expect_contains "$LOG" "{\"seq\":0,\"type\":\"header\",\"format\":\"arena-log/1\"," "the log starts with the header"
expect_contains "$LOG" "\"game\":\"rolit\",\"rules\":\"rolit/2\",\"game_id\":\"$GAME_ID\",\"options\":{\"size\":8,\"first\":\"random\"}" \
	"the header has the game, rules, game_id and every option"
expect_contains "$LOG" '"reported_name":"random-c","reported_version":"1"' "the header has what the C bot said in hello"
expect_contains "$LOG" '"reported_name":"random-py","reported_version":"1"' "the header has what the Python bot said in hello"
TYPES=$(sed 's/.*"type":"\([a-z-]*\)".*/\1/' "$LOG" | uniq -c | awk '{printf "%s%s ", $2, ($1 > 1 ? "*" $1 : "")}')
expect_eq "$TYPES" "header commit bot-commit*2 bot-reveal*2 begin draw action*60 result reveal signature " \
	"the records: header, commitments, reveals, begin, the draw, 60 actions, result, reveal, signature"
expect_eq "$(count "$LOG" '"commitment":null')" 0 "both SDK bots take part in the fairness exchange"
grep -qE '^\{"seq":7,"prev":"[0-9a-f]{64}","type":"draw","d":0,"kind":"uniform","m":2,"value":[01]\}$' "$LOG"
ok $? "first=random: a uniform draw d=0 of m=2 decides who starts"
tail -n 1 "$LOG" | grep -qE "^\\{\"seq\":70,\"prev\":\"[0-9a-f]{64}\",\"type\":\"signature\",\"key\":\"$PUB\",\"sig\":\"[0-9a-f]{128}\"\\}$"
ok $? "the last line is the signature by the run's key"

expect_exit 0 "$REFEREE" replay "$LOG"
expect_contains "$OUT" "move 60: seat " "replay shows move 60"
expect_not_contains "$OUT" "move 61:" "replay shows no move 61"
expect_contains "$OUT" "the log verifies; signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" "replay: the log verifies"
expect_contains "$OUT" "rolit/2, options {\"size\":8,\"first\":\"random\"}" "replay names the rules and options"
expect_contains "$OUT" "  ABCDEFGH" "replay draws the board"

# --- a 4-player game --------------------------------------------------------------------
LOG4="$TMP/p4.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$LOG4" "$C" "$PY" "$C" "$PY"
expect_contains "$OUT" "game 1: 60 actions" "4 players: 60 actions"
expect_eq "$(grep -cE '^  [1-4]\. random-(c|py)(-2)? +seat [0-3]  score [0-9]+$' "$OUT")" 4 "4 players: four result lines"
expect_contains "$OUT" "random-py-2" "a repeated name gets -2"
expect_exit 0 "$REFEREE" verify "$LOG4"
expect_contains "$OUT" "ok: rolit, 4 players, 60 actions" "4 players: the log verifies"
grep -qE '"type":"draw","d":0,"kind":"uniform","m":4,"value":[0-3]\}$' "$LOG4"
ok $? "4 players: the first seat is a uniform draw of m=4"
ranks_of "$LOG4" | grep -qE '^[1-4],[1-4],[1-4],[1-4]$' && scores_of "$LOG4" | grep -qE '^[0-9]+,[0-9]+,[0-9]+,[0-9]+$'
ok $? "4 players: the result has 4 scores and 4 ranks" || diag "$(grep '"result"' "$LOG4")"
expect_eq "$(($(scores_of "$LOG4" | tr , +)))" 64 "4 players: the scores add up to 64 balls"
expect_exit 0 "$REFEREE" replay "$LOG4"
expect_contains "$OUT" "move 60: seat " "4 players: replay shows move 60"
expect_contains "$OUT" "the log verifies" "4 players: replay verifies"

# --- a bot without NAME= that dies before hello ----------------------------------------------
# It is named after its command: the script it runs, else its program,
# never the "." of an option's argument.  (The program is a script of
# $TMP that exits at once, as a JVM that finds no class would.)
mkdir -p "$TMP/jdk/bin" "$TMP/java"
printf '#!/bin/sh\nexit 3\n' >"$TMP/jdk/bin/java"
chmod +x "$TMP/jdk/bin/java"
LOG="$TMP/java/game.jsonl"
expect_exit 0 "$REFEREE" play rolit --log "$LOG" "$TMP/jdk/bin/java -cp . Bolo5Bot" "$C"
expect_contains "$LOG" '"players":[{"seat":0,"name":"java","command":' \
	"a bot that dies before hello, without NAME=: the log names it after its program"
grep -qE '^  2\. java +seat 0  score 0  forfeit: exit: the bot exited with status 3 before answering "hello"$' "$OUT"
ok $? "... and so does the result" || diag_run
expect_eq "$(cd "$TMP/java" && ls | tr '\n' ' ')" "game.jsonl game.jsonl.java.stderr game.jsonl.random-c.stderr referee.pub " \
	"... and its stderr file"

# --- several games with --out --------------------------------------------------------------
DIR="$TMP/match"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --games 3 --out "$DIR" "$C" "$PY"
expect_eq "$(cd "$DIR" && ls | tr '\n' ' ')" \
	"game-000001.jsonl game-000002.jsonl game-000003.jsonl random-c.stderr random-py.stderr referee.pub run.jsonl " \
	"--out: 3 logs, the public key, one .stderr per bot and the run's manifest, nothing else"
expect_eq "$(grep -c '^game [123]: 60 actions' "$OUT")" 3 "--games 3: three results"
expect_contains "$OUT" "bot                   games firsts avg.place  forfeits" "--games 3: a summary table"
grep -qE '^random-c +3 +[0-3] +[12]\.[0-9]{2} +0$' "$OUT" && grep -qE '^random-py +3 +[0-3] +[12]\.[0-9]{2} +0$' "$OUT"
ok $? "--games 3: a summary line per bot" || diag_run
for g in 1 2 3; do
	seat0=$(head -n 1 "$DIR/game-00000$g.jsonl" | sed 's/.*"players":\[{"seat":0,"name":"\([^"]*\)".*/\1/')
	want=random-c
	[ $g -eq 2 ] && want=random-py
	expect_eq "$seat0" "$want" "game $g: seat 0 is $want (seats rotate)"
done
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit, 2 players, 60 actions, signed by key ' "$OUT")" 3 "verify takes the 3 logs at once"
IDS=$(grep -ho '"game_id":"[0-9a-f]*"' "$DIR"/game-000*.jsonl | sort -u | wc -l)
expect_eq "$IDS" 3 "each game has its own game_id"
expect_exit 2 "$REFEREE" play "${SDK[@]}" rolit --games 1 --out "$DIR" "$C" "$PY"
expect_contains "$ERR" "referee play: cannot create log '$DIR/run.jsonl': File exists (logs are never overwritten)" \
	"a log is never overwritten: the run's manifest, written first, is not"
expect_not_contains "$ERR" "created a signing key" "--out with a key: the key is reused"

# --key FILE signs with that key, and its public half goes beside the log.
mkdir "$TMP/keyed"
"$REFEREE" keygen "$TMP/own" >/dev/null
expect_exit 0 "$REFEREE" play rolit --key "$TMP/own/referee.key" --log "$TMP/keyed/game.jsonl" "$C" "$C"
expect_not_contains "$ERR" "created a signing key" "--key: no key is made"
[ ! -e "$TMP/keyed/referee.key" ] && cmp -s "$TMP/keyed/referee.pub" "$TMP/own/referee.pub"
ok $? "--key: no secret key beside the log, its public key is" || diag_run
expect_exit 0 "$REFEREE" verify --key "$TMP/own/referee.pub" "$TMP/keyed/game.jsonl"
expect_contains "$OUT" "signed by key $(cat "$TMP/own/referee.pub"), checked against a key you trust" \
	"--key: the log is signed by that key"

# A secret key that group or others may read is refused, as ssh does.
chmod 640 "$TMP/own/referee.key"
expect_exit 2 "$REFEREE" play rolit --key "$TMP/own/referee.key" --log "$TMP/keyed/again.jsonl" "$C" "$C"
expect_contains "$ERR" "referee play: secret key '$TMP/own/referee.key' is open to group or others (mode 0640), so anyone who can read it can sign forged logs: make it private with: chmod 600 '$TMP/own/referee.key'" \
	"a group-readable --key is refused with the chmod that fixes it"
chmod 604 "$KEYDIR/referee.key"
expect_exit 2 "$REFEREE" play rolit --log "$TMP/keyed/again.jsonl" "$C" "$C"
expect_contains "$ERR" "secret key '$KEYDIR/referee.key' is open to group or others (mode 0604)" \
	"so is a world-readable default key"
[ ! -e "$TMP/keyed/again.jsonl" ]
ok $? "no game is played with a refused key"
chmod 600 "$KEYDIR/referee.key"
# Without XDG_DATA_HOME the key lives in ~/.local/share/arena.
mkdir "$TMP/home"
expect_exit 0 env -u XDG_DATA_HOME HOME="$TMP/home" "$REFEREE" play rolit --log "$TMP/keyed/home.jsonl" "$C" "$C"
expect_contains "$ERR" "created a signing key pair in $TMP/home/.local/share/arena/ (referee.key, referee.pub)" \
	"without XDG_DATA_HOME: the key is made in ~/.local/share/arena"
expect_exit 2 env -u XDG_DATA_HOME -u HOME "$REFEREE" play rolit --log "$TMP/keyed/nohome.jsonl" "$C" "$C"
expect_contains "$ERR" "no folder for the signing key: set HOME or XDG_DATA_HOME, or give --key FILE" \
	"without either: it says what to set"
# A key left in an output folder by an older run is named, never used.
cp "$TMP/own/referee.key" "$TMP/keyed/referee.key"
chmod 600 "$TMP/keyed/referee.key"
expect_exit 0 "$REFEREE" play rolit --log "$TMP/keyed/old.jsonl" "$C" "$C"
expect_contains "$ERR" "referee play: warning: $TMP/keyed/referee.key is a secret key inside the output folder, where bots may read it; it is not used: move it out and pass --key to sign with it" \
	"an old key in the output folder is warned about"
expect_eq "$(cat "$TMP/keyed/referee.pub")" "$PUB" "... and the default key signs"

# --- board sizes -------------------------------------------------------------------------------
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o size=6 --log "$TMP/s6.jsonl" "$C" "$PY"
expect_contains "$OUT" "game 1: 32 actions" "size 6, 2 players: 32 actions"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o size=6 --log "$TMP/s6x4.jsonl" "$C" "$PY" "$C" "$PY"
expect_contains "$OUT" "game 1: 32 actions" "size 6, 4 players: 32 actions"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o size=4 --log "$TMP/s4.jsonl" "$C" "$PY"
expect_contains "$OUT" "game 1: 12 actions" "size 4: 12 actions"
expect_exit 0 "$REFEREE" verify "$TMP/s6.jsonl" "$TMP/s6x4.jsonl" "$TMP/s4.jsonl"
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 3 "the size 6 and 4 logs verify"
expect_contains "$TMP/s4.jsonl" '"options":{"size":4,"first":"random"}' "the size 4 log records the option"
expect_exit 0 "$REFEREE" replay "$TMP/s4.jsonl"
expect_contains "$OUT" "move 12: seat " "size 4: replay shows move 12"
expect_contains "$OUT" "  ABCD" "size 4: replay draws a 4x4 board"

# --- who starts ---------------------------------------------------------------------------------
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o first=seat0 --log "$TMP/first0.jsonl" "$C" "$PY"
expect_eq "$(count "$TMP/first0.jsonl" '"type":"draw"')" 0 "first=seat0: no draw"
expect_contains "$TMP/first0.jsonl" '"type":"action","seat":0,' "first=seat0: seat 0 moves first"
expect_eq "$(grep -m1 '"type":"action"' "$TMP/first0.jsonl" | grep -c '"seat":0,')" 1 "first=seat0: the first action is seat 0's"
expect_exit 0 "$REFEREE" verify "$TMP/first0.jsonl"
expect_contains "$OUT" "ok: rolit, 2 players, 60 actions" "first=seat0: the log verifies"

# --- --seed: the same draws for bots that decline ---------------------------------------------------
MIN1="min-a=$PYTHON3 '$ZOO/minimal.py' '$TMP'"
MIN2="min-b=$PYTHON3 '$ZOO/minimal.py' '$TMP'"
for run in 1 2; do
	expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --seed 00ff17 -o first=random --games 3 --out "$TMP/seed$run" \
		"$MIN1" "$MIN2" "$C" "$PY"
done
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --seed 00ff18 -o first=random --games 3 --out "$TMP/seed3" \
	"$MIN1" "$MIN2" "$C" "$PY"
# Two seats take part, so the draws differ; what the referee alone decides
# (game_id, its commitment) is the same.
decided() {
	grep -hE '"type":"(header|commit|begin)"' "$1"/game-000*.jsonl |
		sed 's/^{"seq":[0-9]*,\("prev":"[0-9a-f]*",\)\{0,1\}//; s/"players":.*//'
}
expect_eq "$(decided "$TMP/seed1" | wc -l)" 9 "--seed: 3 headers, commitments and begins to compare"
grep -q '"type":"bot-commit","seat":0,"commitment":null' "$TMP/seed1/game-000001.jsonl"
ok $? "--seed: the minimal bot declines the commitment"
expect_eq "$(decided "$TMP/seed1" | md5sum)" "$(decided "$TMP/seed2" | md5sum)" \
	"--seed: the same seed gives the same game_ids and commitments"
[ "$(decided "$TMP/seed1" | md5sum)" != "$(decided "$TMP/seed3" | md5sum)" ]
ok $? "--seed: another seed gives other game_ids"
expect_exit 0 "$REFEREE" verify "$TMP"/seed1/game-000*.jsonl "$TMP"/seed3/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit, 4 players' "$OUT")" 6 "--seed: the logs verify"
expect_eq "$(grep -c '^{"seq":0,"type":"header",.*,"game_id":"[0-9a-f]*","seeded":true,"options":' \
	"$TMP"/seed1/game-000*.jsonl | grep -c ':1$')" 3 "--seed: each header says \"seeded\":true"
expect_eq "$(grep -cE ': ok: rolit, 4 players, .*; seeded: dice were predictable to whoever knew the seed; place: game [1-3] of run [0-9a-f]{32}$' "$OUT")" 6 \
	"--seed: verify says of each log that it was seeded"
expect_eq "$(grep -c '"seeded"' "$LOG")" 0 "without --seed the header says nothing of a seed"

# Every seat declines: the draws are the referee's alone, so the same seed
# gives the same draws however the bots play.
for run in 1 2; do
	expect_exit 0 "$REFEREE" play rolit --seed 0a0b -o first=random --games 4 --out "$TMP/all$run" "$MIN1" "$MIN2"
done
expect_eq "$(grep -h '"type":"draw"' "$TMP"/all1/game-000*.jsonl | sed 's/.*"type"/"type"/' | md5sum)" \
	"$(grep -h '"type":"draw"' "$TMP"/all2/game-000*.jsonl | sed 's/.*"type"/"type"/' | md5sum)" \
	"--seed, every bot declining: identical draw records"
expect_eq "$(grep -h '"type":"draw"' "$TMP"/all1/game-000*.jsonl | wc -l)" 4 "--seed, every bot declining: 4 draws compared"

# --- the opening: the commitment goes out before any reply is read ------------------------------
# A bot that answers nothing, not even hello, until it has the commitment
# plays as any other: hello, start and commit all reach it first.
mkdir "$TMP/first"
expect_exit 0 "$REFEREE" play rolit -o size=4 --games 2 --start-ms 3000 --out "$TMP/first" \
	"first=$(zoo commit-first)" "$C"
expect_eq "$(cat "$TMP"/first/game-000*.jsonl | grep -c '"type":"forfeit"')" 0 "commit-first: no forfeit in 2 games"
expect_contains "$TMP/first/game-000001.jsonl" '"reported_name":"commit-first","reported_version":"1"' \
	"commit-first: the header has what it said in hello, read after the commitment went out"
expect_exit 0 "$REFEREE" verify "$TMP"/first/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit, 2 players' "$OUT")" 2 "commit-first: both logs verify"

# --- --show --------------------------------------------------------------------------------------
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o size=4 --show "$C" "$PY"
expect_eq "$(grep -cE '^move ([1-9]|1[0-2]): seat [01] \(random-(c|py)\) places a ball on [A-D][1-4] \("[A-D][1-4]", [0-9.]+ (us|ms)\)$' "$OUT")" 12 \
	"--show: each of the 12 moves, in words"
expect_contains "$OUT" "  ABCD" "--show: the board"
# --show tells the game in the words of `referee replay`, from the same
# code: every draw (the dice of a lost turn too) and every event.  The
# bots are deterministic and decline the fairness exchange: the seed makes
# the game that tests/e2e/replay.sh pins line by line.
expect_exit 0 "$REFEREE" play volle-lotte -o target=1000 -o first=seat0 --seed 02 --show \
	--log "$TMP/shown.jsonl" "a=$(zoo last-legal)" "b=$(zoo first-legal)"
sed -n '/^play begins/,/^game over/p' "$OUT" >"$TMP/shown.txt"
expect_exit 0 "$REFEREE" replay "$TMP/shown.jsonl"
sed -n '/^play begins/,/^game over/p' "$OUT" >"$TMP/replayed.txt"
ok "$(cmp -s "$TMP/shown.txt" "$TMP/replayed.txt"; echo $?)" "--show prints what replay prints of the game" ||
	diag "$(diff "$TMP/replayed.txt" "$TMP/shown.txt")"
expect_eq "$(grep -m1 -B1 -A3 '^  rolled: 1$' "$TMP/shown.txt" | sed -E 's/, [0-9.]+ (us|ms)\)$/)/')" \
	'move 2: seat 0 (a) rolls 1 die ("roll")
  rolled: 1
  bolo: seat 0 loses the turn and its 0 points
  seat 1 draws a Stop card: its turn is lost at once
  seat 0 draws the card bonus-500' "--show: the dice of a lost turn, the bolo and the Stop card"

# --- a bot's folder in the log ------------------------------------------------------------------
# The header names the hash of every file of the folder the bot starts in
# (docs/LOGS.md gives it in Python, as here), so that a log tells which
# version played: the same files give the same hash, a changed file
# another; a folder of more than 4096 files is hashed as far as that and
# marked "capped".
mkdir -p "$TMP/mine/lib"
cp "$ZOO/first-legal.py" "$TMP/mine/bot.py"
echo "weights 1" >"$TMP/mine/lib/weights.txt"
# folder LOG SEAT: the seat's "folder" as "SHA256 FILES BYTES CAPPED".
folder() {
	"$PYTHON3" -c 'import json, sys
f = json.loads(open(sys.argv[1]).readline())["players"][int(sys.argv[2])].get("folder", {})
print(f.get("sha256"), f.get("files"), f.get("bytes"), f.get("capped", False))' "$1" "$2"
}
# recomputed DIR: the folder's hash as docs/LOGS.md computes it.
recomputed() {
	"$PYTHON3" -c 'import hashlib, os, sys
def folder_sha256(root):
    lines = []
    def walk(rel):
        for name in sorted(os.listdir(os.path.join(root, rel)), key=os.fsencode):
            path = os.path.join(rel, name)
            full = os.path.join(root, path)
            if os.path.islink(full):
                continue
            if os.path.isdir(full):
                walk(path)
            elif os.path.isfile(full):
                with open(full, "rb") as f:
                    lines.append(hashlib.sha256(f.read()).hexdigest() + "  " + path + "\n")
    walk("")
    return hashlib.sha256("".join(lines).encode()).hexdigest()
print(folder_sha256(sys.argv[1]))' "$1"
}
MINE="mine=$PYTHON3 $TMP/mine/bot.py $TMP"
for k in 1 2; do
	expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$TMP/folder$k.jsonl" "$MINE" "$C"
done
expect_eq "$(folder "$TMP/folder1.jsonl" 0)" "$(recomputed "$TMP/mine") 2 $(($(wc -c <"$TMP/mine/bot.py") + 10)) False" \
	"the folder's hash, files and bytes, as docs/LOGS.md computes them"
expect_eq "$(folder "$TMP/folder2.jsonl" 0)" "$(folder "$TMP/folder1.jsonl" 0)" "the same files, the same hash"
echo "weights 2" >"$TMP/mine/lib/weights.txt"
expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$TMP/folder3.jsonl" "$MINE" "$C"
expect_eq "$(folder "$TMP/folder3.jsonl" 0 | cut -d' ' -f1)" "$(recomputed "$TMP/mine")" "a file changed: the hash follows it"
ok "$([ "$(folder "$TMP/folder3.jsonl" 0)" != "$(folder "$TMP/folder1.jsonl" 0)" ]; echo $?)" "... and differs from before"
expect_exit 0 "$REFEREE" verify "$TMP/folder3.jsonl"
expect_exit 0 "$REFEREE" ladder "$TMP/folder1.jsonl" "$TMP/folder2.jsonl" "$TMP/folder3.jsonl" --format folders
expect_eq "$(grep '^mine ' "$OUT" | tr -s ' ')" "$(printf 'mine %s\n' "$(folder "$TMP/folder1.jsonl" 0 | cut -d' ' -f1) 2" \
	"$(folder "$TMP/folder3.jsonl" 0 | cut -d' ' -f1) 1" | sort)" "ladder --format folders: each version of the bot and its games"
(cd "$TMP/mine/lib" && seq -f 'f%04g' 4100 | xargs touch)
expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$TMP/folder4.jsonl" "$MINE" "$C"
expect_eq "$(folder "$TMP/folder4.jsonl" 0 | cut -d' ' -f2-)" "4096 $(wc -c <"$TMP/mine/bot.py") True" \
	"past 4096 files the hash stops (bot.py and 4095 empty files), and the log says so"

assert_no_leftovers
done_testing

#!/usr/bin/env bash
# A league's register, hash-chained and signed (docs/FAIRNESS-LEAGUE.md, "The
# league's register"; docs/LEAGUE.md, "The folder"), and its index checked
# against the signed records before a ladder is shown ("The index
# checked"): init's first line names the league; a line appended by hand,
# chained without the key, changed or cut from the end is named by verify,
# and refused by league rebuild and the ladder; a state a run began under
# and no longer there is seen; who owns a bot is the register's alone
# (users.json's "bots" of an earlier server not read); league.db is a
# cache of the records: an edited, earlier or missing index is made again
# by the verb that finds it so, refused while a run holds the folder and
# by the server's view;
# a league made before revision 6 verifies as one.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

L=$TMP/league
for b in a b c; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
done
# chain FILE JSON: JSON appended to register FILE as its next line, with
# "seq" and "prev" as a writer with no key would put them: chained, not
# signed.
chain() {
	"$PYTHON3" - "$@" <<'EOF'
import hashlib, json, sys
path, record = sys.argv[1], json.loads(sys.argv[2])
lines = open(path, "rb").read().split(b"\n")[:-1]
prev = hashlib.blake2b(lines[-1], digest_size=32, person=b"arena:line").hexdigest()
head = {"seq": len(lines), "prev": prev}
head.update(record)
with open(path, "ab") as f:
    f.write(json.dumps(head, separators=(",", ":")).encode() + b"\n")
EOF
}
# copy NAME: a copy of the league as $TMP/NAME (its key is the user's).
copy() { rm -rf "${TMP:?}/$1"; cp -a "$L" "$TMP/$1"; echo "$TMP/$1"; }

# --- the register as init and the writers make it -------------------------------
expect_exit 0 "$REFEREE" league init "$L" --game rolit -o size=6
id=$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$L/league.json")
key=$(cat "$KEYDIR/referee.pub")
expect_eq "$(head -1 "$L/register.jsonl")" \
	"{\"seq\":0,\"type\":\"league\",\"format\":\"arena-register/1\",\"id\":\"$id\",\"game\":\"rolit\",\"options\":{\"size\":6,\"first\":\"random\"},\"players\":2}" \
	"init: the register's first line names the league (league.json's id, the game, its options, its players)"
expect_eq "$(sed -n 2p "$L/register.jsonl" | grep -o '^{"seq":1,"prev":"[0-9a-f]*","type":"signature"')" \
	"{\"seq\":1,\"prev\":\"$(head -1 "$L/register.jsonl" | tr -d '\n' | "$PYTHON3" -c 'import hashlib, sys; print(hashlib.blake2b(sys.stdin.buffer.read(), digest_size=32, person=b"arena:line").hexdigest())')\",\"type\":\"signature\"" \
	"... then a signature, chained to it"
expect_contains "$L/register.jsonl" "\"key\":\"$key\"" "... by the user's key (made when missing, as a run's)"
expect_exit 0 "$REFEREE" league add "$L" a "$TMP/a/bot" "$TMP"
expect_exit 0 "$REFEREE" league add "$L" b "$TMP/b/bot" "$TMP" --owner alice
expect_exit 0 "$REFEREE" league add "$L" c "$TMP/c/bot" "$TMP"
expect_eq "$(wc -l <"$L/register.jsonl")" 8 "three adds: a line and a signature each"
expect_contains "$L/register.jsonl" '"owner":"alice"' "add --owner: the owner in the signed line"
expect_exit 0 "$REFEREE" league run "$L" --games 8 --concurrency 2
expect_eq "$(sed -n 2p "$L/runs/000001/run.jsonl" | grep -o '"type":"register","lines":8')" '"type":"register","lines":8' \
	"a run's run.jsonl names the register's state it began under"
expect_eq "$(grep -c '"seats":\[{"name":"[abc]","version":1,"rank":[12],"forfeit":false},{' "$L/runs/000001/run.jsonl")" 8 \
	"... and each finished record its seats' versions, ranks and forfeits"
expect_exit 0 "$REFEREE" league retire "$L" c
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(tail -1 "$OUT" | sed 's/.*; its register/its register/')" \
	"its register: 10 lines, chained, each change signed (key $key)" \
	"verify: the register said chained and signed, by whom"
"$REFEREE" league ladder "$L" --format csv >"$TMP/ladder.csv"
expect_eq "$(cut -d, -f2 "$TMP/ladder.csv" | sort | tr '\n' ' ')" "a b bot " "the ladder: a and b (c retired)"

# --- the register tampered with ---------------------------------------------------
# A retire line appended by hand, as before: refused by rebuild, named by
# verify, and the ladder that would follow is not shown.
T=$(copy appended)
echo '{"type":"retire","name":"a"}' >>"$T/register.jsonl"
sum=$(cksum <"$T/league.db")
expect_exit 2 "$REFEREE" league rebuild "$T"
expect_eq "$(head -1 "$ERR")" "referee league: $T/register.jsonl: line 11: its chain is broken: its \"seq\" is not 10 (a line added, removed or moved without the key): league rebuild takes no register whose chain or signatures are broken (see 'referee verify $T'); league.db is left as it was" \
	"a line appended by hand: rebuild refuses it, naming the line"
expect_eq "$(cksum <"$T/league.db")" "$sum" "... and leaves league.db as it was"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 11: its chain is broken: its \"seq\" is not 10 (a line added, removed or moved without the key)" \
	"... verify names it"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $T/register.jsonl: line 11: its chain is broken: its \"seq\" is not 10 (a line added, removed or moved without the key)" \
	"... and the ladder is not shown"

T=$(copy chained)
chain "$T/register.jsonl" '{"type":"retire","name":"a"}'
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 11: nothing signs it: a register ends with a signature (its last lines were cut, or lines were added without the key)" \
	"a line chained as a writer would, without the key: unsigned, named"
expect_exit 2 "$REFEREE" league rebuild "$T"

T=$(copy edited)
"$PYTHON3" - "$T/register.jsonl" <<'EOF'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
lines[2] = lines[2].replace('"number":1', '"number":2')
open(path, "w").write("\n".join(lines))
EOF
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 3: changed: the \"prev\" of line 4 is not its hash" \
	"a line edited: verify names it"

T=$(copy owner)
"$PYTHON3" - "$T/register.jsonl" <<'EOF'
import sys
path = sys.argv[1]
text = open(path).read().replace('"owner":"alice"', '"owner":"mallory"')
open(path, "w").write(text)
EOF
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 5: changed: the \"prev\" of line 6 is not its hash" \
	"an owner changed in the register: that line named"
T=$(copy users)
# Who owns a bot is the register's alone: an earlier server's users.json
# "bots" is not read, and a version from another user is refused.
echo '{"users":[],"bots":{"b":"mallory","a":"alice"}}' >"$T/users.json"
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$("$REFEREE" league ladder "$T" --format json --versions | "$PYTHON3" -c 'import json, sys
print(" ".join(sorted("%s=%s" % (v["name"], v["owner"]) for v in json.load(sys.stdin)["ladder"])))')" \
	"a=None b=alice c=None" "users.json's \"bots\" left by an earlier server: not read, the owners the register's"
cp "$CBOT" "$TMP/b/bot2"
expect_exit 2 "$REFEREE" league add "$T" b "$TMP/b/bot2" "$TMP" --owner mallory
expect_eq "$(head -1 "$ERR")" "referee league: b is another's bot (a user's or the organiser's): only its owner adds its versions" \
	"add --owner of another's bot: refused"
expect_exit 2 "$REFEREE" league add "$T" a "$TMP/b/bot2" "$TMP" --owner alice
expect_eq "$(head -1 "$ERR")" "referee league: a is another's bot (a user's or the organiser's): only its owner adds its versions" \
	"add --owner of the organiser's bot: refused"
expect_exit 0 "$REFEREE" league add "$T" b "$TMP/b/bot2" "$TMP" --owner alice
expect_eq "$(grep -c '"owner":"alice"' "$T/register.jsonl")" 2 "... and of one's own: added, its line naming its owner"

T=$(copy cut-last)
sed -i '$d' "$T/register.jsonl"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 9: nothing signs it: a register ends with a signature (its last lines were cut, or lines were added without the key)" \
	"its last line (a signature) cut: the line it signed named"
# A whole change cut (the retire and its signature) is an earlier state,
# signed: the index still holds the change; rebuilt from the register, it
# verifies (docs/FAIRNESS-LEAGUE.md says so: what no run has named yet).  A
# change cut from before a run is seen: the run names the state it began
# under.
T=$(copy cut-change)
sed -i '$d' "$T/register.jsonl"
sed -i '$d' "$T/register.jsonl"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/league.db: FAILED: it and the register disagree on whether c is retired" \
	"the last change cut whole (after the last run began): the index still has it"
expect_exit 0 "$REFEREE" league rebuild "$T"
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$(tail -1 "$OUT" | sed 's/.*; its register/its register/')" \
	"its register: 8 lines, chained, each change signed (key $key)" \
	"... rebuilt, an earlier state of the register, which verifies"
T=$(copy cut-before-run)
sed -i '7,10d' "$T/register.jsonl"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/runs/000001/run.jsonl: FAILED: the run began under register.jsonl line 8, which the register no longer has as it was: lines were cut from its end, or changed" \
	"a change cut from before a run: the run's state of the register is missing"

# --- league.db edited: a cache of the records, made again by the verb that finds it so
# edit NAME SQL: a copy of the league whose index SQL changed.
edit() { T=$(copy "$1"); sqlite3 "$T/league.db" "$2"; }
remade="made again from the register and the logs (8 games)"
if command -v sqlite3 >/dev/null; then
	edit rank "UPDATE seats SET rank = 3 - rank WHERE run = 1 AND game = 3"
	expect_exit 0 "$REFEREE" league ladder "$T" --format csv
	expect_eq "$(cat "$OUT")" "$(cat "$TMP/ladder.csv")" "a rank changed in league.db: the ladder is the records' (the index made again)"
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db does not agree with the league's signed records: it holds game 3 of run 000001 otherwise than its run.jsonl lists it (the log's SHA-256, or a seat's version, rank or forfeit): $remade" \
		"... saying what it found, and that it made it again"
	expect_exit 0 "$REFEREE" league status "$T"
	expect_eq "$(cat "$ERR")" "" "... once: the next verb finds it agrees"

	edit held "UPDATE seats SET rank = 3 - rank WHERE run = 1 AND game = 3"
	# A live process holds the lock and names itself in it, as a run does.
	flock "$T/run.lock" sh -c 'echo $$ >"$1"; exec sleep 30' sh "$T/run.lock" &
	holder=$!
	expect_eventually held "a run holds the folder" sh -c 'flock -n "$1" true || echo held' sh "$T/run.lock"
	expect_exit 2 "$REFEREE" league ladder "$T"
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db does not agree with the league's signed records: it holds game 3 of run 000001 otherwise than its run.jsonl lists it (the log's SHA-256, or a seat's version, rank or forfeit); it is not made again now, since the folder's run lock cannot be taken (a run holds it, or the folder is not the user's to write): 'referee league rebuild $T' makes it again from them once it can" \
		"... while a run holds the folder: the ladder refused, saying why and when it is made again"
	expect_exit 2 "$REFEREE" league status "$T"
	expect_exit 2 "$REFEREE" league season "$T" s2
	expect_eq "$(ls "$T/seasons" 2>/dev/null)" "" "... status and season (which would freeze it) refused too"
	kill "$holder"
	wait "$holder" 2>/dev/null

	edit hash "UPDATE versions SET hash = '00' || substr(hash, 3) WHERE name = 'a'"
	expect_exit 0 "$REFEREE" league ladder "$T" --format csv
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db does not agree with the league's signed records: the register's a v1 is not in it, or not as the register has it (and more): $remade" \
		"a version's hash changed: made again"
	edit deleted "DELETE FROM games WHERE run = 1 AND game = 8"
	expect_exit 0 "$REFEREE" league season "$T" s2
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db does not agree with the league's signed records: game 8 of run 000001, listed finished in its signed run.jsonl, is not in it: $remade" \
		"a game's row deleted: made again before the season freezes the ladder"
	expect_eq "$(grep -E '^[0-9]+,(a|b),' "$T/seasons/first/ladder.csv")" "$(grep -E '^[0-9]+,(a|b),' "$TMP/ladder.csv")" \
		"... whose frozen ladder is the records'"
	edit planted "INSERT INTO games VALUES(1, 9, 9, 'x'); INSERT INTO seats VALUES(1, 9, 0, 1, 1, 0), (1, 9, 1, 2, 2, 0)"
	expect_exit 0 "$REFEREE" league status "$T"
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db does not agree with the league's signed records: it holds game 9 of run 000001, which its run.jsonl does not list as finished: $remade" \
		"a game planted: made again"
	edit earlier "PRAGMA user_version = 3"
	expect_exit 0 "$REFEREE" league ladder "$T" --format csv
	expect_eq "$(cat "$OUT")" "$(cat "$TMP/ladder.csv")" "an index of an earlier referee: the ladder shown"
	expect_eq "$(cat "$ERR")" "referee league: $T/league.db is the index of an earlier referee (its version 3, this one's 5): $remade" \
		"... the index made again, saying so"
	T=$(copy missing)
	rm "$T/league.db"
	expect_exit 0 "$REFEREE" league ladder "$T" --format csv
	expect_eq "$(cat "$OUT")" "$(cat "$TMP/ladder.csv")" "league.db removed: the ladder shown, the index made again"
else
	ok 0 "league.db edited # SKIP sqlite3 is not installed"
fi

# --- a league made before revision 6 ----------------------------------------------
# Its league.json without an id, its register plain lines: it verifies as
# what it is, and its writers append plain lines with no key.  (Its runs
# go: their logs name the league's id, as none of a league of revision 5
# can.)
T=$(copy rev5)
"$PYTHON3" - "$T" <<'EOF'
import json, shutil, sys
d = sys.argv[1]
shutil.rmtree(d + "/runs")
info = json.load(open(d + "/league.json"))
del info["id"]
open(d + "/league.json", "w").write(json.dumps(info, separators=(",", ":")) + "\n")
out = []
for line in open(d + "/register.jsonl"):
    r = json.loads(line)
    if r["type"] in ("league", "signature"):
        continue
    for k in ("seq", "prev", "owner"):
        r.pop(k, None)
    out.append(json.dumps(r, separators=(",", ":")))
open(d + "/register.jsonl", "w").write("\n".join(out) + "\n")
EOF
expect_exit 0 "$REFEREE" league rebuild "$T"
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$(tail -1 "$OUT" | sed 's/.*; a revision/a revision/')" "a revision-5 league: its register is not signed" \
	"a league of revision 5: verified as one"
XDG_DATA_HOME=$TMP/no-key expect_exit 0 "$REFEREE" league retire "$T" b
expect_eq "$(tail -1 "$T/register.jsonl")" '{"type":"retire","name":"b"}' "... retire appends a plain line, with no key"
expect_eq "$(ls "$TMP/no-key" 2>/dev/null)" "" "... and makes none"
expect_exit 0 "$REFEREE" league ladder "$T"
T=$(copy rev5-chained)
"$PYTHON3" -c 'import json, sys; d = json.load(open(sys.argv[1])); del d["id"]; open(sys.argv[1], "w").write(json.dumps(d) + "\n")' "$T/league.json"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: line 1: chained and signed, but league.json has no id: its id was taken out" \
	"league.json's id taken out of a league of revision 6: named"

# --- the server's view ----------------------------------------------------------
# An index edited before the server starts: its view says so, and shows
# no ladder.  As root the league is nobody's and the server drops to them.
if command -v curl >/dev/null && command -v sqlite3 >/dev/null; then
	league_as_user
	S=$TMP/served
	league_of_bots "$S" d e
	expect_exit 0 "${LEAGUE[@]}" run "$S" --games 4 --concurrency 2
	"${AS[@]}" sqlite3 "$S/league.db" "UPDATE seats SET rank = 3 - rank WHERE run = 1 AND game = 1"
	PORT=$(free_ports 1)
	URL=http://127.0.0.1:$PORT
	"${SERVE_AS[@]}" "$REFEREE" league serve "$S" --no-play "${SERVE_USER[@]}" \
		--listen "127.0.0.1:$PORT" >"$TMP/serve.out" 2>"$TMP/serve.err" &
	SERVER=$!
	for _ in $(seq 300); do
		status=$(code /api/ladder)
		[ "$status" != 000 ] && [ "$status" != 503 ] && break
		sleep 0.1
	done
	expect_eq "$status $(json 'd["error"]')" "500 league.db does not agree with the league's signed records: it holds game 1 of run 000001 otherwise than its run.jsonl lists it (the log's SHA-256, or a seat's version, rank or forfeit); 'referee league rebuild the league's folder' makes it again from the register and the logs" \
		"the server's view of an edited index: its error (the folder's path hidden), no ladder"
	kill "$SERVER"
	wait "$SERVER"
	expect_exit 0 "${LEAGUE[@]}" rebuild "$S"
	serve "${SERVE_AS[@]}" -- "$S" --no-play
	expect_eq "$(code /api/ladder)" 200 "... rebuilt: the ladder served"
	stop
else
	ok 0 "the server's view # SKIP curl or sqlite3 is not installed"
fi

done_testing

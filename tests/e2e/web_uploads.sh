#!/usr/bin/env bash
# Uploads to `referee league serve` that try to take it down or take a
# name (docs/LEAGUE-SERVER.md, "Users and uploads"): archives 30,000 and 20,000
# folders deep, too deep, making too many folders, each refused while
# read, the server answering after, nothing left, and a server restarted
# over an upload's leftover folder of any depth; folders an archive
# implies made 0700; a refused upload claiming no name, so that a name the
# organiser adds after is not the uploader's; four uploads of a bot that
# sleeps 30 s at hello queued (202) while reads answer at once, and a
# user's third, the queue's bound, 429; a command starting with `--` run
# as the bot's command, not read as league add's option; nothing of a
# refused pre-flight in the server's TMPDIR, and no path of the server's
# in any answer.  As root the league is nobody's and the server drops to
# them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
mkdir "$TMP/a"
bot_into "$TMP/a"
expect_exit 0 "${LEAGUE[@]}" init "$L" --game rolit -o size=6
expect_exit 0 "${LEAGUE[@]}" add "$L" a "$TMP/a/bot" "$TMP"
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice
alice=$(tail -1 "$OUT")
expect_exit 0 "${LEAGUE[@]}" user add "$L" mallory
mallory=$(tail -1 "$OUT")
serve_uploads

# archive NAME KIND: $TMP/NAME.tgz, a bot.json and the entries of KIND.
archive() {
	"$PYTHON3" - "$TMP/$1.tgz" "$2" <<'PY'
import io, sys, tarfile
with tarfile.open(sys.argv[1], "w:gz", format=tarfile.PAX_FORMAT) as t:
    def add(name, data=b""):
        i = tarfile.TarInfo(name)
        i.size = len(data)
        t.addfile(i, io.BytesIO(data))
    add("bot.json", b'{"command": "./bot"}')
    kind = sys.argv[2]
    if kind.startswith("deep-"):
        add("d/" * int(kind[5:]) + "f")
    if kind == "folders":
        for k in range(501):
            add("x%d/y/f" % k)
PY
}
for levels in 30000 20000; do
	archive "deep$levels" "deep-$levels"
	expect_lt "$(stat -c %s "$TMP/deep$levels.tgz")" 1000 "an archive of one file $levels folders deep: under 1,000 bytes"
	expect_eq "$(send "$alice" "deep$levels" "$TMP/deep$levels.tgz")" 400 "... refused while read: 400"
	keep
	expect_eq "$(json 'd["error"]')" "an entry's path is longer than 1024 bytes" "... saying why"
	expect_eq "$(code /api/status)" 200 "... the server answers after it"
	expect_eq "$(test -e "$L/uploads/deep$levels" || echo none)" none "... nothing of it left"
done
archive deep33 deep-33
expect_eq "$(send "$alice" deep33 "$TMP/deep33.tgz")" 400 "a file 33 folders deep: 400"
keep
expect_eq "$(json 'd["error"]')" "entry '$(printf 'd/%.0s' $(seq 33))f' is more than 32 folders deep" "... saying why"
archive folders folders
expect_eq "$(send "$alice" folders "$TMP/folders.tgz")" 413 "an archive implying 1,002 folders (its files 2 deep): 413"
keep
expect_eq "$(json 'd["error"]')" "the archive makes more than 1000 folders" "... saying why"
expect_eq "$(test -e "$L/uploads/folders" || echo none)" none "... nothing of it left"

# Folders the archive implies (no entry of their own) are private too.
mkdir -p "$TMP/implied/lib/deep"
bot_into "$TMP/implied"
echo '{"command": "./bot"}' >"$TMP/implied/bot.json"
echo note >"$TMP/implied/lib/deep/note"
tar -czf "$TMP/implied.tgz" -C "$TMP/implied" --no-recursion bot bot.json lib/deep/note
expect_eq "$(post "$alice" implied "$TMP/implied.tgz")" "202 accepted" "an archive whose folders have no entry: accepted"
keep
implied=$(find "$L/uploads/implied" -mindepth 1 -maxdepth 1)
expect_eq "$(stat -c %a "$implied/lib" "$implied/lib/deep" | tr '\n' ' ')" "700 700 " "... the folders it implies made 0700"

# A name is claimed only by an upload the league takes.
mkdir "$TMP/crash" && printf '#!/bin/sh\nexit 3\n' >"$TMP/crash/bot" && chmod +x "$TMP/crash/bot"
echo '{"command": "./bot"}' >"$TMP/crash/bot.json"
tar -czf "$TMP/crash.tgz" -C "$TMP/crash" .
expect_eq "$(post "$mallory" taken "$TMP/crash.tgz")" "202 refused" "a squatter's upload failing its pre-flight: refused"
keep
expect_eq "$(json 'd["error"]')" "the bot failed its pre-flight (referee check-bot): see its report" "... saying so"
expect_eq "$(json '"FAIL" in d["report"]')" True "... with check-bot's checklist"
expect_eq "$(grep -c '"name":"taken"' "$L/register.jsonl")" 0 \
	"... and no claim of its name left (no line of it in the register)"
expect_eq "$(ls -A "$TMP/server-tmp")" "" "... nor anything in the server's TMPDIR"
expect_eq "$(test -e "$L/uploads/taken" || echo none)" none "... nor its folder"
expect_exit 0 "${LEAGUE[@]}" add "$L" taken "$TMP/a/bot" "$TMP"
mkdir "$TMP/good"
bot_into "$TMP/good"
echo '{"command": "./bot"}' >"$TMP/good/bot.json"
tar -czf "$TMP/good.tgz" -C "$TMP/good" .
expect_eq "$(send "$mallory" taken "$TMP/good.tgz")" 403 "the organiser's league add of that name: the squatter's upload then 403"
keep
expect_eq "$(json 'd["error"]')" "this bot's name is another's (a user's or the organiser's): give another" "... saying why"

# A command starting with -- is the bot's, not an option of league add.
mkdir "$TMP/dashes"
bot_into "$TMP/dashes"
echo '{"command": "--readable=. ./bot"}' >"$TMP/dashes/bot.json"
tar -czf "$TMP/dashes.tgz" -C "$TMP/dashes" .
expect_eq "$(post "$alice" dashes "$TMP/dashes.tgz")" "202 refused" "a command '--readable=. ./bot': refused"
keep
expect_eq "$(json 'd["error"]')" "the bot failed its pre-flight (referee check-bot): see its report" \
	"... by its pre-flight (no program '--readable=.'), not by league add's options"
expect_not_contains "$L/register.jsonl" '"dashes"' "... and not entered with a --readable path"

# The status of an upload is its uploader's.
expect_eq "$(send "$alice" good "$TMP/good.tgz")" 202 "an upload: 202"
keep
status=$(json 'd["status"]')
expect_eq "$(code "$status")" 401 "... its status without a token: 401"
expect_eq "$(code "$status" -H "Authorization: Bearer $mallory")" 404 "... with another user's: 404"
expect_eq "$(answer "$alice" "$status")" accepted "... with its uploader's: accepted in the end"
keep

# Four uploads of a bot asleep 30 s at hello hold no request thread:
# they are queued, reads answer at once, and a user's third is 429.
mkdir "$TMP/sleepy"
printf '#!/bin/sh\nsleep 30\n' >"$TMP/sleepy/bot" && chmod +x "$TMP/sleepy/bot"
echo '{"command": "./bot"}' >"$TMP/sleepy/bot.json"
tar -czf "$TMP/sleepy.tgz" -C "$TMP/sleepy" .
codes=
for user in "$alice" "$alice" "$mallory" "$mallory"; do
	codes="$codes $(send "$user" "sleepy-${user:0:8}-$RANDOM" "$TMP/sleepy.tgz")"
	keep
done
expect_eq "$codes" " 202 202 202 202" "four uploads of a bot asleep at hello: 202 each, at once"
expect_eq "$(send "$alice" sleepy-third "$TMP/sleepy.tgz")" 429 "... a user's third while two are checked: 429"
keep
expect_eq "$(json 'd["error"]')" "too many uploads are being checked (yours or in all): try again once yours are answered" "... saying why"
expect_eq "$(slow_reads 20)" 0 "... while 20 GET /api/status each answer under 100 ms"
expect_not_contains "$answers" "$L" "no answer to an upload names the league's folder"
expect_not_contains "$answers" "$TMP" "... nor any other path of the server's"
stop
expect_eq "$(ls "$L/uploads" | grep -c sleepy)" 0 "a server stopped mid-check: the uploads being checked removed"
expect_eq "$(ls -A "$TMP/server-tmp")" "" "... nothing left in its TMPDIR"

# A server (as root, one that drops to its user) started over an
# upload's leftover folder 30,000 deep: it removes it, says so, starts.
"${AS[@]}" "$PYTHON3" - "$L/uploads/ghost/upload-crashed" <<'PY'
import os, sys
os.makedirs(sys.argv[1], mode=0o700)
os.chdir(sys.argv[1])
for _ in range(30000):
    os.mkdir("d", 0o700)
    os.chdir("d")
open("f", "w").close()
PY
# Its start removes 30,000 folders first: seconds on a loaded machine.
SERVE_TRIES=1800 serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(code /api/status)" 200 "a server started over an upload's leftover 30,000 deep: it answers"
expect_eq "$(cat "$TMP/serve.err")" "referee league serve: removed uploads/ghost/upload-crashed, an upload the league never took" \
	"... saying what it removed"
expect_eq "$(test -e "$L/uploads/ghost" || echo none)" none "... and it is gone"
expect_eq "$(test -d "$implied" && echo kept)" kept "... an accepted upload's folder kept"
QUIET=
stop
done_testing

#!/usr/bin/env bash
# What a teacher grades from (docs/LEAGUE-LADDER.md, "The ladder"): `league
# ladder --format csv|json` and GET /api/ladder give each version's
# owner, rating, interval, games, wins, draws, losses, score and
# forfeits, and the json the rule of the rows' order; exact rows for a
# league of known results (a bot that wins every game against one that
# forfeits every game), the owner of an uploaded bot, and the same
# counts and ratings as `referee ladder DIR/runs/*` gives for a league
# whose bots have one version each.  As root, the league is nobody's.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

# f plays legal moves until the file "armed" is in its folder, then
# answers every turn with an illegal action: it passes its pre-flight,
# then forfeits every game.
L=$TMP/league
mkdir "$TMP/w" "$TMP/f"
bot_into "$TMP/w"
printf '#!%s\nimport json, os, random, sys\narmed = os.path.exists(os.path.join(os.path.dirname(os.path.abspath(__file__)), "armed"))\nfor line in sys.stdin:\n    msg = json.loads(line)\n    print(json.dumps({"action": "nowhere" if armed else random.choice(msg["legal"])} if "legal" in msg else {}), flush=True)\n' \
	"$AS_PYTHON3" >"$TMP/f/bot"
chmod 755 "$TMP/f/bot"
expect_exit 0 "${LEAGUE[@]}" init "$L" --game rolit -o size=6
expect_exit 0 "${LEAGUE[@]}" add "$L" w "$TMP/w/bot" "$TMP"
expect_exit 0 "${LEAGUE[@]}" add "$L" f "$TMP/f/bot" "$TMP"
touch "$TMP/f/armed"
chmod 644 "$TMP/f/armed"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 12 --concurrency 2

# w won all 12 games and f forfeited all 12: w, the only bot of the
# fitted block, is the point f's upper bound is measured from.
hashes() { "${LEAGUE[@]}" ladder "$L" --format json | "$PYTHON3" -c 'import json, sys; print(" ".join(r["files"][:12] for r in json.load(sys.stdin)["ladder"]))'; }
read -r hw hf <<<"$(hashes)"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --format csv
expect_eq "$(cat "$OUT")" "rank,bot,version,files,state,lower,rating,upper,games,wins,draws,losses,score,forfeits,cut,owner
1,w,1,$hw,active,0.0,0.0,0.0,12,12,0,0,12.0,0,0,
2,f,1,$hf,active,,-218.9,-218.9,12,0,0,12,0.0,12,0," \
	"csv: each version's games, wins, draws, losses, score, forfeits, sets cut by a stop and owner (none: the organiser's)"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --format json
expect_eq "$("$PYTHON3" -c 'import json, sys
d = json.load(open(sys.argv[1]))
for r in d["ladder"]:
    print(" ".join(str(r.get(k)) for k in ("rank", "name", "status", "rating", "interval", "games", "wins", "draws", "losses", "score", "forfeits", "cut", "owner")))' "$OUT")" \
	"1 w rated 0 [0, 0] 12 12 0 0 12 0 0 None
2 f below -218.9 None 12 0 0 12 0 12 0 None" "json: the same rows"
expect_eq "$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["order"])' "$OUT")" \
	"by the lower bound of the 95% interval (a bot that won every point linking it to the others has only a lower bound, which counts as its bound; an upper bound alone or no rating comes after every bound), then by rating and games, versions without a game in the order they were added, then by name; old and retired versions after the active ones, in the same order" \
	"json: the rule of the rows' order, in words"
expect_exit 0 "${LEAGUE[@]}" ladder "$L"
expect_eq "$(head -1 "$OUT")" "rank bot                      version files         lower  rating 95% interval    games  wins draws  loss  score forfeits  cut owner" \
	"table: the same columns"
expect_eq "$(sed -n 3p "$OUT" | tr -s ' ')" "2 f v1 $hf - <-219 - 12 0 0 12 0.0 12 0 -" "table: f's row"

# A bot uploaded by alice is hers on every ladder.
expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" alice
alice=$(cat "$OUT")
bot_archive u
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(post "$alice" u "$TMP/u.tgz")" "202 accepted" "alice uploads u: accepted"
stop
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 60 --concurrency 2
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --format csv
expect_eq "$(cut -d, -f2,16 "$OUT" | sort | tr '\n' ' ')" "bot,owner f, u,alice w, " \
	"csv: u's owner is alice, the others nobody's"
expect_eq "$("$PYTHON3" -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    assert int(r["wins"]) + int(r["draws"]) + int(r["losses"]) == int(r["games"]), r
    assert float(r["score"]) == int(r["wins"]) + int(r["draws"]) / 2, r
print("ok")' "$OUT")" ok "csv: in 2-player games, wins + draws + losses = games, score = wins + draws / 2"
expect_eq "$(grep '^[0-9]*,f,' "$OUT" | cut -d, -f9-14 | awk -F, '{print ($1 == $4 && $4 == $6 && $2 + $3 + $5 == 0) ? "all" : $0}')" all \
	"csv: f lost and forfeited every game it played"

# The server's ladder: the same rows, owners included.
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(code /api/ladder)" 200 "GET /api/ladder: 200"
"${LEAGUE[@]}" ladder "$L" --versions --format json >"$TMP/ladder.json"
expect_eq "$(cat "$TMP/body")" "$(cat "$TMP/ladder.json")" "... the rows 'league ladder --format json --versions' prints"
expect_eq "$(json '" ".join(r["name"] + ":" + str(r["owner"]) for r in sorted(d["ladder"], key=lambda r: r["name"]))')" \
	"f:None u:alice w:None" "... with their owners"
stop

# `referee ladder DIR/runs/*` merges a bot's versions and rates every
# season; here each bot has one version in one season, and both give the
# same games, wins, draws, losses, score and forfeits, and the same
# ratings and bounds (both centre the fitted bots on 0).
expect_exit 0 "$REFEREE" ladder "$L"/runs/* --format csv
mv "$OUT" "$TMP/theirs.csv"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --format csv
expect_eq "$("$PYTHON3" -c 'import csv, sys
ours = {r["bot"]: r for r in csv.DictReader(open(sys.argv[1]))}
theirs = {r["bot"]: r for r in csv.DictReader(open(sys.argv[2]))}
assert sorted(ours) == sorted(theirs) == ["f", "u", "w"], (ours, theirs)
for bot, o in ours.items():
    t = theirs[bot]
    for k in ("games", "wins", "draws", "losses", "forfeits"):
        assert o[k] == t[k], (bot, k, o[k], t[k])
    assert float(o["score"]) == float(t["points"]), (bot, o["score"], t["points"])
    # Both fit the same block (the results choose it, not how the bots
    # are numbered): the same status (a bound has one side of its interval),
    # the same rating or bound.
    status = {(True, True): "rated", (True, False): "above",
              (False, True): "below", (False, False): "unrated"}
    assert status[bool(o["lower"]), bool(o["upper"])] == t["status"], (bot, o, t)
    if o["rating"]:
        assert abs(float(o["rating"]) - float(t["elo"])) < 0.06, (bot, o, t)
print("same")' "$OUT" "$TMP/theirs.csv" 2>&1)" same "referee ladder of its runs: the same counts and ratings"

done_testing

// The example bots of bots/examples/ against bots/random-bot in the real
// referee: every game played to the end, no forfeit.  Skipped when the
// referee or random-bot is not built (top_builddir, else the source tree),
// or when no control group for a bot can be had.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const top = fileURLToPath(new URL("../../../", import.meta.url));
const build = process.env.top_builddir || top;
const referee = join(build, "referee", "referee");
const random = join(build, "bots", "random-bot");
const built = existsSync(referee) && existsSync(random);
// A user who can have no control group for a bot (a normal user on a
// cgroup v1 machine) cannot play with the bots' limits on: the referee
// says so, and why, in a game's try.
const probe = built && spawnSync(referee, ["play", "rolit", "-o", "size=4", random, random],
  { encoding: "utf8", timeout: 60000 });
const missing = !built ? "the referee and bots/random-bot are not built"
  : probe.status !== 0 && probe.stderr.includes("none can be had here")
    ? `no control group for a bot can be had here: ${probe.stderr.trim()}` : false;
const hasJq = spawnSync("jq", ["--version"]).status === 0;

/** Plays GAME between bot and random-bot; checks the summary row of bot. */
function play(game, bot) {
  const games = 2; // a summary table is printed from 2 games on
  // The SDK a sandboxed example imports is readable only when given.
  // Named on the command line: play would call it by its hello name.
  const proc = spawnSync(referee, ["play", game, "--games", String(games),
    "--readable", join(top, "sdk", "js"), `example=${bot}`, random],
    { cwd: top, encoding: "utf8", timeout: 120000 });
  assert.equal(proc.status, 0, proc.stderr);
  const row = proc.stdout.split("\n").find((line) => line.startsWith("example "));
  assert.ok(row, proc.stdout);
  const [, played, , , forfeits] = row.trim().split(/\s+/);
  assert.equal(Number(played), games, proc.stdout);
  assert.equal(Number(forfeits), 0, proc.stdout);
}

for (const [game, file] of [["bolo", "bolo"], ["bolo5", "bolo5"], ["volle-lotte", "volle_lotte"],
  ["rolit", "rolit"], ["black-pot", "black_pot"]])
  test(`bots/examples/${file}.mjs plays ${game} against random-bot`, { skip: missing }, () => {
    play(game, `${process.execPath} ${join(top, "bots", "examples", file + ".mjs")}`);
  });

test("bots/examples/minimal.sh (bash + jq, no SDK) plays rolit", { skip: missing || (!hasJq && "jq is missing") }, () => {
  play("rolit", join(top, "bots", "examples", "minimal.sh"));
});

// The game helpers on the referee's rules (arena_rules.wasm): what they
// refuse before calling the rules, the order of their answers, and the
// message when the module is not beside arena_bot.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  diceValue, diceKeeps, rolitCaptures, rolitLegalMoves, rolitCounts, blackPotKind, blackPotValues,
  blackPotEvaluate, blackPotExpressions,
} from "../arena_bot.mjs";

const START = ["........", "........", "........", "...RY...", "...BG...", "........", "........", "........"];

test("arguments the rules cannot take are refused with what is wrong", () => {
  assert.throws(() => diceValue("bolo", [1, 1, 1, 1, 1, 1, 1, 1]),
    { name: "RangeError", message: "8 dice: the games roll at most 7" });
  assert.throws(() => diceKeeps("bolo5", [1, 0]), { name: "RangeError", message: "0 is not a die face 1-6" });
  assert.throws(() => rolitCaptures(START, "I1", "red"), { name: "RangeError", message: "I1 is off the 8x8 board" });
  assert.throws(() => rolitLegalMoves(["R.", "."], "red"),
    { name: "RangeError", message: "a Rolit board is 1 to 8 rows of as many of R, Y, G, B or . as there are rows" });
  assert.throws(() => rolitCounts(["X"]), RangeError);
  assert.throws(() => rolitLegalMoves(START, "purple"), { name: "RangeError", message: "\"purple\" is not a Rolit colour" });
  assert.throws(() => blackPotValues([7]), { name: "RangeError", message: "7 is not a die face 1-6" });
  assert.throws(() => blackPotExpressions([6, 4]), { name: "RangeError", message: "a Black-Pot roll is three die faces 1-6" });
  assert.throws(() => blackPotEvaluate(642, [6, 4, 2]), TypeError);
  assert.throws(() => blackPotEvaluate("6+4+2", [6, 4, 9]), RangeError);
  // Longer than the rules' buffer: the rules' own refusal still.
  assert.throws(() => blackPotEvaluate("6+".repeat(5000) + "4", [6, 4, 2]),
    { name: "Error", message: "the expression is longer than 64 characters" });
  assert.equal(blackPotKind(26), null);
  assert.equal(blackPotKind(1.5), null);
});

test("answers come from the rules in their order", () => {
  // Captured balls in board order: row 1 first, A to H within a row.
  assert.deepEqual(rolitCaptures(["R.R.", "YG..", "BY..", "...."], "A4", "red"), ["A2", "A3"]);
  assert.deepEqual(rolitCaptures(["R...", "YY..", "Y.G.", "...."], "C3", "red"), ["B2"]);
  assert.deepEqual(rolitCounts(["RY", "GG"]), { red: 1, yellow: 1, green: 2, blue: 0 });
  assert.deepEqual(blackPotValues([3]), [{ value: 3, expr: "3" }]);
  assert.deepEqual(blackPotValues([2, 6]),
    [{ value: 8, expr: "6+2" }, { value: 4, expr: "6-2" }, { value: -4, expr: "2-6" },
      { value: 12, expr: "6*2" }, { value: 3, expr: "6/2" }]);
  assert.equal(blackPotKind(22), "black-pot");
  assert.equal(diceValue("bolo5", [1, 1, 1, 1, 1]), 10000);
  // An expression of every group, the rules' message otherwise, as is.
  assert.deepEqual(blackPotEvaluate("(6-4)*2", [2, 4, 6]), [4]);
  assert.throws(() => blackPotEvaluate("6é4,2", [6, 4, 2]), /^Error: unexpected '/);
});

test("without arena_rules.wasm beside it, a helper says which file is missing", () => {
  const dir = mkdtempSync(join(tmpdir(), "arena-js-"));
  try {
    copyFileSync(fileURLToPath(new URL("../arena_bot.mjs", import.meta.url)), join(dir, "arena_bot.mjs"));
    const proc = spawnSync(process.execPath, ["--input-type=module", "-e",
      `import { diceValue } from ${JSON.stringify(join(dir, "arena_bot.mjs"))};
       try { diceValue("bolo", [1]); } catch (e) { console.log(e.message); }`], { encoding: "utf8" });
    assert.equal(proc.stdout.trim(), `the game helpers need ${join(dir, "arena_rules.wasm")}: it is missing ` +
      "(make builds it in the arena source tree; npm install copies it with arena_bot.mjs)");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

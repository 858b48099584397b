// The game helpers of the JavaScript SDK: dice scoring per variant, Rolit's
// legal moves and moves, Black-Pot's expressions and legal moves.  The same
// cases are in tests/e2e/sdk_games_test.py for the Python helpers.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  diceValue, diceKeeps, diceScores, bolo5MayBank, rolitLegalMoves, rolitApply, rolitCaptures, rolitCounts,
  squareName, parseSquare, blackPotKind, blackPotValues, blackPotExpressions, blackPotLegalMoves,
  blackPotEvaluate, blackPotApply,
} from "../arena_bot.mjs";

test("bolo scoring (docs/games/bolo.md)", () => {
  const cases = [
    [[1], 100], [[5], 50], [[1, 5], 150], [[2, 2, 2], 200], [[1, 1, 1], 1000],
    [[1, 1, 1, 1], 2000], [[3, 3, 3, 3, 3], 1200], [[2, 2, 2, 2, 2, 2, 2], 3200],
    [[1, 1, 1, 1, 1, 1], 8000], [[5, 5, 5, 5], 1000], [[1, 1, 1, 5, 5, 5], 1500],
    [[1, 2, 3, 4, 5, 6], 1500], [[1, 2, 3, 4, 5, 6, 5], 1550], [[1, 2, 3, 4, 5, 6, 1], 1600],
    [[1, 2, 3, 4, 5, 6, 2], null], [[1, 2], null], [[6], null], [[], 0],
  ];
  for (const [faces, points] of cases) assert.equal(diceValue("bolo", faces), points, `${faces}`);
});

test("bolo5 scoring (docs/games/bolo5.md)", () => {
  const cases = [
    [[1], 100], [[5], 50], [[4, 4, 4], 400], [[4, 4, 4, 4], 800], [[1, 1, 1, 1], 2000],
    [[3, 3, 3, 3, 3], 5000], [[1, 1, 1, 1, 1], 10000], [[2, 2, 2, 3, 3], 500],
    [[1, 1, 1, 5, 5], 1100], [[1, 1, 1, 2, 2], 500], [[1, 2, 3, 4, 5], 1000], [[2, 3, 4, 5, 6], 1000],
    [[1, 2, 3, 4, 6], null], [[6, 6], null],
  ];
  for (const [faces, points] of cases) assert.equal(diceValue("bolo5", faces), points, `${faces}`);
});

test("volle-lotte scoring (docs/games/volle-lotte.md)", () => {
  const cases = [
    [[1, 1, 1, 1], 1100], [[2, 2, 2, 2, 2, 2], 400], [[1, 5], 150], [[5, 5, 5], 500],
    [[1, 1, 1], 1000], [[2, 2, 2, 2], null], [[1, 2, 3, 4, 5, 6], null], [[3, 4], null],
  ];
  for (const [faces, points] of cases) assert.equal(diceValue("volle-lotte", faces), points, `${faces}`);
  assert.throws(() => diceValue("yahtzee", [1]), RangeError);
  assert.throws(() => diceValue("bolo", [7]), RangeError);
});

test("the keeps of a roll, as the view lists them", () => {
  assert.deepEqual(diceKeeps("bolo", [1, 1, 2, 3, 4, 5, 6]), [
    { keep: [1], points: 100 }, { keep: [5], points: 50 }, { keep: [1, 1], points: 200 },
    { keep: [1, 5], points: 150 }, { keep: [1, 1, 5], points: 250 },
    { keep: [1, 2, 3, 4, 5, 6], points: 1500 }, { keep: [1, 1, 2, 3, 4, 5, 6], points: 1600 },
  ]);
  assert.deepEqual(diceKeeps("bolo5", [1, 1, 1, 2, 2]), [
    { keep: [1], points: 100 }, { keep: [1, 1], points: 200 }, { keep: [1, 1, 1], points: 1000 },
    { keep: [1, 1, 1, 2, 2], points: 500 },
  ]);
  assert.deepEqual(diceKeeps("volle-lotte", [1, 1, 2, 3, 4, 5]), [
    { keep: [1], points: 100 }, { keep: [5], points: 50 }, { keep: [1, 1], points: 200 },
    { keep: [1, 5], points: 150 }, { keep: [1, 1, 5], points: 250 },
  ]);
  assert.equal(diceScores("bolo", [2, 3, 4, 6, 6, 2]), false);
  assert.equal(diceScores("bolo", [2, 2, 2]), true);
});

test("bolo5MayBank: rule 2.3, bank only with dice left behind that score nothing", () => {
  assert.equal(bolo5MayBank([1, 1, 1, 2, 2], [1, 1, 1]), true);
  assert.equal(bolo5MayBank([4, 4, 4, 2, 3], [4, 4, 4]), true);
  assert.equal(bolo5MayBank([1, 1, 1, 2, 2], [1, 1, 1, 2, 2]), false);
  assert.equal(bolo5MayBank([5, 5, 5, 5, 5], [5, 5, 5, 5]), false);
  assert.equal(bolo5MayBank([1, 5], [5]), false);
  assert.equal(bolo5MayBank([2, 2, 2, 1, 3], [1]), false);
  assert.throws(() => bolo5MayBank([1, 5], [1, 1]), RangeError);
});

const START = ["........", "........", "........", "...RY...", "...BG...", "........", "........", "........"];

test("Rolit: the legal moves of the start position", () => {
  assert.deepEqual(rolitLegalMoves(START, "red"), ["F4", "D6", "F6"]);
  assert.deepEqual(rolitLegalMoves(START, "yellow"), ["C4", "C6", "E6"]);
  assert.deepEqual(rolitLegalMoves(START, "G"), ["C3", "E3", "C5"]);
  assert.deepEqual(rolitLegalMoves(START, "blue"), ["D3", "F3", "F5"]);
  // Without a capture anywhere, every empty square touching a ball.
  const lone = ["....", ".R..", "....", "...."];
  assert.deepEqual(rolitLegalMoves(lone, "green"), ["A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"]);
});

test("Rolit: applying a move, captures in every direction at once", () => {
  assert.deepEqual(rolitCaptures(START, "F4", "red"), ["E4"]);
  const after = rolitApply(START, "F4", "red");
  assert.deepEqual(after, ["........", "........", "........", "...RRR..", "...BG...", "........", "........", "........"]);
  assert.deepEqual(rolitCounts(after), { red: 3, yellow: 0, green: 1, blue: 1 });
  assert.deepEqual(START[3], "...RY...", "the board given is not changed");
  // A run of mixed colours is captured; two directions at once.
  const board = ["R.R.", "YG..", "BY..", "...."];
  assert.deepEqual(rolitCaptures(board, "A4", "red").sort(), ["A2", "A3"]);
  assert.deepEqual(rolitApply(["R...", "GY..", "G.Y.", "...."], "A4", "red"), ["R...", "RY..", "R.Y.", "R..."]);
  assert.deepEqual(rolitCaptures(["RG.R", "....", "....", "...."], "C1", "red").sort(), ["B1"]);
  assert.equal(squareName(2, 3), "D3");
  assert.deepEqual(parseSquare("H8"), [7, 7]);
  assert.throws(() => parseSquare("d3"), RangeError);
});

test("Black-Pot: the kinds of cells", () => {
  assert.deepEqual([1, 6, 7, 13, 15, 25, 26, 0].map(blackPotKind),
    ["citron", "citron", "cerise", "black-pot", "cerise", "cerise", null, null]);
});

test("Black-Pot: the worked roll 6 4 2", () => {
  const cells = blackPotValues([6, 4, 2]).map((t) => t.value).filter((v) => v >= 1 && v <= 25).sort((a, b) => a - b);
  assert.deepEqual(cells, [1, 2, 3, 4, 5, 7, 8, 12, 14, 16, 20, 22]);
  for (const { value, expr } of blackPotValues([2, 6, 4])) assert.deepEqual(blackPotEvaluate(expr, [6, 4, 2]), [value]);
  assert.ok(blackPotValues([6, 4, 2]).some((t) => t.value === 0));
  const exprs = blackPotExpressions([6, 4, 2]);
  assert.deepEqual(exprs[0], { expr: "6,4,2", values: [6, 4, 2] });
  assert.ok(exprs.some((e) => e.expr === "6+4,2" && e.values.join() === "10,2"));
  for (const { expr, values } of exprs) assert.deepEqual(blackPotEvaluate(expr, [4, 2, 6]), values, expr);
});

test("Black-Pot: evaluating expressions as the referee reads them", () => {
  assert.deepEqual(blackPotEvaluate("6 x 4 / 2", [6, 4, 2]), [12]);
  assert.deepEqual(blackPotEvaluate("6/(4-2)", [6, 4, 2]), [3]);
  assert.deepEqual(blackPotEvaluate("6-(4+2)", [6, 4, 2]), [0]);
  assert.deepEqual(blackPotEvaluate("2,4,6", [6, 4, 2]), [2, 4, 6]);
  const refused = [
    ["6/4*2", "6/4 in \"6/4*2\" is not an exact division"],
    ["2/(4-4)", "uses 4 more times"],
    ["6+6-2", "\"6+6-2\" uses 6 more times than the roll 6 4 2 has it"],
    ["6+4", "\"6+4\" does not use the 2 of the roll 6 4 2: every die is used once"],
    ["-6+4+2", "unexpected '-' in \"-6+4+2\": expected a die or '('"],
    ["(6+4-2", "missing ')' in \"(6+4-2\""],
    ["64+2", "has a number of several digits"],
  ];
  for (const [expr, message] of refused)
    assert.throws(() => blackPotEvaluate(expr, [6, 4, 2]), (e) => e.message.includes(message), expr);
  assert.throws(() => blackPotEvaluate("4/(2-2)", [4, 2, 2]), /4\/0 in "4\/\(2-2\)" divides by zero/);
});

/** A board whose free cells hold each number 1..25 once, in board order
 * (the other cells cut). */
function syntheticView(roll, pawns) {
  const numbers = Array.from({ length: 11 }, (_, r) =>
    Array.from({ length: 11 }, (_, c) => (r * 11 + c < 25 ? r * 11 + c + 1 : 0)));
  const board = numbers.map((row) => row.map((n) => (n ? "." : " ")).join(""));
  return { numbers, board, you: 0, roll, pawns: [pawns, 40] };
}

test("Black-Pot: legal moves with one pawn left (the document's case)", () => {
  const moves = blackPotLegalMoves(syntheticView([6, 4, 2], 1));
  assert.deepEqual(moves[0].cells, []);
  const numbers = moves.slice(1).map((m) => {
    assert.equal(m.cells.length, 1);
    const [r, c] = parseSquare(m.cells[0]);
    const value = r * 11 + c + 1;
    assert.ok(blackPotEvaluate(m.expr, [6, 4, 2]).includes(value), m.expr);
    return value;
  });
  assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 16, 20, 22]);
});

test("Black-Pot: legal moves are distinct, sorted, and respect the stock", () => {
  const view = syntheticView([6, 4, 2], 3);
  const moves = blackPotLegalMoves(view);
  const keys = moves.map((m) => [...m.cells].sort().join());
  assert.equal(new Set(keys).size, moves.length);
  assert.ok(moves.some((m) => m.expr === "6,4,2" && m.cells.join() === "F1,D1,B1"));
  for (let i = 1; i < moves.length; i++) assert.ok(moves[i].cells.length >= moves[i - 1].cells.length);
  assert.ok(blackPotLegalMoves({ ...view, pawns: [2, 40] }).every((m) => m.cells.length <= 2));
  // A taken cell is never named.
  const taken = { ...view, board: blackPotApply(view.board, ["H1"], 1) };
  assert.equal(taken.board[0][7], "O");
  assert.ok(blackPotLegalMoves(taken).every((m) => !m.cells.includes("H1")));
});

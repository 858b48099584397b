#!/usr/bin/env node
// black-pot-example: plays Black-Pot with the JavaScript SDK and helpers.
//
// Every pawn kept in hand is worth 10 points at the end, so a pawn must earn
// its place.  Each legal move is valued pawn by pawn: a black-pot cell (the
// lines that pay most) is worth 12, a cerise 4, a citron 2, plus 6 for each
// neighbour already holding the side's pawns (lines grow from neighbours),
// minus the 10 the pawn would have been worth in hand.  The bot plays the
// move worth the most; the first legal move places nothing, so it saves its
// pawns when nothing is worth it.
import { Bot, run, blackPotApply, blackPotKind, parseCell } from "../../sdk/js/arena_bot.mjs";

const WORTH = { "black-pot": 12, cerise: 4, citron: 2 };
const NEIGHBOURS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

/** @param {import("../../sdk/js/arena_bot.mjs").BlackPotView} view */
function value(view, move) {
  const mine = "XO"[view.you];
  const board = blackPotApply(view.board, move.cells, view.you);
  let total = 0;
  for (const cell of move.cells) {
    const [r, c] = parseCell(cell);
    total += WORTH[blackPotKind(view.numbers[r][c])] - 10;
    for (const [dr, dc] of NEIGHBOURS)
      if (board[r + dr]?.[c + dc] === mine) total += 6;
  }
  return total;
}

class BlackPotBot extends Bot {
  name = "black-pot-example-js";
  version = "1";

  decide({ state: view, legal }) {
    return legal.reduce((best, m) => (value(view, m) > value(view, best) ? m : best));
  }
}

process.exitCode = await run(new BlackPotBot());

#!/usr/bin/env node
// rolit-example: plays Rolit greedily with the JavaScript SDK and helpers.
//
// Each legal square is tried with rolitApply; the bot plays the one that
// leaves the most balls of its colour on the board (the first in legal
// order on a tie).
import { Bot, run, rolitApply, rolitCounts } from "../../sdk/js/arena_bot.mjs";

class RolitBot extends Bot {
  name = "rolit-example-js";
  version = "1";

  /** @param {{state: import("../../sdk/js/arena_bot.mjs").RolitView, legal: string[]}} turn */
  decide({ state: view, legal }) {
    const me = view.you;
    const mineAfter = (square) => rolitCounts(rolitApply(view.board, square, me))[me];
    return legal.reduce((best, sq) => (mineAfter(sq) > mineAfter(best) ? sq : best));
  }
}

process.exitCode = await run(new RolitBot());

#!/usr/bin/env node
// bolo5-example: plays five-dice Bolo with the JavaScript SDK and helpers.
//
// After each roll it sets aside the keep worth the most points (scored with
// diceValue; on equal points, the fewest dice); between rolls it banks as
// soon as the rules allow ("bank" is in legal only once the turn total
// reaches the seat's threshold, view.thresholds, and the dice left behind
// score nothing) and the turn is worth THRESHOLD or more, or when only one
// die is left to roll.  It plays
// "reroll" (the Yahtzee clause) rather than lose the turn.
//
// Usage: node bolo5.mjs [THRESHOLD]   (default 500)
import { Bot, run, diceValue } from "../../sdk/js/arena_bot.mjs";

class Bolo5Bot extends Bot {
  name = "bolo5-example-js";
  version = "1";

  constructor(threshold) {
    super();
    this.threshold = threshold;
  }

  /** @param {{state: import("../../sdk/js/arena_bot.mjs").Bolo5View, legal: any[]}} turn */
  decide({ state: view, legal }) {
    const keeps = legal.filter((a) => typeof a === "object");
    if (keeps.length) {
      const score = (a) => diceValue("bolo5", a.keep) * 10 - a.keep.length;
      return keeps.reduce((best, a) => (score(a) > score(best) ? a : best));
    }
    if (legal.includes("bank") &&
        (view.turn_total >= this.threshold || view.dice_left === 1)) return "bank";
    return legal.includes("roll") ? "roll" : legal[0];
  }
}

process.exitCode = await run(new Bolo5Bot(Number(process.argv[2] ?? 500)));

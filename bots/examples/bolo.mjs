#!/usr/bin/env node
// bolo-example: plays Bolo (7 dice) with the JavaScript SDK and its helpers.
//
// After each roll it sets aside the keep worth the most points (scored with
// diceValue; on equal points, the fewest dice, so that more dice roll on);
// between rolls it banks once the turn is worth THRESHOLD or more (or 1000,
// the opening, before its first bank), and rolls otherwise.
//
// Usage: node bolo.mjs [THRESHOLD]   (default 400)
import { Bot, run, diceValue } from "../../sdk/js/arena_bot.mjs";

class BoloBot extends Bot {
  name = "bolo-example-js";
  version = "1";

  constructor(threshold) {
    super();
    this.threshold = threshold;
  }

  /** @param {{state: import("../../sdk/js/arena_bot.mjs").BoloView, legal: any[]}} turn */
  decide({ state: view, legal }) {
    const keeps = legal.filter((a) => typeof a === "object");
    if (keeps.length) {
      const score = (a) => diceValue("bolo", a.keep) * 10 - a.keep.length;
      return keeps.reduce((best, a) => (score(a) > score(best) ? a : best));
    }
    if (legal.includes("bank") && view.turn_total >= this.threshold) return "bank";
    return "roll";
  }
}

process.exitCode = await run(new BoloBot(Number(process.argv[2] ?? 400)));

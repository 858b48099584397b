#!/usr/bin/env node
// volle-lotte-example: plays Volle Lotte with the JavaScript SDK and helpers.
//
// After each roll it sets aside the keep worth the most points (scored with
// diceValue; on the Straight card, where keeps are worth 0 until the run is
// complete, the most new faces); between rolls it banks, when the card
// allows, once the turn is worth THRESHOLD or more, and after a Volle Lotte
// it banks rather than draw again.
//
// Usage: node volle_lotte.mjs [THRESHOLD]   (default 300)
import { Bot, run, diceValue } from "../../sdk/js/arena_bot.mjs";

class VolleLotteBot extends Bot {
  name = "volle-lotte-example-js";
  version = "1";

  constructor(threshold) {
    super();
    this.threshold = threshold;
  }

  /** @param {{state: import("../../sdk/js/arena_bot.mjs").VolleLotteView, legal: any[]}} turn */
  decide({ state: view, legal }) {
    const keeps = legal.filter((a) => typeof a === "object");
    if (keeps.length) {
      const score = view.card === "straight"
        ? (a) => a.keep.length
        : (a) => diceValue("volle-lotte", a.keep) * 10 - a.keep.length;
      return keeps.reduce((best, a) => (score(a) > score(best) ? a : best));
    }
    if (legal.includes("bank") &&
        (view.after_volle_lotte || view.turn_total >= this.threshold)) return "bank";
    return legal.includes("roll") ? "roll" : legal[0];
  }
}

process.exitCode = await run(new VolleLotteBot(Number(process.argv[2] ?? 300)));

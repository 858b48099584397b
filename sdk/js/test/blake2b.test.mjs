// BLAKE2b (RFC 7693) and the fairness hashes of the JavaScript SDK, against
// the RFC's vector, Node's own unkeyed BLAKE2b-512, vectors from Python's
// hashlib, and the known answers of docs/FAIRNESS.md and the C SDK.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { blake2b, hash, botCommitment, refereeCommitment } from "../arena_bot.mjs";

const bytes = (from, to) => Buffer.from(Array.from({ length: to - from }, (_, i) => from + i));
const hex = (b) => Buffer.from(b).toString("hex");

test("RFC 7693 Appendix A: BLAKE2b-512 of \"abc\"", () => {
  assert.equal(hex(blake2b("abc")),
    "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1" +
    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
});

test("BLAKE2b-512 of the empty message", () => {
  assert.equal(hex(blake2b(new Uint8Array(0))),
    "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419" +
    "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
});

test("unkeyed BLAKE2b-512 agrees with node:crypto at every length to 300", () => {
  for (let n = 0; n <= 300; n++) {
    const m = bytes(0, n).map((b) => (b * 7 + n) & 0xff);
    assert.equal(hex(blake2b(m)), createHash("blake2b512").update(m).digest("hex"), `length ${n}`);
  }
});

test("key, salt and personalization (vectors from Python hashlib)", () => {
  assert.equal(hex(blake2b(bytes(0, 200), { outlen: 32, key: bytes(0, 64),
    personal: "arena:test", salt: "salt" })),
  "c2b2d26374ec8eca136199622a8fde5936a1a1a84218ae909b0d799994e01276");
  assert.equal(hex(blake2b(bytes(0, 128), { outlen: 20, key: "k",
    personal: "0123456789abcdef" })),
  "14f37626a0d310d6dff129a7055757d042b9cb40");
  assert.equal(hex(blake2b(bytes(0, 128))),
    "2319e3789c47e2daa5fe807f61bec2a1a6537fa03f19ff32e87eecbfd64b7e0e" +
    "8ccff439ac333b040f19b0c4ddd11a61e24ac1fe0f10a039806c5dcc0da3d115");
});

test("bad parameters are refused", () => {
  assert.throws(() => blake2b("", { outlen: 65 }), RangeError);
  assert.throws(() => blake2b("", { personal: "seventeen bytes!!" }), RangeError);
  assert.throws(() => blake2b("", { key: new Uint8Array(65) }), RangeError);
});

test("the C and Python SDKs' commitment: game_id 00..0f, seat 1, C 20..3f, r 40..5f", () => {
  assert.equal(hex(botCommitment(bytes(0, 16), 1, bytes(0x20, 0x40), bytes(0x40, 0x60))),
    "782ed1d156a84afa5eb9f379eb75cc0cc11f4253c8bf0cb10b9559c5ea714b08");
});

test("the known-answer vectors of docs/FAIRNESS.md", () => {
  // The source tree's (these tests run from a copy in a build elsewhere).
  const top = process.env.top_srcdir || fileURLToPath(new URL("../../../", import.meta.url));
  const doc = readFileSync(join(top, "docs", "FAIRNESS.md"), "utf8");
  const block = /```kat\n([\s\S]*?)```/.exec(doc)[1];
  const kat = Object.fromEntries(block.trim().split("\n").map((line) => {
    const at = line.indexOf(": ");
    return [line.slice(0, at), line.slice(at + 2)];
  }));
  const b = (name) => Buffer.from(kat[name], "hex");
  const gameId = b("game_id");
  const C = refereeCommitment(gameId, b("S"));
  assert.equal(hex(C), kat.C);
  for (let i = 0; i < 3; i++)
    assert.equal(hex(botCommitment(gameId, i, C, b(`r_${i}`))), kat[`c_${i}`], `c_${i}`);
  const n = Buffer.alloc(4);
  n.writeUInt32LE(Number(kat.n));
  const K = hash("arena:key", Buffer.concat([gameId, C, n, b("r_0"), b("r_1"), b("r_2")]), b("S"));
  assert.equal(hex(K), kat.K);
  assert.equal(hex(hash("arena:line", kat.line)), kat["line.hash"]);
});

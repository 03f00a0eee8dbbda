// The engine compiled for wasm32 solves as it does natively: each case is
// solved by the wasm module (through wasm-bindgen's node glue) and by the
// native `huarong solve --json`, and their figures must agree. Run by
// scripts/check-wasm: node check.mjs <glue folder> <native huarong>.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import path from "node:path";

const [glue, huarong] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(glue, "huarong_wasm_check.js"));

const native = (args) => JSON.parse(execFileSync(huarong, ["solve", ...args, "--json"]).toString());

const tiles = [
  // The 8-puzzle's farthest start (31 moves), every kind of search.
  ["8 6 7 2 5 4 3 0 1", "astar", "manhattan"],
  ["8 6 7 2 5 4 3 0 1", "idastar", "linear-conflict"],
  ["8 6 7 2 5 4 3 0 1", "bfs", "manhattan"],
  ["8 6 7 2 5 4 3 0 1", "gbfs", "gaschnig"],
  ["8 6 7 2 5 4 3 0 1", "weighted", "misplaced"],
  ["8 6 7 2 5 4 3 0 1", "annealing", "manhattan"],
  ["8 6 7 2 5 4 3 0 1", "tabu", "manhattan"],
  // A 46-move 15-puzzle start: IDA* on the one thread the web has (so
  // natively on one thread too: two split its last iteration otherwise).
  ["1 6 11 3 8 4 12 13 15 2 0 7 9 5 14 10", "idastar", "linear-conflict"],
];
const layouts = [
  ["BAAC/BAAC/DEEF/DGHF/I..J", "bfs", "moves"], // 横刀立马
  ["BAAC/BAAC/DEEF/DGHF/I..J", "astar", "steps"],
];

let failed = 0;
const check = (what, got, want, fields) => {
  for (const f of fields) {
    if (JSON.stringify(got[f]) !== JSON.stringify(want[f])) {
      console.log(`FAIL ${what}: ${f} is ${JSON.stringify(got[f])} in wasm, ${JSON.stringify(want[f])} natively`);
      failed++;
      return;
    }
  }
  console.log(`ok   ${what}: ${fields.map((f) => `${f} ${got[f]}`).join(", ")}`);
};

for (const [start, strategy, h] of tiles) {
  const got = JSON.parse(wasm.solve_tiles(start, strategy, h));
  const one = strategy === "idastar" ? ["--threads", "1"] : [];
  const want = native(["--state", start, "-s", strategy, "-H", h, ...one]);
  check(`${strategy} ${h} on ${start}`, got, want, ["status", "length", "moves", "expanded", "generated"]);
}
for (const [text, strategy, metric] of layouts) {
  const got = JSON.parse(wasm.solve_layout(text, strategy, metric));
  const want = native(["--klotski", text, "-s", strategy, "--metric", metric]);
  // The path counted in its metric: the CLI's piece moves, or its steps.
  want.in_metric = metric === "moves" ? want.piece_moves : want.length;
  check(`${strategy} ${metric} on ${text}`, got, want, ["status", "in_metric", "expanded", "generated"]);
}
// A refusal comes back as a JavaScript error naming it, not a trap.
try {
  wasm.solve_tiles("1 2 3", "astar", "manhattan");
  console.log("FAIL a bad board was solved");
  failed++;
} catch (e) {
  console.log(`ok   a bad board is refused: ${e}`);
}
if (failed > 0) {
  console.log(`${failed} case(s) differ between wasm and native`);
  process.exit(1);
}
console.log("the engine on wasm32 agrees with the native build on every case");

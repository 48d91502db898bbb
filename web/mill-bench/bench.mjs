// Runs `lines_score` from each wasm file given, over the same seeds, and prints seconds per
// puzzle and the scores as JSON lines: node bench.mjs TIER PUZZLES SEED FILE...
import { readFileSync } from "node:fs";

const [tier, puzzles, seed, ...files] = process.argv.slice(2);
for (const file of files) {
  const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
  const scores = [];
  const started = performance.now();
  for (let k = 0; k < Number(puzzles); k++) {
    scores.push(instance.exports.lines_score(Number(tier), BigInt(Number(seed) + k), 0));
  }
  const seconds = (performance.now() - started) / 1000 / Number(puzzles);
  console.log(JSON.stringify({ file, seconds_per_puzzle: Number(seconds.toFixed(3)), scores }));
}

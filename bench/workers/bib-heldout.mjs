// Bib search on the held-out part of the independent evaluation set (bench/eval-sets): the
// product's reader, an event without race results. argv: count [numbered|learnt] (numbered: the
// numbered series from seed 2,000,000, each photo read with its event's bib format; learnt: the
// same photos without a format, each scored with the digit count its event learns). Prints JSON.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Registered for the whole process: the engine's own thread is then started from its TypeScript.
register();
const { evaluateHeldOut, NUMBERED_HELD_OUT_FROM } = await import(
  pathToFileURL(path.join(root, 'bench/eval-sets/bib-evaluate.ts')).href
);
const count = Number(process.argv[2]);
const series = process.argv[3];
const r = await evaluateHeldOut(
  series === 'numbered'
    ? { count, from: NUMBERED_HELD_OUT_FROM, numbered: true, withFormat: true }
    : series === 'learnt'
      ? { count, from: NUMBERED_HELD_OUT_FROM, numbered: true, learnDigits: 'settled' }
      : { count },
);
console.log(JSON.stringify(r));
process.exit(0);

// Bib search on the held-out part of the independent evaluation set (bench/eval-sets): the
// product's reader, an event without race results. argv: count. Prints JSON.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Registered for the whole process: the engine's own thread is then started from its TypeScript.
register();
const { evaluateHeldOut } = await import(pathToFileURL(path.join(root, 'bench/eval-sets/bib-evaluate.ts')).href);
const [count] = process.argv.slice(2).map(Number);
const r = await evaluateHeldOut({ count });
console.log(JSON.stringify(r));
process.exit(0);

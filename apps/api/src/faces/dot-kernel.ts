/**
 * Dot products of one query with many int8 rows, in WebAssembly SIMD (i32x4.dot_i16x8_s): the
 * brute-force face search reads 1 byte per value instead of 4, and does 16 values an instruction.
 * The module is assembled here from its opcodes (no build step, no binary in the repository):
 *
 * (func $scores (param $q i32) (param $rows i32) (param $n i32) (param $d i32) (param $out i32)
 *   (local $r i32) (local $k i32) (local $row i32) (local $acc v128) (local $v v128)
 *   row = rows
 *   if n != 0: for r in 0..n: acc = 0
 *     for k in 0..d step 16: v = load(row + k)            ;; 16 int8 values of the row
 *       acc += dot(extend_low(v), load(q + 2k)) + dot(extend_high(v), load(q + 2k + 16))
 *     out[r] = acc[0] + acc[1] + acc[2] + acc[3]; row += d)
 *
 * The query is int16 (8 lanes a load), rows int8; `d` must be a multiple of 16.
 */

/** The part of the WebAssembly API used here (lib.dom declares it; this project compiles without DOM types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

export interface DotKernel {
  memory: WasmMemory;
  /** out[r] (int32) = Σ q[k]·rows[r·d + k]; q: int16 at byte `q`, rows: int8 at `rows`, out at `out`. */
  scores(q: number, rows: number, n: number, d: number, out: number): void;
}

function uleb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function name(text: string): number[] {
  return [...uleb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
}

const I32 = 0x7f;
const V128 = 0x7b;
const [Q, ROWS, N, D, OUT, R, K, ROW, ACC, V] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const get = (i: number): number[] => [0x20, i];
const set = (i: number): number[] => [0x21, i];
const tee = (i: number): number[] => [0x22, i];
const i32 = (v: number): number[] => [0x41, v]; // small non-negative constants only (< 64)
const simd = (op: number, ...rest: number[]): number[] => [0xfd, ...uleb(op), ...rest];
const load = (offset: number): number[] => simd(0x00, 0, ...uleb(offset));
const ADD = 0x6a;
const SHL = 0x74;
const LT_U = 0x49;
const EQZ = 0x45;
const EXTEND_LOW_S = 0x87;
const EXTEND_HIGH_S = 0x88;
const DOT = 0xba;
const I32X4_ADD = 0xae;
const EXTRACT = 0x1b;

// prettier-ignore
const body: number[] = [
  ...uleb(2), ...uleb(3), I32, ...uleb(2), V128, // locals: r, k, row; acc, v
  ...get(ROWS), ...set(ROW),
  0x02, 0x40, // block
  ...get(N), EQZ, 0x0d, 0,
  0x03, 0x40, // loop over rows
  ...simd(0x0c, ...new Array<number>(16).fill(0)), ...set(ACC),
  ...i32(0), ...set(K),
  0x03, 0x40, // loop over columns
  ...get(ROW), ...get(K), ADD, ...load(0), ...set(V),
  ...get(ACC),
  ...get(V), ...simd(EXTEND_LOW_S),
  ...get(Q), ...get(K), ...i32(1), SHL, ADD, ...load(0),
  ...simd(DOT), ...simd(I32X4_ADD),
  ...get(V), ...simd(EXTEND_HIGH_S),
  ...get(Q), ...get(K), ...i32(1), SHL, ADD, ...load(16),
  ...simd(DOT), ...simd(I32X4_ADD),
  ...set(ACC),
  ...get(K), ...i32(16), ADD, ...tee(K), ...get(D), LT_U, 0x0d, 0,
  0x0b, // end columns
  ...get(OUT), ...get(R), ...i32(2), SHL, ADD,
  ...get(ACC), ...simd(EXTRACT, 0),
  ...get(ACC), ...simd(EXTRACT, 1), ADD,
  ...get(ACC), ...simd(EXTRACT, 2), ADD,
  ...get(ACC), ...simd(EXTRACT, 3), ADD,
  0x36, 2, 0, // i32.store
  ...get(ROW), ...get(D), ADD, ...set(ROW),
  ...get(R), ...i32(1), ADD, ...tee(R), ...get(N), LT_U, 0x0d, 0,
  0x0b, // end rows
  0x0b, // end block
  0x0b, // end function
];

// prettier-ignore
const moduleBytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
  ...section(3, [1, 0]),
  ...section(5, [1, 0x00, 1]),
  ...section(7, [2, ...name('memory'), 2, 0, ...name('scores'), 0, 0]),
  ...section(10, [1, ...uleb(body.length), ...body]),
]);

let compiled: object | null | undefined;

/** A kernel with its own memory, or null where WebAssembly SIMD is not available. */
export function createDotKernel(): DotKernel | null {
  if (compiled === undefined) {
    try {
      if (!wasm) throw new Error('no WebAssembly');
      compiled = new wasm.Module(moduleBytes);
    } catch {
      compiled = null;
    }
  }
  if (!compiled || !wasm) return null;
  const instance = new wasm.Instance(compiled, {});
  return instance.exports as unknown as DotKernel;
}

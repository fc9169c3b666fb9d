// The covariance matrix's inner kernel (raw cross-products of centred columns) in WebAssembly
// SIMD: two observations per f64x2 lane pair, a 4 × 2 block of columns per call. V8 compiles it
// to SSE2/AVX packed multiplies and adds; in scalar JavaScript the same work is ~4× slower.
import { type Code, type FunctionDefinition, i32, lazyModule, op, v128 } from '../math/wasm.ts';
import type { CentredPanel } from './var-types.ts';

const { localGet: get, localSet: set } = op;

/**
 * `block4x2(a, b, t, out, stride)`: for r < 4 and c < 2, Σₖ x_r[k]·y_c[k] over the t observations
 * of columns x_r at byte a + 8tr and y_c at byte b + 8tc, stored as f64 at out + r·stride + 8c.
 * Observations are summed pairwise by lane (even k in lane 0, odd k in lane 1), the lanes added,
 * then the last observation when t is odd. Eight f64x2 accumulators, four x vectors and one y
 * vector fit the 16 vector registers of x86-64 (a 4 × 4 block would spill).
 */
function block4x2(): FunctionDefinition {
  const [A, B, T, OUT, STRIDE, K, END, TB] = [0, 1, 2, 3, 4, 5, 6, 7];
  const PA = (r: number) => 8 + r;
  const PB = (c: number) => 12 + c;
  const S = (r: number, c: number) => 14 + 2 * r + c;
  const X = (r: number) => 22 + r;
  const Y = 26;
  const rows = [0, 1, 2, 3];
  const cols = [0, 1];
  const step: Code[] = [];
  for (const r of rows) step.push(set(X(r), op.v128Load(op.i32Add(get(PA(r)), get(K)))));
  for (const c of cols) {
    step.push(set(Y, op.v128Load(op.i32Add(get(PB(c)), get(K)))));
    for (const r of rows)
      step.push(set(S(r, c), op.f64x2Add(get(S(r, c)), op.f64x2Mul(get(X(r)), get(Y)))));
  }
  const stores: Code[] = [];
  for (const r of rows) {
    for (const c of cols) {
      const lanes = op.f64Add(
        op.f64x2ExtractLane(get(S(r, c)), 0),
        op.f64x2ExtractLane(get(S(r, c)), 1),
      );
      const oddLast = op.ifElseF64(
        op.i32LtU(get(K), get(TB)),
        op.f64Mul(
          op.f64Load(op.i32Add(get(PA(r)), get(K))),
          op.f64Load(op.i32Add(get(PB(c)), get(K))),
        ),
        op.f64Const0,
      );
      const address = op.i32Add(get(OUT), op.i32Mul(get(STRIDE), op.i32Const(r)));
      stores.push(op.f64Store(address, op.f64Add(lanes, oddLast), 8 * c));
    }
  }
  return {
    name: 'block4x2',
    params: [i32, i32, i32, i32, i32],
    locals: [i32, i32, i32, i32, i32, i32, i32, i32, i32, ...Array<typeof v128>(13).fill(v128)],
    body: [
      set(TB, op.i32Shl(get(T), op.i32Const(3))),
      set(END, op.i32And(get(TB), op.i32Const(-16))),
      rows.map((r) => set(PA(r), op.i32Add(get(A), op.i32Mul(get(TB), op.i32Const(r))))),
      cols.map((c) => set(PB(c), op.i32Add(get(B), op.i32Mul(get(TB), op.i32Const(c))))),
      op.block([
        op.loop([
          op.brIf(1, op.i32GeU(get(K), get(END))),
          step,
          set(K, op.i32Add(get(K), op.i32Const(16))),
          op.br(0),
        ]),
      ]),
      stores,
    ],
  };
}

type Block = (a: number, b: number, t: number, out: number, stride: number) => void;

const loadKernel = lazyModule(() => [block4x2()]);

/** Bytes of the columns one tile of the loop keeps in cache (half this machine's 512 KB L2). */
const TILE_BYTES = 256 * 1024;

/**
 * Raw cross-products of the panel's 4-row blocks in [rowFrom, rowTo) (multiples of 4, within the
 * first n − n mod 4 rows) with every column pair from the block's first column on: for each block
 * calls `visit(i0, rows)` where rows is a 4 × n row-major view whose cell (r, j) is
 * Σₖ d[i0 + r][k]·d[j][k] for i0 ≤ j < n − n mod 2 (other cells are stale). Returns false, doing
 * nothing, when WebAssembly (with SIMD) is unavailable or the panel is too large for 32-bit
 * memory; the caller then uses its JavaScript kernel.
 * Cache-blocked: the columns j are taken in tiles of ~256 KB, and every row block meets a tile
 * while it is in cache, so the panel is read from memory about n·8t/256 KB times instead of once
 * per row block. Each cell is still one kernel call over all t observations, so the sums (and
 * the matrix) are the same doubles whatever the tiling.
 */
export function simdCrossProductBlocks(
  panel: CentredPanel,
  rowFrom: number,
  rowTo: number,
  visit: (i0: number, rows: Float64Array) => void,
): boolean {
  const { data, size: n, observations: t } = panel;
  const columnBytes = 8 * t;
  const panelBytes = (n - rowFrom) * columnBytes;
  const needed = panelBytes + 8 * n * (rowTo - rowFrom);
  const k = loadKernel(needed);
  if (k === null) return false;
  const block = k.exports.block4x2 as Block;
  // Views after growing: growing detaches the previous buffer.
  new Float64Array(k.memory.buffer, 0, (n - rowFrom) * t).set(data.subarray(rowFrom * t, n * t));
  const out = new Float64Array(k.memory.buffer, panelBytes, n * (rowTo - rowFrom));
  const pairedEnd = n - (n % 2);
  const width = Math.max(2, 2 * Math.floor(TILE_BYTES / (2 * columnBytes)));
  for (let j0 = rowFrom; j0 < pairedEnd; j0 += width) {
    const jEnd = Math.min(j0 + width, pairedEnd);
    for (let i0 = rowFrom; i0 < rowTo && i0 < jEnd; i0 += 4) {
      const a = (i0 - rowFrom) * columnBytes;
      const cells = panelBytes + 8 * (i0 - rowFrom) * n;
      for (let j = Math.max(i0, j0); j < jEnd; j += 2)
        block(a, (j - rowFrom) * columnBytes, t, cells + 8 * j, 8 * n);
    }
  }
  for (let i0 = rowFrom; i0 < rowTo; i0 += 4)
    visit(i0, out.subarray((i0 - rowFrom) * n, (i0 - rowFrom + 4) * n));
  return true;
}

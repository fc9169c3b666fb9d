// The panel pass of historical and parametric VaR (pnl-kernel.ts) in WebAssembly SIMD: four
// columns at a time are copied into the module's memory (a native copy, faster than a JavaScript
// loop reads them) and summed and added to the P&L there, two scenarios per f64x2 vector (four a
// turn of the loop), without
// the per-element checks that scalar JavaScript pays (decision 0073).
import {
  type Code,
  type FunctionDefinition,
  f64,
  i32,
  lazyModule,
  op,
  v128,
} from '../math/wasm.ts';

const { localGet: get, localSet: set } = op;

/** Columns per kernel call (4 sums, 4 splatted exposures and the P&L fit the 16 vector registers). */
export const GROUP = 4;

/**
 * `sumsAndPnl4(a, t, p, out, x₀, x₁, x₂, x₃)`: for the four columns c_r of t f64 at byte
 * a + 8tr, adds x₀·c₀[k] + x₁·c₁[k] + x₂·c₂[k] + x₃·c₃[k] to the P&L at byte p + 8k, in that
 * order ((((pₖ + x₀a) + x₁b) + x₂c) + x₃d, the additions of the JavaScript kernel), and stores
 * Σₖ c_r[k] at out + 8r (even and odd k in the two lanes, the lanes added, then the last k when
 * t is odd).
 */
function sumsAndPnl4(): FunctionDefinition {
  const [A, T, P, OUT] = [0, 1, 2, 3];
  const X = (r: number) => 4 + r;
  const [K, END, TB] = [8, 9, 10];
  const PA = (r: number) => 11 + r;
  const S = (r: number) => 15 + r;
  const XV = (r: number) => 19 + r;
  const V = (r: number) => 23 + r;
  const END2 = 27;
  const rows = [0, 1, 2, 3];
  const column = (r: number, offset: number): Code =>
    op.v128Load(op.i32Add(get(PA(r)), get(K)), offset);
  const pnlAt = op.i32Add(get(P), get(K));
  const scalar = (r: number): Code => op.f64Load(op.i32Add(get(PA(r)), get(K)));
  const vectorPnl = (offset: number): Code =>
    rows.reduce<Code>(
      (acc, r) => op.f64x2Add(acc, op.f64x2Mul(get(XV(r)), get(V(r)))),
      op.v128Load(pnlAt, offset),
    );
  // Two scenarios (one vector of each column) at byte k + offset: each column's values added to
  // its sum, the P&L of the two scenarios stored.
  const step = (offset: number): Code[] => [
    rows.map((r) => set(V(r), column(r, offset))),
    rows.map((r) => set(S(r), op.f64x2Add(get(S(r)), get(V(r))))),
    op.v128Store(pnlAt, vectorPnl(offset), offset),
  ];
  const lastPnl = rows.reduce<Code>(
    (acc, r) => op.f64Add(acc, op.f64Mul(get(X(r)), scalar(r))),
    op.f64Load(pnlAt),
  );
  return {
    name: 'sumsAndPnl4',
    params: [i32, i32, i32, i32, f64, f64, f64, f64],
    locals: [i32, i32, i32, i32, i32, i32, i32, ...Array<typeof v128>(12).fill(v128), i32],
    body: [
      set(TB, op.i32Shl(get(T), op.i32Const(3))),
      set(END, op.i32And(get(TB), op.i32Const(-16))),
      set(END2, op.i32And(get(TB), op.i32Const(-32))),
      rows.map((r) => set(PA(r), op.i32Add(get(A), op.i32Mul(get(TB), op.i32Const(r))))),
      rows.map((r) => set(XV(r), op.f64x2Splat(get(X(r))))),
      // Four scenarios per turn (the loop's own work halved), then the last two if any: the
      // same additions in the same order as two at a time.
      op.block([
        op.loop([
          op.brIf(1, op.i32GeU(get(K), get(END2))),
          step(0),
          step(16),
          set(K, op.i32Add(get(K), op.i32Const(32))),
          op.br(0),
        ]),
      ]),
      op.ifThen(op.i32LtU(get(K), get(END)), [step(0), set(K, op.i32Add(get(K), op.i32Const(16)))]),
      rows.map((r) =>
        op.f64Store(
          get(OUT),
          op.f64Add(
            op.f64Add(op.f64x2ExtractLane(get(S(r)), 0), op.f64x2ExtractLane(get(S(r)), 1)),
            op.ifElseF64(op.i32LtU(get(K), get(TB)), scalar(r), op.f64Const0),
          ),
          8 * r,
        ),
      ),
      op.ifThen(op.i32LtU(get(K), get(TB)), [op.f64Store(pnlAt, lastPnl)]),
    ],
  };
}

type Call = (
  a: number,
  t: number,
  p: number,
  out: number,
  x0: number,
  x1: number,
  x2: number,
  x3: number,
) => void;

const loadKernel = lazyModule(() => [sumsAndPnl4()]);

/**
 * Adds the exposed columns' P&L Σ xᵢ·cᵢ[k] to `pnl` (zeros on entry) and returns their sums
 * (`sums[g]` of column `exposed[g]`), four columns per call; the last group is completed with
 * zero columns of zero exposure, which add +0 to the P&L (the same doubles as adding the last
 * columns one by one). Returns null, doing nothing, when WebAssembly SIMD is unavailable or t is
 * too large for 32-bit memory; the caller then uses its JavaScript loop.
 */
export function simdSumsAndPnl(
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
): Float64Array | null {
  const t = pnl.length;
  const columnBytes = 8 * t;
  const pnlAt = GROUP * columnBytes;
  const sumsAt = pnlAt + columnBytes;
  const needed = sumsAt + 8 * GROUP;
  const k = loadKernel(needed);
  if (k === null) return null;
  const call = k.exports.sumsAndPnl4 as Call;
  // Views after growing: growing detaches the previous buffer.
  const block = new Float64Array(k.memory.buffer, 0, GROUP * t);
  const p = new Float64Array(k.memory.buffer, pnlAt, t);
  const out = new Float64Array(k.memory.buffer, sumsAt, GROUP);
  p.fill(0);
  const sums = new Float64Array(exposed.length);
  const xs = [0, 0, 0, 0];
  for (let g = 0; g < exposed.length; g += GROUP) {
    for (let r = 0; r < GROUP; r++) {
      const i = exposed[g + r];
      if (i === undefined) {
        block.fill(0, r * t, (r + 1) * t);
        xs[r] = 0;
      } else {
        block.set(columns[i]!, r * t);
        xs[r] = x[i]!;
      }
    }
    call(0, t, pnlAt, sumsAt, xs[0]!, xs[1]!, xs[2]!, xs[3]!);
    for (let r = 0; r < GROUP && g + r < exposed.length; r++) sums[g + r] = out[r]!;
  }
  pnl.set(p);
  return sums;
}

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
  type WasmMemory,
  lazyModule,
  moduleInstances,
  op,
  v128,
} from '../math/wasm.ts';

const { localGet: get, localSet: set } = op;

/** Columns per kernel call (4 sums, 4 splatted exposures and the P&L fit the 16 vector registers). */
export const GROUP = 4;

/**
 * `sumsAndPnl4(a₀, a₁, a₂, a₃, t, p, out, x₀, x₁, x₂, x₃)`: for the four columns c_r of t f64 at
 * byte a_r, adds x₀·c₀[k] + x₁·c₁[k] + x₂·c₂[k] + x₃·c₃[k] to the P&L at byte p + 8k, in that
 * order ((((pₖ + x₀a) + x₁b) + x₂c) + x₃d, the additions of the JavaScript kernel), and stores
 * Σₖ c_r[k] at out + 8r (even and odd k in the two lanes, the lanes added, then the last k when
 * t is odd).
 */
function sumsAndPnl4(): FunctionDefinition {
  const PA = (r: number) => r;
  const [T, P, OUT] = [4, 5, 6];
  const X = (r: number) => 7 + r;
  const [K, END, TB] = [11, 12, 13];
  const S = (r: number) => 14 + r;
  const XV = (r: number) => 18 + r;
  const V = (r: number) => 22 + r;
  const END2 = 26;
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
    params: [i32, i32, i32, i32, i32, i32, i32, f64, f64, f64, f64],
    locals: [i32, i32, i32, ...Array<typeof v128>(12).fill(v128), i32],
    body: [
      set(TB, op.i32Shl(get(T), op.i32Const(3))),
      set(END, op.i32And(get(TB), op.i32Const(-16))),
      set(END2, op.i32And(get(TB), op.i32Const(-32))),
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
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  t: number,
  p: number,
  out: number,
  x0: number,
  x1: number,
  x2: number,
  x3: number,
) => void;

const functions = () => [sumsAndPnl4()];
const loadKernel = lazyModule(functions);
const newKernel = moduleInstances(functions);

/** A panel that lives in a kernel's memory, and where that kernel's scratch space is. */
interface PanelHome {
  readonly call: Call;
  readonly memory: WasmMemory;
  /** Byte offset of the scratch: the P&L and a zero column of `length` f64, then 4 sums. */
  readonly scratchAt: number;
  /** The longest column the scratch holds. */
  readonly length: number;
}

/** The kernels of the panels made by {@link panelStorage}, by their memory's buffer. */
const homes = new WeakMap<ArrayBufferLike, PanelHome>();

/**
 * Zeroed storage for `rows` columns of `length` f64 (row i at i·length: a positions × scenarios
 * matrix) that the panel kernel reads where it lies: the array is a view of a WebAssembly memory
 * of its own, followed by the kernel's scratch space, so {@link simdSumsAndPnl} reads columns
 * that are subarrays of it in place instead of copying each one into its memory first (one copy
 * of a 10 MB panel costs about as much as the SIMD pass itself; decision 0082). A plain
 * Float64Array where WebAssembly is unavailable or the storage would reach 2³¹ bytes; either way
 * the same doubles come out of the kernel. The memory is never grown, so the view stays valid.
 */
export function panelStorage(rows: number, length: number): Float64Array {
  const cells = rows * length;
  const scratchAt = 8 * cells;
  const kernel = cells === 0 ? null : newKernel(scratchAt + 16 * length + 8 * GROUP);
  if (kernel === null) return new Float64Array(cells);
  const { memory } = kernel;
  homes.set(memory.buffer, {
    call: kernel.exports.sumsAndPnl4 as Call,
    memory,
    scratchAt,
    length,
  });
  return new Float64Array(memory.buffer, 0, cells);
}

/** Whether {@link simdSumsAndPnl} reads these columns in place (for tests and the bench). */
export function readsInPlace(
  columns: readonly Float64Array[],
  exposed: readonly number[],
  t: number,
): boolean {
  return exposed.length > 0 && homeOf(columns, exposed, t) !== undefined;
}

/** The home of columns that all lie in one {@link panelStorage} whose scratch holds t. */
function homeOf(
  columns: readonly Float64Array[],
  exposed: readonly number[],
  t: number,
): PanelHome | undefined {
  const buffer = columns[exposed[0]!]!.buffer;
  const home = homes.get(buffer);
  if (home === undefined || t > home.length) return undefined;
  return exposed.every((i) => columns[i]!.buffer === buffer) ? home : undefined;
}

/**
 * Adds the exposed columns' P&L Σ xᵢ·cᵢ[k] to `pnl` (zeros on entry) and returns their sums
 * (`sums[g]` of column `exposed[g]`), four columns per call; the last group is completed with
 * zero columns of zero exposure, which add +0 to the P&L (the same doubles as adding the last
 * columns one by one). Columns that lie in one {@link panelStorage} are read in place; others
 * are copied four at a time into the module's own memory. Returns null, doing nothing, when
 * WebAssembly SIMD is unavailable or t is too large for 32-bit memory; the caller then uses its
 * JavaScript loop.
 */
export function simdSumsAndPnl(
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
): Float64Array | null {
  const t = pnl.length;
  if (exposed.length === 0) return new Float64Array(0);
  const home = homeOf(columns, exposed, t);
  return home === undefined
    ? copiedSumsAndPnl(columns, x, exposed, pnl)
    : inPlaceSumsAndPnl(home, columns, x, exposed, pnl);
}

/** {@link simdSumsAndPnl} on columns in a panel storage: the kernel reads them where they lie. */
function inPlaceSumsAndPnl(
  home: PanelHome,
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
): Float64Array {
  const zerosAt = home.scratchAt + 8 * home.length;
  const pass = { call: home.call, buffer: home.memory.buffer, pnlAt: home.scratchAt };
  return groupPass(pass, zerosAt + 8 * home.length, x, exposed, pnl, (_, i) =>
    i === undefined ? zerosAt : columns[i]!.byteOffset,
  );
}

/** {@link simdSumsAndPnl} on columns anywhere: copied four at a time into the module's memory. */
function copiedSumsAndPnl(
  columns: readonly Float64Array[],
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
): Float64Array | null {
  const t = pnl.length;
  const columnBytes = 8 * t;
  const pnlAt = GROUP * columnBytes;
  const sumsAt = pnlAt + columnBytes;
  const k = loadKernel(sumsAt + 8 * GROUP);
  if (k === null) return null;
  // Views after growing: growing detaches the previous buffer.
  const block = new Float64Array(k.memory.buffer, 0, GROUP * t);
  const pass = { call: k.exports.sumsAndPnl4 as Call, buffer: k.memory.buffer, pnlAt };
  return groupPass(pass, sumsAt, x, exposed, pnl, (r, i) => {
    if (i === undefined) block.fill(0, r * t, (r + 1) * t);
    else block.set(columns[i]!, r * t);
    return r * columnBytes;
  });
}

/**
 * The kernel over the exposed columns four at a time: `columnAt(r, i)` gives the byte address of
 * column i (undefined: a zero column completing the last group) as the group's r-th column; the
 * P&L is formed at `pnlAt` of the kernel's memory and copied to `pnl`, the sums at `sumsAt`.
 */
function groupPass(
  kernel: { readonly call: Call; readonly buffer: ArrayBuffer; readonly pnlAt: number },
  sumsAt: number,
  x: ArrayLike<number>,
  exposed: readonly number[],
  pnl: Float64Array,
  columnAt: (r: number, i: number | undefined) => number,
): Float64Array {
  const t = pnl.length;
  const p = new Float64Array(kernel.buffer, kernel.pnlAt, t);
  const out = new Float64Array(kernel.buffer, sumsAt, GROUP);
  p.fill(0);
  const sums = new Float64Array(exposed.length);
  const at = [0, 0, 0, 0];
  const xs = [0, 0, 0, 0];
  for (let g = 0; g < exposed.length; g += GROUP) {
    for (let r = 0; r < GROUP; r++) {
      const i = exposed[g + r];
      at[r] = columnAt(r, i);
      xs[r] = i === undefined ? 0 : x[i]!;
    }
    const [a0, a1, a2, a3] = at as [number, number, number, number];
    const [x0, x1, x2, x3] = xs as [number, number, number, number];
    kernel.call(a0, a1, a2, a3, t, kernel.pnlAt, sumsAt, x0, x1, x2, x3);
    for (let r = 0; r < GROUP && g + r < exposed.length; r++) sums[g + r] = out[r]!;
  }
  pnl.set(p);
  return sums;
}

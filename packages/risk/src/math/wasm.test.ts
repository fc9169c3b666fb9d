import { afterEach, describe, expect, it, vi } from 'vitest';
import { f64, i32, instantiate, lazyModule, moduleBytes, moduleInstances, op } from './wasm.ts';

describe('the WebAssembly module writer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes a module the engine accepts and runs: loads, stores with offsets, locals, arithmetic', () => {
    // store(address): local = 0 + mem[8]; mem[address] = local · mem[0 + 16]; mem[24 + 8] = 0.
    const exports = instantiate(
      moduleBytes(2, [
        {
          name: 'store',
          params: [i32],
          locals: [f64],
          body: [
            op.localSet(1, op.f64Add(op.f64Const0, op.f64Load(op.i32Const(8)))),
            op.f64Store(op.localGet(0), op.f64Mul(op.localGet(1), op.f64Load(op.i32Const(0), 16))),
            op.f64Store(op.i32Const(24), op.f64Const0, 8),
          ],
        },
      ]),
    );
    expect(exports).not.toBeNull();
    const memory = exports!.memory as { buffer: ArrayBuffer };
    expect(memory.buffer.byteLength).toBe(2 * 65536);
    const view = new Float64Array(memory.buffer);
    view[1] = 1.5;
    view[2] = -4;
    view[4] = 9;
    (exports!.store as (a: number) => void)(100_000);
    expect(view[12_500]).toBe(-6);
    expect(view[4]).toBe(0);
  });

  it('encodes i32 constants of every LEB128 length', () => {
    for (const n of [0, 63, 64, -64, -65, 8191, 8192, -70_000, 2 ** 30, -(2 ** 31)]) {
      const exports = instantiate(
        moduleBytes(1, [
          {
            name: 'put',
            params: [],
            locals: [],
            body: [
              op.f64Store(op.i32Const(0), op.f64Load(op.i32Const(8)), 0),
              op.brIf(0, op.i32LtU(op.i32Const(n), op.i32Const(0))),
            ],
          },
        ]),
      );
      expect(exports, `constant ${n}`).not.toBeNull();
    }
  });

  it('returns null for bytes the engine refuses, and where there is no WebAssembly', () => {
    expect(instantiate(Uint8Array.from([0, 0x61, 0x73, 0x6d, 9, 0, 0, 0]))).toBeNull();
    vi.stubGlobal('WebAssembly', undefined);
    expect(instantiate(moduleBytes(1, []))).toBeNull();
  });

  it('gives a new instance with a memory of its own, or the one kept instance grown', () => {
    const functions = () => [{ name: 'noop', params: [], locals: [], body: [] }];
    const instances = moduleInstances(functions);
    const a = instances(100_000)!;
    const b = instances(10)!;
    expect(a.memory.buffer.byteLength).toBe(2 * 65536);
    expect(b.memory.buffer.byteLength).toBe(65536);
    new Float64Array(a.memory.buffer)[0] = 5;
    expect(new Float64Array(b.memory.buffer)[0]).toBe(0);
    expect(instances(2 ** 31)).toBeNull();
    const kept = lazyModule(functions);
    const first = kept(10)!;
    expect(kept(200_000)).toBe(first);
    expect(first.memory.buffer.byteLength).toBe(4 * 65536);
  });
});

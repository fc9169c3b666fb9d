// A minimal WebAssembly binary writer for the library's few numeric kernels, so that they are
// written in TypeScript (no toolchain, no prebuilt binary) and compiled by the JavaScript engine
// on first use. Only what the kernels use is here: one module with its own exported memory,
// functions of i32/f64/v128 values, structured control flow, loads, stores and arithmetic,
// including the fixed-width SIMD proposal (standard since 2021 in V8, SpiderMonkey and JSC).
// Encoding: WebAssembly Core Specification 2.0, §5 "Binary format"
// (https://webassembly.github.io/spec/core/binary/).

/** Value types (§5.3.1, §5.3.3). */
export const i32 = 0x7f;
export const f64 = 0x7c;
export const v128 = 0x7b;
export type ValueType = typeof i32 | typeof f64 | typeof v128;

/** A function body's code: bytes and nested byte lists, flattened when the module is written. */
export type Code = number | readonly Code[];

/** Unsigned LEB128 (§5.2.2). */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer (§5.2.2). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

function flatten(code: Code, out: number[] = []): number[] {
  if (typeof code === 'number') out.push(code);
  else for (const c of code) flatten(c, out);
  return out;
}

/** A vector: its length then its items (§5.1.3). */
function vec(items: readonly Code[]): number[] {
  return [...uleb(items.length), ...flatten(items)];
}

function section(id: number, body: readonly Code[]): number[] {
  const bytes = flatten(body);
  return [id, ...uleb(bytes.length), ...bytes];
}

/** Instructions (§5.4), with the operand order of the text format's folded form. */
export const op = {
  localGet: (i: number): Code => [0x20, uleb(i)],
  localSet: (i: number, value: Code): Code => [value, 0x21, uleb(i)],
  i32Const: (n: number): Code => [0x41, sleb(n)],
  i32Add: (a: Code, b: Code): Code => [a, b, 0x6a],
  i32Mul: (a: Code, b: Code): Code => [a, b, 0x6c],
  i32And: (a: Code, b: Code): Code => [a, b, 0x71],
  i32Shl: (a: Code, b: Code): Code => [a, b, 0x74],
  i32LtU: (a: Code, b: Code): Code => [a, b, 0x49],
  i32GeU: (a: Code, b: Code): Code => [a, b, 0x4f],
  f64Const0: [0x44, 0, 0, 0, 0, 0, 0, 0, 0] as Code,
  f64Add: (a: Code, b: Code): Code => [a, b, 0xa0],
  f64Mul: (a: Code, b: Code): Code => [a, b, 0xa2],
  /** f64.load with natural (8-byte) alignment hint and a constant offset. */
  f64Load: (address: Code, offset = 0): Code => [address, 0x2b, 3, uleb(offset)],
  f64Store: (address: Code, value: Code, offset = 0): Code => [
    address,
    value,
    0x39,
    3,
    uleb(offset),
  ],
  /** v128.load (unaligned access is allowed; the hint says 16 bytes). */
  v128Load: (address: Code, offset = 0): Code => [address, 0xfd, uleb(0), 4, uleb(offset)],
  /** v128.store (unaligned access is allowed; the hint says 16 bytes). */
  v128Store: (address: Code, value: Code, offset = 0): Code => [
    address,
    value,
    0xfd,
    uleb(11),
    4,
    uleb(offset),
  ],
  /** f64x2.splat: the f64 in both lanes. */
  f64x2Splat: (value: Code): Code => [value, 0xfd, uleb(20)],
  f64x2Add: (a: Code, b: Code): Code => [a, b, 0xfd, uleb(240)],
  f64x2Mul: (a: Code, b: Code): Code => [a, b, 0xfd, uleb(242)],
  f64x2ExtractLane: (v: Code, lane: 0 | 1): Code => [v, 0xfd, uleb(33), lane],
  /** `block` whose end is the target of `br 0` / `br_if 0` inside. */
  block: (body: readonly Code[]): Code => [0x02, 0x40, body, 0x0b],
  /** `loop` whose start is the target of `br 0` inside. */
  loop: (body: readonly Code[]): Code => [0x03, 0x40, body, 0x0b],
  /** `if … else … end` producing one f64. */
  ifElseF64: (condition: Code, then: Code, otherwise: Code): Code => [
    condition,
    0x04,
    f64,
    then,
    0x05,
    otherwise,
    0x0b,
  ],
  /** `if … end` with no value. */
  ifThen: (condition: Code, then: readonly Code[]): Code => [condition, 0x04, 0x40, then, 0x0b],
  br: (depth: number): Code => [0x0c, uleb(depth)],
  brIf: (depth: number, condition: Code): Code => [condition, 0x0d, uleb(depth)],
} as const;

export interface FunctionDefinition {
  readonly name: string;
  readonly params: readonly ValueType[];
  /** Local variables after the parameters (zero-initialised), numbered from params.length. */
  readonly locals: readonly ValueType[];
  readonly body: Code;
}

/**
 * The bytes of a module with one memory of `memoryPages` 64 KiB pages (exported as "memory",
 * growable) and the given functions, exported by name, none returning a value.
 */
export function moduleBytes(
  memoryPages: number,
  functions: readonly FunctionDefinition[],
): Uint8Array {
  const types = functions.map((f) => [0x60, vec(f.params), vec([])]);
  const code = functions.map((f) => {
    const body = [vec(f.locals.map((t) => [1, t])), flatten(f.body), 0x0b];
    const bytes = flatten(body);
    return [uleb(bytes.length), bytes];
  });
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [vec(types)]),
    ...section(3, [vec(functions.map((_, i) => uleb(i)))]),
    ...section(5, [vec([[0x00, uleb(memoryPages)]])]),
    ...section(7, [
      vec([
        [vec([...new TextEncoder().encode('memory')]), 0x02, 0],
        ...functions.map((f, i) => [vec([...new TextEncoder().encode(f.name)]), 0x00, uleb(i)]),
      ]),
    ]),
    ...section(10, [vec(code)]),
  ]);
}

/** The part of the engine's WebAssembly API the kernels use. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** A memory as seen from JavaScript: its current buffer and a grow call (in 64 KiB pages). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/**
 * Compiles module bytes, or returns null where the engine has no WebAssembly or refuses the
 * module (e.g. a content-security policy without 'wasm-unsafe-eval', an engine without SIMD):
 * callers then use their plain JavaScript path.
 */
function compile(bytes: Uint8Array): { api: WasmApi; module: object } | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (api === undefined) return null;
  try {
    return { api, module: new api.Module(bytes) };
  } catch {
    return null;
  }
}

/** Compiles and instantiates module bytes, or null as {@link compile}. */
export function instantiate(bytes: Uint8Array): Record<string, unknown> | null {
  const compiled = compile(bytes);
  return compiled === null ? null : new compiled.api.Instance(compiled.module, {}).exports;
}

/** Kernel memory stays below 2³¹ bytes so that no i32 address sum can wrap. */
const MAX_KERNEL_BYTES = 2 ** 31;

const PAGE = 65536;

/** A loaded kernel module: its exports and its memory. */
export interface KernelModule {
  readonly exports: Record<string, unknown>;
  readonly memory: WasmMemory;
}

/** Grows `memory` to at least `bytes` (views of it made before are then detached). */
function growTo(memory: WasmMemory, bytes: number): void {
  const pages = Math.ceil(bytes / PAGE) - memory.buffer.byteLength / PAGE;
  if (pages > 0) memory.grow(pages);
}

/**
 * Instances of one kernel module, compiled on first use: each call gives a new instance with a
 * memory of its own of at least `bytes`, or null where {@link compile} refuses the module or
 * `bytes` reaches 2³¹ (no i32 address sum may wrap). For data that lives in a kernel's memory
 * from the start (decision 0082).
 */
export function moduleInstances(
  functions: () => readonly FunctionDefinition[],
): (bytes: number) => KernelModule | null {
  let compiled: { api: WasmApi; module: object } | null | undefined;
  return (bytes) => {
    if (bytes >= MAX_KERNEL_BYTES) return null;
    compiled ??= compile(moduleBytes(1, functions()));
    if (compiled === null) return null;
    const { exports } = new compiled.api.Instance(compiled.module, {});
    const memory = exports.memory as WasmMemory;
    growTo(memory, bytes);
    return { exports, memory };
  };
}

/**
 * A kernel module compiled on first use and kept (one instance per thread: module state). The
 * returned function gives the module with a memory of at least `bytes` (grown if needed: views
 * made before are detached), or null where the module is refused or `bytes` reaches 2³¹ (as
 * {@link moduleInstances}); callers then use their JavaScript loop.
 */
export function lazyModule(
  functions: () => readonly FunctionDefinition[],
): (bytes: number) => KernelModule | null {
  const instances = moduleInstances(functions);
  let loaded: KernelModule | null | undefined;
  return (bytes) => {
    if (bytes >= MAX_KERNEL_BYTES) return null;
    if (loaded === undefined) loaded = instances(bytes);
    else if (loaded !== null) growTo(loaded.memory, bytes);
    return loaded;
  };
}

// Pure functions the compute-pool tests run on threads.

export function sumSquares(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v * v;
  return total;
}

export function scaled(values: Float64Array, factor: number): { scaled: Float64Array } {
  return { scaled: values.map((v) => v * factor) };
}

export function fails(message: string): never {
  throw new RangeError(message);
}

/** Busy-waits `ms` milliseconds (a long CPU-bound task for abort tests). */
export function spin(ms: number): number {
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

export function exitThread(): void {
  process.exit(3);
}

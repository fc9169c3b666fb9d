// Selection of the lowest values of a series without sorting it: a VaR reads one or two order
// statistics and the tail below them, so it needs the lowest ⌊(n − 1)·α⌋ + 2 values, not all n.

/** The k lowest values, ascending by (value, index): the first k entries of a stable sort. */
export interface LowestValues {
  readonly values: Float64Array;
  /** Index of each value in the series. */
  readonly indices: Int32Array;
}

/**
 * The k lowest of `series` (finite values) with their indices, in the order a stable ascending
 * sort puts them (ties by index): one pass with a max-heap of k entries, O(n·log k), then the
 * heap sorted in place. The values are the series' own doubles, so any quantile or tail mean
 * computed from them equals the one computed from the fully sorted series.
 */
export function lowestValues(series: ArrayLike<number>, k: number): LowestValues {
  const size = Math.max(0, Math.min(k, series.length));
  const values = new Float64Array(size);
  const indices = new Int32Array(size);
  if (size === 0) return { values, indices };
  // Max-heap on (value, index). The series is read in index order, so a value equal to the root's
  // comes after it in a stable sort and is not taken.
  for (let s = 0; s < size; s++) {
    const v = series[s]!;
    let c = s;
    while (c > 0) {
      const parent = (c - 1) >> 1;
      if (!(values[parent]! < v || (values[parent] === v && indices[parent]! < s))) break;
      values[c] = values[parent]!;
      indices[c] = indices[parent]!;
      c = parent;
    }
    values[c] = v;
    indices[c] = s;
  }
  for (let s = size; s < series.length; s++) {
    const v = series[s]!;
    if (v < values[0]!) siftDown(values, indices, size, v, s);
  }
  // Heap sort: the largest goes last, the heap shrinks.
  for (let end = size - 1; end > 0; end--) {
    const v = values[end]!;
    const i = indices[end]!;
    values[end] = values[0]!;
    indices[end] = indices[0]!;
    siftDown(values, indices, end, v, i);
  }
  return { values, indices };
}

/** Puts (v, i) at the root of the heap of `size` entries and moves it down to its place. */
function siftDown(
  values: Float64Array,
  indices: Int32Array,
  size: number,
  v: number,
  i: number,
): void {
  let c = 0;
  for (;;) {
    let child = 2 * c + 1;
    if (child >= size) break;
    const right = child + 1;
    if (
      right < size &&
      (values[right]! > values[child]! ||
        (values[right] === values[child] && indices[right]! > indices[child]!))
    )
      child = right;
    if (!(values[child]! > v || (values[child] === v && indices[child]! > i))) break;
    values[c] = values[child]!;
    indices[c] = indices[child]!;
    c = child;
  }
  values[c] = v;
  indices[c] = i;
}

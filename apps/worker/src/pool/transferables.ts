/**
 * The ArrayBuffers under typed arrays in a value (nested in arrays and plain objects), so that a
 * Float64Array result moves between threads instead of being copied. Shared buffers are skipped.
 */
export function collectTransferables(
  value: unknown,
  found = new Set<ArrayBuffer>(),
  depth = 0,
): ArrayBuffer[] {
  if (depth > 8 || value === null || typeof value !== 'object') return [...found];
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) collectTransferables(item, found, depth + 1);
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) collectTransferables(item, found, depth + 1);
  }
  return [...found];
}

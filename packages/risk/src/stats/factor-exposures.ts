import { InvalidInputError } from '../errors.ts';

/**
 * Least-squares exposures of returns `y` to factor returns `factors` (each aligned with `y`), with
 * an intercept: y_t = a + Σ_k b_k x_k,t + e_t, solved on the normal equations by Gaussian
 * elimination with partial pivoting. Returns the slopes b_k in factor order, or null when the
 * factors are collinear on the sample (a pivot below 1e-12 of the largest diagonal) or there are
 * fewer observations than factors + 2. Source: Greene, "Econometric Analysis", ch. 3.
 * @throws InvalidInputError when a factor's length differs from y's.
 */
export function factorExposures(
  y: ArrayLike<number>,
  factors: readonly ArrayLike<number>[],
): number[] | null {
  const n = y.length;
  const k = factors.length + 1;
  for (const f of factors)
    if (f.length !== n) throw new InvalidInputError('factor returns must be as long as y');
  if (n < k + 1) return null;
  const x = (i: number, t: number): number => (i === 0 ? 1 : factors[i - 1]![t]!);
  // Augmented normal equations [XᵀX | Xᵀy].
  const a: number[][] = [];
  for (let i = 0; i < k; i++) {
    const row = new Array<number>(k + 1).fill(0);
    for (let t = 0; t < n; t++) {
      const xi = x(i, t);
      for (let j = 0; j < k; j++) row[j] = row[j]! + xi * x(j, t);
      row[k] = row[k]! + xi * y[t]!;
    }
    a.push(row);
  }
  const scale = Math.max(...a.map((r, i) => Math.abs(r[i]!)));
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (!(Math.abs(a[pivot]![c]!) > 1e-12 * scale)) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const m = a[r]![c]! / a[c]![c]!;
      for (let j = c; j <= k; j++) a[r]![j] = a[r]![j]! - m * a[c]![j]!;
    }
  }
  return a.slice(1).map((row, i) => row[k]! / row[i + 1]!);
}

// Dense linear algebra on row-major Float64Array matrices: covariance, Cholesky, products.
import { InvalidInputError, NotPositiveDefiniteError } from '../errors.ts';

/** A dense n×n symmetric matrix stored row-major. */
export interface SquareMatrix {
  readonly size: number;
  readonly data: Float64Array;
}

/**
 * A column whose variance the columns before it explain to within this fraction of it counts as
 * dependent on them in a semi-definite factor (decision 0141): its residual is then below what
 * eliminating them leaves in rounding, which grows with each near-dependent column before it.
 * Options on one underlying and futures on it are such columns: smooth functions of one return,
 * each explained by the others to 1e-11 over a year of scenarios, and the rounding of the one
 * before left the next a pivot of −7·10⁻¹² of its own variance, beyond the absolute tolerance.
 */
export const SEMIDEFINITE_RESIDUAL = 1e-9;

/**
 * Lower-triangular Cholesky factor L with A = L·Lᵀ (row-major, upper part zero).
 * A pivot below `tolerance`·max(diagonal) counts as zero; when `allowSemidefinite` is set such a
 * column is zeroed (the factor of a positive semi-definite matrix, e.g. a covariance of
 * collinear series), and so is one whose pivot is within `SEMIDEFINITE_RESIDUAL` of its own
 * diagonal, of either sign; otherwise NotPositiveDefiniteError is thrown.
 */
export function cholesky(
  matrix: SquareMatrix,
  options: { allowSemidefinite?: boolean; tolerance?: number } = {},
): Float64Array {
  const n = matrix.size;
  const a = matrix.data;
  if (a.length !== n * n) {
    throw new InvalidInputError(`matrix data must have ${n * n} entries, got ${a.length}`);
  }
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * n + i]!));
  const tol = (options.tolerance ?? 1e-12) * maxDiag;
  const semidefinite = options.allowSemidefinite === true;
  const l = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    const rowJ = j * n;
    let diag = a[rowJ + j]!;
    for (let k = 0; k < j; k++) diag -= l[rowJ + k]! * l[rowJ + k]!;
    // A pivot within ±zero counts as zero: the column is dependent on the ones before it.
    const zero = semidefinite ? Math.max(tol, SEMIDEFINITE_RESIDUAL * a[rowJ + j]!) : tol;
    if (!(diag > zero)) {
      if (semidefinite && diag >= -zero) continue;
      throw new NotPositiveDefiniteError(j, diag);
    }
    const ljj = Math.sqrt(diag);
    l[rowJ + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const rowI = i * n;
      let s = a[rowI + j]!;
      for (let k = 0; k < j; k++) s -= l[rowI + k]! * l[rowJ + k]!;
      l[rowI + j] = s / ljj;
    }
  }
  return l;
}

/** y = A·x for a square row-major matrix. */
export function multiplyMatrixVector(matrix: SquareMatrix, x: ArrayLike<number>): Float64Array {
  const n = matrix.size;
  const a = matrix.data;
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) s += a[row + j]! * x[j]!;
    y[i] = s;
  }
  return y;
}

/** Dot product of two equally long vectors. */
export function dot(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * y[i]!;
  return s;
}

import { ClarifyError } from '../errors';

/**
 * Pairwise cosine distances, 1 − dot product, of unit vectors (the `Embedder` contract): a
 * symmetric matrix clamped to [0, 2] against rounding, with zeros on the diagonal.
 */
export function cosineDistances(vectors: readonly Float32Array[]): Float64Array[] {
  const dimensions = vectors[0]?.length ?? 0;
  if (vectors.some((vector) => vector.length !== dimensions)) {
    throw new ClarifyError('invalid_input', 'cosineDistances: vectors differ in length');
  }
  const matrix = vectors.map(() => new Float64Array(vectors.length));
  vectors.forEach((left, row) => {
    for (let column = row + 1; column < vectors.length; column++) {
      const right = vectors[column] ?? left;
      let dot = 0;
      for (let axis = 0; axis < dimensions; axis++) dot += (left[axis] ?? 0) * (right[axis] ?? 0);
      const distance = Math.min(2, Math.max(0, 1 - dot));
      (matrix[row] ?? [])[column] = distance;
      (matrix[column] ?? [])[row] = distance;
    }
  });
  return matrix;
}

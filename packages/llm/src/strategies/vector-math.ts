/** The vector scaled to length 1 (a zero vector stays zero), in double precision. */
export function unitVector(vector: Float32Array): Float64Array {
  const length = Math.hypot(...vector);
  return Float64Array.from(vector, (value) => (length === 0 ? 0 : value / length));
}

export function dot(left: Float64Array, right: Float64Array): number {
  let sum = 0;
  for (let axis = 0; axis < left.length; axis++) sum += (left[axis] ?? 0) * (right[axis] ?? 0);
  return sum;
}

export function squaredDistance(left: Float64Array, right: Float64Array): number {
  let sum = 0;
  for (let axis = 0; axis < left.length; axis++) {
    const difference = (left[axis] ?? 0) - (right[axis] ?? 0);
    sum += difference * difference;
  }
  return sum;
}

/** The centroid of the vectors (all of one length; at least one). */
export function meanVector(vectors: readonly Float64Array[]): Float64Array {
  const mean = new Float64Array(vectors[0]?.length ?? 0);
  for (const vector of vectors) {
    for (let axis = 0; axis < mean.length; axis++)
      mean[axis] = (mean[axis] ?? 0) + (vector[axis] ?? 0);
  }
  return mean.map((value) => value / Math.max(1, vectors.length));
}

/** Cosine similarity; 0 when either vector is zero. */
export function cosine(left: Float64Array, right: Float64Array): number {
  const lengths = Math.sqrt(dot(left, left) * dot(right, right));
  return lengths === 0 ? 0 : dot(left, right) / lengths;
}

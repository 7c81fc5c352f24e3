import { createRandom } from './synthetic-corpus';

const LATENT_DIMENSIONS = 32;

/**
 * Unit vectors with the geometry of a neural embedding model's output: points of a Gaussian
 * mixture (one component per ~200 passages) in a 32-dimensional latent space, mapped linearly
 * into the full dimension with a little isotropic noise — low intrinsic dimension and topical
 * clusters with continuous neighbourhoods. Queries are perturbed passages. Used to measure the
 * vector index itself, next to the offline embedder's hashed vectors.
 */
export function createClusteredVectors(input: {
  count: number;
  queries: number;
  dimensions: number;
  seed?: number;
}) {
  const random = createRandom(input.seed ?? 7);
  const gaussian = () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const latent = (center: Float64Array | null, spread: number) =>
    Float64Array.from(
      { length: LATENT_DIMENSIONS },
      (_, index) => (center?.[index] ?? 0) + gaussian() * spread,
    );
  const projection = Array.from({ length: input.dimensions }, () =>
    latent(null, 1 / Math.sqrt(LATENT_DIMENSIONS)),
  );
  const embed = (point: Float64Array) => {
    const vector = new Float32Array(input.dimensions);
    projection.forEach((row, index) => {
      let value = 0;
      for (let dimension = 0; dimension < LATENT_DIMENSIONS; dimension++) {
        value += (row[dimension] as number) * (point[dimension] as number);
      }
      vector[index] = value + gaussian() * 0.02;
    });
    return normalize(vector);
  };

  const centers = Array.from({ length: Math.max(1, Math.round(input.count / 200)) }, () =>
    latent(null, 1),
  );
  const points = Array.from({ length: input.count }, (_, index) =>
    latent(centers[index % centers.length] as Float64Array, 0.5),
  );
  const queries = Array.from({ length: input.queries }, () =>
    embed(latent(points[Math.floor(random() * points.length)] as Float64Array, 0.15)),
  );
  return { vectors: points.map(embed), queries };
}

function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  for (let index = 0; index < vector.length; index++)
    vector[index] = (vector[index] as number) / norm;
  return vector;
}

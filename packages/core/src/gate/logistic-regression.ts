import type { SparseEntry } from './hashed-ngrams';

/** An input of the model: dense features (standardised inside) and a sparse hashed part. */
export type FeatureVector = {
  dense: readonly number[];
  sparse: readonly SparseEntry[];
};

/** A training example; `weight` (default 1) scales its share of the loss. */
export type LabelledVector = {
  features: FeatureVector;
  label: boolean;
  weight?: number;
};

/** A trained model as plain JSON. */
export type LogisticRegressionWeights = {
  bias: number;
  /** Per dense feature: training mean and standard deviation, used to standardise. */
  denseMean: number[];
  denseScale: number[];
  denseCoefficients: number[];
  /** Length of the sparse part (number of hash buckets) and its coefficients. */
  sparseSize: number;
  sparseCoefficients: number[];
};

/** Options of `train`. */
export type TrainOptions = {
  sparseSize: number;
  /** L2 penalty on every coefficient but the bias (default 1e-3). */
  l2?: number;
  /** Full-batch Adam steps (default 400). */
  iterations?: number;
  /** Adam step size (default 0.05). */
  learningRate?: number;
  /** Reweight so both classes weigh the same in total, like 1:1 sampling (default true). */
  balanceClasses?: boolean;
};

function sigmoid(value: number): number {
  return value >= 0 ? 1 / (1 + Math.exp(-value)) : Math.exp(value) / (1 + Math.exp(value));
}

function standardisation(examples: readonly LabelledVector[], size: number) {
  const mean = new Array<number>(size).fill(0);
  const scale = new Array<number>(size).fill(0);
  for (const example of examples)
    example.features.dense.forEach((value, index) => (mean[index] = (mean[index] ?? 0) + value));
  for (let index = 0; index < size; index++) mean[index] = (mean[index] ?? 0) / examples.length;
  for (const example of examples)
    example.features.dense.forEach((value, index) => {
      scale[index] = (scale[index] ?? 0) + (value - (mean[index] ?? 0)) ** 2;
    });
  for (let index = 0; index < size; index++) {
    const deviation = Math.sqrt((scale[index] ?? 0) / examples.length);
    scale[index] = deviation > 1e-9 ? deviation : 1;
  }
  return { mean, scale };
}

function exampleWeights(examples: readonly LabelledVector[], balance: boolean): number[] {
  const raw = examples.map((example) => example.weight ?? 1);
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  if (!balance) return raw.map((weight) => weight / total);
  const positive = examples.reduce(
    (sum, example, index) => sum + (example.label ? (raw[index] ?? 0) : 0),
    0,
  );
  const negative = total - positive;
  if (positive === 0 || negative === 0) return raw.map((weight) => weight / total);
  return examples.map(
    (example, index) => (raw[index] ?? 0) / (2 * (example.label ? positive : negative)),
  );
}

/** The model's linear score (log-odds) for one input. */
export function logit(weights: LogisticRegressionWeights, features: FeatureVector): number {
  let score = weights.bias;
  features.dense.forEach((value, index) => {
    const standardised =
      (value - (weights.denseMean[index] ?? 0)) / (weights.denseScale[index] ?? 1);
    score += (weights.denseCoefficients[index] ?? 0) * standardised;
  });
  for (const [index, value] of features.sparse)
    score += (weights.sparseCoefficients[index] ?? 0) * value;
  return score;
}

/** The probability that the input belongs to the positive class. */
export function predict(weights: LogisticRegressionWeights, features: FeatureVector): number {
  return sigmoid(logit(weights, features));
}

/** Rows in flat typed arrays: dense standardised row-major, sparse in CSR form. */
function packRows(
  examples: readonly LabelledVector[],
  mean: readonly number[],
  scale: readonly number[],
) {
  const denseSize = mean.length;
  const dense = new Float64Array(examples.length * denseSize);
  const offsets = new Int32Array(examples.length + 1);
  examples.forEach((example, row) => {
    example.features.dense.forEach((value, index) => {
      dense[row * denseSize + index] = (value - (mean[index] ?? 0)) / (scale[index] ?? 1);
    });
    offsets[row + 1] = (offsets[row] ?? 0) + example.features.sparse.length;
  });
  const indices = new Int32Array(offsets[examples.length] ?? 0);
  const values = new Float64Array(indices.length);
  examples.forEach((example, row) => {
    example.features.sparse.forEach(([index, value], position) => {
      indices[(offsets[row] ?? 0) + position] = index;
      values[(offsets[row] ?? 0) + position] = value;
    });
  });
  return { dense, offsets, indices, values };
}

/**
 * Fits a binary L2-regularised logistic regression by full-batch Adam on the weighted mean
 * log-loss. Dense features are standardised (mean, standard deviation) first. Deterministic:
 * the same examples in the same order give the same weights.
 */
export function train(
  examples: readonly LabelledVector[],
  options: TrainOptions,
): LogisticRegressionWeights {
  const denseSize = examples[0]?.features.dense.length ?? 0;
  const { mean, scale } = standardisation(examples, denseSize);
  const rows = packRows(examples, mean, scale);
  const labels = Float64Array.from(examples, (example) => (example.label ? 1 : 0));
  const shares = Float64Array.from(exampleWeights(examples, options.balanceClasses ?? true));
  const sparseOffset = 1 + denseSize;
  const parameterCount = sparseOffset + options.sparseSize;
  const l2 = options.l2 ?? 1e-3;
  const rate = options.learningRate ?? 0.05;
  const theta = new Float64Array(parameterCount);
  const firstMoment = new Float64Array(parameterCount);
  const secondMoment = new Float64Array(parameterCount);
  const gradient = new Float64Array(parameterCount);
  for (let step = 1; step <= (options.iterations ?? 400); step++) {
    gradient.fill(0);
    for (let row = 0; row < examples.length; row++) {
      const denseStart = row * denseSize;
      const sparseStart = rows.offsets[row] ?? 0;
      const sparseEnd = rows.offsets[row + 1] ?? 0;
      let score = theta[0] ?? 0;
      for (let index = 0; index < denseSize; index++)
        score += (theta[1 + index] ?? 0) * (rows.dense[denseStart + index] ?? 0);
      for (let position = sparseStart; position < sparseEnd; position++)
        score +=
          (theta[sparseOffset + (rows.indices[position] ?? 0)] ?? 0) * (rows.values[position] ?? 0);
      const error = (sigmoid(score) - (labels[row] ?? 0)) * (shares[row] ?? 0);
      gradient[0] = (gradient[0] ?? 0) + error;
      for (let index = 0; index < denseSize; index++)
        gradient[1 + index] =
          (gradient[1 + index] ?? 0) + error * (rows.dense[denseStart + index] ?? 0);
      for (let position = sparseStart; position < sparseEnd; position++) {
        const target = sparseOffset + (rows.indices[position] ?? 0);
        gradient[target] = (gradient[target] ?? 0) + error * (rows.values[position] ?? 0);
      }
    }
    const firstCorrection = 1 - 0.9 ** step;
    const secondCorrection = 1 - 0.999 ** step;
    for (let index = 0; index < parameterCount; index++) {
      const value = (gradient[index] ?? 0) + (index === 0 ? 0 : l2 * (theta[index] ?? 0));
      firstMoment[index] = 0.9 * (firstMoment[index] ?? 0) + 0.1 * value;
      secondMoment[index] = 0.999 * (secondMoment[index] ?? 0) + 0.001 * value * value;
      const corrected = (firstMoment[index] ?? 0) / firstCorrection;
      const correctedSquare = (secondMoment[index] ?? 0) / secondCorrection;
      theta[index] = (theta[index] ?? 0) - (rate * corrected) / (Math.sqrt(correctedSquare) + 1e-8);
    }
  }
  return {
    bias: theta[0] ?? 0,
    denseMean: mean,
    denseScale: scale,
    denseCoefficients: Array.from(theta.subarray(1, sparseOffset)),
    sparseSize: options.sparseSize,
    sparseCoefficients: Array.from(theta.subarray(sparseOffset)),
  };
}

/** Turns texts into vectors. `model` is stored with every vector so models can change safely. */
export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  /** One vector per input text, in order. Implementations batch internally. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

export type EmbedOptions = {
  signal?: AbortSignal;
};

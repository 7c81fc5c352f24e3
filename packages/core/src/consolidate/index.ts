export { consolidateInterpretations } from './consolidate-interpretations';
export type { ConsolidateOptions } from './consolidate-interpretations';
export { CONSOLIDATION_SETTINGS } from './consolidation-settings';
export type { ClusteringParameters, ConsolidationSetting } from './consolidation-settings';
export { hdbscan } from './hdbscan';
export type { HdbscanOptions, HdbscanResult } from './hdbscan';
export type { ClusterSelection } from './select-clusters';
export type { DistanceMatrix } from './single-linkage';
export { cosineDistances } from './cosine-distances';

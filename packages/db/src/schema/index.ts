export * from './sources';
export * from './documents';
export * from './chunks';
export * from './index-jobs';

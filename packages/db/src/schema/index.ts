export * from './sources';
export * from './documents';
export * from './chunks';
export * from './index-jobs';
export * from './conversations';
export * from './clarifications';

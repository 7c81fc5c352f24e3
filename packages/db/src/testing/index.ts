export { createTestDatabase, testDatabaseKinds, type TestDatabaseKind } from './test-database';
export {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './throwaway-postgres';

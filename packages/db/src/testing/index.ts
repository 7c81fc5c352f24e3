export { createTestDatabase, testDatabaseKinds, type TestDatabaseKind } from './test-database';

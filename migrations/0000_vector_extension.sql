-- pgvector must exist before any table uses the vector type.
CREATE EXTENSION IF NOT EXISTS vector;

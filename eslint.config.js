// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const sdkImports = [
  '@slack/*',
  'botbuilder*',
  'openai',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  'node-cron',
  '@electric-sql/*',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      'migrations/**',
      '.clarify/**',
      '**/.scratch/**',
      '**/*.js',
      // Loaders that register tsx before TypeScript can run (the readings pool's worker).
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string-literal union.' },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    ignores: [
      'packages/config/**',
      '**/*.test.ts',
      'packages/testing/**',
      '**/src/testing/**',
      '**/test/**',
      '**/*.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only packages/config reads process.env.' },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: sdkImports, message: 'core imports no SDK (STYLE.md).' }] },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', '.build-*', 'node_modules', 'data', 'test-results', 'playwright-report', '.test-data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // antd must be imported from its root so tree-shaking and styles stay consistent.
      'no-restricted-imports': ['error', { patterns: [{ group: ['antd/lib', 'antd/lib/*', 'antd/es', 'antd/es/*'], message: "Import from 'antd', not antd/lib or antd/es." }] }],
    },
  },
);

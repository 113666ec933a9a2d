import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ANTD_ROOT = { group: ['antd/lib', 'antd/lib/*', 'antd/es', 'antd/es/*'], message: "Import from 'antd', not antd/lib or antd/es." };
const ICONS_ROOT = { group: ['@ant-design/icons/lib/*', '@ant-design/icons/es/*'], message: "Import from '@ant-design/icons', not its lib or es paths." };

export default tseslint.config(
  { ignores: ['dist', '.build-*', 'node_modules', 'data', 'test-results', 'playwright-report', '.test-data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // antd and its icons are imported from their roots (the login route too: scripts/route-chunks.ts
      // follows only the parts used), so tree-shaking and styles stay consistent.
      'no-restricted-imports': ['error', { patterns: [ANTD_ROOT, ICONS_ROOT] }],
    },
  },
  {
    // Layers point one way: what the server reads (declarations, the shared providers, the server
    // itself) never imports the browser app, React or antd.
    files: ['resources/**/*.ts', 'providers/**/*.ts', 'server/**/*.ts'],
    rules: {
      // Type-only imports erase at build time (the registry names Refine's ResourceProps type).
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ANTD_ROOT,
            ICONS_ROOT,
            { group: ['**/src/*', 'react', 'react-dom', 'antd', '@refinedev/*', '@ant-design/*'], allowTypeImports: true, message: 'Shared and server code must not import the browser app (src/), React or antd.' },
          ],
        },
      ],
    },
  },
);

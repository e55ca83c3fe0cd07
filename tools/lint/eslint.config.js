/** ESLint for the whole project; the root eslint.config.js points here so the plugins resolve from this workspace. */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';
import disableReason from './disable-reason.js';
import ownTables from './own-tables.js';
import requires from './requires.js';

export default tseslint.config(
  // What .gitignore leaves out, and the generated types.
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/artifacts/**',
      'tmp/**',
      '.e2e/**',
      '.plugins-test-*/**',
      '**/node_modules/**',
      'schemas/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { masthead: { rules: { boundaries, 'disable-reason': disableReason, 'own-tables': ownTables, requires } } },
    rules: {
      'masthead/boundaries': 'error',
      'masthead/disable-reason': 'error',
      'masthead/own-tables': 'error',
      'masthead/requires': 'error',
      // TypeScript checks these (noUnusedLocals, noUnusedParameters; names and globals).
      '@typescript-eslint/no-unused-vars': 'off',
      'no-undef': 'off',
    },
  },
  {
    files: ['core/client/**/*.{ts,tsx}', 'plugins/*/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** Import boundaries: schemas <- engine <- src/features <- src/app; the client never imports the server. */
const zones = [
  {
    target: './schemas',
    from: ['./engine', './src'],
    message: 'schemas/ is plain data and imports nothing of ours.',
  },
  { target: './engine', from: './src', message: 'engine/ is generic and never imports src/.' },
  {
    target: './engine/core',
    from: ['./engine/react', './engine/server'],
    message: 'engine/core is pure TypeScript.',
  },
  {
    target: './engine/react',
    from: './engine/server',
    message: 'Client engine code never imports server code.',
  },
  {
    target: './engine/server',
    from: './engine/react',
    message: 'Server engine code never imports React code.',
  },
  {
    target: ['./src/app', './src/shell', './src/features', './src/lib'],
    from: './src/server',
    message: 'Client code never imports src/server.',
  },
  {
    target: './src/server',
    from: ['./src/app', './src/shell', './src/features'],
    message: 'The server never imports client code.',
  },
  { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
  {
    target: './src/shell',
    from: ['./src/app', './src/features'],
    message: 'The shell imports neither the app nor features.',
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/shell', './src/features'],
    message: 'src/lib is shared and imports no UI.',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features do not import each other.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'public', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs', '.ci/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/__tests__/**', 'tests/**', 'src/testing/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);

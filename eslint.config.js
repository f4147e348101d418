import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'

const mupdfOnly = {
  name: 'mupdf',
  message: 'Load MuPDF through src-main/extract/mupdf.ts: its WASM hooks must be installed first.'
}

const electronOnly = {
  name: 'electron',
  message: 'Only src-main/electron may import Electron: the engine runs in plain Node.'
}

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-output/', 'resources/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      curly: ['error', 'multi-line'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnly, mupdfOnly] }]
    }
  },
  { files: ['src-main/extract/mupdf.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] }
    }
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [{ group: ['node:*'], message: 'The renderer knows nothing of Node.' }]
        }
      ]
    }
  },
  {
    files: ['src-main/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [{ group: ['node:*'], message: 'shared/ is imported by the renderer too.' }]
        }
      ]
    }
  },
  {
    files: ['src-main/electron/**', 'test/e2e/electron/**'],
    rules: { 'no-restricted-imports': 'off' }
  }
)

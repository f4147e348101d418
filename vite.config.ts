import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { postgresBin } from './test/helpers/postgres-cluster.js'

const shared = fileURLToPath(new URL('./src-main/shared', import.meta.url))

/**
 * The store contract suite: these files run once on SQLite and once more on a throwaway
 * PostgreSQL cluster, where memoryDb() hands out PostgreSQL databases.
 */
const STORE_CONTRACT = [
  'test/store/documents.test.ts',
  'test/store/engine.test.ts',
  'test/store/extracted-pages.test.ts',
  'test/store/pages.test.ts',
  'test/store/revisions.test.ts',
  'test/store/users.test.ts',
  'test/store/claims.test.ts',
  'test/store/copy-project.test.ts',
  'test/store/migrations/0080-claims.test.ts',
  'test/store/migrations/0070-reviewers.test.ts',
  'test/store/migrations/0010-init.test.ts',
  'test/store/migrations/0030-text-layers.test.ts',
  'test/store/migrations/0040-font-maps.test.ts',
  'test/store/migrations/0050-revision-structure.test.ts',
  'test/store/migrations/0060-batches.test.ts',
  'test/store/statements.test.ts',
  // The teach, batch and find-and-replace queries, through the backend on each engine.
  'test/api/teach.test.ts',
  'test/api/replace.test.ts',
  'test/server/accounts-thread.test.ts',
  'test/server/claim-race.test.ts',
  'test/server/ocr-claims.test.ts',
  'test/store/keyings.test.ts',
  'test/store/migrations/0090-double-keying.test.ts',
  'test/api/keyings.test.ts',
  'test/store/migrations/0100-pdf-files.test.ts',
  'test/store/migrations/0120-audit-log.test.ts',
  'test/store/reviewer-report.test.ts',
  'test/store/migrations/0200-vlm-usage.test.ts',
  'test/store/stored-text.test.ts'
]
/**
 * PostgreSQL's own tests (ingest parity, claims under concurrency, migrate to PostgreSQL, a
 * served URL's password).
 */
const POSTGRES_ONLY = ['test/store/postgres/**/*.test.ts', 'test/server/postgres/**/*.test.ts']
/**
 * Files that change what the whole process sees: a module replaced (vi.mock, vi.doMock), or
 * RECTO_CONFIG_DIR or a key set in process.env. Each of them runs in a process of its own; the
 * other files share their worker's modules, so that MuPDF, the store and the engine are loaded
 * once a worker instead of once a file.
 */
const PROCESS_WIDE = [
  'test/electron/main.test.ts',
  'test/electron/security.test.ts',
  'test/threads/behind-review.test.ts',
  'test/threads/worker-thread.test.ts',
  'test/cli/main-startup.test.ts',
  'test/api/plan.test.ts',
  'test/api/vlm.test.ts',
  'test/cli/plan.test.ts',
  'test/e2e/web/plan.test.ts',
  'test/e2e/web/vlm.test.ts',
  'test/vlm/chat-client.test.ts'
]
const postgres = postgresBin()
if ('missing' in postgres) {
  console.warn(`recto: the store contract suite runs on SQLite only: ${postgres.missing}`)
}

/**
 * Fontsource's faces name a WOFF copy after each WOFF2 slice, for browsers without WOFF2; Chromium
 * and Electron read WOFF2, so the copies (5 MB more of every 4 of a CJK font) stay out of the build.
 */
const woff2Only: Plugin = {
  name: 'recto-woff2-only',
  enforce: 'pre',
  transform(code, id) {
    if (!/@fontsource\/[^/]+\/\d+\.css$/.test(id)) return null
    return code.replace(/,\s*url\([^)]+\.woff\) format\('woff'\)/g, '')
  }
}

export default defineConfig({
  root: 'src-renderer',
  // Relative asset URLs so the same build loads from file:// in Electron and from `recto serve`.
  base: './',
  plugins: [svelte(), woff2Only],
  resolve: { alias: { '@shared': shared } },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    // A font slice inlined as a data: URL is refused by the page's Content-Security-Policy
    // (font-src falls back to default-src 'self'): every slice stays a file of its own.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined)
  },
  test: {
    root: '.',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: MuPDF-heavy files in parallel only slow each other down past that.
    maxWorkers: 2,
    projects: [
      // Each project names its files: a project extending this config would add its list to ours.
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY, ...PROCESS_WIDE],
          isolate: false,
          globalSetup: ['test/helpers/threads-setup.ts', 'test/e2e/samples-setup.ts']
        }
      },
      {
        extends: true,
        test: {
          name: 'sqlite-isolated',
          include: PROCESS_WIDE,
          globalSetup: ['test/helpers/threads-setup.ts', 'test/e2e/samples-setup.ts']
        }
      },
      ...('bin' in postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: [...STORE_CONTRACT, ...POSTGRES_ONLY],
                env: { RECTO_TEST_ENGINE: 'postgres' },
                isolate: false,
                globalSetup: ['test/helpers/threads-setup.ts', 'test/helpers/postgres-setup.ts'],
                setupFiles: ['test/helpers/postgres-file-end.ts']
              }
            }
          ]
        : [])
    ]
  }
})

import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'

const shared = fileURLToPath(new URL('./src-main/shared', import.meta.url))

export default defineConfig({
  root: 'src-renderer',
  // Relative asset URLs so the same build loads from file:// in Electron and from `recto serve`.
  base: './',
  plugins: [svelte()],
  resolve: { alias: { '@shared': shared } },
  build: { outDir: '../out/renderer', emptyOutDir: true },
  test: {
    root: '.',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: MuPDF-heavy files in parallel only slow each other down past that.
    maxWorkers: 2
  }
})

import type { JazzerTarget } from './jazzer-run.js'

/** The in-process targets `npm run fuzz -- --mode <name>` runs. */
export const JAZZER_TARGETS = {
  pdf: {
    name: 'pdf',
    module: 'scripts/fuzz/targets/pdf-pipeline',
    includes: ['src-main/'],
    maxLen: 128 * 1024,
    // Instrumented, on two shared cores, a page of the corpus took up to 30 s that takes 1 to 4
    // s without (kampo's mutants): over two minutes is a hang, not a slow page.
    timeoutSeconds: 120,
    dictionary: 'scripts/fuzz/pdf.dict'
  },
  stored: {
    name: 'stored',
    module: 'scripts/fuzz/targets/stored-input',
    // The API's validation is zod's code running the contract's schemas: its branches guide.
    includes: ['src-main/store/', 'src-main/api/', 'src-main/shared/', 'node_modules/zod/'],
    excludes: ['node_modules/.'],
    maxLen: 64 * 1024,
    timeoutSeconds: 10
  }
} as const satisfies Record<string, JazzerTarget>

export type JazzerMode = keyof typeof JAZZER_TARGETS

export function isJazzerMode(mode: string): mode is JazzerMode {
  return Object.hasOwn(JAZZER_TARGETS, mode)
}

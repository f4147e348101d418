import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { patchAddon } from '../../scripts/fuzz/jazzer-elf.js'
import { tempDir } from '../helpers/db.js'

const require = createRequire(import.meta.url)
const prebuilt = join(
  require.resolve('@jazzer.js/fuzzer/package.json'),
  '..',
  'prebuilds',
  'fuzzer-linux-x64.node'
)

describe.runIf(process.platform === 'linux' && process.arch === 'x64')(
  "Jazzer.js's libFuzzer addon",
  () => {
    const tmp = tempDir('recto-jazzer-addon-')
    afterAll(() => tmp.remove())

    // The prebuilt asks glibc 2.38, which Debian 12 lacks (jazzer-addon.ts); patched, it loads
    // wherever the original would, and here too.
    it('loads patched, and offers the fuzzer its CLI starts', () => {
      const original = readFileSync(prebuilt)
      const patched = patchAddon(original)
      expect(patched.length).toBe(original.length)
      expect(patched.equals(original)).toBe(false)
      const file = join(tmp.dir, 'fuzzer.node')
      writeFileSync(file, patched)
      const module = { exports: {} as Record<string, unknown> }
      process.dlopen(module, file)
      expect(typeof module.exports['startFuzzing']).toBe('function')
    })
  }
)

// Loaded with `node --import` before Jazzer.js: makes its libFuzzer addon load on glibc 2.36.
//
// @jazzer.js/fuzzer 4.0.0 ships only a prebuilt linux-x64 addon, built against glibc 2.38 and
// GCC 13's libstdc++; Debian 12 (this project's machines) has glibc 2.36 and GLIBCXX_3.4.30, so
// dlopen fails with "version `GLIBC_2.38' not found". The addon asks those versions for three
// symbols only: __isoc23_strtol and __isoc23_strtoul (strtol and strtoul that also read C23's
// 0b prefix, which libFuzzer's option parsing never meets) and std::ios_base_library_init, a
// marker GCC 13 headers reference and no code calls (the addon has no relocation for it). A copy
// of the addon, outside node_modules, asks strtol and strtoul of GLIBC_2.2.5 instead, and marks
// the two newer versions weak, which the dynamic loader lets be missing; dlopen of the original
// path is sent to that copy. Where the original loads, nothing is changed.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { patchAddon } from './jazzer-elf.js'

function loads(path: string): boolean {
  try {
    process.dlopen({ exports: {} }, path)
    return true
  } catch {
    return false
  }
}

const require = createRequire(import.meta.url)
const addon = join(
  require.resolve('@jazzer.js/fuzzer/package.json'),
  '..',
  'prebuilds',
  `fuzzer-${process.platform}-${process.arch}.node`
)

if (process.platform === 'linux' && existsSync(addon) && !loads(addon)) {
  const original = readFileSync(addon)
  const digest = createHash('sha256').update(original).digest('hex').slice(0, 16)
  const dir = join(tmpdir(), 'recto-jazzer-addon')
  const patched = join(dir, `fuzzer-${digest}.node`)
  if (!existsSync(patched)) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(patched, patchAddon(original))
  }
  const dlopen = process.dlopen.bind(process)
  process.dlopen = (module, filename, ...rest) =>
    dlopen(module, filename === addon ? patched : filename, ...rest)
}

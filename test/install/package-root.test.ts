import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot, packageVersion } from '../../src-main/install/package-root.js'
import { REPO_ROOT } from '../helpers/corpus.js'

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }

describe('packageRoot', () => {
  it('finds the repository and its version from the sources', () => {
    expect(join(packageRoot(), '/')).toBe(join(REPO_ROOT, '/'))
    expect(packageVersion()).toBe(pkg.version)
  })

  it('finds them from the engine as tsc built it, whatever the working folder', () => {
    const module = join(REPO_ROOT, 'out/src-main/install/package-root.js')
    const script = `const { packageRoot, packageVersion } = await import(${JSON.stringify(module)})
      console.log(packageRoot(), packageVersion())`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: '/',
      encoding: 'utf8'
    })
    expect(child.stdout).toBe(`${REPO_ROOT.replace(/\/$/, '')} ${pkg.version}\n`)
  })
})

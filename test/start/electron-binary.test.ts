import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronBinary } from '../../src-main/start/electron-binary.js'
import { tempDir } from '../helpers/db.js'

describe('electronBinary', () => {
  it('finds the binary that path.txt names in dist/, as the electron package does', () => {
    const pkg = tempDir('recto-electron-pkg-')
    try {
      mkdirSync(join(pkg.dir, 'dist'))
      writeFileSync(join(pkg.dir, 'path.txt'), 'electron')
      expect(electronBinary(pkg.dir)).toBeNull()
      writeFileSync(join(pkg.dir, 'dist', 'electron'), '')
      expect(electronBinary(pkg.dir)).toBe(join(pkg.dir, 'dist', 'electron'))
    } finally {
      pkg.remove()
    }
  })

  it('finds none in a package whose binary was never downloaded', () => {
    const pkg = tempDir('recto-electron-pkg-')
    try {
      expect(electronBinary(pkg.dir)).toBeNull()
    } finally {
      pkg.remove()
    }
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { REPO_ROOT } from '../helpers/corpus.js'

describe('recto', () => {
  it('lists every command of the contract in --help', () => {
    const result = recto('--help')
    expect(result.status).toBe(0)
    for (const command of ['ingest', 'text', 'check', 'export', 'score', 'serve']) {
      expect(result.stdout).toContain(`recto ${command} `)
    }
  })

  it('prints a command’s options with <command> --help', () => {
    const result = recto('ingest', '--help')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^Usage: recto ingest .*--db <file>/)
  })

  it('refuses an unknown command as a usage error, saying which', () => {
    const result = recto('extract', 'x.pdf')
    expect(result.status).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe("recto: unknown command 'extract'")
  })

  it('prints the usage on stderr and fails when given no command', () => {
    const result = recto()
    expect(result.status).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Usage:\n {2}recto ingest /u)
  })

  it('prints its version with --version', () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(recto('--version')).toMatchObject({ status: 0, stdout: `recto ${version}\n` })
  })
})

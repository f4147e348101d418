import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src-main/cli/main.js'
import { recto } from '../helpers/cli.js'
import { REPO_ROOT } from '../helpers/corpus.js'

describe('recto', () => {
  it('lists every command of the contract in --help', () => {
    const result = recto('--help')
    expect(result.status).toBe(0)
    for (const { name, summary } of COMMANDS) {
      expect(result.stdout).toMatch(
        new RegExp(`^  ${name} +${summary.replace(/[()|.*+?[\]]/gu, '\\$&')}$`, 'mu')
      )
    }
  })

  it('loads each listed command under its own name', async () => {
    for (const listed of COMMANDS) expect((await listed.load()).name).toBe(listed.name)
  })

  it('prints a command’s options with <command> --help', () => {
    const result = recto('ingest', '--help')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^Usage: recto ingest .*--db <file>/)
    expect(result.stdout).toContain(
      '\n\nextract, analyse and store every page of PDFs in a project database.\n'
    )
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
    expect(result.stderr).toMatch(/^Usage: recto <command> \[options\]\n\n {2}ingest /u)
  })

  it('prints its version with --version', () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(recto('--version')).toMatchObject({ status: 0, stdout: `recto ${version}\n` })
  })
})

import { describe, expect, it, vi } from 'vitest'

// Every command module, replaced by one that records being loaded: `recto --help` must load none
// of them (and so nothing of MuPDF, the store or the exporters they import).
const loaded = vi.hoisted(() => [] as string[])
const COMMAND_MODULES = vi.hoisted(() => [
  'ingest',
  'text',
  'check',
  'plan',
  'vlm',
  'repair',
  'export',
  'score',
  'serve',
  'users',
  'audit',
  'report',
  'double-key',
  'migrate',
  'worker'
])
for (const name of COMMAND_MODULES) {
  vi.doMock(`../../src-main/cli/commands/${name}.js`, () => {
    loaded.push(name)
    return {}
  })
}

describe('recto --help at start-up', () => {
  it('lists every command without loading any command module', async () => {
    const { COMMANDS, main } = await import('../../src-main/cli/main.js')
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      expect(await main(['--help'])).toBe(0)
    } finally {
      write.mockRestore()
    }
    expect(loaded).toEqual([])
    expect(COMMANDS.map((c) => c.name)).toEqual(COMMAND_MODULES)
  })
})

import { vi } from 'vitest'
import { main } from '../../src-main/cli/main.js'

/** Runs `recto <args>` in this process, capturing what it prints. */
export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk)
    return true
  })
  try {
    return { code: await main(args), out, err }
  } finally {
    stdout.mockRestore()
    stderr.mockRestore()
  }
}

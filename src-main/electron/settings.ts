import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export type WindowBounds = Readonly<{
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
}>

/** What the desktop app remembers between runs, in userData/settings.json. */
export type Settings = Readonly<{
  /** Most recent first; the first is opened at start. */
  recentDatabases: readonly string[]
  bounds: WindowBounds | null
}>

const RECENT_LIMIT = 8
const EMPTY: Settings = { recentDatabases: [], bounds: null }

/** A missing or damaged file reads as no settings: the app starts as on its first run. */
export function readSettings(file: string): Settings {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Settings>
    return {
      recentDatabases: Array.isArray(parsed.recentDatabases)
        ? parsed.recentDatabases.filter((p): p is string => typeof p === 'string')
        : [],
      bounds: isBounds(parsed.bounds) ? parsed.bounds : null
    }
  } catch {
    return EMPTY
  }
}

/** Written to a temporary file and renamed, so a crash never leaves half a settings file. */
export function writeSettings(file: string, settings: Settings): void {
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, JSON.stringify(settings, null, 2))
  renameSync(temp, file)
}

export function withRecentDatabase(settings: Settings, dbFile: string): Settings {
  const recent = [dbFile, ...settings.recentDatabases.filter((p) => p !== dbFile)]
  return { ...settings, recentDatabases: recent.slice(0, RECENT_LIMIT) }
}

function isBounds(value: unknown): value is WindowBounds {
  if (typeof value !== 'object' || value === null) return false
  const b = value as Record<string, unknown>
  return (
    typeof b.width === 'number' && typeof b.height === 'number' && b.width > 200 && b.height > 200
  )
}

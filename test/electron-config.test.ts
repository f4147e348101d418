import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import config, { desktopEntry } from '../electron.config.js'

describe('electron.config.ts', () => {
  it('packs the icons of build/, its buildResources', () => {
    expect(config.directories?.buildResources).toBe('build')
    const linux = config.linux?.icon
    expect(linux).toBe('build/icons')
    expect(readdirSync(linux!)).toContain('512x512.png')
    for (const icon of [config.mac?.icon, config.win?.icon]) {
      expect(icon && existsSync(icon), String(icon)).toBe(true)
    }
  })

  it('takes the Linux desktop entry from build/recto.desktop, Exec and Icon left to the packager', () => {
    const lines = readFileSync('build/recto.desktop', 'utf8').trimEnd().split('\n')
    expect(lines[0]).toBe('[Desktop Entry]')
    expect(lines).toEqual(
      expect.arrayContaining(['Type=Application', 'Name=Recto', 'Exec=recto %U', 'Icon=recto'])
    )
    const entry = config.linux?.desktop?.entry
    expect(entry).toEqual(desktopEntry())
    expect(entry).toMatchObject({ Type: 'Application', Name: 'Recto' })
    expect(entry?.['MimeType']?.split(';')).toContain('application/pdf')
    expect(Object.keys(entry ?? {})).not.toContain('Exec')
    expect(Object.keys(entry ?? {})).toHaveLength(lines.length - 3)
  })
})

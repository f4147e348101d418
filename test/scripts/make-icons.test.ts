import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ICNS_TYPES, pngSize } from '../../scripts/icon/containers.js'
import {
  BUILD_DIR,
  ICNS_SIZES,
  ICO_SIZES,
  LINUX_SIZES,
  iconFiles
} from '../../scripts/make-icons.js'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function built(name: string): Buffer {
  return readFileSync(join(BUILD_DIR, name))
}

/** A PNG with an RGBA IHDR of `size` pixels square. */
function expectPng(png: Buffer, size: number): void {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
  expect(png.toString('latin1', 12, 16)).toBe('IHDR')
  expect(pngSize(png)).toEqual([size, size])
  expect(png[25], 'colour type 6: RGBA').toBe(6)
}

describe('the app icon in build/', () => {
  it('is what scripts/make-icons.ts draws, byte for byte', () => {
    const files = iconFiles()
    const committed = [
      ...readdirSync(join(BUILD_DIR, 'icons')).map((f) => `icons/${f}`),
      ...readdirSync(BUILD_DIR).filter((f) => f.startsWith('icon.'))
    ].sort()
    expect(committed).toEqual([...files.keys()].sort())
    for (const [name, bytes] of files) expect(built(name).equals(bytes), name).toBe(true)
  })

  it('has a PNG of every size Linux packages take', () => {
    for (const size of LINUX_SIZES) expectPng(built(`icons/${size}x${size}.png`), size)
    expectPng(built('icon.png'), 512)
  })

  it('has an .ico of PNG entries from 16 to 256 pixels', () => {
    const ico = built('icon.ico')
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([
      0,
      1,
      ICO_SIZES.length
    ])
    let end = 6 + 16 * ICO_SIZES.length
    ICO_SIZES.forEach((size, i) => {
      const entry = 6 + 16 * i
      expect([ico[entry], ico[entry + 1]]).toEqual([size % 256, size % 256])
      expect(ico.readUInt16LE(entry + 6), 'bits per pixel').toBe(32)
      const length = ico.readUInt32LE(entry + 8)
      const offset = ico.readUInt32LE(entry + 12)
      expect(offset).toBe(end)
      expectPng(ico.subarray(offset, offset + length), size)
      end = offset + length
    })
    expect(end).toBe(ico.length)
  })

  it('has an .icns whose chunks are PNGs of the sizes their types name', () => {
    const icns = built('icon.icns')
    expect(icns.toString('latin1', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const chunks: string[] = []
    for (let at = 8; at < icns.length;) {
      const type = icns.toString('latin1', at, at + 4)
      const length = icns.readUInt32BE(at + 4)
      const size = ICNS_SIZES.find((s) => ICNS_TYPES[s] === type)
      expect(size, type).toBeDefined()
      expectPng(icns.subarray(at + 8, at + length), size!)
      chunks.push(type)
      at += length
    }
    expect(chunks).toEqual(ICNS_SIZES.map((s) => ICNS_TYPES[s]))
  })
})

/**
 * The edits that make Jazzer.js's prebuilt libFuzzer addon load on glibc 2.36 (jazzer-addon.ts
 * says why they are safe), made on the bytes of the ELF file.
 */
const VER_FLG_WEAK = 0x2
const STB_WEAK = 2
const C23_PREFIX = '__isoc23_'
const C23_SYMBOLS = new Set(['__isoc23_strtol', '__isoc23_strtoul'])
const NEWER_VERSIONS = new Set(['GLIBC_2.38', 'GLIBCXX_3.4.32'])
const MARKER = '_ZSt21ios_base_library_initv'

type Section = { name: string; offset: number; size: number; link: number; entsize: number }

function sections(elf: Buffer): Section[] {
  const shoff = Number(elf.readBigUInt64LE(0x28))
  const shentsize = elf.readUInt16LE(0x3a)
  const shnum = elf.readUInt16LE(0x3c)
  const shstrndx = elf.readUInt16LE(0x3e)
  const raw = Array.from({ length: shnum }, (_, i) => {
    const at = shoff + i * shentsize
    return {
      nameAt: elf.readUInt32LE(at),
      offset: Number(elf.readBigUInt64LE(at + 0x18)),
      size: Number(elf.readBigUInt64LE(at + 0x20)),
      link: elf.readUInt32LE(at + 0x28),
      entsize: Number(elf.readBigUInt64LE(at + 0x38))
    }
  })
  const names = raw[shstrndx]!.offset
  return raw.map((s) => ({ ...s, name: cString(elf, names + s.nameAt) }))
}

function cString(elf: Buffer, at: number): string {
  return elf.toString('latin1', at, elf.indexOf(0, at))
}

function section(all: readonly Section[], name: string): Section {
  const found = all.find((s) => s.name === name)
  if (!found) throw new Error(`jazzer addon: no ${name} section`)
  return found
}

/** The addon with the three symbols and two versions changed as the header says. */
export function patchAddon(original: Buffer): Buffer {
  const elf = Buffer.from(original)
  const all = sections(elf)
  const dynstr = section(all, '.dynstr').offset
  const needs = section(all, '.gnu.version_r')
  const versym = section(all, '.gnu.version').offset
  const dynsym = section(all, '.dynsym')

  let libcBase: number | null = null
  let at = needs.offset
  for (;;) {
    const file = cString(elf, dynstr + elf.readUInt32LE(at + 4))
    let aux = at + elf.readUInt32LE(at + 8)
    for (let n = elf.readUInt16LE(at + 2); n > 0; n--) {
      const version = cString(elf, dynstr + elf.readUInt32LE(aux + 8))
      if (NEWER_VERSIONS.has(version)) {
        elf.writeUInt16LE(elf.readUInt16LE(aux + 4) | VER_FLG_WEAK, aux + 4)
      }
      if (file === 'libc.so.6' && version === 'GLIBC_2.2.5') libcBase = elf.readUInt16LE(aux + 6)
      const next = elf.readUInt32LE(aux + 12)
      if (next === 0) break
      aux += next
    }
    const next = elf.readUInt32LE(at + 12)
    if (next === 0) break
    at += next
  }
  if (libcBase === null) throw new Error('jazzer addon: libc.so.6 GLIBC_2.2.5 is not required')

  for (let i = 0; i < dynsym.size / dynsym.entsize; i++) {
    const sym = dynsym.offset + i * dynsym.entsize
    const name = cString(elf, dynstr + elf.readUInt32LE(sym))
    if (C23_SYMBOLS.has(name)) {
      // A symbol's name may start inside another string: "__isoc23_strtol" ends in "strtol".
      elf.writeUInt32LE(elf.readUInt32LE(sym) + C23_PREFIX.length, sym)
      elf.writeUInt16LE(libcBase, versym + i * 2)
    } else if (name === MARKER) {
      elf.writeUInt8((STB_WEAK << 4) | (elf.readUInt8(sym + 4) & 0xf), sym + 4)
      elf.writeUInt16LE(1, versym + i * 2)
    }
  }
  return elf
}

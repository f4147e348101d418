import type { WritableDB } from '../db.js'
import { up as init } from './0010-init.js'
import { up as libraryIndex } from './0020-library-index.js'
import { up as textLayers } from './0030-text-layers.js'
import { up as fontMaps } from './0040-font-maps.js'
import { up as revisionStructure } from './0050-revision-structure.js'
import { up as batches } from './0060-batches.js'
import { up as reviewers } from './0070-reviewers.js'
import { up as claims } from './0080-claims.js'
import { up as doubleKeying } from './0090-double-keying.js'
import { up as pdfFiles } from './0100-pdf-files.js'
import { up as auditLog } from './0120-audit-log.js'
import { up as vlmUsage } from './0200-vlm-usage.js'

export type Migration = Readonly<{ version: number; up: (db: WritableDB) => void }>

/**
 * Every schema change, oldest first. Versions go in steps of 10 (a hotfix between two releases
 * takes the next free number, e.g. 11). Imported statically so nothing is read from disk at run
 * time, in Node and inside Electron's asar alike.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 10, up: init },
  { version: 20, up: libraryIndex },
  { version: 30, up: textLayers },
  { version: 40, up: fontMaps },
  { version: 50, up: revisionStructure },
  { version: 60, up: batches },
  { version: 70, up: reviewers },
  { version: 80, up: claims },
  { version: 90, up: doubleKeying },
  { version: 100, up: pdfFiles },
  { version: 120, up: auditLog },
  { version: 200, up: vlmUsage }
]

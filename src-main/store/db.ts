import type { Database } from 'better-sqlite3'

/**
 * Query functions take the handle they need explicitly. The brands keep a read-only caller from
 * being handed to a function that writes.
 */
export type ReadableDB = Database & { readonly __readable: unique symbol }
export type WritableDB = ReadableDB & { readonly __writable: unique symbol }

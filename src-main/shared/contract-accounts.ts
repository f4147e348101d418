import { z } from 'zod'

/** The account roles (store/users.ts keeps the same list). */
export const ACCOUNT_ROLES = ['reviewer', 'admin'] as const

/** What an admin may change of another account from the Accounts screen. */
export const ACCOUNT_CHANGES = ['disable', 'enable', 'admin', 'reviewer', 'remove'] as const

export const Account = z.object({
  name: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  createdAt: z.string(),
  disabledAt: z.string().nullable()
})
export type Account = z.infer<typeof Account>

export const AuditRecord = z.object({
  id: z.int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  documentId: z.int().nullable(),
  pageNo: z.int().nullable(),
  detail: z.record(z.string(), z.unknown())
})
export type AuditRecord = z.infer<typeof AuditRecord>

/**
 * The accounts and the audit log of a shared project, for its admins (the server's
 * ADMIN_METHODS): merged into the contract's METHODS table.
 */
export const ACCOUNT_METHODS = {
  'accounts.list': { input: z.strictObject({}), output: z.array(Account) },
  'accounts.add': {
    input: z.strictObject({
      name: z.string().min(1).max(64),
      role: z.enum(ACCOUNT_ROLES),
      password: z.string().min(8).max(1000)
    }),
    output: Account
  },
  /** Disables, enables, removes another account or gives it a role; never the caller's own. */
  'accounts.change': {
    input: z.strictObject({ name: z.string().min(1).max(64), change: z.enum(ACCOUNT_CHANGES) }),
    output: z.array(Account)
  },
  /** The audit log, newest first: `limit` records older than the record `before`, if given. */
  'audit.list': {
    input: z.strictObject({
      limit: z.int().min(1).max(1000).default(200),
      before: z.int().optional()
    }),
    output: z.array(AuditRecord)
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

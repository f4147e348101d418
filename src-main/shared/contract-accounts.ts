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

const Agreement = z.object({ pages: z.int(), meanCer: z.number(), maxCer: z.number() })

export const TeamReport = z.object({
  reviewers: z.array(
    z.object({
      reviewer: z.string(),
      pages: z.int(),
      activeMinutes: z.int(),
      pagesPerHour: z.number().nullable(),
      approvals: z.int(),
      corrections: z.int(),
      reworked: z.int()
    })
  ),
  agreement: z.object({
    pairs: z.array(z.object({ keyers: z.tuple([z.string(), z.string()]) }).extend(Agreement.shape)),
    overall: Agreement.nullable()
  })
})
export type TeamReport = z.infer<typeof TeamReport>

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
  },
  /** Figures per reviewer and the agreement of double keyings, as `recto report` prints them. */
  'reports.team': { input: z.strictObject({}), output: TeamReport }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

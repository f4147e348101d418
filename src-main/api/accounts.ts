import { agreementReport } from '../store/agreement-report.js'
import { auditRecords } from '../store/audit-log.js'
import { reviewerReport } from '../store/reviewer-report.js'
import {
  addUser,
  disableUser,
  enableUser,
  listUsers,
  removeUser,
  setRole,
  UserError,
  type User
} from '../store/users.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'

function account(user: User) {
  return {
    name: user.name,
    role: user.role,
    createdAt: user.createdAt,
    disabledAt: user.disabledAt
  }
}

/** A store refusal (no such account, a name taken) in the API's words. */
function refused<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof UserError) throw new AppError('invalid-input', error.message)
    throw error
  }
}

export const accountHandlers: Handlers<
  'accounts.list' | 'accounts.add' | 'accounts.change' | 'audit.list' | 'reports.team'
> = {
  'accounts.list': (_input, ctx) => listUsers(ctx.db).map(account),

  'accounts.add': ({ name, role, password }, ctx) =>
    account(refused(() => addUser(ctx.db, { name, role, password }))),

  'accounts.change': ({ name, change }, ctx) => {
    // An admin who disabled, demoted or removed themselves could lock the team out of its project.
    if (name === ctx.author) {
      throw new AppError('invalid-input', 'your own account is changed from the command line')
    }
    refused(() => {
      if (change === 'disable') disableUser(ctx.db, name)
      else if (change === 'enable') enableUser(ctx.db, name)
      else if (change === 'remove') removeUser(ctx.db, name)
      else setRole(ctx.db, name, change)
    })
    if (change === 'disable' || change === 'remove') ctx.emit('claims.changed', {})
    return listUsers(ctx.db).map(account)
  },

  'audit.list': ({ limit, before }, ctx) =>
    auditRecords(ctx.db, { limit, ...(before === undefined ? {} : { before }) }),

  'reports.team': (_input, ctx) => {
    const agreement = agreementReport(ctx.db)
    return {
      reviewers: reviewerReport(ctx.db),
      agreement: {
        pairs: agreement.pairs.map((p) => ({ ...p, keyers: [...p.keyers] })),
        overall: agreement.overall
      }
    }
  }
}

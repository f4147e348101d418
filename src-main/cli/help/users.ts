import type { CommandHelp } from '../command.js'

export const usersHelp: CommandHelp = {
  usage: 'users add|disable|enable|passwd|remove <name> | role <name> --role R | list  --db <file>',
  help: [
    'Accounts for a team reviewing one project with recto serve. Once a project has an active',
    'account, recto serve asks every browser to log in, and each revision is signed with the',
    "reviewer's name. Passwords are stored only as scrypt hashes.",
    '',
    '  add <name>      a new account; its password is read from standard input',
    '  --role R        reviewer (the default) or admin (exports, documents, fonts, adjudication)',
    '  list            every account, its role, and whether it is disabled',
    '  disable <name>  refuses its logins, ends its sessions and frees the pages it held',
    '  enable <name>   lets a disabled account log in again',
    '  passwd <name>   a new password, read from standard input; its sessions end',
    '  role <name>     gives the account the role --role names',
    '  remove <name>   deletes the account; its revisions and keyings keep its name',
    '  --db <file>     the project (or RECTO_DB)',
    '',
    'Example: printf \'%s\\n\' "$PASSWORD" | recto users add alice --role admin --db review.sqlite'
  ].join('\n')
}

import type { CommandHelp } from '../command.js'

export const serveHelp: CommandHelp = {
  usage: 'serve --db <file> [--port N] [--host ADDR --public-url URL] [--cert F --key F]',
  help: [
    'Serves the review UI on 127.0.0.1 and prints its URL, which carries a token that every',
    'request must show (in a project with accounts, a login instead). Stop with Ctrl+C.',
    '',
    '  --db <file>        the review database (created when missing), or a postgres:// URL;',
    '                     RECTO_DB when not given',
    '  --port N           the port to listen on (default: any free port)',
    '  --host ADDR        the address to listen on (default 127.0.0.1; 0.0.0.0 for every one)',
    '  --public-url URL   the address reviewers open (https://recto.example.org): its Host and',
    '                     Origin are accepted, and its https makes the cookies Secure',
    '  --cert F --key F   a PEM certificate and its key: serve HTTPS',
    '  --trust-proxy      believe X-Forwarded-Proto and X-Forwarded-For (a reverse proxy in',
    '                     front, on this machine, and nothing else can reach the port)',
    '',
    'docs/team.md has an example behind a reverse proxy.'
  ].join('\n')
}

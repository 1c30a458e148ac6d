// The console's browser tests drive Debian's Chromium through playwright-core, which never
// downloads a browser. On a fresh machine of the kind Ponte is built on (Debian, root, the
// Debian package mirror reachable) `npm test` installs it here; anywhere else it says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const canInstall = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`The console tests need Chromium at ${CHROMIUM}: install it with \`apt-get install chromium\`.`);
    process.exit(1);
  }
  console.log('Installing Chromium for the console tests (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
}

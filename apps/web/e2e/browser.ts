import { existsSync } from 'node:fs';

/**
 * The browser the end-to-end tests drive: Debian's Chromium in its headless shell (the chromium-headless-shell package,
 * Chromium's own headless build of the same version: Blink, V8 and the network stack of /usr/bin/chromium without
 * the desktop browser around them), which is what Playwright itself runs for headless tests. Measured on 2 cores, every
 * spec: 923 s in /usr/bin/chromium, 660 s in the shell (the tests' own time 1,769 -> 1,248 s; the accessibility specs
 * on the laptop alone 166 -> 102 s), Chromium having been most of the CPU. /usr/bin/chromium stays for Lighthouse
 * (npm run bench) and is used here when the shell is not installed; CHROMIUM_PATH chooses another.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

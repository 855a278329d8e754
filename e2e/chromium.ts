/**
 * How the suite starts Debian's Chromium: as root in a container (no sandbox), without a GPU, and without
 * the background calls to Google's services that this closed network refuses.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

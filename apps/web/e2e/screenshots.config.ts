import base from './playwright.config.ts';

// `npm run screenshots`: the README's pictures (screenshots.shots.ts), with the browser-test server and browser.
export default {
  ...base,
  testMatch: 'screenshots.shots.ts',
  workers: 1,
  timeout: 120_000,
  projects: [{ name: 'screenshots', use: { ...base.use, deviceScaleFactor: 1 } }],
  reporter: [['list']],
};

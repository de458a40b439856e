// The landing page's weight and Lighthouse scores, for `npm run bench` (BENCH_ONLY=web runs just this part).
//   - landingWeight(base): what `/` loads in a phone-sized Chromium until the network is quiet: every script (entry,
//     modulepreloads, the lazy chunks it fetches), its raw size, its size at gzip -9 and brotli q11 (what the build
//     precompresses), and what actually crossed the wire for the whole page.
//   - lighthouse(base, pathname): Lighthouse's mobile scores for performance, accessibility and best practices (its
//     default config: a mid-range phone on slow 4G, simulated), against issue 16's targets (≥ 90, ≥ 95, ≥ 95) on `/`,
//     /LocalActivities, /PopularDeals and a deal's page. Lighthouse 12 (13 needs Node 22) is run with npx, pinned, so
//     the project does not install its ~190 MB for everyone; it drives Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const lighthouseVersion = '12.8.2';

const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;
const brotliBytes = (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Loads `pathname` as a phone would and sums what it fetched. */
export async function landingWeight(base, pathname = '/') {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      requests.set(requestId, { url: response.url, type, encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '', transferred: 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const r = requests.get(requestId);
      if (r) r.transferred = encodedDataLength;
    });
    await page.goto(base + pathname, { waitUntil: 'networkidle' });
    const scripts = [];
    let transferred = 0;
    for (const r of requests.values()) {
      transferred += r.transferred;
      if (r.type !== 'Script') continue;
      // The file itself, uncompressed (no Accept-Encoding), to compress it here the same way for every build.
      const body = Buffer.from(await (await fetch(r.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      scripts.push({ file: new URL(r.url).pathname, raw: body.length, gzip: gzipBytes(body), brotli: brotliBytes(body), transferred: r.transferred, encoding: r.encoding || 'identity' });
    }
    scripts.sort((a, b) => b.raw - a.raw);
    const sum = (key) => scripts.reduce((n, s) => n + s[key], 0);
    return { pathname, scripts, requests: requests.size, transferred, js: { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), transferred: sum('transferred') } };
  } finally {
    await browser.close();
  }
}

/** Issue 16's Lighthouse targets, each category's least score. */
export const lighthouseTargets = { performance: 90, accessibility: 95, 'best-practices': 95 };

/** Lighthouse's mobile scores (0–100) with the main performance metrics; `error` with the reason when it cannot run. */
export function lighthouse(base, pathname) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'localloop-lighthouse-'));
  const out = path.join(dir, 'report.json');
  try {
    const r = spawnSync(
      'npx',
      [
        '--yes',
        `lighthouse@${lighthouseVersion}`,
        base + pathname,
        `--only-categories=${Object.keys(lighthouseTargets).join(',')}`,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', timeout: 180_000 },
    );
    if (r.status !== 0) return { error: (r.stderr || r.stdout || `exit ${r.status}`).trim().split('\n').slice(-3).join(' ') };
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (report.runtimeError) return { error: report.runtimeError.message };
    const metric = (id) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      bestPractices: Math.round(report.categories['best-practices'].score * 100),
      // What cost points outside performance, by audit id: what to fix.
      failing: ['accessibility', 'best-practices'].flatMap((category) =>
        report.categories[category].auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && report.audits[ref.id]?.score < 1).map((ref) => ref.id),
      ),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      bytes: metric('total-byte-weight'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The pages issue 16 scores: the landing page, two lists and a deal's page (the first deal near New York). */
async function lighthousePages(base) {
  const deals = await (await fetch(`${base}/api/deals/lists/?lat=40.7128&lng=-74.006`)).json();
  const deal = deals.results?.[0]?.id;
  return ['/', '/LocalActivities', '/PopularDeals', ...(deal ? [`/DealDetails/${deal}`] : [])];
}

/** The bench's markdown for this part: the landing page's scripts, then the Lighthouse runs (median of `runs`). */
export async function webReport(base, { runs = 3 } = {}) {
  const landing = await landingWeight(base, '/');
  const lines = [
    `What \`/\` loads in a phone-sized Chromium until the network is quiet: ${landing.requests} requests, ${kb(landing.transferred)} transferred in all.`,
    '',
    '| script | raw | gzip -9 | brotli q11 | on the wire |',
    '|---|---:|---:|---:|---:|',
    ...landing.scripts.map((s) => `| ${s.file} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${kb(s.transferred)} (${s.encoding}) |`),
    `| **all ${landing.scripts.length} scripts** | **${kb(landing.js.raw)}** | **${kb(landing.js.gzip)}** | **${kb(landing.js.brotli)}** | **${kb(landing.js.transferred)}** |`,
    '',
  ];
  const rows = [];
  for (const pathname of await lighthousePages(base)) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(lighthouse(base, pathname));
    const failed = results.find((r) => r.error);
    if (failed) {
      rows.push(`| ${pathname} | Lighthouse could not run: ${failed.error.replace(/\|/g, '/')} | | | | | | | | |`);
      continue;
    }
    // The median run by performance score, reported whole (its metrics belong together).
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    const ms = (n) => `${(n / 1000).toFixed(1)} s`;
    const met =
      median.score >= lighthouseTargets.performance && median.accessibility >= lighthouseTargets.accessibility && median.bestPractices >= lighthouseTargets['best-practices'];
    const failing = [...new Set(median.failing)].join(', ');
    rows.push(
      `| ${pathname} | **${median.score}** (${results.map((r) => r.score).join(', ')}) | ${median.accessibility} | ${median.bestPractices} | ${ms(median.fcp)} | ${ms(median.lcp)} | ${Math.round(median.tbt)} ms | ${median.cls.toFixed(3)} | ${kb(median.bytes)} | ${met ? 'yes' : `no${failing ? ` (${failing})` : ''}`} |`,
    );
  }
  lines.push(
    `Lighthouse ${lighthouseVersion}, mobile (its default: a mid-range phone on slow 4G, simulated throttling); median of ${runs} runs by performance, all its performance scores in brackets. Targets (issue 16): performance ≥ ${lighthouseTargets.performance}, accessibility ≥ ${lighthouseTargets.accessibility}, best practices ≥ ${lighthouseTargets['best-practices']}; where one is missed, the audits that cost points.`,
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | bytes | targets met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  );
  return { landing, markdown: lines.join('\n') };
}

// Run alone against a server that is already up: `node scripts/bench-web.mjs http://127.0.0.1:3000 [runs]`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  const { markdown } = await webReport(base, { runs: Number(process.argv[3] ?? 3) });
  console.log(markdown);
}

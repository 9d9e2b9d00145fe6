import { chromium } from '@playwright/test';
import { startLocalServer } from './support/local-server';

const server = await startLocalServer({ staticDir: process.env.DIST! });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const out = '/tmp/shots';
try {
  for (const lang of ['en', 'zh-CN']) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const vp of [{ name: 'desk', width: 1280, height: 860 }, { name: 'phone', width: 390, height: 844 }]) {
        const ctx = await browser.newContext({ viewport: vp, colorScheme: scheme, baseURL: server.url });
        await ctx.addInitScript((l) => localStorage.setItem('media-studio.language', l), lang);
        const page = await ctx.newPage();
        for (const path of ['/groups', '/storyboard', '/tasks', '/gallery', '/batches', '/usage']) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/${path.slice(1)}-${lang}-${scheme}-${vp.name}.png` });
        }
        await ctx.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

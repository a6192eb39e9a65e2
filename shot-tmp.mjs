import { chromium } from 'playwright-core';
const [,, base, email, path, out, width = '1280'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
const login = await (await fetch(`${base}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailAddress: email, password: 'hourbank demo' }) })).json();
await page.goto(base + '/signin');
await page.evaluate((l) => { localStorage.setItem('token', l.token); localStorage.setItem('user', JSON.stringify({ name: l.name, userId: l.userId, isAdmin: l.isAdmin, isSuperAdmin: l.isSuperAdmin })); localStorage.setItem('isAdmin', String(l.isAdmin)); localStorage.setItem('isSuperAdmin', String(l.isSuperAdmin)); }, login);
await page.goto(base + path);
await page.waitForTimeout(2500);
if (process.env.ACTION) { await eval(process.env.ACTION); await page.waitForTimeout(1500); }
await page.screenshot({ path: out, fullPage: true });
await browser.close();

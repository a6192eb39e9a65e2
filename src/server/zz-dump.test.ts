import { it } from 'vitest';
import fs from 'node:fs';
import { createTestApp } from './testing/app.js';
it('dumps', async () => {
  const t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  fs.writeFileSync('/tmp/openapi.json', JSON.stringify(doc, null, 1));
  await t.close();
});

import { describe, expect, it } from 'vitest';
import { COMPANY_DOWNLOAD_RUNNING, DownloadSlots, MAX_RUNNING_DOWNLOADS, TOO_MANY_RUNNING, type SlotGrant } from './download-slots.js';

const released = (grant: SlotGrant) => {
  if (!grant.granted) throw new Error(grant.message);
  return grant.release;
};

describe('download slots', () => {
  it(`runs at most ${MAX_RUNNING_DOWNLOADS} provider exports; a finished one frees its slot`, () => {
    const slots = new DownloadSlots();
    const releases = Array.from({ length: MAX_RUNNING_DOWNLOADS }, () => released(slots.take({ pool: 'provider' })));
    expect(slots.take({ pool: 'provider' })).toEqual({ granted: false, message: TOO_MANY_RUNNING });
    releases[0]!();
    expect(slots.take({ pool: 'provider' }).granted).toBe(true);
  });

  it('gives a company one download at a time, and other companies their own', () => {
    const slots = new DownloadSlots();
    const release = released(slots.take({ pool: 'customers', companyId: 'acme' }));
    expect(slots.take({ pool: 'customers', companyId: 'acme' })).toEqual({ granted: false, message: COMPANY_DOWNLOAD_RUNNING });
    expect(slots.take({ pool: 'customers', companyId: 'globex' }).granted).toBe(true);
    release();
    expect(slots.take({ pool: 'customers', companyId: 'acme' }).granted).toBe(true);
  });

  it('keeps customers from crowding out the provider, and the provider from crowding out customers', () => {
    const slots = new DownloadSlots();
    for (let company = 0; company < MAX_RUNNING_DOWNLOADS; company += 1) released(slots.take({ pool: 'customers', companyId: `c${company}` }));
    expect(slots.take({ pool: 'customers', companyId: 'late' })).toEqual({ granted: false, message: TOO_MANY_RUNNING });
    for (let run = 0; run < MAX_RUNNING_DOWNLOADS; run += 1) expect(slots.take({ pool: 'provider' }).granted).toBe(true);
  });

  it('frees a slot once however often its release is called', () => {
    const slots = new DownloadSlots();
    const release = released(slots.take({ pool: 'customers', companyId: 'acme' }));
    release();
    release();
    released(slots.take({ pool: 'customers', companyId: 'acme' }));
    expect(slots.take({ pool: 'customers', companyId: 'acme' }).granted).toBe(false);
  });
});

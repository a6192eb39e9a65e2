import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, json, signedInUser, type TestApp } from '../../testing/app.js';
import { createCompany } from '../../testing/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_ADDRESS: '9 Bank St, Boston, MA', PROVIDER_BANK_NAME: 'First Test Bank', PROVIDER_ROUTING_NUMBER: '011000015', PROVIDER_ACCOUNT_NUMBER: '123456789', PROVIDER_PAYMENT_EMAIL: 'pay@provider.test' });
});
afterAll(() => t.close());

describe('GET /payment-details', () => {
  it("gives signed-in customers the provider's payment instructions", async () => {
    const { token } = await signedInUser(t, { companyId: (await createCompany(t.deps.db)).id, role: 'member' });
    expect(json(await api(t.app, token).get('/payment-details'))).toEqual({
      name: 'Test Provider LLC',
      email: 'provider@hourbank.test',
      phone: null,
      businessAddress: null,
      otherInstructions: null,
      address: '9 Bank St, Boston, MA',
      bankName: 'First Test Bank',
      routingNumber: '011000015',
      accountNumber: '123456789',
      paymentEmail: 'pay@provider.test',
    });
  });

  it('carries the contact details and other ways to pay, wherever the provider set them', async () => {
    const { token } = await signedInUser(t, { companyId: (await createCompany(t.deps.db)).id, role: 'admin' });
    const provider = t.deps.config.provider;
    const before = { ...provider };
    Object.assign(provider, { phone: '+1 555 0100', businessAddress: '1 Harbor Way, Portland, ME', otherInstructions: 'Card payments by phone.' });
    try {
      expect(json(await api(t.app, token).get('/payment-details'))).toMatchObject({
        phone: '+1 555 0100',
        businessAddress: '1 Harbor Way, Portland, ME',
        otherInstructions: 'Card payments by phone.',
      });
    } finally {
      Object.assign(provider, before);
    }
  });

  it('is not public', async () => {
    expect((await api(t.app).get('/payment-details')).statusCode).toBe(401);
  });
});

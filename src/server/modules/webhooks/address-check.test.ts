import { describe, expect, it } from 'vitest';
import { isPrivateAddress, PRIVATE_ADDRESS, resolvePublicAddresses } from './address-check.js';

/* Webhooks cannot be aimed at the provider's own machine or network. */
describe('the webhook address check', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1'])(
    '%s is not public',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('refuses a host that resolves to a private address unless private ones are allowed, and connects to the address checked', async () => {
    expect(await resolvePublicAddresses('localhost', false)).toEqual({ refused: PRIVATE_ADDRESS });
    expect(await resolvePublicAddresses('[::1]', false)).toEqual({ refused: PRIVATE_ADDRESS });
    expect(await resolvePublicAddresses('127.0.0.1', true)).toEqual({ addresses: [{ address: '127.0.0.1', family: 4 }] });
    expect(await resolvePublicAddresses('8.8.8.8', false)).toEqual({ addresses: [{ address: '8.8.8.8', family: 4 }] });
  });

  it('refuses a host that does not resolve, saying so', async () => {
    expect(await resolvePublicAddresses('no-such-host.invalid', false)).toEqual({ refused: 'The host no-such-host.invalid could not be found.' });
  });
});

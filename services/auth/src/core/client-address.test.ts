import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('counts an IPv4 address alone, also when written IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses per /64, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8:1:2:a:b:c:d')).toBe(key);
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is (a bounded string from the gateway)', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('goes to the page named in the query, else /home', () => {
    expect(redirectTarget('/orders')).toBe('/orders');
    expect(redirectTarget('shipping')).toBe('/shipping');
    expect(redirectTarget(null)).toBe('/home');
  });

  it('never leaves the site', () => {
    expect(redirectTarget('//evil.example/x')).toBe('/home');
    expect(redirectTarget('/\\evil.example')).toBe('/home');
    expect(redirectTarget('javascript:alert(1)')).toBe('/home');
  });
});

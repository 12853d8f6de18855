import { parseStoreConfig } from './config-schema';

describe('store config', () => {
  it('disables the context menu by default and can turn that off', () => {
    expect(parseStoreConfig({}).disableContextMenu).toBe(true);
    expect(parseStoreConfig({ VITE_DISABLE_CONTEXT_MENU: 'false' }).disableContextMenu).toBe(false);
  });

  it('has a mailing address and a giving link for donations, which a deploy may set', () => {
    const defaults = parseStoreConfig({});
    expect(defaults.donationMailingAddress[0]).toBe('University Foundation');
    expect(defaults.donationUrl).toMatch(/^https:\/\//);
    const set = parseStoreConfig({
      VITE_DONATION_MAILING_ADDRESS: 'Gift Office | 1 Main St | Townsville',
      VITE_DONATION_URL: 'https://give.example.edu/lr345',
    });
    expect(set.donationMailingAddress).toEqual(['Gift Office', '1 Main St', 'Townsville']);
    expect(set.donationUrl).toBe('https://give.example.edu/lr345');
    expect(() => parseStoreConfig({ VITE_DONATION_URL: 'javascript:alert(1)' })).toThrow();
  });

  it('reads the help video links per audience', () => {
    const config = parseStoreConfig({
      VITE_HELP_VIDEO_USER: 'https://v.example/u',
      VITE_HELP_VIDEO_OTHER: ' ',
    });
    expect(config.helpVideoUser).toBe('https://v.example/u');
    expect(config.helpVideoOther).toBeNull();
  });
});

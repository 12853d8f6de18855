import { parseStoreConfig } from './config-schema';

describe('store config', () => {
  it('disables the context menu by default and can turn that off', () => {
    expect(parseStoreConfig({}).disableContextMenu).toBe(true);
    expect(parseStoreConfig({ VITE_DISABLE_CONTEXT_MENU: 'false' }).disableContextMenu).toBe(false);
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

import { lazyNamed } from '../lib/lazy-named';

/** The settings resource: one record, id `settings`, edited at /settings/settings. */
export const SETTINGS_PATH = '/settings/settings';
export const settings = {
  edit: lazyNamed(() => import('./settings-edit'), 'SettingsEdit'),
};

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVICES = ['auth', 'catalog', 'orders', 'reporting'];

export function serviceEntry(name) {
  return name === 'gateway'
    ? path.join(ROOT, 'gateway/dist/main.js')
    : path.join(ROOT, `services/${name}/dist/main.js`);
}

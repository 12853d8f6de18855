import { parseStoreConfig } from '../src/lib/config-schema';

export const config = parseStoreConfig({});

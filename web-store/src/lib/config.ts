import { parseStoreConfig } from './config-schema';

/** Parsed once at start from Vite's build-time environment. */
export const config = parseStoreConfig(import.meta.env);

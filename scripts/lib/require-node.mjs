/**
 * Imported first by the launchers (start.mjs, test.mjs): ES modules run in import order, so the
 * Node.js version is checked before any other module of theirs runs.
 */
import { requireEnginesNode } from './node-version.mjs';

requireEnginesNode();

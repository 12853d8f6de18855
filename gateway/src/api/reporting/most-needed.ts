/**
 * The public "most needed" list, cached: anyone may ask (the store's Donate page, other sites), so
 * the gateway keeps one answer for `MOST_NEEDED_CACHE_MS` (an hour at most) instead of asking
 * reporting and orders on every visit. The charity's setting `mostNeededPublic` turns it off; when
 * orders does not answer the setting, the last value read stands (the default before any).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS, demandOps, settingsOps, type MostNeededResponse } from '@lr/contracts';
import { ExpiringCache, LOGGER, RpcClient, type Logger } from '@lr/nest-kit';
import type { GatewayConfig } from '../../config.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';

/** A switch read falls back to the last known value: no need to wait the usual time for it. */
const SETTINGS_TIMEOUT_MS = 2_000;

@Injectable()
export class MostNeeded {
  private readonly cache: ExpiringCache<{ answer: MostNeededResponse; expiresAt: number }>;
  private lastPublished = DEFAULT_SETTINGS.mostNeededPublic;
  private readonly logger: Logger;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.cache = new ExpiringCache({ ttlMs: config.MOST_NEEDED_CACHE_MS, maxEntries: 1 });
    this.logger = logger.child({ context: 'MostNeeded' });
  }

  /** The answer and how many seconds more it may be reused (for Cache-Control). */
  async get(): Promise<{ answer: MostNeededResponse; maxAgeSeconds: number }> {
    const entry = await this.cache.get('list', async () => ({
      answer: await this.load(),
      expiresAt: Date.now() + this.config.MOST_NEEDED_CACHE_MS,
    }));
    const maxAgeSeconds = Math.max(0, Math.floor((entry.expiresAt - Date.now()) / 1000));
    return { answer: entry.answer, maxAgeSeconds };
  }

  private async load(): Promise<MostNeededResponse> {
    const published = await this.published();
    if (!published) return { published: false, groups: [], computedAt: new Date().toISOString() };
    const list = await this.rpc.call(demandOps.mostNeeded, {}, { actor: null });
    return { published: true, ...list };
  }

  private async published(): Promise<boolean> {
    try {
      const settings = await this.rpc.call(
        settingsOps.getSettings,
        {},
        { actor: null, timeoutMs: SETTINGS_TIMEOUT_MS },
      );
      this.lastPublished = settings.mostNeededPublic;
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message, published: this.lastPublished },
        'settings not read; the most-needed list keeps its last known switch',
      );
    }
    return this.lastPublished;
  }
}

/** Global providers of the gateway: config, logger, NATS request-reply client and image storage. */
import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  LOGGER,
  NATS_CONNECTION,
  RpcClient,
  connectNats,
  DEFAULT_RESEND_POLICY,
  natsAuth,
  type Logger,
  type NatsConnection,
  metrics,
} from '@lr/nest-kit';
import sharp from 'sharp';
import { mediaDir, type GatewayConfig } from '../config.js';
import { ImageQueue } from './image-queue.js';
import { ImageStore } from './image-store.js';
import { LocalMediaStorage, S3MediaStorage, type MediaStorage } from './media-storage.js';
import { UploadAllowance } from './upload-allowance.js';
import { GATEWAY_CONFIG } from './tokens.js';

class NatsCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

function createMediaStorage(config: GatewayConfig): MediaStorage {
  if (config.MEDIA_STORAGE === 's3') {
    const {
      S3_ENDPOINT,
      S3_BUCKET,
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_PUBLIC_URL,
      S3_REGION,
    } = config;
    if (
      !S3_ENDPOINT ||
      !S3_BUCKET ||
      !S3_ACCESS_KEY_ID ||
      !S3_SECRET_ACCESS_KEY ||
      !S3_PUBLIC_URL
    ) {
      throw new Error(
        'Configuration error: MEDIA_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL',
      );
    }
    return new S3MediaStorage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      publicUrl: S3_PUBLIC_URL,
    });
  }
  return new LocalMediaStorage(mediaDir(config));
}

function createImageStore(config: GatewayConfig, logger: Logger, queue: ImageQueue): ImageStore {
  // Process-wide sharp settings. Parallelism comes from the image queue (IMAGE_CONCURRENCY images
  // at once), so each image gets one libvips thread: more would multiply the memory of every image
  // in the queue and compete with request handling for the cores. libvips' operation cache only
  // pays off when the same image is processed again, which uploads never are, and it holds memory.
  sharp.concurrency(1);
  sharp.cache(false);
  return new ImageStore(
    createMediaStorage(config),
    queue,
    new UploadAllowance(config.IMAGE_UPLOADS_PER_MINUTE),
    config.IMAGE_MAX_PIXELS,
    logger.child({ context: 'ImageStore' }),
  );
}

@Global()
@Module({})
export class CoreModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    const providers = [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      {
        provide: NATS_CONNECTION,
        useFactory: () =>
          connectNats(config.NATS_URL, 'gateway', logger, natsAuth(config, 'gateway')),
      },
      {
        provide: RpcClient,
        inject: [NATS_CONNECTION],
        useFactory: (nc: NatsConnection) =>
          new RpcClient(nc, config.NATS_NAMESPACE, config.RPC_TIMEOUT_MS, 'gateway', {
            ...DEFAULT_RESEND_POLICY,
            attemptTimeoutMs: config.RPC_ATTEMPT_TIMEOUT_MS,
          }),
      },
      {
        provide: ImageQueue,
        useFactory: () => {
          const queue = new ImageQueue(config.IMAGE_CONCURRENCY, config.IMAGE_QUEUE_MAX);
          metrics.images.queue.addSource(() => {
            const { active, waiting } = queue.stats();
            return [
              { labels: { state: 'active' }, value: active },
              { labels: { state: 'waiting' }, value: waiting },
            ];
          });
          return queue;
        },
      },
      {
        provide: ImageStore,
        inject: [ImageQueue],
        useFactory: (queue: ImageQueue) => createImageStore(config, logger, queue),
      },
    ];
    return {
      module: CoreModule,
      providers: [...providers, NatsCloser],
      exports: providers.map((p) => p.provide),
    };
  }
}

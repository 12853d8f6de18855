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
  natsAuth,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import { mediaDir, type GatewayConfig } from '../config.js';
import { ImageStore, LocalMediaStorage, S3MediaStorage } from './media-storage.js';
import { GATEWAY_CONFIG } from './tokens.js';

class NatsCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

function createImageStore(config: GatewayConfig): ImageStore {
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
    return new ImageStore(
      new S3MediaStorage({
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        publicUrl: S3_PUBLIC_URL,
      }),
    );
  }
  return new ImageStore(new LocalMediaStorage(mediaDir(config)));
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
          new RpcClient(nc, config.NATS_NAMESPACE, config.RPC_TIMEOUT_MS, 'gateway'),
      },
      { provide: ImageStore, useFactory: () => createImageStore(config) },
    ];
    return {
      module: CoreModule,
      providers: [...providers, NatsCloser],
      exports: providers.map((p) => p.provide),
    };
  }
}

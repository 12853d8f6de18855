/**
 * An order line keeps the URL of its product's first image. When the gateway removes a product
 * image from media storage (the image or its product was deleted), the lines that named it show the
 * category's placeholder instead of a missing file.
 */
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@lr/nest-kit';
import { LineImagesRepository } from './line-images.repository.js';

@Injectable()
export class LineImagesService {
  private readonly logger: Logger;

  constructor(
    private readonly lines: LineImagesRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: LineImagesService.name });
  }

  async forget(urls: readonly string[]): Promise<{ lines: number }> {
    const lines = await this.lines.replaceWithPlaceholders(urls);
    if (lines > 0)
      this.logger.info({ lines, images: urls.length }, 'removed images left order lines');
    return { lines };
  }
}

/** The only SQL of order line images: lines naming a removed image get their placeholder. */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { CATEGORIES, placeholderImageUrl } from '@lr/contracts';
import { DATABASE, type Database } from '@lr/nest-kit';

@Injectable()
export class LineImagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Resolves with the number of lines changed. */
  async replaceWithPlaceholders(urls: readonly string[]): Promise<number> {
    const categories = [...CATEGORIES];
    const placeholders = categories.map(placeholderImageUrl);
    const result = await this.db.execute(sql`
      UPDATE orders.order_lines AS l SET image = p.placeholder
      FROM unnest(${sql.param(categories)}::text[], ${sql.param(placeholders)}::text[]) AS p(category, placeholder)
      WHERE l.category = p.category AND l.image = ANY(${sql.param([...urls])}::text[])`);
    return result.rowCount ?? 0;
  }
}

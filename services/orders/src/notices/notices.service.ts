/**
 * Notices to schools: admins keep them; a school sees those whose dates include today (the
 * charity's day) and that it has not dismissed. Dismissals are kept per user.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError, type Notice, type NoticeInput } from '@lr/contracts';
import { DATABASE, KIT_CONFIG, type Database } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { dayIn } from '../pickups/charity-time.js';

interface NoticeRow extends Record<string, unknown> {
  id: string;
  text: string;
  start_date: string;
  end_date: string;
  level: Notice['level'];
  created_at: Date | string;
}

const COLUMNS = sql`id, text, start_date::text AS start_date, end_date::text AS end_date, level, created_at`;

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    text: row.text,
    startDate: row.start_date,
    endDate: row.end_date,
    level: row.level,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function found(row: NoticeRow | undefined): Notice {
  if (!row) throw AppError.notFound('Notice not found with this Id');
  return toNotice(row);
}

@Injectable()
export class NoticesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
  ) {}

  async list(): Promise<Notice[]> {
    const { rows } = await this.db.execute<NoticeRow>(
      sql`SELECT ${COLUMNS} FROM orders.notices ORDER BY start_date DESC, created_at DESC LIMIT 1000`,
    );
    return rows.map(toNotice);
  }

  async get(id: string): Promise<Notice> {
    const { rows } = await this.db.execute<NoticeRow>(
      sql`SELECT ${COLUMNS} FROM orders.notices WHERE id = ${id}`,
    );
    return found(rows[0]);
  }

  async create(input: NoticeInput): Promise<Notice> {
    const { rows } = await this.db.execute<NoticeRow>(sql`
      INSERT INTO orders.notices (id, text, start_date, end_date, level)
      VALUES (${randomUUID()}, ${input.text}, ${input.startDate}, ${input.endDate}, ${input.level})
      RETURNING ${COLUMNS}`);
    return found(rows[0]);
  }

  async update(id: string, input: NoticeInput): Promise<Notice> {
    const { rows } = await this.db.execute<NoticeRow>(sql`
      UPDATE orders.notices SET text = ${input.text}, start_date = ${input.startDate},
        end_date = ${input.endDate}, level = ${input.level}
      WHERE id = ${id} RETURNING ${COLUMNS}`);
    return found(rows[0]);
  }

  async delete(id: string): Promise<Notice> {
    const { rows } = await this.db.execute<NoticeRow>(
      sql`DELETE FROM orders.notices WHERE id = ${id} RETURNING ${COLUMNS}`,
    );
    return found(rows[0]);
  }

  /** Today's notices `userId` has not dismissed, warnings first. */
  async active(userId: string, now: Date = new Date()): Promise<Notice[]> {
    const today = dayIn(this.config.CHARITY_TIME_ZONE, now);
    const { rows } = await this.db.execute<NoticeRow>(sql`
      SELECT ${COLUMNS} FROM orders.notices n
      WHERE n.start_date <= ${today}::date AND n.end_date >= ${today}::date
        AND NOT EXISTS (SELECT 1 FROM orders.notice_dismissals d
                        WHERE d.notice_id = n.id AND d.user_id = ${userId}::uuid)
      ORDER BY (n.level = 'warning') DESC, n.start_date DESC, n.created_at DESC
      LIMIT 20`);
    return rows.map(toNotice);
  }

  async dismiss(userId: string, id: string): Promise<null> {
    const { rows } = await this.db.execute<{ id: string }>(
      sql`SELECT id FROM orders.notices WHERE id = ${id}`,
    );
    if (!rows[0]) throw AppError.notFound('Notice not found with this Id');
    await this.db.execute(sql`
      INSERT INTO orders.notice_dismissals (notice_id, user_id) VALUES (${id}, ${userId}::uuid)
      ON CONFLICT DO NOTHING`);
    return null;
  }
}

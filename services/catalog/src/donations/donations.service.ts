/**
 * Donation rules: recording adds stock (one `donation` movement per line), a correction writes the
 * differences as `donation-correction` movements (history is never rewritten), and deletion takes the
 * stock back only while it is still on the shelf. Each write and its event commit together.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  EVENTS,
  type Actor,
  type ConsoleList,
  type DonationDto,
  type DonationSourceDto,
  type ProductChoiceDto,
  type correctDonationInputSchema,
  type donationSourceInputSchema,
  type listDonationSourcesInputSchema,
  type listDonationsInputSchema,
  type productChoicesInputSchema,
  type recordDonationInputSchema,
  type updateDonationSourceInputSchema,
} from '@lr/contracts';
import {
  LOGGER,
  OutboxWriter,
  RecordedReplies,
  conflictFromUniqueViolation,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import type { z } from 'zod';
import { StockLedger } from '../inventory/stock-ledger.js';
import type { SizeWithProduct } from '../inventory/locked-stock.js';
import { ProductHints } from '../products/product-hints.js';
import { DonationLines, quantityBySize } from './donation-lines.js';
import {
  toDonationDto,
  toDonationSnapshot,
  toProductChoiceDto,
  toSourceDto,
} from './donation.mapper.js';
import { DonationsRepository, type DonationAggregate } from './donations.repository.js';

type SourceInput = z.output<typeof donationSourceInputSchema>;
type UpdateSourceInput = z.output<typeof updateDonationSourceInputSchema>;
type RecordInput = z.output<typeof recordDonationInputSchema>;
type CorrectInput = z.output<typeof correctDonationInputSchema>;

const notFound = () => AppError.notFound('Donation not found');

/** Today in UTC, YYYY-MM-DD. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A date after tomorrow (UTC; any time zone's today is at most tomorrow there) is a typo. */
function assertNotFuture(day: string): void {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (day > tomorrow) throw AppError.badRequest('receivedOn: must not be in the future');
}

function sizeLabel(s: Pick<SizeWithProduct, 'name' | 'size'>): string {
  return `${s.name} ${s.size}`;
}

@Injectable()
export class DonationsService {
  private readonly logger: Logger;

  constructor(
    private readonly repository: DonationsRepository,
    private readonly lines: DonationLines,
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxWriter,
    private readonly hints: ProductHints,
    @Inject(LOGGER) logger: Logger,
    private readonly replies: RecordedReplies,
  ) {
    this.logger = logger.child({ context: 'DonationsService' });
  }

  // ---- sources ----------------------------------------------------------------------------------

  /**
   * `replyKey` (every write here): the request's key when the caller may resend it; the reply is
   * recorded with the change and a resend gets it (RecordedReplies).
   */
  async createSource(
    input: SourceInput,
    replyKey: ReplyKey | null = null,
  ): Promise<DonationSourceDto> {
    return this.replies.transaction(this.repository, replyKey, async (tx) => {
      const row = await this.repository.insertSource(input, tx);
      if (!row) throw AppError.conflict(`A donation source named "${input.name}" already exists`);
      return toSourceDto(row);
    });
  }

  /**
   * Renames a source or changes its kind. Donations keep pointing at the source, so lists show the
   * new name and kind at once; the report counts each donation under the kind its last recorded
   * event carried (docs/adr/0152-donation-source-kind-asked-and-editable.md).
   */
  async updateSource(input: UpdateSourceInput): Promise<DonationSourceDto> {
    const row = await this.repository
      .updateSource(input, this.repository.executor)
      .catch((error: unknown) => {
        throw (
          conflictFromUniqueViolation(error, {
            donation_sources_name_idx: `A donation source named "${input.name}" already exists`,
          }) ?? error
        );
      });
    if (!row) throw AppError.notFound('Donation source not found');
    return toSourceDto(row);
  }

  async getSource(id: string): Promise<DonationSourceDto> {
    const row = await this.repository.findSource(this.repository.executor, id);
    if (!row) throw AppError.notFound('Donation source not found');
    return toSourceDto(row);
  }

  async listSources(
    input: z.output<typeof listDonationSourcesInputSchema>,
  ): Promise<ConsoleList<DonationSourceDto>> {
    const { filter, range, sort } = input;
    const ids = filter.id === undefined ? undefined : [filter.id].flat();
    const { rows, total } = await this.repository.listSources(
      { q: filter.q, kind: filter.kind, ids },
      range.start,
      range.end - range.start + 1,
      sort,
    );
    return { items: rows.map(toSourceDto), total };
  }

  // ---- donations --------------------------------------------------------------------------------

  async list(input: z.output<typeof listDonationsInputSchema>): Promise<ConsoleList<DonationDto>> {
    const { filter, range, sort } = input;
    const ids = filter.id === undefined ? undefined : [filter.id].flat();
    const { rows, total } = await this.repository.listDonations(
      { from: filter.from, to: filter.to, sourceId: filter.sourceId, kind: filter.kind, ids },
      range.start,
      range.end - range.start + 1,
      sort,
    );
    return { items: rows.map(toDonationDto), total };
  }

  async get(id: string): Promise<DonationDto> {
    const found = await this.repository.findDonation(this.repository.executor, id);
    if (!found) throw notFound();
    return toDonationDto(found);
  }

  async productChoices(
    input: z.output<typeof productChoicesInputSchema>,
  ): Promise<ConsoleList<ProductChoiceDto>> {
    const { filter, range } = input;
    const ids = filter.id === undefined ? undefined : [filter.id].flat();
    const { rows, total } = await this.repository.productChoices(
      { q: filter.q, category: filter.category, ids },
      range.start,
      range.end - range.start + 1,
    );
    return { items: rows.map(toProductChoiceDto), total };
  }

  async record(
    input: RecordInput,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<DonationDto> {
    const receivedOn = input.receivedOn ?? today();
    assertNotFuture(receivedOn);
    const saved = await this.replies.transaction(this.repository, replyKey, async (tx) => {
      await this.requireSource(tx, input.sourceId);
      const resolved = await this.lines.resolve(tx, input.lines);
      const id = await this.repository.insertDonation(tx, {
        receivedOn,
        sourceId: input.sourceId,
        note: input.note,
        actor,
      });
      await this.repository.replaceLines(tx, id, resolved.lines);
      await this.ledger.applyAll(
        tx,
        resolved.lines.map((line) => ({
          productId: line.productId,
          sizeId: line.sizeId,
          delta: line.quantity,
          reason: 'donation' as const,
          donationId: id,
          actor,
        })),
      );
      const donation = await this.reload(tx, id);
      await this.outbox.write(
        tx,
        EVENTS.catalogDonationReceived,
        { donation: toDonationSnapshot(donation), recordedBy: { id: actor.id, name: actor.name } },
        donation.donation.version,
      );
      return { donation, createdSizes: resolved.createdSizes };
    });
    await this.afterWrite(saved.donation, saved.createdSizes);
    this.logger.info({ donationId: saved.donation.donation.id, by: actor.id }, 'donation recorded');
    return toDonationDto(saved.donation);
  }

  async correct(
    input: CorrectInput,
    actor: Actor,
    replyKey: ReplyKey | null = null,
  ): Promise<DonationDto> {
    assertNotFuture(input.receivedOn);
    const saved = await this.replies.transaction(this.repository, replyKey, async (tx) => {
      const current = await this.repository.findDonation(tx, input.id, true);
      if (!current) throw notFound();
      if (input.version !== undefined && input.version !== current.donation.version) {
        throw AppError.conflict(
          'This donation was corrected by someone else since you opened it; reload it and correct again',
        );
      }
      await this.requireSource(tx, input.sourceId);
      const resolved = await this.lines.resolve(
        tx,
        input.lines,
        current.lines.map((l) => l.productId),
      );
      const before = quantityBySize(current.lines);
      const after = quantityBySize(resolved.lines);
      const changes: { size: SizeWithProduct; delta: number }[] = [];
      const refused: string[] = [];
      for (const sizeId of new Set([...before.keys(), ...after.keys()])) {
        const delta = (after.get(sizeId) ?? 0) - (before.get(sizeId) ?? 0);
        if (delta === 0) continue;
        const size = resolved.sizes.find((s) => s.sizeId === sizeId);
        if (!size) {
          const old = current.lines.find((l) => l.sizeId === sizeId)!;
          refused.push(`${old.productName} ${old.size} (the size no longer exists)`);
        } else if (size.stock + delta < 0) {
          refused.push(`${sizeLabel(size)} (${-delta} to take back, ${size.stock} in stock)`);
        } else changes.push({ size, delta });
      }
      if (refused.length > 0) {
        throw AppError.conflict(
          `This correction would take back stock that is no longer on the shelf: ${refused.join(', ')}`,
          { sizes: refused },
        );
      }
      await this.ledger.applyAll(
        tx,
        changes.map(({ size, delta }) => ({
          productId: size.productId,
          sizeId: size.sizeId,
          delta,
          reason: 'donation-correction' as const,
          donationId: current.donation.id,
          actor,
        })),
      );
      await this.repository.updateDonation(tx, current.donation.id, {
        receivedOn: input.receivedOn,
        sourceId: input.sourceId,
        note: input.note,
      });
      await this.repository.replaceLines(tx, current.donation.id, resolved.lines);
      const donation = await this.reload(tx, current.donation.id);
      await this.outbox.write(
        tx,
        EVENTS.catalogDonationCorrected,
        { donation: toDonationSnapshot(donation), correctedBy: { id: actor.id, name: actor.name } },
        donation.donation.version,
      );
      return { donation, createdSizes: resolved.createdSizes };
    });
    await this.afterWrite(saved.donation, saved.createdSizes);
    this.logger.info({ donationId: input.id, by: actor.id }, 'donation corrected');
    return toDonationDto(saved.donation);
  }

  /**
   * Takes the donation's stock back off the shelf and removes it. Refused, with the sizes named,
   * when some of that stock has left already (orders took it): the ledger never goes negative and
   * the donation stays as it is. Sizes deleted since have nothing left to take back.
   */
  async delete(id: string, actor: Actor, replyKey: ReplyKey | null = null): Promise<DonationDto> {
    const deleted = await this.replies.transaction(this.repository, replyKey, async (tx) => {
      const current = await this.repository.findDonation(tx, id, true);
      if (!current) throw notFound();
      const resolved = await this.lines.resolve(
        tx,
        [],
        current.lines.map((l) => l.productId),
      );
      const changes: { size: SizeWithProduct; delta: number }[] = [];
      const refused: string[] = [];
      for (const [sizeId, quantity] of quantityBySize(current.lines)) {
        const size = resolved.sizes.find((s) => s.sizeId === sizeId);
        if (!size) continue;
        if (size.stock < quantity)
          refused.push(`${sizeLabel(size)} (${quantity} donated, ${size.stock} in stock)`);
        else changes.push({ size, delta: -quantity });
      }
      if (refused.length > 0) {
        throw AppError.conflict(
          `This donation cannot be deleted: some of its stock has left the shelf: ${refused.join(', ')}. Correct it instead.`,
          { sizes: refused },
        );
      }
      await this.ledger.applyAll(
        tx,
        changes.map(({ size, delta }) => ({
          productId: size.productId,
          sizeId: size.sizeId,
          delta,
          reason: 'donation-correction' as const,
          donationId: current.donation.id,
          actor,
        })),
      );
      await this.repository.deleteDonation(tx, current.donation.id);
      const gone: DonationAggregate = {
        ...current,
        donation: { ...current.donation, version: current.donation.version + 1 },
      };
      await this.outbox.write(
        tx,
        EVENTS.catalogDonationDeleted,
        { donation: toDonationSnapshot(gone), deletedBy: { id: actor.id, name: actor.name } },
        gone.donation.version,
      );
      return gone;
    });
    this.logger.info({ donationId: id, by: actor.id }, 'donation deleted');
    return toDonationDto(deleted);
  }

  private async requireSource(tx: Executor, sourceId: string): Promise<void> {
    if (!(await this.repository.findSource(tx, sourceId)))
      throw AppError.badRequest('sourceId: donation source not found');
  }

  private async reload(tx: Executor, id: string): Promise<DonationAggregate> {
    const found = await this.repository.findDonation(tx, id);
    if (!found) throw notFound();
    return found;
  }

  /** New sizes change products as the admin sees them: other services' copies evict. */
  private async afterWrite(donation: DonationAggregate, createdSizes: boolean): Promise<void> {
    if (createdSizes)
      await this.hints.productsChanged([...new Set(donation.lines.map((l) => l.productId))]);
  }
}

/**
 * Request-reply adapters for donations: parse, check the caller, delegate. Volunteers and admins
 * record donations; only admins correct or delete one.
 */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  correctDonationInputSchema,
  donationIdInputSchema,
  donationSourceInputSchema,
  listDonationSourcesInputSchema,
  listDonationsInputSchema,
  parseOrThrow,
  productChoicesInputSchema,
  recordDonationInputSchema,
  RPC,
  updateDonationSourceInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole, replyKeyOf } from '@lr/nest-kit';
import { DonationsService } from './donations.service.js';

@Controller()
export class DonationsController {
  constructor(private readonly donations: DonationsService) {}

  @MessagePattern(RPC.catalog.listDonationSources)
  listSources(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.listSources(parseOrThrow(listDonationSourcesInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.getDonationSource)
  getSource(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.getSource(parseOrThrow(donationIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.catalog.createDonationSource)
  createSource(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.createSource(
      parseOrThrow(donationSourceInputSchema, req.input),
      replyKeyOf(req, RPC.catalog.createDonationSource),
    );
  }

  /** Admins only: a source's kind decides where its donations count in the report. */
  @MessagePattern(RPC.catalog.updateDonationSource)
  updateSource(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.donations.updateSource(parseOrThrow(updateDonationSourceInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.listDonations)
  list(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.list(parseOrThrow(listDonationsInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.getDonation)
  get(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.get(parseOrThrow(donationIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.catalog.productChoices)
  productChoices(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.productChoices(parseOrThrow(productChoicesInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.recordDonation)
  record(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    return this.donations.record(
      parseOrThrow(recordDonationInputSchema, req.input),
      actor,
      replyKeyOf(req, RPC.catalog.recordDonation),
    );
  }

  @MessagePattern(RPC.catalog.correctDonation)
  correct(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.donations.correct(
      parseOrThrow(correctDonationInputSchema, req.input),
      actor,
      replyKeyOf(req, RPC.catalog.correctDonation),
    );
  }

  @MessagePattern(RPC.catalog.deleteDonation)
  delete(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.donations.delete(
      parseOrThrow(donationIdInputSchema, req.input).id,
      actor,
      replyKeyOf(req, RPC.catalog.deleteDonation),
    );
  }
}

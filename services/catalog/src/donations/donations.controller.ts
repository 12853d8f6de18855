/**
 * Request-reply adapters for donations (who may call and the inputs' forms: `catalogOps`).
 * Volunteers and admins record donations; only admins correct or delete one.
 */
import { Controller } from '@nestjs/common';
import { catalogOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { DonationsService } from './donations.service.js';

type Ops = typeof catalogOps;
type In<K extends keyof Ops> = ParsedInputOf<Ops[K]>;
type CallTo<K extends keyof Ops> = Call<Ops[K]['callers']>;

@Controller()
export class DonationsController {
  constructor(private readonly donations: DonationsService) {}

  @Handles(catalogOps.listDonationSources)
  listSources(input: In<'listDonationSources'>) {
    return this.donations.listSources(input);
  }

  @Handles(catalogOps.getDonationSource)
  getSource(input: In<'getDonationSource'>) {
    return this.donations.getSource(input.id);
  }

  @Handles(catalogOps.createDonationSource)
  createSource(input: In<'createDonationSource'>, call: CallTo<'createDonationSource'>) {
    return this.donations.createSource(input, call.replyKey);
  }

  @Handles(catalogOps.updateDonationSource)
  updateSource(input: In<'updateDonationSource'>) {
    return this.donations.updateSource(input);
  }

  @Handles(catalogOps.listDonations)
  list(input: In<'listDonations'>) {
    return this.donations.list(input);
  }

  @Handles(catalogOps.getDonation)
  get(input: In<'getDonation'>) {
    return this.donations.get(input.id);
  }

  @Handles(catalogOps.productChoices)
  productChoices(input: In<'productChoices'>) {
    return this.donations.productChoices(input);
  }

  @Handles(catalogOps.recordDonation)
  record(input: In<'recordDonation'>, call: CallTo<'recordDonation'>) {
    return this.donations.record(input, call.actor, call.replyKey);
  }

  @Handles(catalogOps.correctDonation)
  correct(input: In<'correctDonation'>, call: CallTo<'correctDonation'>) {
    return this.donations.correct(input, call.actor, call.replyKey);
  }

  @Handles(catalogOps.deleteDonation)
  delete(input: In<'deleteDonation'>, call: CallTo<'deleteDonation'>) {
    return this.donations.delete(input.id, call.actor, call.replyKey);
  }
}

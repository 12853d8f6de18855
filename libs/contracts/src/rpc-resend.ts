/**
 * Which request-reply calls a caller sends again when no reply comes: the replica that took the
 * request died with it, or the NATS node between them did, and the other replica can answer. Every
 * subject of RPC has a rule here (the type makes a missing one a compile error):
 *
 * - `read`: changes nothing; sent again freely.
 * - `idempotent`: a write whose second run leaves things as the first left them.
 * - `deduped`: a write that records its reply under the caller's request id (header
 *   `x-request-id`, the same on every resend) in the same transaction as its effect; a resend whose
 *   id is known gets that reply and writes nothing (nest-kit RecordedReplies; placement through its
 *   Idempotency-Key, which the request id stands in for when the client sent none).
 * - `once`: never sent again; no reply in time is SERVICE_UNAVAILABLE, as before. Why each one is
 *   here is said beside it and in docs/adr/0080-resend-request-reply.md.
 */
import type { ResendRule } from './operation.js';
import { RPC } from './subjects.js';

type ServiceSubjects<S extends keyof typeof RPC> = (typeof RPC)[S][keyof (typeof RPC)[S]];
export type RpcSubject = { [S in keyof typeof RPC]: ServiceSubjects<S> }[keyof typeof RPC];

export const RPC_RESEND: Readonly<Record<RpcSubject, ResendRule>> = {
  [RPC.auth.health]: 'read',
  // A resend would open a second session and count a refused code twice towards the throttle; the
  // reply is a session token, which is kept nowhere in clear to be given again.
  [RPC.auth.login]: 'once',
  // Past half-life it signs a fresh token for the same session and extends it: twice is the same.
  [RPC.auth.sessionCheck]: 'idempotent',
  [RPC.auth.logout]: 'idempotent',
  [RPC.auth.me]: 'read',
  [RPC.auth.updateProfile]: 'deduped',
  // Checks the old code (throttled), ends every session and answers with a new session's token.
  [RPC.auth.updatePassword]: 'once',
  // Mails a link and counts towards the per-address limit; the user may simply ask again.
  [RPC.auth.forgotPassword]: 'once',
  [RPC.auth.resetPassword]: 'deduped',
  [RPC.auth.publicUserList]: 'read',
  [RPC.auth.listUsers]: 'read',
  [RPC.auth.getUser]: 'read',
  [RPC.auth.getUsers]: 'read',
  [RPC.auth.updateUser]: 'deduped',
  [RPC.auth.deleteUser]: 'deduped',
  [RPC.auth.registerUser]: 'deduped',
  // The reply is the new code in clear, shown once and stored only as a hash.
  [RPC.auth.setUserCode]: 'once',

  [RPC.catalog.health]: 'read',
  [RPC.catalog.listProducts]: 'read',
  [RPC.catalog.listGroupedProducts]: 'read',
  [RPC.catalog.getProduct]: 'read',
  [RPC.catalog.getProducts]: 'read',
  [RPC.catalog.createProduct]: 'deduped',
  [RPC.catalog.updateProduct]: 'deduped',
  [RPC.catalog.deleteProduct]: 'deduped',
  [RPC.catalog.consoleListProducts]: 'read',
  [RPC.catalog.listMovements]: 'read',
  [RPC.catalog.availability]: 'read',
  [RPC.catalog.inventoryCheck]: 'read',
  // One review per user and product, set to the values sent; ratings are recomputed from reviews.
  [RPC.catalog.upsertReview]: 'idempotent',
  [RPC.catalog.listReviews]: 'read',
  [RPC.catalog.deleteReview]: 'deduped',
  [RPC.catalog.listDonationSources]: 'read',
  [RPC.catalog.getDonationSource]: 'read',
  [RPC.catalog.createDonationSource]: 'deduped',
  // Sets the source's name and kind to the values sent.
  [RPC.catalog.updateDonationSource]: 'idempotent',
  [RPC.catalog.listDonations]: 'read',
  [RPC.catalog.getDonation]: 'read',
  [RPC.catalog.recordDonation]: 'deduped',
  [RPC.catalog.correctDonation]: 'deduped',
  [RPC.catalog.deleteDonation]: 'deduped',
  [RPC.catalog.productChoices]: 'read',
  [RPC.catalog.listStockCounts]: 'read',
  [RPC.catalog.getStockCount]: 'read',
  [RPC.catalog.startStockCount]: 'deduped',
  [RPC.catalog.listStockCountLines]: 'read',
  // Sets counted figures to the values sent.
  [RPC.catalog.enterStockCounts]: 'idempotent',
  [RPC.catalog.reviewStockCount]: 'read',
  [RPC.catalog.finaliseStockCount]: 'deduped',

  [RPC.orders.health]: 'read',
  [RPC.orders.place]: 'deduped',
  [RPC.orders.listMine]: 'read',
  // Reads that show student details to staff also add to the access log, under the gateway's
  // access id: a resend merges into the same row, so they stay safe to send again.
  [RPC.orders.get]: 'read',
  [RPC.orders.listAll]: 'read',
  [RPC.orders.consoleList]: 'read',
  [RPC.orders.getMany]: 'read',
  [RPC.orders.update]: 'deduped',
  [RPC.orders.delete]: 'deduped',
  [RPC.orders.history]: 'read',
  [RPC.orders.contact]: 'read',
  [RPC.orders.accessLog]: 'read',
  [RPC.orders.privacyTerms]: 'read',
  // Erasing what is already erased changes nothing; a resend answers with no order ids.
  [RPC.orders.privacyErase]: 'idempotent',
  [RPC.orders.privacyExport]: 'read',
  // Points the lines naming removed images at their placeholder: a second run finds none left.
  [RPC.orders.forgetImages]: 'idempotent',

  [RPC.reporting.health]: 'read',
  [RPC.reporting.report]: 'read',
  [RPC.reporting.reportCsv]: 'read',
  [RPC.reporting.ordersCsv]: 'read',
  // A replay of every stream that takes long: a resend would start a second one beside the first.
  // The console shows its progress (rebuild-status) and the admin can start it again.
  [RPC.reporting.rebuild]: 'once',
  [RPC.reporting.rebuildStatus]: 'read',
};

/** The rule of a subject (un-namespaced); one that is not in RPC is never sent again. */
export function resendRuleOf(subject: string): ResendRule {
  return Object.hasOwn(RPC_RESEND, subject) ? RPC_RESEND[subject as RpcSubject] : 'once';
}

/** Whether a call on this subject may be sent again when its reply does not come. */
export function isResendable(subject: string): boolean {
  return resendRuleOf(subject) !== 'once';
}

/**
 * The catalog service's request-reply operations: products and their stock, reviews, donation
 * intake and stock counts. Volunteers record donations and count stock; everything else that
 * writes, or shows stock figures and movements, is for admins.
 */
import { z } from 'zod';
import { defineOperations, healthOperation } from '../operation.js';
import {
  availabilitySchema,
  catalogProductSchema,
  consoleListProductsInputSchema,
  consoleReviewSchema,
  createProductInputSchema,
  deleteReviewInputSchema,
  getProductInputSchema,
  getProductsInputSchema,
  groupedListSchema,
  inventoryCheckInputSchema,
  inventoryCheckResultSchema,
  listMovementsInputSchema,
  listProductsInputSchema,
  listReviewsInputSchema,
  movementSchema,
  productListSchema,
  updateProductInputSchema,
  upsertReviewInputSchema,
} from '../catalog.js';
import {
  correctDonationInputSchema,
  donationIdInputSchema,
  donationSchema,
  donationSourceInputSchema,
  donationSourceSchema,
  listDonationSourcesInputSchema,
  listDonationsInputSchema,
  productChoiceSchema,
  productChoicesInputSchema,
  recordDonationInputSchema,
  updateDonationSourceInputSchema,
} from '../donations.js';
import { consoleListSchema } from '../paging.js';
import {
  enterStockCountsInputSchema,
  finaliseStockCountInputSchema,
  listStockCountLinesInputSchema,
  listStockCountsInputSchema,
  startStockCountInputSchema,
  stockCountIdInputSchema,
  stockCountLineSchema,
  stockCountReviewSchema,
  stockCountSchema,
} from '../stock-counts.js';

const ADMINS = ['admin'] as const;
/** Donation intake and stock counting (counting stays blind: no books figures before review). */
const STAFF = ['admin', 'volunteer'] as const;

/** A console page of products; in name order `next` says where the next page starts. */
const consoleProductListSchema = consoleListSchema(catalogProductSchema).extend({
  next: z.string().nullable(),
});

export const catalogOps = defineOperations('catalog', {
  health: healthOperation,

  // ---- products: the store's lists show the visible ones; admins also see hidden ones --------
  listProducts: {
    // A call without input asks for the first page of everything.
    input: listProductsInputSchema.prefault({}),
    output: productListSchema,
    callers: 'anyone',
    resend: 'read',
  },
  listGroupedProducts: {
    input: listProductsInputSchema.prefault({}),
    output: groupedListSchema,
    callers: 'anyone',
    resend: 'read',
  },
  getProduct: {
    input: getProductInputSchema,
    output: catalogProductSchema,
    callers: 'anyone',
    resend: 'read',
  },
  // Service-to-service (an order's lines, on behalf of whoever placed or processes it): hidden
  // products included, each with its isShow flag, so the caller decides.
  getProducts: {
    input: getProductsInputSchema,
    output: z.array(catalogProductSchema),
    callers: 'anyone',
    resend: 'read',
    calledBy: ['orders'],
  },
  createProduct: {
    input: createProductInputSchema,
    output: catalogProductSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  updateProduct: {
    input: updateProductInputSchema,
    output: catalogProductSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  // Answers the product as it was.
  deleteProduct: {
    input: getProductInputSchema,
    output: catalogProductSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  consoleListProducts: {
    input: consoleListProductsInputSchema,
    output: consoleProductListSchema,
    callers: ADMINS,
    resend: 'read',
  },

  // ---- stock ----------------------------------------------------------------------------------
  listMovements: {
    input: listMovementsInputSchema,
    output: consoleListSchema(movementSchema),
    callers: ADMINS,
    resend: 'read',
  },
  availability: { input: z.unknown(), output: availabilitySchema, callers: ADMINS, resend: 'read' },
  // A stock check for display only: catalog decides a commit from the order's event and the status
  // change answers that decision (docs/adr/0221-status-change-answers-stock-outcome.md).
  inventoryCheck: {
    input: inventoryCheckInputSchema,
    output: inventoryCheckResultSchema,
    callers: 'anyone',
    resend: 'read',
  },

  // ---- reviews --------------------------------------------------------------------------------
  // One review per user and product, set to the values sent; ratings are recomputed from reviews.
  upsertReview: {
    input: upsertReviewInputSchema,
    output: consoleReviewSchema,
    callers: 'signed-in',
    resend: 'idempotent',
  },
  listReviews: {
    input: listReviewsInputSchema,
    output: consoleListSchema(consoleReviewSchema),
    callers: ADMINS,
    resend: 'read',
  },
  deleteReview: {
    input: deleteReviewInputSchema,
    output: consoleReviewSchema,
    callers: ADMINS,
    resend: 'deduped',
  },

  // ---- donation sources -----------------------------------------------------------------------
  listDonationSources: {
    input: listDonationSourcesInputSchema,
    output: consoleListSchema(donationSourceSchema),
    callers: STAFF,
    resend: 'read',
  },
  getDonationSource: {
    input: donationIdInputSchema,
    output: donationSourceSchema,
    callers: STAFF,
    resend: 'read',
  },
  createDonationSource: {
    input: donationSourceInputSchema,
    output: donationSourceSchema,
    callers: STAFF,
    resend: 'deduped',
  },
  // Sets the source's name and kind to the values sent. Admins only: a source's kind decides where
  // its donations count in the report.
  updateDonationSource: {
    input: updateDonationSourceInputSchema,
    output: donationSourceSchema,
    callers: ADMINS,
    resend: 'idempotent',
  },

  // ---- donations: volunteers and admins record them; only admins correct or delete one --------
  listDonations: {
    input: listDonationsInputSchema,
    output: consoleListSchema(donationSchema),
    callers: STAFF,
    resend: 'read',
  },
  getDonation: {
    input: donationIdInputSchema,
    output: donationSchema,
    callers: STAFF,
    resend: 'read',
  },
  recordDonation: {
    input: recordDonationInputSchema,
    output: donationSchema,
    callers: STAFF,
    resend: 'deduped',
  },
  correctDonation: {
    input: correctDonationInputSchema,
    output: donationSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  // Answers the donation as it was.
  deleteDonation: {
    input: donationIdInputSchema,
    output: donationSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  // Products to pick from when recording a donation: names and sizes, no stock figures.
  productChoices: {
    input: productChoicesInputSchema,
    output: consoleListSchema(productChoiceSchema),
    callers: STAFF,
    resend: 'read',
  },

  // ---- stock counts: volunteers and admins count; only admins review and finalise -------------
  listStockCounts: {
    input: listStockCountsInputSchema,
    output: consoleListSchema(stockCountSchema),
    callers: STAFF,
    resend: 'read',
  },
  getStockCount: {
    input: stockCountIdInputSchema,
    output: stockCountSchema,
    callers: STAFF,
    resend: 'read',
  },
  startStockCount: {
    // The scope is never implied: a call without one is refused, never a count of everything.
    input: startStockCountInputSchema,
    output: stockCountSchema,
    callers: STAFF,
    resend: 'deduped',
  },
  listStockCountLines: {
    input: listStockCountLinesInputSchema,
    output: consoleListSchema(stockCountLineSchema),
    callers: STAFF,
    resend: 'read',
  },
  // Sets counted figures to the values sent.
  enterStockCounts: {
    input: enterStockCountsInputSchema,
    output: stockCountSchema,
    callers: STAFF,
    resend: 'idempotent',
  },
  // The differences against the books: admins only (volunteers count blind).
  reviewStockCount: {
    input: stockCountIdInputSchema,
    output: stockCountReviewSchema,
    callers: ADMINS,
    resend: 'read',
  },
  // The step that writes stock.
  finaliseStockCount: {
    input: finaliseStockCountInputSchema,
    output: stockCountReviewSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
});

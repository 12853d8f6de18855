/**
 * What checking a catalog reply costs the caller: the time of `catalogOps.listProducts.output`
 * parsing a page of 100 products (the largest reply the gateway asks for), beside the JSON.parse of
 * the same reply that every call pays anyway. Printed, not asserted: run it after
 * `npm run build:server` with `node bench/reply-parse.mjs [iterations]`.
 */
import { catalogOps } from '../libs/contracts/dist/index.js';

const iterations = Number(process.argv[2] ?? 10_000);
const words = 'warm waterproof lined boots with a sturdy sole for the walk to school '.repeat(4);

function product(i) {
  const at = new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Product ${i}`,
    description: words,
    category: 'Footwear',
    subCategory: "Boy's sizing",
    sizes: ['5', '6', '7', '8', '9', '10'].map((size, s) => ({
      id: `size-${i}-${s}`,
      size,
      stock: (i * 7 + s) % 40,
      lowStockThreshold: s === 0 ? 3 : null,
    })),
    images: [0, 1].map((n) => ({
      id: `image-${i}-${n}`,
      url: `/media/products/${i}-${n}.web.webp`,
      originalUrl: `/media/products/${i}-${n}.png`,
    })),
    ratings: 4.5,
    numOfReviews: 3,
    reviews: [0, 1, 2].map((n) => ({
      id: `review-${i}-${n}`,
      userId: `user-${n}`,
      userName: `School ${n}`,
      rating: 4 + (n % 2) / 2,
      comment: 'Fitted well and lasted the winter.',
      createdAt: at,
    })),
    isShow: true,
    lowStockThreshold: 5,
    createdAt: at,
    updatedAt: at,
  };
}

const reply = {
  products: Array.from({ length: 100 }, (_, i) => product(i)),
  productsCount: 100,
  resultPerPage: 100,
  filteredProductsCount: 100,
};
const json = JSON.stringify(reply);
const schema = catalogOps.listProducts.output;

function time(label, run) {
  for (let i = 0; i < Math.min(iterations, 500); i += 1) run(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    `${label}: ${(ms / iterations).toFixed(3)} ms a reply (${ms.toFixed(0)} ms for ${iterations})`,
  );
}

console.log(`a list reply of 100 products: ${(json.length / 1024).toFixed(0)} KiB of JSON`);
time('JSON.parse', () => JSON.parse(json));
time('output schema parse', () => schema.parse(reply));
time('JSON.parse + output schema parse', () => schema.parse(JSON.parse(json)));

/**
 * Demo catalog for the embedded/demo mode (`npm start`): 40+ products over the four categories and
 * many SubCategory values, realistic sizes, some sizes at stock 0 and a few hidden products. Every
 * initial stock is an `initial` movement, so the ledger invariant holds from the first start.
 * Idempotent: does nothing when the catalog already has products. Never runs in production.
 */
import type pg from 'pg';
import { runMigrations } from '@lr/nest-kit';
import type { Category, SubCategory } from '@lr/contracts';
import { MIGRATIONS_DIR } from '../catalog-app.module.js';

const SHOE_SIZES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13'];
const TODDLER_SHOE_SIZES = ['4', '5', '6', '7', '8', '9', '10'];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const YOUTH_SIZES = ['4-5', '6-7', '8-9', '10-12', '13-14'];
const ONE_SIZE = ['One size'];

interface DemoItem {
  name: string;
  category: Category;
  description: string;
  variants: { subCategory: SubCategory; sizes: string[] }[];
  hidden?: boolean;
}

const item = (
  name: string,
  category: Category,
  description: string,
  variants: [SubCategory, string[]][],
  hidden = false,
): DemoItem => ({
  name,
  category,
  description,
  variants: variants.map(([subCategory, sizes]) => ({ subCategory, sizes })),
  hidden,
});

const ITEMS: DemoItem[] = [
  item(
    'Running Shoes',
    'Footwear',
    'Lightweight trainers with a cushioned sole, good for PE and everyday wear.',
    [
      ["Boy's sizing", SHOE_SIZES],
      ["Girl's sizing", SHOE_SIZES],
      ["Men's sizing", SHOE_SIZES.slice(5)],
    ],
  ),
  item('School Shoes', 'Footwear', 'Black leather-look school shoes with a hook-and-loop strap.', [
    ["Boy's sizing", SHOE_SIZES],
    ["Girl's sizing", SHOE_SIZES],
  ]),
  item('Winter Boots', 'Footwear', 'Insulated waterproof boots for snow and slush.', [
    ['Unisex youth sizing', SHOE_SIZES],
    ["Women's sizing", SHOE_SIZES.slice(4, 11)],
  ]),
  item('Rain Boots', 'Footwear', 'Rubber boots that keep feet dry on the walk to school.', [
    ["Unisex toddler's sizing", TODDLER_SHOE_SIZES],
  ]),
  item('Toddler Sneakers', 'Footwear', 'Easy on, easy off sneakers for little feet.', [
    ["Toddler's boys sizing", TODDLER_SHOE_SIZES],
    ["Toddler's girls sizing", TODDLER_SHOE_SIZES],
  ]),
  item('Indoor Court Shoes', 'Footwear', 'Non-marking soles for the gym floor.', [
    ['Unisex youth sizing', SHOE_SIZES],
  ]),
  item(
    'Sandals',
    'Footwear',
    'Adjustable summer sandals.',
    [['Unisex youth sizing', SHOE_SIZES.slice(0, 8)]],
    true,
  ),
  item('Slip-on Canvas Shoes', 'Footwear', 'Simple canvas shoes with elastic sides.', [
    ["Women's sizing", SHOE_SIZES.slice(4, 11)],
  ]),
  item('Hiking Boots', 'Footwear', 'Sturdy boots for outdoor education trips.', [
    ["Men's sizing", SHOE_SIZES.slice(6)],
  ]),
  item('Soccer Cleats', 'Footwear', 'Moulded studs for grass fields.', [
    ['Unisex youth sizing', SHOE_SIZES],
  ]),
  item('Winter Jacket', 'Clothing', 'Warm hooded parka with a fleece lining.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
    ['Unisex adult sizing', CLOTHING_SIZES],
  ]),
  item('Hoodie', 'Clothing', 'Soft pullover hoodie with a front pocket.', [
    ['Unisex youth sizing', YOUTH_SIZES],
    ['Unisex adult sizing', CLOTHING_SIZES],
  ]),
  item('Track Pants', 'Clothing', 'Comfortable track pants with an elastic waist.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
  ]),
  item('T-Shirt', 'Clothing', 'Plain cotton crew-neck t-shirt.', [
    ['Unisex youth sizing', YOUTH_SIZES],
    ["Men's sizing", CLOTHING_SIZES],
    ["Women's sizing", CLOTHING_SIZES],
  ]),
  item('Jeans', 'Clothing', 'Durable denim jeans.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
  ]),
  item('Rain Jacket', 'Clothing', 'Packable waterproof shell.', [
    ['Unisex youth sizing', YOUTH_SIZES],
  ]),
  item('Snow Pants', 'Clothing', 'Insulated snow pants for recess.', [
    ['Unisex youth sizing', YOUTH_SIZES],
    ["Unisex toddler's sizing", ['2T', '3T', '4T', '5T']],
  ]),
  item('Fleece Sweater', 'Clothing', 'Quarter-zip fleece.', [["Women's sizing", CLOTHING_SIZES]]),
  item('Leggings', 'Clothing', 'Stretchy cotton leggings.', [["Girl's sizing", YOUTH_SIZES]]),
  item('Polo Shirt', 'Clothing', 'Uniform-style polo shirt.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
  ]),
  item('Toddler Onesie Pack', 'Clothing', 'Three cotton bodysuits.', [
    ["Toddler's boys sizing", ['12M', '18M', '24M']],
    ["Toddler's girls sizing", ['12M', '18M', '24M']],
  ]),
  item(
    'Pyjamas',
    'Clothing',
    'Two-piece flannel pyjamas.',
    [['Unisex youth sizing', YOUTH_SIZES]],
    true,
  ),
  item('Socks (5 pack)', 'Clothing', 'Five pairs of cotton crew socks.', [
    ['Unisex youth sizing', ['S', 'M', 'L']],
    ['Unisex adult sizing', ['S', 'M', 'L']],
  ]),
  item('Underwear (3 pack)', 'Clothing', 'Three pairs, new in package.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
  ]),
  item('Dress Shirt', 'Clothing', 'Button-up shirt for graduations and interviews.', [
    ["Men's sizing", CLOTHING_SIZES],
  ]),
  item('Gym Shorts', 'Sports', 'Breathable shorts for PE class.', [
    ['Unisex youth sizing', YOUTH_SIZES],
    ['Unisex adult sizing', CLOTHING_SIZES],
  ]),
  item('Swimsuit', 'Sports', 'Chlorine-resistant swimsuit for swim lessons.', [
    ["Boy's sizing", YOUTH_SIZES],
    ["Girl's sizing", YOUTH_SIZES],
  ]),
  item('Soccer Ball', 'Sports', 'Size 4 training ball.', [['One size', ONE_SIZE]]),
  item('Basketball', 'Sports', 'Indoor/outdoor composite ball.', [['One size', ONE_SIZE]]),
  item('Shin Guards', 'Sports', 'Lightweight shin guards with ankle protection.', [
    ['Unisex youth sizing', ['S', 'M', 'L']],
  ]),
  item('Sports Bra', 'Sports', 'Medium-support sports bra.', [["Women's sizing", CLOTHING_SIZES]]),
  item('Skipping Rope', 'Sports', 'Adjustable jump rope.', [['One size', ONE_SIZE]]),
  item('Swim Goggles', 'Sports', 'Anti-fog goggles with adjustable strap.', [
    ['One size', ONE_SIZE],
  ]),
  item('Base Layer Top', 'Sports', 'Thermal long-sleeve top for outdoor sports.', [
    ['Unisex adult sizing', CLOTHING_SIZES],
  ]),
  item(
    'Bike Helmet',
    'Sports',
    'Certified helmet with adjustable fit.',
    [['Unisex youth sizing', ['S', 'M', 'L']]],
    true,
  ),
  item('Backpack', 'Miscellaneous', 'Sturdy school backpack with a laptop sleeve.', [
    ['One size', ONE_SIZE],
  ]),
  item('Winter Hat', 'Miscellaneous', 'Knitted toque.', [
    ['One size', ONE_SIZE],
    ["Unisex toddler's sizing", ONE_SIZE],
  ]),
  item('Mittens', 'Miscellaneous', 'Waterproof insulated mittens.', [
    ['Unisex youth sizing', ['S', 'M', 'L']],
    ["Unisex toddler's sizing", ['S', 'M']],
  ]),
  item('Gloves', 'Miscellaneous', 'Stretch knit gloves.', [
    ['Unisex adult sizing', ['S', 'M', 'L']],
  ]),
  item('Scarf', 'Miscellaneous', 'Fleece scarf.', [['One size', ONE_SIZE]]),
  item('Water Bottle', 'Miscellaneous', 'Reusable 500 ml bottle.', [['One size', ONE_SIZE]]),
  item('Lunch Bag', 'Miscellaneous', 'Insulated lunch bag.', [['One size', ONE_SIZE]]),
  item('Pencil Case', 'Miscellaneous', 'Zippered pencil case.', [['One size', ONE_SIZE]], true),
  item('Umbrella', 'Miscellaneous', 'Compact folding umbrella.', [['One size', ONE_SIZE]]),
];

/** Deterministic stock: mostly 1..12, every seventh size at 0, a few at 1-2 (low stock). */
function demoStock(seed: number): number {
  if (seed % 7 === 3) return 0;
  if (seed % 11 === 5) return 1 + (seed % 2);
  return 3 + ((seed * 5) % 10);
}

export interface SeedResult {
  inserted: number;
}

export async function seedDemoData(pool: pg.Pool): Promise<SeedResult> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('Demo data is never seeded in production');
  await runMigrations(pool, 'catalog', MIGRATIONS_DIR);
  const client = await pool.connect();
  let inserted = 0;
  try {
    await client.query('BEGIN');
    // Serialise concurrent seeders; the emptiness check below makes the seed idempotent.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('catalog:seed'))`);
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM catalog.products',
    );
    if ((rows[0]?.n ?? 0) > 0) {
      await client.query('COMMIT');
      return { inserted: 0 };
    }
    let seed = 0;
    for (const demo of ITEMS) {
      for (const variant of demo.variants) {
        const product = await client.query<{ id: string }>(
          `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [demo.name, demo.description, demo.category, variant.subCategory, !demo.hidden],
        );
        const productId = product.rows[0]!.id;
        inserted += 1;
        for (const [position, size] of variant.sizes.entries()) {
          const stock = demoStock(seed++);
          const sizeRow = await client.query<{ id: string }>(
            `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, $2, $3, $4) RETURNING id`,
            [productId, size, stock, position],
          );
          if (stock > 0) {
            await client.query(
              `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason, actor_name)
               VALUES ($1, $2, $3, $4, 'initial', 'demo seed')`,
              [productId, sizeRow.rows[0]!.id, size, stock],
            );
          }
        }
      }
    }
    await client.query('COMMIT');
    return { inserted };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * What the privacy upgrade does to one order event written by an earlier version: the personal
 * fields of `data.order.shippingInfo` become empty strings and `data.order.studentFingerprint` is
 * added, computed as the orders service does (its key of the order's school year, made here when
 * the year has none). An event that already holds no personal data comes back unchanged (null).
 */
import { createHmac, randomBytes } from 'node:crypto';

export function createOrderEventUpgrader(pool, contracts) {
  const { PERSONAL_FIELD_NAMES, normaliseStudentId, schoolYearOf, splitReceivingPersonName } =
    contracts;
  const keys = new Map();
  const stored = new Map();

  async function keyOf(schoolYear) {
    if (!keys.has(schoolYear)) {
      await pool.query(
        `INSERT INTO orders.student_fingerprint_keys (school_year, key) VALUES ($1, $2)
         ON CONFLICT (school_year) DO NOTHING`,
        [schoolYear, randomBytes(32)],
      );
      const { rows } = await pool.query(
        'SELECT key FROM orders.student_fingerprint_keys WHERE school_year = $1',
        [schoolYear],
      );
      keys.set(schoolYear, rows[0].key);
    }
    return keys.get(schoolYear);
  }

  /** The fingerprint the orders table already gives the order (so every event agrees with it). */
  async function storedFingerprint(orderId) {
    if (!stored.has(orderId)) {
      const { rows } = await pool.query(
        'SELECT student_fingerprint FROM orders.orders WHERE id = $1',
        [orderId],
      );
      stored.set(orderId, rows[0]?.student_fingerprint ?? null);
    }
    return stored.get(orderId);
  }

  async function fingerprintOf(order) {
    const known = await storedFingerprint(order.id);
    if (known) return known;
    const person = order.shippingInfo.receivingPersonName ?? '';
    const studentId = splitReceivingPersonName(person)?.studentId ?? person;
    const key = await keyOf(schoolYearOf(new Date(order.createdAt)));
    const fingerprint = createHmac('sha256', key)
      .update(`${order.userId.toLowerCase()}\n${normaliseStudentId(studentId)}`)
      .digest('base64url');
    stored.set(order.id, fingerprint);
    return fingerprint;
  }

  /** The upgraded envelope, or null when `envelope` needs no change. */
  return async function upgrade(envelope) {
    const order = envelope?.data?.order;
    if (!order?.shippingInfo) return null;
    const personal = PERSONAL_FIELD_NAMES.filter((field) => order.shippingInfo[field]);
    if (personal.length === 0 && order.studentFingerprint) return null;
    const shippingInfo = { ...order.shippingInfo };
    for (const field of PERSONAL_FIELD_NAMES) shippingInfo[field] = '';
    const studentFingerprint = order.studentFingerprint ?? (await fingerprintOf(order));
    return {
      ...envelope,
      data: { ...envelope.data, order: { ...order, shippingInfo, studentFingerprint } },
    };
  };
}

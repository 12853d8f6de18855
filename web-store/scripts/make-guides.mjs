/**
 * Generates the store's printable guides with pdf-lib:
 *   public/guides/size-guide.pdf          clothing and shoe size tables
 *   public/guides/foot-measure-guide.pdf  how to measure a foot, with a true-scale ruler
 * Run: npm run guides -w web-store (outputs are committed; dates are fixed so reruns are identical).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const OUT_DIR = fileURLToPath(new URL('../public/guides/', import.meta.url));
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');
const GREEN = rgb(0.043, 0.365, 0.294);
const INK = rgb(0.1, 0.12, 0.14);
const GREY = rgb(0.82, 0.85, 0.83);
const CM = 72 / 2.54; // points per centimetre
const A4 = [595.28, 841.89];

async function newDoc(title) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Locker Room 345');
  doc.setSubject(title);
  doc.setProducer('Locker Room 345 store (pdf-lib)');
  doc.setCreator('web-store/scripts/make-guides.mjs');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, fonts };
}

function header(page, fonts, title, subtitle) {
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: height - 80, width, height: 80, color: GREEN });
  page.drawText(title, { x: 40, y: height - 45, size: 22, font: fonts.bold, color: rgb(1, 1, 1) });
  page.drawText(subtitle, {
    x: 40,
    y: height - 66,
    size: 11,
    font: fonts.regular,
    color: rgb(1, 1, 1),
  });
  return height - 110;
}

/** Draws a simple table and returns the y below it. */
function table(page, fonts, { x, y, columns, rows, title }) {
  const rowHeight = 20;
  page.drawText(title, { x, y, size: 14, font: fonts.bold, color: GREEN });
  let top = y - 10;
  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const drawRow = (cells, bold, shaded) => {
    if (shaded)
      page.drawRectangle({
        x,
        y: top - rowHeight,
        width: totalWidth,
        height: rowHeight,
        color: GREY,
      });
    let cx = x;
    cells.forEach((cell, i) => {
      page.drawText(String(cell), {
        x: cx + 6,
        y: top - 14,
        size: 10,
        font: bold ? fonts.bold : fonts.regular,
        color: INK,
      });
      cx += columns[i].width;
    });
    page.drawLine({
      start: { x, y: top - rowHeight },
      end: { x: x + totalWidth, y: top - rowHeight },
      thickness: 0.5,
      color: INK,
    });
    top -= rowHeight;
  };
  drawRow(
    columns.map((c) => c.label),
    true,
    true,
  );
  rows.forEach((row) => drawRow(row, false, false));
  return top - 24;
}

function paragraph(page, fonts, lines, x, y, size = 11) {
  let cy = y;
  for (const line of lines) {
    page.drawText(line, { x, y: cy, size, font: fonts.regular, color: INK });
    cy -= size + 5;
  }
  return cy - 6;
}

async function sizeGuide() {
  const { doc, fonts } = await newDoc('Size Guide');
  const page = doc.addPage(A4);
  let y = header(
    page,
    fonts,
    'Size Guide',
    'Locker Room 345 - choose the closest size; measurements are approximate.',
  );
  y = table(page, fonts, {
    title: "Youth clothing (Unisex youth, Boy's, Girl's sizing)",
    x: 40,
    y,
    columns: [
      { label: 'Size', width: 80 },
      { label: 'Age (years)', width: 110 },
      { label: 'Height (cm)', width: 110 },
      { label: 'Chest (cm)', width: 110 },
      { label: 'Waist (cm)', width: 105 },
    ],
    rows: [
      ['XS', '5-6', '110-120', '58-63', '54-57'],
      ['S', '7-8', '120-132', '63-69', '57-61'],
      ['M', '9-10', '132-142', '69-75', '61-65'],
      ['L', '11-12', '142-154', '75-81', '65-69'],
      ['XL', '13-14', '154-166', '81-87', '69-73'],
    ],
  });
  y = table(page, fonts, {
    title: "Adult clothing (Unisex adult, Men's, Women's sizing)",
    x: 40,
    y,
    columns: [
      { label: 'Size', width: 80 },
      { label: 'Chest (cm)', width: 145 },
      { label: 'Waist (cm)', width: 145 },
      { label: 'Hips (cm)', width: 145 },
    ],
    rows: [
      ['XS', '80-86', '66-72', '84-90'],
      ['S', '86-94', '72-80', '90-98'],
      ['M', '94-102', '80-88', '98-106'],
      ['L', '102-110', '88-96', '106-114'],
      ['XL', '110-118', '96-106', '114-122'],
      ['XXL', '118-128', '106-116', '122-132'],
    ],
  });
  y = table(page, fonts, {
    title: 'Shoes: foot length to US size',
    x: 40,
    y,
    columns: [
      { label: 'Foot length (cm)', width: 130 },
      { label: 'Toddler / youth US', width: 130 },
      { label: "Men's US", width: 125 },
      { label: "Women's US", width: 130 },
    ],
    rows: [
      ['12.0', '5C', '-', '-'],
      ['14.0', '7C', '-', '-'],
      ['16.0', '9.5C', '-', '-'],
      ['18.0', '12C', '-', '-'],
      ['20.0', '1Y', '-', '-'],
      ['22.0', '3.5Y', '4', '5.5'],
      ['24.0', '6Y', '6', '7.5'],
      ['26.0', '-', '8', '9.5'],
      ['28.0', '-', '10', '11.5'],
    ],
  });
  paragraph(
    page,
    fonts,
    [
      'Between two sizes? Choose the larger one: students grow quickly.',
      'Measure a foot with the Foot Measure Guide, also on the store home page.',
    ],
    40,
    y,
  );
  return doc.save({ useObjectStreams: false });
}

async function footGuide() {
  const { doc, fonts } = await newDoc('Foot Measure Guide');
  const page = doc.addPage(A4);
  let y = header(
    page,
    fonts,
    'Foot Measure Guide',
    'Locker Room 345 - measure both feet and use the longer one.',
  );
  y = paragraph(
    page,
    fonts,
    [
      '1. Print page 2 at 100% ("Actual size"). Check it: the test square must measure 5 cm.',
      '2. Put the sheet on a hard floor against a wall.',
      '3. The student stands on the ruler with the heel touching the wall line (0 cm),',
      '   wearing the socks they will wear with the shoes.',
      '4. Read the length at the tip of the longest toe. Measure both feet.',
      '5. Add 0.5 to 1 cm of growing room, then find the size in the Size Guide.',
    ],
    40,
    y,
    12,
  );
  const feet = [
    { label: 'Left foot (cm)', x: 40 },
    { label: 'Right foot (cm)', x: 300 },
  ];
  for (const foot of feet) {
    page.drawText(foot.label, { x: foot.x, y, size: 12, font: fonts.bold, color: INK });
    page.drawRectangle({
      x: foot.x,
      y: y - 40,
      width: 200,
      height: 30,
      borderColor: INK,
      borderWidth: 1,
    });
  }
  y -= 70;
  page.drawText('Student ID: ____________________     Date: ______________', {
    x: 40,
    y,
    size: 12,
    font: fonts.regular,
    color: INK,
  });

  // Page 2: a true-scale ruler (landscape A4 fits 26 cm).
  const rulerPage = doc.addPage([A4[1], A4[0]]);
  const { height } = rulerPage.getSize();
  rulerPage.drawText('Foot ruler - print at 100% (Actual size)', {
    x: 40,
    y: height - 50,
    size: 16,
    font: fonts.bold,
    color: GREEN,
  });
  const x0 = 50;
  const baseY = 200;
  rulerPage.drawRectangle({
    x: x0,
    y: baseY,
    width: 26 * CM,
    height: 3 * CM,
    borderColor: INK,
    borderWidth: 1,
  });
  rulerPage.drawText('WALL / HEEL', {
    x: x0 + 4,
    y: baseY + 3 * CM + 8,
    size: 10,
    font: fonts.bold,
    color: INK,
  });
  for (let mm = 0; mm <= 260; mm += 1) {
    const x = x0 + (mm / 10) * CM;
    const long = mm % 10 === 0;
    const mid = mm % 5 === 0;
    const len = long ? 0.9 * CM : mid ? 0.6 * CM : 0.35 * CM;
    rulerPage.drawLine({
      start: { x, y: baseY },
      end: { x, y: baseY + len },
      thickness: long ? 1 : 0.4,
      color: INK,
    });
    if (long)
      rulerPage.drawText(String(mm / 10), {
        x: x - 3,
        y: baseY + 1.1 * CM,
        size: 9,
        font: fonts.regular,
        color: INK,
      });
  }
  rulerPage.drawText('Test square: 5 cm x 5 cm', {
    x: x0,
    y: 150,
    size: 10,
    font: fonts.regular,
    color: INK,
  });
  rulerPage.drawRectangle({
    x: x0,
    y: 150 - 5 * CM - 6,
    width: 5 * CM,
    height: 5 * CM,
    borderColor: GREEN,
    borderWidth: 1.5,
  });
  return doc.save({ useObjectStreams: false });
}

await mkdir(OUT_DIR, { recursive: true });
await writeFile(new URL('size-guide.pdf', `file://${OUT_DIR}`), await sizeGuide());
await writeFile(new URL('foot-measure-guide.pdf', `file://${OUT_DIR}`), await footGuide());
console.log(`Guides written to ${OUT_DIR}`);

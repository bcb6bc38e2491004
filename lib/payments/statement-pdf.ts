import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Statement } from './statement';

// The receipt's fonts (lib/payments/receipt-pdf.ts): Noto Sans carries every Icelandic letter as text.
const FONT_DIR = path.join(process.cwd(), 'node_modules/@fontsource/noto-sans/files');
let fonts: Promise<[Buffer, Buffer]> | undefined;
function loadFonts() {
  fonts ??= Promise.all([
    readFile(path.join(FONT_DIR, 'noto-sans-latin-400-normal.woff')),
    readFile(path.join(FONT_DIR, 'noto-sans-latin-700-normal.woff')),
  ]);
  return fonts;
}

// Column x positions and widths on an A4 page with 48 pt margins (499 pt of text width).
const COLUMNS = [
  { key: 'day', x: 48, width: 56 },
  { key: 'payDay', x: 108, width: 70 },
  { key: 'name', x: 182, width: 104 },
  { key: 'reference', x: 290, width: 88 },
  { key: 'status', x: 382, width: 75 },
  { key: 'amount', x: 461, width: 86, align: 'right' as const },
] as const;

/** The statement as an A4 PDF in its language: a table of the period's payments and what was paid. */
export async function statementPdf(statement: Statement): Promise<Buffer> {
  const [regular, bold] = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    lang: statement.locale,
    info: { Title: `${statement.title} ${statement.period}`, Creator: 'Greiðsla' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  doc.font('bold').fontSize(18).fillColor('#0f172a').text(statement.title);
  doc.font('body').fontSize(11).text(statement.period);
  doc.fontSize(9).fillColor('#334155').text(statement.issued).moveDown(1);

  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(9).fillColor('#0f172a');
    for (const column of COLUMNS) {
      doc.text(statement.columns[column.key], column.x, y, {
        width: column.width,
        align: 'align' in column ? column.align : 'left',
      });
    }
    doc
      .moveTo(48, doc.y + 2)
      .lineTo(547, doc.y + 2)
      .strokeColor('#94a3b8')
      .stroke();
    doc.y += 6;
  };
  header();
  if (statement.rows.length === 0) doc.font('body').fontSize(10).text(statement.empty, 48, doc.y);
  for (const row of statement.rows) {
    const cells = {
      day: row.day,
      payDay: row.payDay,
      name: row.name || row.account,
      reference: row.reference,
      status: row.status,
      amount: row.shownAmount,
    };
    doc.font('body').fontSize(9);
    const height = Math.max(
      ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width })),
    );
    if (doc.y + height > doc.page.height - 72) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fillColor('#0f172a');
    for (const column of COLUMNS) {
      doc.text(cells[column.key], column.x, y, {
        width: column.width,
        align: 'align' in column ? column.align : 'left',
      });
    }
    doc.y = y + height + 4;
  }
  doc.moveDown(1).font('bold').fontSize(11);
  for (const total of statement.totals) doc.text(total, 48, doc.y, { width: 499, align: 'right' });
  if (statement.totalsNote)
    doc.moveDown(0.5).font('body').fontSize(9).text(statement.totalsNote, 48, doc.y, { width: 499 });
  doc
    .moveDown(1.5)
    .font('body')
    .fontSize(8)
    .fillColor('#475569')
    .text(statement.footer, 48, doc.y, { width: 499 });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

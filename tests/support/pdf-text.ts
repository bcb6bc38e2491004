/**
 * A PDF's text as pdf.js reads it, as a PSU's PDF reader (search, copy) would: each page's pieces of text a line
 * each, the pages one after another, a no-break space read as a space.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await document.destroy();
  return pages.join('\n').replace(/\u00a0/g, ' ');
}

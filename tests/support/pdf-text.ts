import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';

export interface PdfPageText {
  /** Page size in points. */
  width: number;
  height: number;
  /** Every string the page's content streams draw (Tj/TJ operands), in drawing order. */
  runs: string[];
}

export interface PdfText {
  pageCount: number;
  title: string | undefined;
  pages: PdfPageText[];
  /** All runs of all pages joined by newlines, for `toContain` checks. */
  text: string;
  /** All runs joined by single spaces: wrapped paragraphs and cells read as one line again. */
  flat: string;
}

/**
 * Standard-font text is WinAnsi (windows-1252) bytes: latin1 except 0x80-0x9F, mapped here by hand because
 * some Node builds decode 'windows-1252' as plain latin1.
 */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = {
  decode: (bytes: Uint8Array) =>
    [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b))).join(''),
};

function unescapeLiteral(literal: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    const c = literal[i]!;
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const next = literal[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(literal.slice(i))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8));
      i += octal.length - 1;
    } else {
      bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    }
  }
  return Uint8Array.from(bytes);
}

/** The strings shown by a decoded content stream: `<hex> Tj`, `(literal) Tj` and the parts of `[...] TJ`. */
function textRuns(content: string): string[] {
  const runs: string[] = [];
  const operand = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
  for (const match of content.matchAll(/(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[[^\]]*\])\s*(Tj|TJ|'|")/g)) {
    const parts = [...match[1]!.matchAll(operand)].map(([, hex, literal]) =>
      hex !== undefined ? Buffer.from(hex.replace(/\s+/g, ''), 'hex') : unescapeLiteral(literal ?? ''),
    );
    runs.push(parts.map((bytes) => winAnsi.decode(bytes)).join(''));
  }
  return runs;
}

/**
 * Loads a PDF with pdf-lib (so a PDF the library cannot read again fails the test) and answers the text
 * its pages draw, decoding the (Flate) content streams. Good for the standard fonts this project uses.
 */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: (PDFObject | undefined)[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const runs = streams.flatMap((stream) => {
      if (!(stream instanceof PDFRawStream)) return [];
      return textRuns(Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'));
    });
    return { ...page.getSize(), runs };
  });
  return {
    pageCount: doc.getPageCount(),
    title: doc.getTitle(),
    pages,
    text: pages.map((p) => p.runs.join('\n')).join('\n'),
    flat: pages
      .flatMap((p) => p.runs)
      .join(' ')
      .replace(/\s+/g, ' '),
  };
}

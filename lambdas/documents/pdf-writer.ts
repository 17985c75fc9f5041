import { deflateSync } from 'node:zlib';
import { FIRST_CODE, KERNING, WIDTHS, WIN_ANSI_CHARACTERS, type StandardFontName } from './helvetica-metrics';

/**
 * A small PDF 1.7 writer for what the documents need: pages of any size, text in the standard Helvetica and
 * Helvetica-Bold fonts (WinAnsi), fill colour, opacity, rotation, and straight lines. The Lambdas used pdf-lib,
 * but bundled it is 432 KB (its standard-font metrics 130 KB, pako 46 KB) against a 250 KB budget per
 * function (docs/decisions/0054-pdfs.md).
 *
 * The standard fonts are not embedded (every viewer has them), so writing text needs only their WinAnsi bytes,
 * and measuring it their metrics (helvetica-metrics.ts). Output depends on the input alone: no clock, no ids.
 */

export interface Rgb {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
}

export const rgb = (red: number, green: number, blue: number): Rgb => ({ red, green, blue });

/** Anything that measures text, e.g. a StandardFont. */
export interface TextMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Unicode code point -> WinAnsi byte, for every character the standard fonts draw. */
const WIN_ANSI_BYTES: ReadonlyMap<number, number> = new Map(
  [...WIN_ANSI_CHARACTERS].flatMap((char, i) => (char === '\0' ? [] : [[char.codePointAt(0)!, FIRST_CODE + i]])),
);

/** The code points Helvetica and Helvetica-Bold can draw. */
export const WIN_ANSI_CODE_POINTS: ReadonlySet<number> = new Set(WIN_ANSI_BYTES.keys());

/** A standard font: its WinAnsi bytes and its metrics. */
export class StandardFont implements TextMeasure {
  private readonly widths: readonly number[];
  /** left byte * 256 + right byte -> kerning in 1/1000 of the size. */
  private readonly kerning = new Map<number, number>();

  constructor(readonly name: StandardFontName) {
    this.widths = [...Array<number>(FIRST_CODE).fill(0), ...WIDTHS[name].split(' ').map(Number)];
    for (const entry of KERNING[name].split(' ')) {
      const [head, rights] = entry.split(':') as [string, string];
      const left = parseInt(head.slice(0, 2), 16);
      for (let i = 0; i < rights.length; i += 2) {
        this.kerning.set(left * 256 + parseInt(rights.slice(i, i + 2), 16), Number(head.slice(2)));
      }
    }
  }

  /** The WinAnsi bytes of `text`. A character the font lacks is refused: callers clean text first. */
  encode(text: string): number[] {
    return Array.from(text, (char) => {
      const byte = WIN_ANSI_BYTES.get(char.codePointAt(0)!);
      if (byte === undefined) {
        const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
        throw new Error(`${this.name} cannot draw "${char}" (U+${code}): it is not in WinAnsi`);
      }
      return byte;
    });
  }

  /**
   * The advance width of `text` in points. Kerned, although drawing is not: that is how pdf-lib measured,
   * and the layout keeps its positions exactly.
   */
  widthOfTextAtSize(text: string, size: number): number {
    const bytes = this.encode(text);
    let units = 0;
    for (let i = 0; i < bytes.length; i++) {
      const kern = i + 1 < bytes.length ? (this.kerning.get(bytes[i]! * 256 + bytes[i + 1]!) ?? 0) : 0;
      units += this.widths[bytes[i]!]! + kern;
    }
    return units * (size / 1000);
  }
}

export const HELVETICA = new StandardFont('Helvetica');
export const HELVETICA_BOLD = new StandardFont('Helvetica-Bold');

/** The page resource name of each font. */
const FONT_KEYS = new Map<StandardFont, string>([
  [HELVETICA, 'F1'],
  [HELVETICA_BOLD, 'F2'],
]);

export interface TextOptions {
  /** The start of the baseline, in points from the page's bottom-left corner. */
  x: number;
  y: number;
  size: number;
  font: StandardFont;
  colour: Rgb;
  /** 0 (invisible) to 1 (opaque, the default). */
  opacity?: number;
  /** Degrees, counter-clockwise about (x, y). */
  rotate?: number;
}

export interface LineOptions {
  start: { x: number; y: number };
  end: { x: number; y: number };
  thickness: number;
  colour: Rgb;
}

/** A number as PDF writes it: never in exponent notation, which PDF lacks. */
function num(n: number): string {
  // NaN or Infinity would make a file no viewer opens: a layout bug, so it fails loudly here.
  if (!Number.isFinite(n)) throw new Error(`Not a number a PDF can hold: ${n}`);
  const text = String(n);
  return text.includes('e') ? n.toFixed(10).replace(/\.?0+$/, '') : text;
}

const nums = (...values: number[]) => values.map(num).join(' ');

export class PdfPage {
  private readonly operators: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly graphicsStateFor: (opacity: number) => string,
  ) {}

  /** One line of text; a character outside WinAnsi throws (see StandardFont.encode). */
  drawText(text: string, options: TextOptions): void {
    const hex = Buffer.from(options.font.encode(text)).toString('hex').toUpperCase();
    const angle = ((options.rotate ?? 0) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const { red, green, blue } = options.colour;
    this.operators.push(
      'q',
      ...(options.opacity === undefined ? [] : [`/${this.graphicsStateFor(options.opacity)} gs`]),
      'BT',
      `${nums(red, green, blue)} rg`,
      `/${FONT_KEYS.get(options.font)} ${num(options.size)} Tf`,
      `${nums(cos, sin, -sin, cos, options.x, options.y)} Tm`,
      `<${hex}> Tj`,
      'ET',
      'Q',
    );
  }

  drawLine({ start, end, thickness, colour }: LineOptions): void {
    this.operators.push(
      'q',
      `${nums(colour.red, colour.green, colour.blue)} RG`,
      `${num(thickness)} w`,
      `${nums(start.x, start.y)} m`,
      `${nums(end.x, end.y)} l`,
      'S',
      'Q',
    );
  }

  /** The page's content stream, uncompressed. */
  content(): string {
    return this.operators.join('\n');
  }
}

/** The document information dictionary. Dates come from the caller, so the same input gives the same bytes. */
export interface PdfInfo {
  title: string;
  author?: string;
  subject?: string;
  creator?: string;
  producer: string;
  /** When the document was made: its creation and modification date. */
  created: Date;
}

/** A text string as UTF-16BE with its byte order mark: any title prints right in every viewer. */
const textString = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/** PDF date syntax, in UTC. */
const dateString = (date: Date) => `(D:${date.toISOString().replace(/[-:T]|\.\d+/g, '')})`;

export class PdfWriter {
  private readonly pages: PdfPage[] = [];
  /** Opacity -> graphics state resource name, in order of first use. */
  private readonly opacities = new Map<number, string>();

  addPage(width: number, height: number): PdfPage {
    const page = new PdfPage(width, height, (opacity) => {
      if (!this.opacities.has(opacity)) this.opacities.set(opacity, `GS${this.opacities.size + 1}`);
      return this.opacities.get(opacity)!;
    });
    this.pages.push(page);
    return page;
  }

  /** The whole file: objects, cross-reference table and trailer. */
  save(info: PdfInfo): Uint8Array {
    const objects: Buffer[] = [];
    const reserve = () => objects.push(Buffer.alloc(0));
    const put = (ref: number, body: string | Buffer) => {
      objects[ref - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
      return ref;
    };
    const add = (body: string | Buffer) => put(reserve(), body);

    const catalog = reserve();
    const pageTree = reserve();
    const fonts = [...FONT_KEYS].map(
      ([font, key]) =>
        `/${key} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${font.name} /Encoding /WinAnsiEncoding >>`)} 0 R`,
    );
    const states = [...this.opacities].map(
      ([opacity, key]) => `/${key} ${add(`<< /Type /ExtGState /ca ${num(opacity)} >>`)} 0 R`,
    );
    const resources = add(
      `<< /Font << ${fonts.join(' ')} >>${states.length ? ` /ExtGState << ${states.join(' ')} >>` : ''} >>`,
    );
    const kids = this.pages.map((page) => {
      const data = deflateSync(Buffer.from(page.content(), 'latin1'));
      const contents = add(
        Buffer.concat([
          Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
          data,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      );
      return add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${nums(page.width, page.height)}] ` +
          `/Resources ${resources} 0 R /Contents ${contents} 0 R >>`,
      );
    });
    put(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
    put(pageTree, `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`);
    const { title, author, subject, creator, producer } = info;
    const texts = Object.entries({
      Title: title,
      Author: author,
      Subject: subject,
      Creator: creator,
      Producer: producer,
    });
    const date = dateString(info.created);
    const infoRef = add(
      `<< ${texts.flatMap(([key, text]) => (text === undefined ? [] : [`/${key} ${textString(text)}`])).join(' ')} ` +
        `/CreationDate ${date} /ModDate ${date} >>`,
    );

    // The comment of bytes above 127 tells file-transfer tools the file is binary.
    const chunks = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets = objects.map((body, i) => {
      const at = offset;
      const chunk = Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
        body,
        Buffer.from('\nendobj\n', 'latin1'),
      ]);
      chunks.push(chunk);
      offset += chunk.length;
      return at;
    });
    // Every cross-reference entry is exactly 20 bytes, its line ending included.
    const xref = [
      'xref',
      `0 ${objects.length + 1}`,
      '0000000000 65535 f ',
      ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    ];
    chunks.push(
      Buffer.from(
        `${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>\n` +
          `startxref\n${offset}\n%%EOF\n`,
        'latin1',
      ),
    );
    return new Uint8Array(Buffer.concat(chunks));
  }
}

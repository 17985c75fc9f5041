import {
  HELVETICA,
  HELVETICA_BOLD,
  PdfWriter,
  WIN_ANSI_CODE_POINTS,
  rgb,
  type PdfPage,
  type Rgb,
  type StandardFont,
  type TextMeasure,
} from './pdf-writer';

/**
 * The page setup every generated PDF shares (invoices, receipts, the terms document): paper, margins, the
 * lab's header, the standard Helvetica fonts, wrapped paragraphs, tables that break across pages with their
 * header repeated, and a footer with page numbers. Written with pdf-writer.ts (docs/decisions/0054-pdfs.md).
 *
 * The standard fonts draw only the WinAnsi character set and the writer refuses anything else, so every text
 * goes through `winAnsiText` first: a patient called "Zoë Łukasiewicz 😊" prints as "Zoë Lukasiewicz ?"
 * instead of failing the whole document.
 */

/** The lab as its documents name it. */
export const LAB = {
  name: 'Lenslab',
  legalName: 'Lenslab Optical Laboratory',
  contact: 'support@lenslab.example - +1 555 0100',
} as const;

export type PaperSize = 'A4' | 'Letter';
/** Width and height in points (1/72 inch). */
const PAPER: Record<PaperSize, [number, number]> = { A4: [595.28, 841.89], Letter: [612, 792] };

export const PDF_CONTENT_TYPE = 'application/pdf';

export const COLOURS = {
  ink: rgb(0.05, 0.16, 0.23),
  muted: rgb(0.35, 0.35, 0.35),
  faint: rgb(0.45, 0.45, 0.45),
  accent: rgb(0.1, 0.62, 0.66),
  rule: rgb(0.78, 0.82, 0.84),
  paid: rgb(0.1, 0.55, 0.3),
  void: rgb(0.75, 0.15, 0.15),
} as const;

/** Letters the standard fonts lack but that have an obvious plain form (NFKD does not split these). */
const PLAIN_FORMS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  ĸ: 'k',
  Ŧ: 'T',
  ŧ: 't',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
};

/**
 * `text` reduced to what the standard fonts can draw, on one line: line breaks and tabs become spaces,
 * accents the charset lacks are dropped from their letter ("ő" -> "o"), a few letters get their plain form
 * and anything else becomes "?". Never throws.
 */
export function winAnsiText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t\f\v\u2028\u2029]+/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (supported.has(code)) {
      out += char;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue; // control characters: nothing to draw
    const plain =
      PLAIN_FORMS[char] ??
      char
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .split('')
        .map((c) => (supported.has(c.codePointAt(0)!) ? c : PLAIN_FORMS[c]))
        .join('');
    out += plain && [...plain].every((c) => supported.has(c.codePointAt(0)!)) ? plain : '?';
  }
  return out;
}

/** Splits text into lines no wider than `width`; a word wider than a line is cut where it must be. */
export function wrapText(text: string, font: TextMeasure, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      // After a hyphen when there is one ("Bartholomew-" / "Fitzgerald"), else where the line is full.
      const hyphen = line.lastIndexOf('-', cut - 1);
      if (hyphen > 0) cut = hyphen + 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The text cut to `width` with an ellipsis when it does not fit. */
export function fitText(text: string, font: TextMeasure, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let end = text.length;
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end)}…`;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: Rgb;
  /** Distance from one baseline to the next. */
  leading?: number;
  /** Space above the first line. */
  before?: number;
  x?: number;
  width?: number;
}

export interface TableColumn {
  header: string;
  /** Share of the table's width (the weights of all columns are summed). */
  weight: number;
  /** Money and quantities are right-aligned so their digits line up. */
  align?: 'left' | 'right';
  /** Wrap long text onto more lines (descriptions); otherwise it is cut with an ellipsis. */
  wrap?: boolean;
}

export interface SummaryRow {
  label: string;
  value: string;
  bold?: boolean;
}

export interface Field {
  label: string;
  value: string;
}

export interface LayoutOptions {
  /** The document's title: PDF metadata, and the right side of the header. */
  title: string;
  /** Footer text; " - page i of n" follows it. */
  footer: string;
  /** When the document was made (metadata). Fixed by the caller, so the same input gives the same bytes. */
  now: Date;
  paper?: PaperSize;
  subject?: string;
  /** The "Lenslab" header on every page (default); false draws only the top rule. */
  header?: boolean;
  /** A large faint label across every page ("PAID", "VOID"). */
  stamp?: { label: string; colour: Rgb };
}

const MARGIN = 56;
const HEADER_HEIGHT = 46;
const FOOTER_Y = 30;
/** Content stops this far above the page's bottom edge, leaving room for the footer. */
const BOTTOM = MARGIN + 20;
const CELL_PADDING = 4;
const TABLE_SIZE = 8.5;
const TABLE_LEADING = 11;

/**
 * A document being written top to bottom. `y` is the baseline of the last line drawn; each writer moves it
 * down and starts a new page when the next thing would run into the footer.
 */
export class PdfLayout {
  private page!: PdfPage;
  private pages: PdfPage[] = [];
  readonly doc = new PdfWriter();
  readonly regular = HELVETICA;
  readonly bold = HELVETICA_BOLD;
  /** The current baseline. */
  y = 0;

  private constructor(private readonly options: LayoutOptions) {}

  static async create(options: LayoutOptions): Promise<PdfLayout> {
    const layout = new PdfLayout(options);
    layout.newPage();
    return layout;
  }

  get left(): number {
    return MARGIN;
  }

  get right(): number {
    return this.page.width - MARGIN;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  /** Text the standard fonts can draw (see winAnsiText). */
  clean(text: string): string {
    return winAnsiText(text, WIN_ANSI_CODE_POINTS);
  }

  font(bold = false): StandardFont {
    return bold ? this.bold : this.regular;
  }

  newPage(): void {
    const [width, height] = PAPER[this.options.paper ?? 'A4'];
    this.page = this.doc.addPage(width, height);
    this.pages.push(this.page);
    const { stamp } = this.options;
    if (stamp) {
      // Drawn first, so the content lies on top of it.
      const size = 96;
      const label = this.clean(stamp.label);
      const textWidth = this.bold.widthOfTextAtSize(label, size);
      const angle = 35;
      const rad = (angle * Math.PI) / 180;
      this.page.drawText(label, {
        x: width / 2 - (textWidth / 2) * Math.cos(rad),
        y: height / 2 - (textWidth / 2) * Math.sin(rad),
        size,
        font: this.bold,
        colour: stamp.colour,
        opacity: 0.12,
        rotate: angle,
      });
    }
    const top = height - MARGIN;
    if (this.options.header === false) {
      this.page.drawLine({
        start: { x: MARGIN, y: top + 14 },
        end: { x: width - MARGIN, y: top + 14 },
        thickness: 1.2,
        colour: COLOURS.accent,
      });
      this.y = top;
      return;
    }
    this.page.drawText(LAB.name, { x: MARGIN, y: top, size: 20, font: this.bold, colour: COLOURS.accent });
    const title = this.clean(this.options.title);
    this.page.drawText(title, {
      x: width - MARGIN - this.bold.widthOfTextAtSize(title, 13),
      y: top + 3,
      size: 13,
      font: this.bold,
      colour: COLOURS.ink,
    });
    this.page.drawText(`${LAB.legalName} - ${LAB.contact}`, {
      x: MARGIN,
      y: top - 14,
      size: 8,
      font: this.regular,
      colour: COLOURS.faint,
    });
    this.page.drawLine({
      start: { x: MARGIN, y: top - 22 },
      end: { x: width - MARGIN, y: top - 22 },
      thickness: 1.2,
      colour: COLOURS.accent,
    });
    this.y = top - HEADER_HEIGHT + 10;
  }

  /** Starts a new page unless `height` more points fit above the footer. */
  ensureSpace(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  moveDown(points: number): void {
    this.y -= points;
  }

  /** The lines `paragraph` would draw (to keep a heading with what follows it). */
  wrapLines(text: string, style: TextStyle = {}): string[] {
    const x = style.x ?? this.left;
    return wrapText(this.clean(text), this.font(style.bold), style.size ?? 10, style.width ?? this.right - x);
  }

  /** Wrapped text; long paragraphs continue on the next page. */
  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const font = this.font(style.bold);
    const leading = style.leading ?? size * 1.4;
    const x = style.x ?? this.left;
    const lines = this.wrapLines(text, style);
    this.y -= style.before ?? 0;
    for (const line of lines) {
      this.ensureSpace(leading);
      this.y -= leading;
      this.page.drawText(line, { x, y: this.y, size, font, colour: style.colour ?? COLOURS.ink });
    }
  }

  /** A thin horizontal rule across the content width. */
  rule(before = 6, after = 6): void {
    this.ensureSpace(before + after);
    this.y -= before;
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.right, y: this.y },
      thickness: 0.6,
      colour: COLOURS.rule,
    });
    this.y -= after;
  }

  /**
   * Blocks of "label: value" lines side by side (bill-to on the left, invoice facts on the right). A block
   * with a title prints it in bold above its fields; values wrap within the block.
   */
  fieldBlocks(blocks: { title?: string; fields: Field[] }[], before = 8): void {
    const size = 9.5;
    const leading = 13;
    const gap = 18;
    const blockWidth = (this.contentWidth - gap * (blocks.length - 1)) / blocks.length;
    const laidOut = blocks.map((block) => {
      const lines: { label?: string; text: string; indent: number; bold?: boolean }[] = [];
      if (block.title) lines.push({ text: this.clean(block.title), indent: 0, bold: true });
      const labelWidth = Math.max(
        0,
        ...block.fields
          .filter((f) => f.label)
          .map((f) => this.bold.widthOfTextAtSize(`${this.clean(f.label)}  `, size)),
      );
      for (const field of block.fields) {
        // A field without a label (an address line) starts at the block's edge.
        const indent = field.label ? labelWidth : 0;
        const wrapped = wrapText(this.clean(field.value), this.regular, size, blockWidth - indent);
        wrapped.forEach((text, i) =>
          lines.push({ ...(field.label && i === 0 ? { label: this.clean(field.label) } : {}), text, indent }),
        );
      }
      return lines;
    });
    const height = before + leading * Math.max(...laidOut.map((lines) => lines.length));
    this.ensureSpace(height);
    const top = this.y - before;
    laidOut.forEach((lines, index) => {
      const x = this.left + index * (blockWidth + gap);
      lines.forEach((line, row) => {
        const y = top - leading * (row + 1);
        if (line.label) this.page.drawText(line.label, { x, y, size, font: this.bold, colour: COLOURS.muted });
        this.page.drawText(line.text, {
          x: x + line.indent,
          y,
          size,
          font: line.bold ? this.bold : this.regular,
          colour: COLOURS.ink,
        });
      });
    });
    this.y -= height;
  }

  /**
   * A table with a bold header row, repeated at the top of every page the table runs onto. Cells are cut
   * to their column (or wrapped, for `wrap` columns); right-aligned columns line their digits up.
   */
  table(columns: TableColumn[], rows: string[][], before = 10): void {
    const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0);
    const widths = columns.map((c) => (c.weight / totalWeight) * this.contentWidth);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const cellText = (text: string, i: number, font: StandardFont): string[] => {
      const column = columns[i]!;
      const width = widths[i]! - 2 * CELL_PADDING;
      const clean = this.clean(text);
      return column.wrap ? wrapText(clean, font, TABLE_SIZE, width) : [fitText(clean, font, TABLE_SIZE, width)];
    };
    const drawRow = (cells: string[][], font: StandardFont) => {
      const height = TABLE_LEADING * Math.max(1, ...cells.map((c) => c.length)) + 3;
      cells.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const y = this.y - TABLE_LEADING * (n + 1) + 1;
          const x =
            columns[i]!.align === 'right'
              ? xs[i]! + widths[i]! - CELL_PADDING - font.widthOfTextAtSize(line, TABLE_SIZE)
              : xs[i]! + CELL_PADDING;
          this.page.drawText(line, { x, y, size: TABLE_SIZE, font, colour: COLOURS.ink });
        });
      });
      this.y -= height;
    };
    const header = columns.map((c, i) => cellText(c.header, i, this.bold));
    const drawHeader = () => {
      drawRow(header, this.bold);
      this.page.drawLine({
        start: { x: this.left, y: this.y + 1 },
        end: { x: this.right, y: this.y + 1 },
        thickness: 0.8,
        colour: COLOURS.ink,
      });
      this.y -= 2;
    };
    // The header never sits alone at the bottom of a page: it needs room for one row too.
    this.y -= before;
    this.ensureSpace(4 * TABLE_LEADING);
    drawHeader();
    for (const row of rows) {
      const cells = columns.map((_, i) => cellText(row[i] ?? '', i, this.regular));
      const height = TABLE_LEADING * Math.max(1, ...cells.map((c) => c.length)) + 3;
      if (this.y - height < BOTTOM) {
        this.newPage();
        drawHeader();
      }
      drawRow(cells, this.regular);
      this.page.drawLine({
        start: { x: this.left, y: this.y + 1 },
        end: { x: this.right, y: this.y + 1 },
        thickness: 0.3,
        colour: COLOURS.rule,
      });
    }
  }

  /** Label and amount pairs, right-aligned at the right margin (subtotal, tax, total, balance due). */
  summary(rows: SummaryRow[], before = 8): void {
    const size = 9.5;
    const leading = 14;
    const valueWidth = 90;
    this.y -= before;
    this.ensureSpace(leading * Math.min(rows.length, 3));
    for (const row of rows) {
      this.ensureSpace(leading);
      this.y -= leading;
      const font = this.font(row.bold);
      const label = this.clean(row.label);
      const value = this.clean(row.value);
      this.page.drawText(label, {
        x: this.right - valueWidth - 12 - font.widthOfTextAtSize(label, size),
        y: this.y,
        size,
        font,
        colour: row.bold ? COLOURS.ink : COLOURS.muted,
      });
      this.page.drawText(value, {
        x: this.right - font.widthOfTextAtSize(value, size),
        y: this.y,
        size,
        font,
        colour: COLOURS.ink,
      });
    }
  }

  /** Draws every page's footer ("... - page i of n"), sets the metadata and answers the PDF's bytes. */
  async save(): Promise<Uint8Array> {
    const footer = this.clean(this.options.footer);
    this.pages.forEach((page, index) => {
      page.drawText(`${footer} - page ${index + 1} of ${this.pages.length}`, {
        x: MARGIN,
        y: FOOTER_Y,
        size: 8,
        font: this.regular,
        colour: COLOURS.faint,
      });
    });
    return this.doc.save({
      title: this.clean(this.options.title),
      author: LAB.legalName,
      ...(this.options.subject ? { subject: this.clean(this.options.subject) } : {}),
      creator: 'Lenslab Portal',
      producer: 'Lenslab Portal',
      created: this.options.now,
    });
  }
}

/** A day as documents print it, in UTC ("Mar 12, 2025"); accepts a YYYY-MM-DD day or an ISO instant. */
export function formatDay(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

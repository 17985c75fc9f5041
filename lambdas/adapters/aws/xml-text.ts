/**
 * The texts of an XML document's `<Tag>text</Tag>` elements, for S3's answers (listings, errors): flat,
 * attribute-free elements whose only markup inside is escaped characters, so no XML parser is bundled.
 */
export function xmlTexts(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => unescapeXml(match[1]!));
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `&amp;`, `&#13;`, `&#xD;` -> the characters (S3 escapes these in keys and messages). */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED[name] ?? entity;
  });
}

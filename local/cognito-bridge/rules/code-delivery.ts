/** A code cognito-local "delivered" by printing it; the bridge turns it into a real email in the SES emulator. */
export interface CodeDelivery {
  username: string;
  destination: string;
  code: string;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
// The code must be followed by the box's padding or border: a chunk that ends inside the code is not a match yet.
const BOX =
  /Confirmation Code Delivery[\s\S]*?Username:\s+(\S+)[\s\S]*?Destination:\s+(\S+)[\s\S]*?Code:\s+([^\s│|]+)(?=[\s│|])/g;

/**
 * Reads cognito-local's output as it arrives and yields each complete "Confirmation Code Delivery" box.
 * Output can arrive in pieces, so unfinished text is kept for the next chunk.
 */
export function createCodeDeliveryParser(onDelivery: (delivery: CodeDelivery) => void) {
  let pending = '';
  return (chunk: string) => {
    // Colour codes are removed from the whole buffer: one can be split across two chunks.
    pending = (pending + chunk).replace(ANSI, '');
    let lastEnd = 0;
    for (const match of pending.matchAll(BOX)) {
      const [, username, destination, code] = match;
      if (username && destination && code) onDelivery({ username, destination, code });
      lastEnd = (match.index ?? 0) + match[0].length;
    }
    pending = pending.slice(lastEnd).slice(-4000);
  };
}

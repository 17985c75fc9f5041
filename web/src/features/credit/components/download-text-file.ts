/**
 * Saves text the server answered as a file: a Blob behind a temporary object URL and a link with
 * `download`, clicked once. The URL is revoked right after, so nothing stays in memory.
 */
export function downloadTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after the click handler returns: revoke on the next tick.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

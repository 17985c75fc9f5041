/**
 * Starts a download in the same tab from a short-lived URL (a generated invoice or receipt PDF): the URL
 * answers `Content-Disposition: attachment`, so the page stays. An anchor, not window.open, so pop-up
 * blockers do not stop it after the await that fetched the URL.
 */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

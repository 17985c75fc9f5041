/** The same loader index.html shows, while the first page's code loads. */
export function BootLoader() {
  return (
    <div className="boot-loader" role="status" aria-live="polite">
      <span className="boot-loader__spinner" aria-hidden="true" />
      <span>Loading Lenslab Portal…</span>
    </div>
  );
}

/** The post as the site will show it, rendered by the server. */
export function PreviewPane({ html, error, busy }: { html: string; error: string | null; busy: boolean }) {
  return (
    <section aria-labelledby="preview-title" className="min-w-0 rounded-md border border-slate-300 bg-white p-4 dark:border-slate-600 dark:bg-slate-950">
      <h2 id="preview-title" className="mb-3 text-sm font-semibold text-slate-700 uppercase dark:text-slate-300">
        Preview {busy ? <span className="font-normal normal-case">(updating)</span> : null}
      </h2>
      {error ? <p role="alert">{error}</p> : null}
      {/* HTML the server made with the public post page's components and sanitiser (post-preview.server.tsx). */}
      <div data-testid="post-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

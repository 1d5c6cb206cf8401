/**
 * A post's description: HTML that the server has already sanitised (sanitize-html, on
 * write and again on read), styled here since the site has no typography plugin.
 */
export function PostBody({ html }: { html: string }) {
  return (
    <div
      data-testid="post-body"
      className="max-w-none text-lg leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:link [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-5 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base dark:[&_code]:bg-slate-800 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:mt-6 [&_h4]:font-bold [&_hr]:my-10 [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li>ol]:mt-2 [&_li>ul]:mt-2 [&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 dark:[&_td]:border-slate-800 [&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold dark:[&_th]:border-slate-700 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800 [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-5 [&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0"
      // Sanitised by sanitizeDescription on the server, on write and on read.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

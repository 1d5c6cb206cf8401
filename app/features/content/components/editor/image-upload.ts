/** Uploads one image from the editor (routes/desk/post-image.ts); the addresses of its banner and body sizes, or why not. */
export async function uploadImage(file: File): Promise<{ banner: string; inline: string } | { error: string }> {
  const body = new FormData();
  body.set("image", file);
  try {
    const res = await fetch("/desk/posts/image", { method: "POST", body });
    const answer = (await res.json()) as { banner?: string; inline?: string; error?: string };
    return answer.banner ? { banner: answer.banner, inline: answer.inline ?? answer.banner } : { error: answer.error ?? "The image was not uploaded." };
  } catch {
    return { error: "The image was not uploaded: the connection failed. Please try again." };
  }
}

/** Markdown for an image, its alt text kept inside the brackets. */
export const imageMarkdown = (alt: string, src: string) => `![${alt.replace(/[[\]\\]/g, "").trim()}](${src})`;

/** Puts text at the textarea's cursor (replacing a selection) and tells the form it changed. */
export function insertAtCursor(area: HTMLTextAreaElement, text: string) {
  const start = area.selectionStart ?? area.value.length;
  const end = area.selectionEnd ?? start;
  area.setRangeText(text, start, end, "end");
  area.dispatchEvent(new Event("input", { bubbles: true }));
  area.focus();
}

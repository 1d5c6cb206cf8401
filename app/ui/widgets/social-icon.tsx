import type { SocialName } from "~/copy/brand";

/** Simple glyphs for the social networks, drawn for this site. */
const paths: Record<SocialName, string> = {
  LinkedIn:
    "M6 9h3v9H6zM7.5 5A1.5 1.5 0 1 1 7.5 8 1.5 1.5 0 0 1 7.5 5zM11 9h3v1.3c.5-.8 1.5-1.5 3-1.5 2.4 0 3 1.6 3 3.8V18h-3v-4.8c0-1.2-.3-2-1.4-2-1.2 0-1.6.9-1.6 2V18h-3z",
  Instagram:
    "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  Facebook: "M13.5 21v-7.5H16l.5-3h-3V8.7c0-.9.3-1.5 1.6-1.5h1.6V4.5c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.1H8v3h2.5V21z",
  Twitter: "M4 4h4.5l3.6 5 4.2-5H19l-5.6 6.6L20 20h-4.5l-3.9-5.4L7 20H4.3l6-7z",
  YouTube:
    "M21 8.2c-.2-1.3-1.2-2.2-2.4-2.3C16.6 5.7 14.3 5.6 12 5.6s-4.6.1-6.6.3C4.2 6 3.2 6.9 3 8.2 2.8 9.5 2.8 10.7 2.8 12s0 2.5.2 3.8c.2 1.3 1.2 2.2 2.4 2.3 2 .2 4.3.3 6.6.3s4.6-.1 6.6-.3c1.2-.1 2.2-1 2.4-2.3.2-1.3.2-2.5.2-3.8s0-2.5-.2-3.8zM10 15V9l5.2 3z",
  TikTok: "M14 3h3c.2 1.9 1.4 3.2 3.3 3.4v3c-1.3 0-2.4-.3-3.3-.9V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3z",
};

export function SocialIcon({ name, className = "size-5" }: { name: SocialName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor" fillRule="evenodd">
      <path d={paths[name]} />
    </svg>
  );
}

import { Play } from "lucide-react";
import { useState } from "react";

export interface PostMediaProps {
  title: string;
  image: string | null;
  /** The image's alt text; empty for a decorative one (posts from before it was asked for). */
  alt?: string;
  videoUrl: string | null;
  /** Above the fold (the detail banner) loads eagerly; list images lazily. */
  eager?: boolean;
  className?: string;
  sizes?: string;
}

/** The 16:9 size every post image is drawn at; the box reserves it so nothing shifts. */
export const MEDIA_WIDTH = 1200;
export const MEDIA_HEIGHT = 675;

/**
 * A post's picture, or its embedded video. The player is only framed after the visitor
 * asks for it: no third-party request, cookie or script before a click, and the page
 * stays fast. Without JavaScript the button is a plain link to the player.
 */
export function PostMedia({ title, image, alt = "", videoUrl, eager = false, className = "" }: PostMediaProps) {
  const [playing, setPlaying] = useState(false);
  const box = `relative aspect-video w-full overflow-hidden bg-brand-50 dark:bg-slate-800 ${className}`;
  if (videoUrl && playing) {
    const src = `${videoUrl}${videoUrl.includes("?") ? "&" : "?"}autoplay=1`;
    return (
      <div className={box}>
        <iframe
          src={src}
          title={`Video: ${title}`}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  const img = image ? (
    <img
      src={image}
      alt={alt}
      width={MEDIA_WIDTH}
      height={MEDIA_HEIGHT}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className="absolute inset-0 size-full object-cover"
    />
  ) : null;
  if (!videoUrl) return <div className={box}>{img}</div>;
  return (
    <div className={box}>
      {img}
      <a
        href={videoUrl}
        onClick={(e) => {
          e.preventDefault();
          setPlaying(true);
        }}
        className="group absolute inset-0 flex items-center justify-center bg-slate-950/25 hover:bg-slate-950/35"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-white/95 text-brand-800 shadow-lg group-hover:scale-105 motion-reduce:group-hover:scale-100">
          <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
        </span>
        <span className="sr-only">Play video: {title}</span>
      </a>
    </div>
  );
}

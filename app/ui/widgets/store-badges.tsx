import { brand } from "~/copy/brand";

/** App download badges for iOS and Android (our own artwork). */
export function StoreBadges({ className = "" }: { className?: string }) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <a href={brand.apps.ios} target="_blank" rel="noopener" className="inline-block rounded-lg">
        <img src="/media/badge-ios.svg" alt={`Download ${brand.name} for iPhone (opens in a new tab)`} width={150} height={48} loading="lazy" />
      </a>
      <a href={brand.apps.android} target="_blank" rel="noopener" className="inline-block rounded-lg">
        <img src="/media/badge-android.svg" alt={`Get ${brand.name} for Android (opens in a new tab)`} width={150} height={48} loading="lazy" />
      </a>
    </div>
  );
}

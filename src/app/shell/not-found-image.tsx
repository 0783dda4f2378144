/** Illustration for the not-found page: a magnifying glass over a blank page. */
export function NotFoundImage({ alt }: { alt: string }) {
  return (
    <svg width="200" height="160" viewBox="0 0 200 160" role="img" aria-label={alt}>
      <title>{alt}</title>
      <rect x="40" y="12" width="96" height="124" rx="8" fill="#EBF4F1" stroke="#007A4D" strokeWidth="3" />
      <path d="M58 40h60M58 56h60M58 72h36" stroke="#93C6B3" strokeWidth="6" strokeLinecap="round" />
      <circle cx="128" cy="92" r="30" fill="#FFFFFF" fillOpacity="0.85" stroke="#005F3C" strokeWidth="8" />
      <path d="M150 114l28 28" stroke="#005F3C" strokeWidth="12" strokeLinecap="round" />
      <path d="M118 84l20 16M138 84l-20 16" stroke="#B10E1C" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

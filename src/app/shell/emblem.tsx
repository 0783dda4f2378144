/** The service's emblem: a passport with a check mark (decorative; the link text names the service). */
export function Emblem({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="7" y="3" width="26" height="34" rx="3" fill="#FFFFFF" />
      <rect x="10" y="6" width="20" height="28" rx="2" fill="none" stroke="#007A4D" strokeWidth="1.5" />
      <circle cx="20" cy="17" r="6" fill="none" stroke="#007A4D" strokeWidth="1.5" />
      <path
        d="M14 17h12M20 11c2.2 2.6 2.2 9.4 0 12M20 11c-2.2 2.6-2.2 9.4 0 12"
        fill="none"
        stroke="#007A4D"
        strokeWidth="1.2"
      />
      <path
        d="M14 28.5l2.5 2.5 5-5"
        fill="none"
        stroke="#FFB81C"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

// Tagback's mark: a luggage tag with a QR corner, drawn inline (no image request).
export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <path d="M4 9.5 11 3h17a1 1 0 0 1 1 1v24a1 1 0 0 1-1 1H11l-7-6.5z" fill="#1d5fd1" />
      <circle cx="10" cy="16" r="2.2" fill="#fff" />
      <path d="M16 9h4v4h-4zM22 9h4v4h-4zM16 19h4v4h-4zM22 15h2v2h-2zM24 19h2v4h-2z" fill="#fff" />
    </svg>
  );
}

/** Porta's mark: a doorway. Decorative unless a label is given. */
export function PortaLogo({ className = "h-8 w-8", label }: { className?: string; label?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M10 25V11a6 6 0 0 1 12 0v14" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" />
      <circle cx="19" cy="18" r="1.6" fill="white" />
    </svg>
  );
}

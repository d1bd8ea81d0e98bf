import type { ProviderBadgeLook } from "@/lib/eid/family-kit/brand";

/** A bank's or operator's badge; decorative (the name is always written next to it). */
export function ProviderBadge({ id, look }: { id: string; look?: ProviderBadgeLook }) {
  const { fill, ink, initials } = look ?? { fill: "#334155", ink: "#ffffff", initials: id.slice(0, 2).toUpperCase() };
  return (
    <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
      <rect width="40" height="40" rx="8" fill={fill} />
      <text x="20" y="25" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize={initials.length > 2 ? 11 : 14} fill={ink}>
        {initials}
      </text>
    </svg>
  );
}

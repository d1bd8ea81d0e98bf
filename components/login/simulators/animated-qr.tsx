"use client";
/**
 * Swedish BankID on another device: the QR code changes every second, as the real animated QR
 * does (its content is time-based). `data-frame` counts the changes for end-to-end tests.
 */
import { useEffect, useState } from "react";
import { PseudoQr } from "./pseudo-qr";

export function AnimatedQr({ seed, label, className }: { seed: string; label: string; className?: string }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => f + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="img" aria-label={label} data-testid="bankid-qr" data-frame={frame} className={className}>
      <PseudoQr seed={`${seed}|${frame}`} className="h-full w-full" />
    </div>
  );
}

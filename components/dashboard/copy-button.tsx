"use client";

import { useState } from "react";

/** Copies `value` to the clipboard and says so. */
export function CopyButton({ value, label = "Copy", testId }: { value: string; label?: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </button>
  );
}

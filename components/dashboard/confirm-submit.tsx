"use client";

import type { ReactNode } from "react";

/** A submit button that asks before a destructive action. */
export function ConfirmSubmit({ message, className, children, testId }: { message: string; className: string; children: ReactNode; testId?: string }) {
  return (
    <button
      type="submit"
      data-testid={testId}
      className={className}
      onClick={(event) => {
        if (!window.confirm(message)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

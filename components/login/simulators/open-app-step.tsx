"use client";
/**
 * Swedish BankID on this device: the "Open BankID app" step. The real button launches the app by
 * its autostart link; here it shows the simulated app screen below and moves focus there.
 */
import { useState } from "react";
import { useIsBrowser } from "../../hooks/use-is-browser";
import { PHONE_PANEL_ID } from "./phone-panel";

export interface OpenAppStepProps {
  labels: { openApp: string; openAppIntro: string; openAppOpened: string };
  buttonClass: string;
}

export function OpenAppStep({ labels, buttonClass }: OpenAppStepProps) {
  const [opened, setOpened] = useState(false);
  const hydrated = useIsBrowser();
  const open = () => {
    setOpened(true);
    const phone = document.getElementById(PHONE_PANEL_ID);
    phone?.focus();
    phone?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-center">
      <p className="text-sm text-slate-700">{labels.openAppIntro}</p>
      <button type="button" data-testid="bankid-open-app" data-hydrated={hydrated || undefined} onClick={open} className={buttonClass}>
        {labels.openApp}
      </button>
      <p role="status" className="min-h-5 text-sm font-medium text-slate-900">
        {opened ? labels.openAppOpened : ""}
      </p>
    </div>
  );
}

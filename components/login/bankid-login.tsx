"use client";
/**
 * The Swedish BankID step of a production login (RP API v6): polls /login/<id>/eid/status about
 * once a second, shows the animated QR code (a new one on every poll) and/or the "Open BankID on
 * this device" link as the acr value asks, and BankID's recommended message for the current hint
 * code (aria-live). When the order completes it posts /login/<id>/authenticate; when it fails it
 * shows why and offers the same post, which returns the error to the service. Cancel posts
 * /login/<id>/cancel. Test hooks: `bankid-qr` (with `data-qr`), `bankid-hint`, `bankid-open-app`,
 * `bankid-continue`, `bankid-cancel`.
 */
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import { awaitsScan, failedMessageKey, pendingMessageKey, type BankIdMessageKey } from "@/lib/eid/connection-kinds/se-bankid/hint-messages";
import { autoStartLink, type BankIdLaunch } from "@/lib/eid/families/se-bankid/launch";

export interface BankIdLoginLabels {
  messages: Record<BankIdMessageKey, string>;
  failures: Record<string, string>;
  qr: string;
  qrIntro: string;
  qrRefresh: string;
  openAppIntro: string;
  openApp: string;
  or: string;
  starting: string;
  complete: string;
  continue: string;
  cancel: string;
  failedTitle: string;
  back: string;
  retrying: string;
  noScript: string;
}

/** The login's routes this step calls (built from the routing table's names by the server). */
export interface BankIdLoginPaths {
  /** GET: how the order stands. */
  status: string;
  /** POST: finish the step. */
  authenticate: string;
  /** POST: cancel the login. */
  cancel: string;
}

export interface BankIdLoginProps {
  paths: BankIdLoginPaths;
  launch: BankIdLaunch;
  labels: BankIdLoginLabels;
  /** Button styles of the BankID brand. */
  primaryClass: string;
  secondaryClass: string;
}

type View =
  | { status: "starting" }
  | { status: "pending"; hintCode: string; qrData?: string; autoStartToken?: string }
  | { status: "complete" }
  | { status: "failed"; reason: string; hintCode?: string };

const POLL_INTERVAL_MS = 1000;
/** Failed polls in a row before the page says it is still waiting (it keeps polling). */
const QUIET_ERRORS = 3;

function viewOf(body: unknown): View | { status: "finished"; next: string } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  switch (b.status) {
    case "pending":
      return { status: "pending", hintCode: text(b.hintCode) ?? "", qrData: text(b.qrData), autoStartToken: text(b.autoStartToken) };
    case "complete":
      return { status: "complete" };
    case "failed":
      return { status: "failed", reason: text(b.reason) ?? "unavailable", hintCode: text(b.hintCode) };
    case "finished":
      return { status: "finished", next: text(b.next) ?? "/" };
    default:
      return undefined;
  }
}

export function BankIdLogin({ paths, launch, labels, primaryClass, secondaryClass }: BankIdLoginProps) {
  const [view, setView] = useState<View>({ status: "starting" });
  const [errors, setErrors] = useState(0);
  const finishForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let next: ReturnType<typeof viewOf>;
      try {
        const response = await fetch(paths.status, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } });
        next = response.status === 404 ? { status: "failed", reason: "expired" } : viewOf(await response.json());
      } catch {
        next = undefined;
      }
      if (stopped) return;
      if (next?.status === "finished") {
        window.location.assign(next.next);
        return;
      }
      if (!next) {
        setErrors((n) => n + 1);
      } else {
        setErrors(0);
        // An answer without a QR code or app token (a poll that met another one) keeps the last ones.
        setView((previous) =>
          next.status === "pending" && previous.status === "pending"
            ? { ...next, qrData: next.qrData ?? previous.qrData, autoStartToken: next.autoStartToken ?? previous.autoStartToken }
            : next,
        );
        if (next.status !== "pending") return;
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paths.status]);

  useEffect(() => {
    if (view.status === "complete") finishForm.current?.requestSubmit();
  }, [view.status]);

  const hint = hintText(view, launch, labels);
  const pending = view.status === "pending" ? view : undefined;
  const showQr = launch.qr && pending?.qrData !== undefined && awaitsScan(pending.hintCode);
  const showApp = launch.app && pending?.autoStartToken !== undefined;
  const failed = view.status === "failed";

  return (
    <div className="flex flex-col gap-6">
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{labels.noScript}</p>
      </noscript>

      {failed ? <h2 className="text-lg font-semibold text-slate-900">{labels.failedTitle}</h2> : null}
      <p
        data-testid="bankid-hint"
        data-status={view.status}
        aria-live="polite"
        role={failed ? "alert" : "status"}
        className={`min-h-12 text-base ${failed ? "font-medium text-red-800" : "text-slate-900"}`}
      >
        {hint}
      </p>
      {errors >= QUIET_ERRORS && !failed ? <p className="text-sm text-slate-600">{labels.retrying}</p> : null}

      {showQr ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <div role="img" aria-label={labels.qr} data-testid="bankid-qr" data-qr={pending.qrData} className="rounded-lg border border-slate-200 bg-white p-3">
            <QRCodeSVG value={pending.qrData!} size={184} level="L" marginSize={2} title={labels.qr} />
          </div>
          <p className="max-w-sm text-sm text-slate-700">{labels.qrIntro}</p>
          <p className="text-xs text-slate-600">{labels.qrRefresh}</p>
        </div>
      ) : null}

      {showQr && showApp ? (
        <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          {labels.or}
          <span className="h-px flex-1 bg-slate-200" />
        </p>
      ) : null}

      {showApp ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-center">
          <p className="text-sm text-slate-700">{labels.openAppIntro}</p>
          <a data-testid="bankid-open-app" href={autoStartLink(pending.autoStartToken!)} className={primaryClass}>
            {labels.openApp}
          </a>
        </div>
      ) : null}

      <form ref={finishForm} method="post" action={paths.authenticate} hidden={!(failed || view.status === "complete")}>
        <button type="submit" data-testid="bankid-continue" className={primaryClass}>
          {failed ? labels.back : labels.continue}
        </button>
      </form>

      {failed || view.status === "complete" ? null : (
        <form method="post" action={paths.cancel}>
          <button type="submit" data-testid="bankid-cancel" className={secondaryClass}>
            {labels.cancel}
          </button>
        </form>
      )}
    </div>
  );
}

function hintText(view: View, launch: BankIdLaunch, labels: BankIdLoginLabels): string {
  switch (view.status) {
    case "starting":
      return labels.starting;
    case "pending":
      return labels.messages[pendingMessageKey(view.hintCode, launch)];
    case "complete":
      return labels.complete;
    case "failed":
      return view.hintCode ? labels.messages[failedMessageKey(view.hintCode, launch)] : (labels.failures[view.reason] ?? labels.failures.unavailable ?? "");
  }
}

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * True once hydrated in the browser; false while rendering on the server. Interactive parts mark
 * themselves `data-hydrated` with it, so an end-to-end test acts on them only once React listens:
 * a click before that changes the native control, which React then puts back.
 */
export function useIsBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { describe, expect, it } from "vitest";
import { OutboundError } from "../../../net/safe-fetch";
import { findEidMethod } from "../../catalogue";
import { collectOrder } from "./collect-order";
import { newOrder } from "./order-state";
import type { TCollectResponse } from "./rp-api";
import { RpCallError, type RpClient } from "./rp-client";

const method = findEidMethod("urn:grn:authn:se:bankid")!;
const order = newOrder({ orderRef: "order-1", autoStartToken: "auto", qrStartToken: "qr", qrStartSecret: "secret" }, Date.now());
const ANSWER_DELAY_MS = 60;

/** A BankID RP API whose /collect answers (or fails) ANSWER_DELAY_MS after it is called. */
function slowCollect(answer: () => Promise<TCollectResponse>): RpClient & { answeredAt: number } {
  const client = {
    answeredAt: 0,
    auth: () => Promise.reject(new Error("not called")),
    cancel: () => Promise.resolve(),
    collect: () =>
      new Promise<TCollectResponse>((resolve, reject) =>
        setTimeout(() => {
          client.answeredAt = Date.now();
          answer().then(resolve, reject);
        }, ANSWER_DELAY_MS),
      ),
  };
  return client;
}

describe("one /collect of a pending order", () => {
  it("times the next collect from when BankID answered, not from when the call went out", async () => {
    const client = slowCollect(() => Promise.resolve<TCollectResponse>({ orderRef: "order-1", status: "pending", hintCode: "userSign" }));
    const calledAt = Date.now();
    const next = await collectOrder(client, method, order);
    expect(next).toMatchObject({ status: "pending", hintCode: "userSign", collectErrors: 0 });
    const { lastCollectAt } = next as { lastCollectAt: number };
    expect(lastCollectAt).toBeGreaterThanOrEqual(client.answeredAt);
    expect(lastCollectAt - calledAt).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 5);
  });

  it("a passing failure (timeout) keeps the order and also counts from when it came back", async () => {
    const client = slowCollect(() => Promise.reject(new RpCallError({ kind: "outbound", error: new OutboundError("timeout", "no answer in time") })));
    const next = await collectOrder(client, method, order);
    expect(next).toMatchObject({ status: "pending", collectErrors: 1 });
    expect((next as { lastCollectAt: number }).lastCollectAt).toBeGreaterThanOrEqual(client.answeredAt);
  });
});

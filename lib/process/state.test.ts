import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceClock, nowMs } from "../clock";
import { processSingleton, processSlot, resetProcessState } from "./state";

afterEach(() => resetProcessState());

describe("process singletons", () => {
  it("make their value once, on first use", () => {
    const create = vi.fn(() => ({ made: true }));
    const value = processSingleton("test.once", create);
    expect(create).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("are one value for both copies of lib/ in a process", async () => {
    const here = processSingleton("test.shared", () => ({ copy: "first" }));
    vi.resetModules();
    const other = await import("./state");
    expect(other.processSingleton).not.toBe(processSingleton);
    expect(other.processSingleton("test.shared", () => ({ copy: "second" }))()).toBe(here());
  });

  it("a slot holds what is put in, until deleted", () => {
    const slot = processSlot<string>("test.slot");
    expect(slot.get()).toBeUndefined();
    slot.set("installed");
    expect(processSlot<string>("test.slot").get()).toBe("installed");
    slot.delete();
    expect(slot.get()).toBeUndefined();
  });
});

describe("resetProcessState", () => {
  it("forgets singletons and the moved clock, and keeps what the process holds open", () => {
    const learnt = processSingleton("test.learnt", () => ({ n: Math.random() }));
    const held = processSlot<string>("test.held", { keepOnReset: true });
    const before = learnt();
    held.set("connection");
    advanceClock(60_000);
    expect(nowMs() - Date.now()).toBeGreaterThanOrEqual(59_000);
    resetProcessState();
    expect(learnt()).not.toBe(before);
    expect(held.get()).toBe("connection");
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1_000);
    held.delete();
  });
});

import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, JsonTooDeepError, MAX_JSON_DEPTH, parseJson } from "./json-depth";

/** `levels` arrays, one inside the other, around a 1. */
const nestedArrays = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
/** `levels` objects, one inside the other under the key "a". */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("exceedsJsonDepth", () => {
  it("counts arrays and objects: a scalar is 0, [] and {} are 1", () => {
    expect(exceedsJsonDepth("text", 0)).toBe(false);
    expect(exceedsJsonDepth([], 0)).toBe(true);
    expect(exceedsJsonDepth({}, 1)).toBe(false);
    expect(exceedsJsonDepth([[1]], 1)).toBe(true);
    expect(exceedsJsonDepth({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(exceedsJsonDepth({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it(`${MAX_JSON_DEPTH} levels pass, ${MAX_JSON_DEPTH + 1} are refused, arrays and objects alike`, () => {
    for (const nested of [nestedArrays, nestedObjects]) {
      expect(exceedsJsonDepth(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
      expect(exceedsJsonDepth(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    }
  });

  it("finds the deep branch behind wide and shallow siblings", () => {
    const deep: unknown = JSON.parse(nestedObjects(MAX_JSON_DEPTH));
    const wide = Array.from({ length: 10_000 }, (_, i) => ({ i }));
    expect(exceedsJsonDepth([wide, deep])).toBe(true);
    expect(exceedsJsonDepth([deep, wide])).toBe(true);
    expect(exceedsJsonDepth({ wide, fine: JSON.parse(nestedObjects(MAX_JSON_DEPTH - 1)) as unknown })).toBe(false);
  });

  it("walks any depth without recursion: a million levels throw no RangeError", { timeout: 60_000 }, () => {
    const value: unknown = JSON.parse(nestedArrays(1_000_000));
    expect(exceedsJsonDepth(value)).toBe(true);
    // The whole way down and back, not only to the first level too deep.
    expect(() => exceedsJsonDepth(value, 2_000_000)).not.toThrow();
    expect(exceedsJsonDepth(value, 2_000_000)).toBe(false);
    expect(exceedsJsonDepth(JSON.parse(nestedObjects(100_000)), 200_000)).toBe(false);
  });
});

describe("parseJson", () => {
  it("parses JSON within the limit", () => {
    expect(parseJson('{"keys":[{"kid":"a"}]}')).toEqual({ keys: [{ kid: "a" }] });
    expect(parseJson(nestedArrays(MAX_JSON_DEPTH))).toEqual(JSON.parse(nestedArrays(MAX_JSON_DEPTH)));
  });

  it("refuses deeper JSON with JsonTooDeepError, a SyntaxError like text that does not parse", { timeout: 60_000 }, () => {
    for (const text of [nestedArrays(MAX_JSON_DEPTH + 1), nestedObjects(20_000), nestedArrays(100_000)]) {
      expect(() => parseJson(text)).toThrow(JsonTooDeepError);
      expect(() => parseJson(text)).toThrow(SyntaxError);
    }
    expect(() => parseJson("{keys:")).toThrow(SyntaxError);
    expect(() => parseJson("{keys:")).not.toThrow(JsonTooDeepError);
  });
});

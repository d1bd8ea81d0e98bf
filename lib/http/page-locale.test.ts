import { describe, expect, it } from "vitest";
import { executionAsyncId } from "node:async_hooks";
import { withBrowserErrors } from "../endpoints/browser-errors";
import { htmlPage } from "./html";
import { inEndpointLocale, pageInEndpointLocale } from "./page-locale";

const langOf = async (response: Response) => /<html lang="([^"]+)"/.exec(await response.text())?.[1];

describe("pages in the browser endpoint's language", () => {
  it("are drawn in English until the endpoint answers, then in its language", async () => {
    const page = pageInEndpointLocale((lang) => htmlPage({ title: "t", lang, body: "<p>x</p>" }));
    expect(await langOf(page.clone())).toBe("en");
    expect(await langOf(inEndpointLocale(page, () => "da"))).toBe("da");
  });

  it("keep English without asking the rule again, and leave any other response as it is", () => {
    const page = pageInEndpointLocale((lang) => htmlPage({ title: "t", lang, body: "" }));
    expect(inEndpointLocale(page, () => "en")).toBe(page);
    const other = new Response("{}");
    let asked = false;
    expect(
      inEndpointLocale(other, () => {
        asked = true;
        return "sv";
      }),
    ).toBe(other);
    expect(asked).toBe(false);
  });

  it("are redrawn without an async context: a browser endpoint leaves Node's promise hooks off", async () => {
    const request = new Request("http://localhost/login/x/eid", { headers: { "accept-language": "fi" } });
    const response = await withBrowserErrors("test", request, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return pageInEndpointLocale((lang) => htmlPage({ title: "t", lang, body: "" }));
    });
    expect(await langOf(response)).toBe("fi");
    // With promise hooks on (any AsyncLocalStorage run), a continuation has an async id.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(executionAsyncId()).toBe(0);
  });
});

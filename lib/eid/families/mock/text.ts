/** How the mock eID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:mock": "Mock",
    },
  },
  da: {
    methods: {
      "urn:grn:authn:mock": "Mock",
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:mock": "Mock",
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:mock": "Mock",
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:mock": "Mock",
    },
  },
};

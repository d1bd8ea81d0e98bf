/** How Freja eID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:se:frejaid": "Freja eID",
    },
    simulator: {
      name: "Freja eID",
      app: "Freja eID app",
      authenticators: {
        app: "Freja eID app + PIN",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:se:frejaid": "Freja eID",
    },
    simulator: {
      name: "Freja eID",
      app: "Freja eID-appen",
      authenticators: {
        app: "Freja eID-appen + pinkode",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:se:frejaid": "Freja eID",
    },
    simulator: {
      name: "Freja eID",
      app: "Freja eID-appen",
      authenticators: {
        app: "Freja eID-appen + pinkod",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:se:frejaid": "Freja eID",
    },
    simulator: {
      name: "Freja eID",
      app: "Freja eID-appen",
      authenticators: {
        app: "Freja eID-appen + PIN-kode",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:se:frejaid": "Freja eID",
    },
    simulator: {
      name: "Freja eID",
      app: "Freja eID -sovellus",
      authenticators: {
        app: "Freja eID -sovellus + PIN-koodi",
      },
    },
  },
};

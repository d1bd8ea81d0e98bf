/** How iDIN is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:nl:idin": "iDIN",
    },
    simulator: {
      name: "iDIN",
      app: "bank app",
      authenticators: {
        bank: "Your bank's app",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:nl:idin": "iDIN",
    },
    simulator: {
      name: "iDIN",
      app: "bankappen",
      authenticators: {
        bank: "Din banks app",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:nl:idin": "iDIN",
    },
    simulator: {
      name: "iDIN",
      app: "bankappen",
      authenticators: {
        bank: "Bankens app",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:nl:idin": "iDIN",
    },
    simulator: {
      name: "iDIN",
      app: "bankappen",
      authenticators: {
        bank: "Bankens app",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:nl:idin": "iDIN",
    },
    simulator: {
      name: "iDIN",
      app: "pankkisovellus",
      authenticators: {
        bank: "Pankkisi sovellus",
      },
    },
  },
};

/** How Vipps MobilePay is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:no:vipps": "Vipps MobilePay",
    },
    simulator: {
      name: "Vipps MobilePay",
      app: "Vipps app",
      authenticators: {
        app: "Vipps app",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:no:vipps": "Vipps MobilePay",
    },
    simulator: {
      name: "Vipps MobilePay",
      app: "Vipps-appen",
      authenticators: {
        app: "Vipps-appen",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:no:vipps": "Vipps MobilePay",
    },
    simulator: {
      name: "Vipps MobilePay",
      app: "Vipps-appen",
      authenticators: {
        app: "Vipps-appen",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:no:vipps": "Vipps MobilePay",
    },
    simulator: {
      name: "Vipps MobilePay",
      app: "Vipps-appen",
      authenticators: {
        app: "Vipps-appen",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:no:vipps": "Vipps MobilePay",
    },
    simulator: {
      name: "Vipps MobilePay",
      app: "Vipps-sovellus",
      authenticators: {
        app: "Vipps-sovellus",
      },
    },
  },
};

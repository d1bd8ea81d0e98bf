/** How MitID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:dk:mitid:low": "MitID",
      "urn:grn:authn:dk:mitid:substantial": "MitID (substantial)",
      "urn:grn:authn:dk:mitid:high": "MitID (high)",
    },
    simulator: {
      name: "MitID",
      app: "MitID app",
      authenticators: {
        low: "MitID app — one factor",
        substantial: "MitID app",
        high: "MitID app + code display",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:dk:mitid:low": "MitID",
      "urn:grn:authn:dk:mitid:substantial": "MitID (betydelig)",
      "urn:grn:authn:dk:mitid:high": "MitID (høj)",
    },
    simulator: {
      name: "MitID",
      app: "MitID-appen",
      authenticators: {
        low: "MitID-appen – én faktor",
        substantial: "MitID-appen",
        high: "MitID-appen + kodeviser",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:dk:mitid:low": "MitID",
      "urn:grn:authn:dk:mitid:substantial": "MitID (betydande)",
      "urn:grn:authn:dk:mitid:high": "MitID (hög)",
    },
    simulator: {
      name: "MitID",
      app: "MitID-appen",
      authenticators: {
        low: "MitID-appen – en faktor",
        substantial: "MitID-appen",
        high: "MitID-appen + kodvisare",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:dk:mitid:low": "MitID",
      "urn:grn:authn:dk:mitid:substantial": "MitID (betydelig)",
      "urn:grn:authn:dk:mitid:high": "MitID (høy)",
    },
    simulator: {
      name: "MitID",
      app: "MitID-appen",
      authenticators: {
        low: "MitID-appen – én faktor",
        substantial: "MitID-appen",
        high: "MitID-appen + kodeviser",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:dk:mitid:low": "MitID",
      "urn:grn:authn:dk:mitid:substantial": "MitID (korotettu)",
      "urn:grn:authn:dk:mitid:high": "MitID (korkea)",
    },
    simulator: {
      name: "MitID",
      app: "MitID-sovellus",
      authenticators: {
        low: "MitID-sovellus – yksi tekijä",
        substantial: "MitID-sovellus",
        high: "MitID-sovellus + koodinäyttö",
      },
    },
  },
};

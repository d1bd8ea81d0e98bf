/** How the German eID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:de:personalausweis": "German eID (Personalausweis)",
    },
    simulator: {
      name: "German eID",
      app: "AusweisApp",
      authenticators: {
        card: "ID card + PIN in the AusweisApp",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:de:personalausweis": "Tysk eID (Personalausweis)",
    },
    simulator: {
      name: "tysk eID",
      app: "AusweisApp",
      authenticators: {
        card: "ID-kort + pinkode i AusweisApp",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:de:personalausweis": "Tysk e-legitimation (Personalausweis)",
    },
    simulator: {
      name: "tysk e-legitimation",
      app: "AusweisApp",
      authenticators: {
        card: "ID-kort + pinkod i AusweisApp",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:de:personalausweis": "Tysk eID (Personalausweis)",
    },
    simulator: {
      name: "tysk eID",
      app: "AusweisApp",
      authenticators: {
        card: "ID-kort + PIN-kode i AusweisApp",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:de:personalausweis": "Saksalainen henkilökortti (Personalausweis)",
    },
    simulator: {
      name: "Saksan sähköinen henkilökortti",
      app: "AusweisApp",
      authenticators: {
        card: "Henkilökortti + PIN-koodi AusweisApp-sovelluksessa",
      },
    },
  },
};

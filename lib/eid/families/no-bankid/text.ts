/** How Norwegian BankID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:no:bankid": "BankID",
      "urn:grn:authn:no:bankid:substantial": "BankID (biometrics)",
      "urn:grn:authn:no:bankid:high": "BankID (high)",
    },
    simulator: {
      name: "Norwegian BankID",
      app: "BankID app",
      authenticators: {
        app: "BankID app + personal password",
        biometrics: "BankID app with biometrics",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:no:bankid": "BankID",
      "urn:grn:authn:no:bankid:substantial": "BankID (biometri)",
      "urn:grn:authn:no:bankid:high": "BankID (høj)",
    },
    simulator: {
      name: "norsk BankID",
      app: "BankID-appen",
      authenticators: {
        app: "BankID-appen + personlig adgangskode",
        biometrics: "BankID-appen med biometri",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:no:bankid": "BankID",
      "urn:grn:authn:no:bankid:substantial": "BankID (biometri)",
      "urn:grn:authn:no:bankid:high": "BankID (hög)",
    },
    simulator: {
      name: "norskt BankID",
      app: "BankID-appen",
      authenticators: {
        app: "BankID-appen + personligt lösenord",
        biometrics: "BankID-appen med biometri",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:no:bankid": "BankID",
      "urn:grn:authn:no:bankid:substantial": "BankID (biometri)",
      "urn:grn:authn:no:bankid:high": "BankID (høy)",
    },
    simulator: {
      name: "BankID",
      app: "BankID-appen",
      authenticators: {
        app: "BankID-appen + personlig passord",
        biometrics: "BankID-appen med biometri",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:no:bankid": "BankID",
      "urn:grn:authn:no:bankid:substantial": "BankID (biometrinen)",
      "urn:grn:authn:no:bankid:high": "BankID (korkea)",
    },
    simulator: {
      name: "Norjan BankID",
      app: "BankID-sovellus",
      authenticators: {
        app: "BankID-sovellus + henkilökohtainen salasana",
        biometrics: "BankID-sovellus ja biometriikka",
      },
    },
  },
};

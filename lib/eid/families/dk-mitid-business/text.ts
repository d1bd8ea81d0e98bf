/** How MitID Erhverv is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:dk:mitid:business": "MitID Erhverv",
    },
    simulator: {
      name: "MitID Erhverv",
      app: "MitID app",
      authenticators: {
        app: "MitID app (MitID Erhverv)",
      },
      identityHint: "Each test identity acts for one organisation, shown before the name.",
    },
  },
  da: {
    methods: {
      "urn:grn:authn:dk:mitid:business": "MitID Erhverv",
    },
    simulator: {
      name: "MitID Erhverv",
      app: "MitID-appen",
      authenticators: {
        app: "MitID-appen (MitID Erhverv)",
      },
      identityHint: "Hver testidentitet handler for én virksomhed, som står før navnet.",
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:dk:mitid:business": "MitID Erhverv",
    },
    simulator: {
      name: "MitID Erhverv",
      app: "MitID-appen",
      authenticators: {
        app: "MitID-appen (MitID Erhverv)",
      },
      identityHint: "Varje testidentitet företräder en organisation, som visas före namnet.",
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:dk:mitid:business": "MitID Erhverv",
    },
    simulator: {
      name: "MitID Erhverv",
      app: "MitID-appen",
      authenticators: {
        app: "MitID-appen (MitID Erhverv)",
      },
      identityHint: "Hver testidentitet handler på vegne av én organisasjon, som står foran navnet.",
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:dk:mitid:business": "MitID Erhverv",
    },
    simulator: {
      name: "MitID Erhverv",
      app: "MitID-sovellus",
      authenticators: {
        app: "MitID-sovellus (MitID Erhverv)",
      },
      identityHint: "Jokainen testihenkilö edustaa yhtä organisaatiota, joka näkyy ennen nimeä.",
    },
  },
};

/** How the Finnish Trust Network is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:fi:bank-id": "Finnish bank ID",
      "urn:grn:authn:fi:mobile-id": "Finnish Mobile ID",
      "urn:grn:authn:fi:all": "Finnish Trust Network",
    },
    simulator: {
      name: "Finnish Trust Network",
      app: "bank app",
      authenticators: {
        bank: "Your bank's codes or app",
        mobile: "Mobiilivarmenne on your phone",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:fi:bank-id": "Finsk bank-ID",
      "urn:grn:authn:fi:mobile-id": "Finsk mobil-ID",
      "urn:grn:authn:fi:all": "Finnish Trust Network",
    },
    simulator: {
      name: "Finnish Trust Network",
      app: "bankappen",
      authenticators: {
        bank: "Din banks koder eller app",
        mobile: "Mobiilivarmenne på din telefon",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:fi:bank-id": "Finskt bank-id",
      "urn:grn:authn:fi:mobile-id": "Finskt mobilt id",
      "urn:grn:authn:fi:all": "Finnish Trust Network",
    },
    simulator: {
      name: "Finnish Trust Network",
      app: "bankappen",
      authenticators: {
        bank: "Bankens koder eller app",
        mobile: "Mobiilivarmenne i din telefon",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:fi:bank-id": "Finsk bank-ID",
      "urn:grn:authn:fi:mobile-id": "Finsk mobil-ID",
      "urn:grn:authn:fi:all": "Finnish Trust Network",
    },
    simulator: {
      name: "Finnish Trust Network",
      app: "bankappen",
      authenticators: {
        bank: "Bankens koder eller app",
        mobile: "Mobiilivarmenne på telefonen din",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:fi:bank-id": "Pankkitunnukset",
      "urn:grn:authn:fi:mobile-id": "Mobiilivarmenne",
      "urn:grn:authn:fi:all": "Luottamusverkosto (FTN)",
    },
    simulator: {
      name: "Luottamusverkosto (FTN)",
      app: "pankkisovellus",
      authenticators: {
        bank: "Pankkisi tunnusluvut tai sovellus",
        mobile: "Mobiilivarmenne puhelimessasi",
      },
    },
  },
};

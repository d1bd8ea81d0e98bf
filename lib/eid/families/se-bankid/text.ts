/** How Swedish BankID is named and worded on Porta's pages, per language. */
import type { FamilyTexts } from "../../family-kit/definition";

export const text: FamilyTexts = {
  en: {
    methods: {
      "urn:grn:authn:se:bankid": "BankID",
      "urn:grn:authn:se:bankid:same-device": "BankID on this device",
      "urn:grn:authn:se:bankid:another-device": "BankID on another device",
      "urn:grn:authn:se:bankid:another-device:qr": "BankID with QR code",
    },
    simulator: {
      name: "Swedish BankID",
      app: "BankID app",
      authenticators: {
        "same-device": "BankID app on this device",
        "another-device": "BankID app on your other device",
      },
      launch: {
        qr: "QR code for BankID on another device",
        qrScan: "Scan the QR code with the {app} on your other device.",
        qrRefresh: "The code changes every second, as the real one does.",
        openApp: "Open BankID app",
        openAppIntro: "Start the BankID app on this device to continue.",
        openAppOpened: "The BankID app is open. Check the request below, then approve.",
      },
    },
  },
  da: {
    methods: {
      "urn:grn:authn:se:bankid": "BankID",
      "urn:grn:authn:se:bankid:same-device": "BankID på denne enhed",
      "urn:grn:authn:se:bankid:another-device": "BankID på en anden enhed",
      "urn:grn:authn:se:bankid:another-device:qr": "BankID med QR-kode",
    },
    simulator: {
      name: "svensk BankID",
      app: "BankID-appen",
      authenticators: {
        "same-device": "BankID-appen på denne enhed",
        "another-device": "BankID-appen på din anden enhed",
      },
      launch: {
        qr: "QR-kode til BankID på en anden enhed",
        qrScan: "Scan QR-koden med {app} på din anden enhed.",
        qrRefresh: "Koden skifter hvert sekund, ligesom den rigtige.",
        openApp: "Åbn BankID-appen",
        openAppIntro: "Start BankID-appen på denne enhed for at fortsætte.",
        openAppOpened: "BankID-appen er åben. Tjek anmodningen nedenfor, og godkend den.",
      },
    },
  },
  sv: {
    methods: {
      "urn:grn:authn:se:bankid": "BankID",
      "urn:grn:authn:se:bankid:same-device": "BankID på den här enheten",
      "urn:grn:authn:se:bankid:another-device": "BankID på en annan enhet",
      "urn:grn:authn:se:bankid:another-device:qr": "BankID med QR-kod",
    },
    simulator: {
      name: "BankID",
      app: "BankID-appen",
      authenticators: {
        "same-device": "BankID-appen på den här enheten",
        "another-device": "BankID-appen på din andra enhet",
      },
      launch: {
        qr: "QR-kod för BankID på en annan enhet",
        qrScan: "Skanna QR-koden med {app} på din andra enhet.",
        qrRefresh: "Koden ändras varje sekund, precis som den riktiga.",
        openApp: "Öppna BankID-appen",
        openAppIntro: "Starta BankID-appen på den här enheten för att fortsätta.",
        openAppOpened: "BankID-appen är öppen. Kontrollera begäran nedan och godkänn sedan.",
      },
    },
  },
  nb: {
    methods: {
      "urn:grn:authn:se:bankid": "BankID",
      "urn:grn:authn:se:bankid:same-device": "BankID på denne enheten",
      "urn:grn:authn:se:bankid:another-device": "BankID på en annen enhet",
      "urn:grn:authn:se:bankid:another-device:qr": "BankID med QR-kode",
    },
    simulator: {
      name: "svensk BankID",
      app: "BankID-appen",
      authenticators: {
        "same-device": "BankID-appen på denne enheten",
        "another-device": "BankID-appen på den andre enheten din",
      },
      launch: {
        qr: "QR-kode for BankID på en annen enhet",
        qrScan: "Skann QR-koden med {app} på den andre enheten din.",
        qrRefresh: "Koden endres hvert sekund, akkurat som den ekte.",
        openApp: "Åpne BankID-appen",
        openAppIntro: "Start BankID-appen på denne enheten for å fortsette.",
        openAppOpened: "BankID-appen er åpen. Sjekk forespørselen nedenfor, og godkjenn den.",
      },
    },
  },
  fi: {
    methods: {
      "urn:grn:authn:se:bankid": "BankID",
      "urn:grn:authn:se:bankid:same-device": "BankID tällä laitteella",
      "urn:grn:authn:se:bankid:another-device": "BankID toisella laitteella",
      "urn:grn:authn:se:bankid:another-device:qr": "BankID QR-koodilla",
    },
    simulator: {
      name: "Ruotsin BankID",
      app: "BankID-sovellus",
      authenticators: {
        "same-device": "BankID-sovellus tällä laitteella",
        "another-device": "BankID-sovellus toisella laitteellasi",
      },
      launch: {
        qr: "QR-koodi BankID:lle toisella laitteella",
        qrScan: "Avaa {app} toisella laitteellasi ja skannaa QR-koodi.",
        qrRefresh: "Koodi vaihtuu joka sekunti, kuten oikeassakin.",
        openApp: "Avaa BankID-sovellus",
        openAppIntro: "Jatka käynnistämällä BankID-sovellus tällä laitteella.",
        openAppOpened: "BankID-sovellus on auki. Tarkista alla oleva pyyntö ja hyväksy se.",
      },
    },
  },
};

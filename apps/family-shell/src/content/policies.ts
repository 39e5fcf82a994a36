// The privacy policy, terms and cookie summary: one source for the /privacy and /terms pages and
// for the footer modals. Inline links are written as [text](href). The support address is the
// server's (SUPPORT_EMAIL, through GET /api/sign-in-options), the same one Settings and e-mails give;
// until it has arrived the text says 'our support team' instead.
export const POLICY_LAST_UPDATED = '21 November 2026';

export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  id: string;
  title: string;
  blocks: readonly PolicyBlock[];
}

export interface Policy {
  title: string;
  intro: string;
  sections: readonly PolicySection[];
}

/** How the policies name the support address: a mail link once it is known. */
export function supportContact(supportEmail: string | null): string {
  return supportEmail ? `[${supportEmail}](mailto:${supportEmail})` : 'our support team';
}

export const privacyPolicy = (supportEmail: string | null): Policy => {
  const mail = supportContact(supportEmail);
  return {
    title: 'Privacy Policy',
    intro:
      'This policy explains what information Afterwards collects, why we collect it, how long we keep it and the rights you have over it. We have tried to write it in plain English. If anything is unclear, please ask us.',
    sections: [
      {
        id: 'controller',
        title: '1. Who we are',
        blocks: [
          'Afterwards is the data controller for the personal information described in this policy. This means we decide how and why it is used, and we are responsible for looking after it under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
          `You can write to ${mail} about anything in this policy.`,
        ],
      },
      {
        id: 'data-collected',
        title: '2. What we collect',
        blocks: [
          'We only collect what we need to run the service:',
          {
            list: [
              'Account details: your email address, your password (stored only as a secure hash) and, if you add them, your name, phone number, date of birth, address and an emergency contact.',
              'What you add about the person who died: their name, where they lived, dates, your relationship to them, an optional photo, and your tasks, notes and documents.',
              'Local services searches: the town or postcode you type, or your position if you choose "Use my location". Your position is used for that search only and is not stored against you.',
              'Directory statistics, only if you allow analytics: which listings were shown and whether you chose Call, Email, Website or Directions, with the approximate area of your search (to about 1 km) and a random number that lasts until you leave the page.',
              'Technical information: your IP address, browser type and the time of each request, kept in our server logs to keep the service secure.',
            ],
          },
          'Information about someone who has died is not personal data under UK GDPR, but it often says something about you and your family, so we protect it in exactly the same way.',
        ],
      },
      {
        id: 'uses',
        title: '3. How we use your information',
        blocks: [
          {
            list: [
              'To give you your account, your checklists of tasks and documents, and your notes.',
              'To show you local services near the place you search for.',
              'To send you the emails you need, such as password resets. We do not send marketing emails.',
              'To keep the service secure, prevent misuse and fix problems.',
              'If you allow analytics, to count how often each listing in our directory is viewed and contacted, so we can keep the directory useful and report fair figures to the businesses listed.',
            ],
          },
          'We do not sell your information, and we do not use it for advertising or to make automated decisions about you.',
        ],
      },
      {
        id: 'legal-bases',
        title: '4. Our legal bases',
        blocks: [
          'The law says we must have a reason, called a legal basis, for using personal information. Ours are:',
          {
            list: [
              'Contract: to provide the account and features you signed up for.',
              'Legitimate interests: to keep the service secure and working, and to answer your questions. We only rely on this where it does not override your own interests and rights.',
              'Consent: for analytics and any other optional cookies or storage. You can withdraw consent at any time with the Cookie Settings link at the bottom of every page.',
              'Legal obligation: where the law requires us to keep or share information.',
            ],
          },
        ],
      },
      {
        id: 'cookies',
        title: '5. Cookies and similar storage',
        blocks: [
          'We use a small amount of storage in your browser. Strictly necessary storage, such as the record of your cookie choices and, once you sign in, the cookie that keeps you signed in, is always on. Everything else is off until you say yes:',
          {
            list: [
              'Functional: remembers the last area and service category you searched for on this device.',
              'Analytics: counts views of and contacts with directory listings, as described above. No cookie is used for this.',
              'Marketing: we do not use marketing cookies at present. If we ever do, we will only use them with your consent.',
            ],
          },
          'Your choice is stored on your device with the date you made it. You can change it at any time with the Cookie Settings link in the footer.',
        ],
      },
      {
        id: 'security',
        title: '6. How we keep your information safe',
        blocks: [
          'Your information is encrypted when it travels between your browser and our servers and when it is stored. Documents you upload are encrypted with their own key. Our database only lets each person see their own memories, tasks, documents and notes, and our staff can only reach personal information when they need to in order to help you or to keep the service running.',
          'No system is perfectly secure. If something goes wrong that puts your information at risk, we will tell you and the Information Commissioner\'s Office (ICO) when the law requires it.',
        ],
      },
      {
        id: 'sharing',
        title: '7. Who we share it with',
        blocks: [
          'We only share personal information with:',
          {
            list: [
              'Companies that host and run parts of the service for us, such as our hosting and email providers. They act on our instructions only and must keep your information safe.',
              'The police, courts or regulators, when the law requires it.',
            ],
          },
          'When you contact a business from our directory, you contact them directly: we do not pass your details to them.',
        ],
      },
      {
        id: 'rights',
        title: '8. Your rights',
        blocks: [
          'You have the right to:',
          {
            list: [
              'get a copy of the personal information we hold about you;',
              'ask us to correct it if it is wrong or incomplete;',
              'ask us to delete it;',
              'ask us to limit how we use it, or object to how we use it;',
              'receive the information you gave us in a format you can take elsewhere;',
              'withdraw your consent at any time, where we rely on consent.',
            ],
          },
          `To use any of these rights, write to ${mail}. We will reply within one month. It is free.`,
        ],
      },
      {
        id: 'retention',
        title: '9. How long we keep it',
        blocks: [
          {
            list: [
              'Your account and what you have added: for as long as your account is open. When you delete a memory with "Delete Forever" it is removed straight away; when you close your account, everything is deleted within 30 days.',
              'Directory statistics: at most 2 years, after which only totals with no link to any visit are kept.',
              'Server logs: 30 days.',
              'Backups: up to 35 days, after which deleted information is gone from them too.',
            ],
          },
        ],
      },
      {
        id: 'transfers',
        title: '10. International transfers',
        blocks: [
          'We store your information in the UK or the European Economic Area. If a provider ever needs to handle it elsewhere, we will only allow this where the UK has found that country\'s protection adequate, or under the UK International Data Transfer Agreement or an equivalent safeguard approved under UK law.',
        ],
      },
      {
        id: 'children',
        title: '11. Children',
        blocks: [
          `Afterwards is not meant for children under 16, and we do not knowingly collect their information. If you think a child has given us information, please write to ${mail} and we will delete it.`,
        ],
      },
      {
        id: 'contact',
        title: '12. Contact us and complaints',
        blocks: [
          `For any question about your information or this policy, write to ${mail}.`,
          'If you are unhappy with how we have handled your information, please tell us first so we can try to put it right. You also have the right to complain to the Information Commissioner\'s Office (ICO), the UK regulator for data protection: [ico.org.uk/make-a-complaint](https://ico.org.uk/make-a-complaint/) or 0303 123 1113. If you live in Ireland you can also contact the [Data Protection Commission](https://www.dataprotection.ie/).',
        ],
      },
      {
        id: 'changes',
        title: '13. Changes to this policy',
        blocks: [
          `We may update this policy when the service or the law changes. We will show the date of the latest version below, and if a change affects how we use your information we will tell you before it applies. Last updated: ${POLICY_LAST_UPDATED}.`,
        ],
      },
    ],
  };
};

export const termsOfService = (supportEmail: string | null): Policy => {
  const mail = supportContact(supportEmail);
  return {
    title: 'Terms & Conditions',
    intro:
      'These terms explain what Afterwards offers and what we ask of you. Please read them before you use the service. How we handle your personal information is explained in our [Privacy Policy](/privacy).',
    sections: [
      {
        id: 'agreement',
        title: '1. Agreement',
        blocks: [
          'By using Afterwards you agree to these terms. If you do not agree, please do not use the service. You must be 18 or over to create an account.',
        ],
      },
      {
        id: 'service',
        title: '2. What Afterwards does',
        blocks: [
          'Afterwards helps you work through the practical tasks after someone dies in England, Wales, Scotland, Northern Ireland or the Republic of Ireland. It gives you checklists of tasks and documents, a private place to keep notes and papers, links to official and charity guidance, and a directory of local services.',
          'Businesses in the directory are independent of us. Listing a business is not a recommendation, and some listings are paid to appear first; these are marked "Featured". Please check any business yourself before you use it.',
          'We work hard to keep the service available and accurate, but we may change, pause or stop parts of it. We will give you reasonable notice, when we can, of anything that affects your account.',
        ],
      },
      {
        id: 'no-legal-advice',
        title: '3. Not legal or financial advice',
        blocks: [
          'Afterwards gives general information. It is not legal, financial or tax advice, and it cannot take account of every situation. Rules, fees and deadlines change, and they differ between England and Wales, Scotland, Northern Ireland and Ireland. Where we show a fee or deadline we say where it comes from and when we last checked it. For decisions about an estate, probate or tax, please speak to a solicitor, an accountant or the official body concerned.',
        ],
      },
      {
        id: 'your-duties',
        title: '4. Your responsibilities',
        blocks: [
          {
            list: [
              'Give accurate information and keep your password secret. Tell us straight away if you think someone else has used your account.',
              'Only upload documents and information you have the right to hold and share.',
              'Do not misuse the service: no attempts to break in, to overload it, to collect other people\'s information, or to inflate the statistics of directory listings.',
              'Keep your own copies of important original documents: Afterwards is not a replacement for them.',
            ],
          },
          'We may suspend or close an account that breaks these terms. We will tell you why, unless the law prevents us.',
        ],
      },
      {
        id: 'liability',
        title: '5. Limits of our liability',
        blocks: [
          'We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable, for business losses, or for the acts of businesses listed in the directory or of other websites we link to.',
          'Nothing in these terms limits our liability where it would be unlawful to do so, including for death or personal injury caused by our negligence, for fraud, or for your legal rights as a consumer.',
        ],
      },
      {
        id: 'law',
        title: '6. Governing law',
        blocks: [
          'These terms are governed by the law of England and Wales, and the courts of England and Wales can deal with any dispute. If you live in Scotland or Northern Ireland you can also bring proceedings in your local courts, and if you live in Ireland you keep the protection of Irish consumer law.',
        ],
      },
      {
        id: 'contact',
        title: '7. Contact us',
        blocks: [
          `Questions about these terms, or a complaint about the service: write to ${mail}. We aim to reply within 5 working days. Last updated: ${POLICY_LAST_UPDATED}.`,
        ],
      },
    ],
  };
};

/** Short summary shown in the footer's Cookie Policy modal. */
export const COOKIE_SUMMARY: readonly PolicyBlock[] = [
  'We use a small amount of storage in your browser. What is strictly necessary is always on; everything else is off until you choose to turn it on.',
  {
    list: [
      'Essential: remembers your cookie choices and, once you sign in, keeps you signed in. Always on.',
      'Functional: remembers the last area and service category you searched for on this device.',
      'Analytics: counts views of and contacts with directory listings, without a cookie. Kept for at most 2 years.',
      'Marketing: not used at present.',
    ],
  },
  'You can change your choice at any time with Cookie Settings at the bottom of every page. The full details are in our [Privacy Policy](/privacy#cookies).',
];

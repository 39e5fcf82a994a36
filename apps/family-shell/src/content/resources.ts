import type { IconName, VisitorPosition } from '@afterwards/web-ui';

export interface GuideLink {
  label: string;
  href: string;
}

export interface SupportCard {
  title: string;
  icon: IconName;
  text: string;
  /** The main official or charity guide (opens in a new tab). */
  guide: GuideLink;
  /** Where the card also applies in Ireland. */
  ireland?: GuideLink;
}

export const SUPPORT_CARDS: readonly SupportCard[] = [
  {
    title: 'Legal Guidance',
    icon: 'scale',
    text: 'Wills, probate and dealing with the estate of the person who died, explained in plain English.',
    guide: { label: 'Citizens Advice: death and wills', href: 'https://www.citizensadvice.org.uk/family/death-and-wills/' },
    ireland: { label: 'Citizens Information', href: 'https://www.citizensinformation.ie/en/death/' },
  },
  {
    title: 'Financial Support',
    icon: 'pound',
    text: 'Bereavement benefits, help with funeral costs, and what happens to pensions and tax.',
    guide: { label: 'GOV.UK: Bereavement Support Payment', href: 'https://www.gov.uk/bereavement-support-payment' },
  },
  {
    title: 'Emotional Support',
    icon: 'heart',
    text: 'Grief can be overwhelming. Talk to someone who understands, by phone, online or in person.',
    guide: { label: 'Cruse Bereavement Support', href: 'https://www.cruse.org.uk/' },
    ireland: { label: 'Irish Hospice Foundation', href: 'https://hospicefoundation.ie/' },
  },
  {
    title: 'Government Services',
    icon: 'landmark',
    text: 'Register the death, tell government departments, and check what you need to do and when.',
    guide: { label: 'GOV.UK: What to do after someone dies', href: 'https://www.gov.uk/after-a-death' },
    ireland: { label: 'gov.ie', href: 'https://www.gov.ie/' },
  },
];

export const QUICK_LINKS: readonly GuideLink[] = [
  { label: 'What to do when someone dies: step by step (GOV.UK)', href: 'https://www.gov.uk/when-someone-dies' },
  {
    label: 'Tell Us Once: tell government in one go (GOV.UK)',
    href: 'https://www.gov.uk/after-a-death/organisations-you-need-to-contact-and-tell-us-once',
  },
  { label: 'Death and wills (Citizens Advice)', href: 'https://www.citizensadvice.org.uk/family/death-and-wills/' },
  { label: 'Bereavement support (Cruse)', href: 'https://www.cruse.org.uk/' },
  { label: 'When someone dies in Ireland (Citizens Information)', href: 'https://www.citizensinformation.ie/en/death/' },
];

/** The maps service's own start page, which offers to centre on the visitor's position. */
export const MAPS_HOME = 'https://www.google.com/maps';

/** 'View on Maps': a map centred on the visitor when their position is known, else the maps start page. */
export function mapsHref(position: VisitorPosition): string {
  if (position.status !== 'granted') return MAPS_HOME;
  return `https://www.google.com/maps/@${position.lat.toFixed(5)},${position.lng.toFixed(5)},14z`;
}

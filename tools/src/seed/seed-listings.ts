import { createHash } from 'node:crypto';
import { LISTING_CATEGORIES, PROMOTION_PLANS, type ListingCategory, type ListingStatus, type PromotionPlan } from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import type { Gazetteer, Town } from '@afterwards/places';

/**
 * A realistic, repeatable directory: fictional businesses in real UK and Irish towns. Names, phones
 * (Ofcom's drama ranges), e-mails and websites (.example) are made up and cannot reach anyone.
 */

/** Small deterministic PRNG (mulberry32): the same seed gives the same directory. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable UUID (v5-shaped) from a name, so re-running the seed finds the listings it made. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`afterwards-seed:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

const SURNAMES = [
  'Taylor', 'Brown', 'Wilson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'Roberts', 'Green',
  'Hall', 'Wood', 'Clarke', 'Hughes', 'Price', 'Morgan', 'Griffiths', 'Campbell', 'Stewart', 'Morrison', 'Fraser',
  'Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan', "O'Connor", 'McLaughlin', 'Patel', 'Khan', 'Ahmed',
  'Bennett', 'Fletcher', 'Harrison', 'Lloyd', 'Parry', 'Reid', 'Sinclair',
];
const STREETS = ['High Street', 'Church Street', 'Station Road', 'Market Place', 'Victoria Road', 'Mill Lane', 'King Street', 'Queen Street', 'Park Road', 'Bridge Street', 'Main Street', 'The Square'];
const SAINTS = ['Mary', 'John', 'Andrew', 'Patrick', 'David', 'Michael', 'Peter', 'Columba', 'Brigid', 'Margaret'];

interface Template {
  names: ((town: Town, pick: <T>(xs: readonly T[]) => T) => string)[];
  description: string;
  pricing: (euro: boolean) => string | null;
  radius: [number, number];
}

/** Support Services came later (document imports); leaving it out keeps the sample listings as they were. */
type SeededCategory = Exclude<ListingCategory, 'Support Services'>;
const SEEDED_CATEGORIES = LISTING_CATEGORIES.filter((c): c is SeededCategory => c !== 'Support Services');

const TEMPLATES: Record<SeededCategory, Template> = {
  'Funeral Directors': {
    names: [
      (_t, p) => `${p(SURNAMES)} & Sons Funeral Directors`,
      (_t, p) => `${p(SURNAMES)} Family Funeral Service`,
      (t) => `${t.name} Independent Funeral Directors`,
    ],
    description: 'Family-run funeral directors providing traditional and simple funerals, direct cremation and home visits, with staff available day and night.',
    pricing: (euro) => (euro ? 'Funerals from €3,200' : 'Direct cremation from £1,495; full funeral from £3,950'),
    radius: [10, 25],
  },
  'Register Offices': {
    names: [(t) => (t.country === 'Ireland' ? `${t.name} Civil Registration Service` : `${t.name} Register Office`)],
    description: 'Registers deaths by appointment. Bring the medical certificate of cause of death and any documents of the person who died.',
    pricing: (euro) => (euro ? 'Death certificate €20' : 'Death certificate £12.50 each'),
    radius: [15, 30],
  },
  'Legal Services': {
    names: [
      (_t, p) => `${p(SURNAMES)} & ${p(SURNAMES)} Solicitors`,
      (_t, p) => `${p(SURNAMES)} Probate Solicitors`,
      (_t, p) => `${p(SURNAMES)} Law LLP`,
    ],
    description: 'Solicitors who specialise in probate, wills and estate administration, with fixed-fee options and home visits for executors.',
    pricing: (euro) => (euro ? 'Probate from €1,800 + VAT' : 'Fixed-fee probate from £1,250 + VAT'),
    radius: [10, 40],
  },
  'Religious Services': {
    names: [(_t, p) => `St ${p(SAINTS)}'s Parish Church`, (t) => `${t.name} Interfaith Chaplaincy`],
    description: 'Funeral and memorial services for people of any faith or none, and pastoral support for families.',
    pricing: () => 'Donation welcome',
    radius: [5, 15],
  },
  'Coroner Services': {
    names: [(t) => `${t.county || t.name} Coroner's Office`],
    description: "The coroner's office investigates deaths that are sudden, unexplained or not from natural causes, and can explain what happens next.",
    pricing: () => null,
    radius: [20, 50],
  },
  Crematoriums: {
    names: [(t) => `${t.name} Crematorium`, (t) => `${t.name} Crematorium and Memorial Gardens`],
    description: 'Crematorium with a chapel for services, memorial gardens and a book of remembrance.',
    pricing: (euro) => (euro ? 'Cremation fee €650' : 'Cremation fee from £950'),
    radius: [15, 35],
  },
  'Counseling Services': {
    names: [(t) => `${t.name} Bereavement Counselling`, (t) => `Listening Space ${t.name}`],
    description: 'Specialist bereavement counselling for adults and children, one to one or in groups, in person or by phone.',
    pricing: (euro) => (euro ? 'Sliding scale from €30' : 'Free first session; then from £40'),
    radius: [5, 20],
  },
  'Financial Advisors': {
    names: [(_t, p) => `${p(SURNAMES)} Wealth & Estate Planning`, (_t, p) => `${p(SURNAMES)} Financial Planning`],
    description: 'Independent financial advisers who help families with inheritance, pensions, life insurance claims and estate planning.',
    pricing: () => 'Free initial consultation',
    radius: [10, 30],
  },
  Accountants: {
    names: [(_t, p) => `${p(SURNAMES)} & Co Chartered Accountants`],
    description: 'Chartered accountants who prepare final tax returns, estate accounts and inheritance tax forms for executors.',
    pricing: (euro) => (euro ? 'Estate accounts from €900' : 'Estate accounts from £750 + VAT'),
    radius: [10, 25],
  },
  Charities: {
    names: [(t) => `${t.name} Hospice Bereavement Support`, (t) => `${t.name} Widowed and Young`],
    description: 'A local charity offering drop-in groups, a helpline and practical support for anyone who has been bereaved.',
    pricing: () => 'Free',
    radius: [10, 30],
  },
  'Other Services': {
    names: [(_t, p) => `${p(SURNAMES)} Memorial Masons`, (t) => `${t.name} House Clearance`],
    description: 'Practical help after a death: headstones and memorials, house clearance and property care.',
    pricing: (euro) => (euro ? 'Quotes on request' : 'Free quotes'),
    radius: [10, 30],
  },
};

const COUNTRIES = ['England', 'Scotland', 'Wales', 'Northern Ireland', 'Ireland'] as const;
const SHARE: Record<(typeof COUNTRIES)[number], number> = {
  England: 0.62,
  Scotland: 0.12,
  Wales: 0.08,
  'Northern Ireland': 0.06,
  Ireland: 0.12,
};

export interface SeedOptions {
  readonly count: number;
  readonly seed: number;
}

/** A paid promotion the sample data sells to one of its Active listings (made through the Promotion aggregate). */
export interface SeedPromotion {
  readonly promotionId: string;
  readonly listingId: string;
  readonly plan: PromotionPlan;
  readonly position: number;
  readonly autoRenew: boolean;
}

/** Commands that create `count` listings spread over towns by population, most Active, and the promotions some of them buy. */
export function seedListingCommands(gazetteer: Gazetteer, options: SeedOptions): { commands: ListingCommand[]; promotions: SeedPromotion[] } {
  const random = prng(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const commands: ListingCommand[] = [];
  const promotions: SeedPromotion[] = [];
  const promotedByTown = new Map<string, number>();

  for (const country of COUNTRIES) {
    const towns = gazetteer.towns.filter((t) => t.country === country && t.population >= 15_000).slice(0, 40);
    const quota = Math.round(options.count * SHARE[country]);
    for (let i = 0; i < quota; i++) {
      // Bigger towns get more listings: pick with a bias to the front of the population-sorted list.
      const town = towns[Math.floor(random() ** 1.8 * towns.length)]!;
      const category = i % 3 === 0 ? 'Funeral Directors' : pick(SEEDED_CATEGORIES);
      const template = TEMPLATES[category];
      const euro = country === 'Ireland';
      const name = pick(template.names)(town, pick);
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');
      const listingId = stableUuid(`${options.seed}:${country}:${i}`);
      const number = 1 + Math.floor(random() * 180);
      const street = pick(STREETS);
      const address = euro
        ? `${number} ${street}, ${town.name}`
        : `${number} ${street}, ${town.name}, ${town.outcode} ${1 + Math.floor(random() * 9)}${pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}${pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}`;
      const phone = euro ? `+353 1 555 ${String(1000 + i).slice(-4)}` : `01632 960${String(i % 1000).padStart(3, '0')}`;
      // Within about two miles of the town centre.
      const latitude = Number((town.latitude + between(-0.025, 0.025)).toFixed(5));
      const longitude = Number((town.longitude + between(-0.04, 0.04)).toFixed(5));
      const roll = random();
      const status: ListingStatus = roll < 0.84 ? 'Active' : roll < 0.92 ? 'Pending Review' : roll < 0.96 ? 'Suspended' : 'Inactive';
      const rated = random() < 0.8;
      commands.push({
        type: 'SubmitListing',
        listingId,
        source: 'Seed',
        rating: rated ? Number(between(3.6, 5).toFixed(1)) : null,
        totalReviews: rated ? Math.floor(between(3, 240)) : 0,
        details: {
          name,
          category,
          location: euro ? `${town.name}, Ireland` : `${town.name}, ${town.county || country}`,
          address,
          phone,
          email: `hello@${slug}.example`,
          website: `https://www.${slug}.example`,
          description: template.description,
          pricing: template.pricing(euro),
          serviceRadiusMiles: Math.round(between(...template.radius)),
          servesSurroundingAreas: random() < 0.6,
          latitude,
          longitude,
        },
      });
      // Listings go through the same review as in life: submitted, then approved or not.
      if (status !== 'Pending Review') commands.push({ type: 'ApproveListing', listingId });
      if (status === 'Suspended') commands.push({ type: 'SuspendListing', listingId, reason: 'Complaint under review' });
      if (status === 'Inactive') commands.push({ type: 'RejectListing', listingId, reason: 'Could not verify the business' });
      const promotedHere = promotedByTown.get(town.name) ?? 0;
      if (status === 'Active' && promotedHere < 2 && random() < 0.12) {
        promotedByTown.set(town.name, promotedHere + 1);
        // Not from the random stream, so adding promotions changed none of the sample listings.
        const plan = PROMOTION_PLANS[i % PROMOTION_PLANS.length]!;
        promotions.push({ promotionId: stableUuid(`${options.seed}:promotion:${listingId}`), listingId, plan, position: promotedHere + 1, autoRenew: plan === 'monthly' });
      }
    }
  }
  return { commands, promotions };
}

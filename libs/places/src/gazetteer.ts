import type { PlaceSuggestion, ResolvedPlace } from '@afterwards/contracts';
import { parseCsv } from './csv';
import { PackedStrings } from './packed-strings';
import { SuggestIndex, VILLAGE_WEIGHT, type SuggestEntry } from './suggest-index';

export interface Town {
  readonly name: string;
  readonly altNames: readonly string[];
  readonly country: string; // England, Scotland, Wales, Northern Ireland, Ireland
  readonly region: string;
  readonly county: string;
  readonly outcode: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
  /** GeoNames feature code: PPLX is a section of a city, counted inside the city's own figure. */
  readonly featureCode: string;
}

interface District {
  readonly outcode: string;
  readonly postTown: string;
  readonly latitude: number;
  readonly longitude: number;
}

interface RoutingKey {
  readonly key: string;
  readonly place: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** A GB locality from the GeoNames postal file (villages, and short names such as 'Hull'). */
export interface PostalPlace {
  readonly name: string;
  readonly county: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
}

export interface GazetteerSources {
  readonly districtsCsv: string;
  readonly townsCsv: string;
  readonly eircodesCsv: string;
  /** Optional: GB localities, for villages and names the towns file lacks. */
  readonly postalPlacesCsv?: string;
}

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;
const OUTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const EIRCODE = /^([AC-FHKNPRTV-Y]\d{2}|D6W)(\s*[0-9AC-FHKNPRTV-Y]{4})?$/;

export const normaliseName = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Turns what a person types into a point: a UK postcode or district, an Eircode routing key, or a
 * town. Towns with the same name resolve to the most populous (Newport, Wales over Newport, Shropshire).
 */
export class Gazetteer {
  private readonly districts = new Map<string, District>();
  private readonly routingKeys = new Map<string, RoutingKey>();
  private readonly townsByName = new Map<string, Town>();
  /** Every town of a name, most populous first, for 'Newport, Shropshire'. */
  private readonly allTownsByName = new Map<string, Town[]>();
  private readonly postalPlaces: PostalPlaces;
  private suggestIndex?: SuggestIndex;
  readonly towns: readonly Town[];

  constructor(sources: GazetteerSources) {
    for (const r of parseCsv(sources.districtsCsv)) {
      if (r.non_geographic === 'Y' || r.active_postcodes === '0') continue;
      this.districts.set(r.outcode!, {
        outcode: r.outcode!,
        postTown: r.post_town ?? '',
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
      });
    }
    for (const r of parseCsv(sources.eircodesCsv)) {
      this.routingKeys.set(r.routing_key!, {
        key: r.routing_key!,
        place: r.place!,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
      });
    }
    // Countries, regions, counties and feature codes repeat from town to town: one string of each is kept.
    const shared = new Map<string, string>();
    const intern = (value: string): string => shared.get(value) ?? (shared.set(value, value), value);
    const towns: Town[] = parseCsv(sources.townsCsv).map((r) => ({
      name: r.name!,
      altNames: r.alt_names ? r.alt_names.split('|') : NO_ALT_NAMES,
      country: intern(r.country!),
      region: intern(r.region!),
      county: intern(r.county ?? ''),
      outcode: r.outcode ?? '',
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      population: Number(r.population) || 0,
      featureCode: intern(r.feature_code ?? ''),
    }));
    towns.sort((a, b) => b.population - a.population);
    this.towns = towns;
    for (const town of towns) {
      for (const name of [...town.altNames, town.name]) {
        const key = normaliseName(name);
        if (!this.townsByName.has(key)) this.townsByName.set(key, town);
        const same = this.allTownsByName.get(key) ?? [];
        if (!same.includes(town)) same.push(town);
        this.allTownsByName.set(key, same);
      }
    }
    this.postalPlaces = new PostalPlaces(sources.postalPlacesCsv ? groupPostalPlaces(parseCsv(sources.postalPlacesCsv)) : []);
  }

  /** The point for a typed place, or null when nothing matches. */
  resolve(input: string): ResolvedPlace | null {
    const text = input.trim();
    if (!text) return null;
    const upper = text.toUpperCase().replace(/\s+/g, ' ');

    const full = FULL_POSTCODE.exec(upper);
    if (full) {
      const district = this.districts.get(full[1]!);
      if (district) return { label: `${full[1]} ${full[2]}`, kind: 'postcode', latitude: district.latitude, longitude: district.longitude };
    }
    if (OUTCODE.test(upper)) {
      const district = this.districts.get(upper);
      if (district) {
        const label = district.postTown ? `${upper}, ${titleCase(district.postTown)}` : upper;
        return { label, kind: 'district', latitude: district.latitude, longitude: district.longitude };
      }
    }
    const eircode = EIRCODE.exec(upper);
    if (eircode) {
      const key = this.routingKeys.get(eircode[1]!);
      if (key) return { label: `${upper}, ${key.place}`, kind: 'postcode', latitude: key.latitude, longitude: key.longitude };
    }
    // A town ('Leeds', 'Newport, Shropshire'), else a locality ('Hull', 'Newton, Lancashire'), else
    // the most populous town of the name when the area after the comma is not recognised.
    const town = this.findTown(text, { strictArea: true });
    if (town) return { label: townLabel(town), kind: 'town', latitude: town.latitude, longitude: town.longitude };
    const locality = this.findPostalPlace(text);
    if (locality) {
      const label = locality.county ? `${locality.name}, ${locality.county}` : locality.name;
      return { label, kind: 'town', latitude: locality.latitude, longitude: locality.longitude };
    }
    const anyTown = this.findTown(text);
    if (anyTown) return { label: townLabel(anyTown), kind: 'town', latitude: anyTown.latitude, longitude: anyTown.longitude };
    return null;
  }

  /**
   * Exact name first, then 'Name, Area' where the area (county, region or country) picks among
   * towns sharing the name ('Newport, Shropshire'), else the most populous of the name.
   */
  findTown(text: string, options: { strictArea?: boolean } = {}): Town | undefined {
    const exact = this.townsByName.get(normaliseName(text));
    if (exact) return exact;
    const [head, ...rest] = text.split(',');
    if (!head || rest.length === 0) return undefined;
    const candidates = this.allTownsByName.get(normaliseName(head));
    if (!candidates) return undefined;
    const area = normaliseName(rest.join(' '));
    const inArea = candidates.find((t) => [t.county, t.region, t.country].some((a) => a && normaliseName(a) === area));
    return inArea ?? (options.strictArea ? undefined : candidates[0]);
  }

  /** A locality from the postal file: 'Hull', or 'Hull, East Riding of Yorkshire'. */
  findPostalPlace(text: string): PostalPlace | undefined {
    const exact = this.postalPlaces.named(normaliseName(text));
    if (exact.length > 0) return this.postalPlaces.at(exact[0]!);
    const [head, ...rest] = text.split(',');
    if (!head || rest.length === 0) return undefined;
    const candidates = this.postalPlaces.named(normaliseName(head)).map((i) => this.postalPlaces.at(i));
    if (candidates.length === 0) return undefined;
    const area = normaliseName(rest.join(' '));
    return candidates.find((p) => [p.county, p.country].some((a) => a && normaliseName(a) === area)) ?? candidates[0];
  }

  /**
   * Places matching what someone has typed so far: exact matches first, then prefix matches by
   * population (towns before villages, districts by code). Accent- and case-insensitive. The
   * index is built on the first call (about 100 ms) and answers in well under a millisecond.
   */
  suggest(query: string, limit = 8): PlaceSuggestion[] {
    this.suggestIndex ??= new SuggestIndex(this.suggestEntries());
    const text = query.trim();
    if (!text) return [];
    const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const direct: PlaceSuggestion[] = [];
    // A complete postcode or Eircode: the place itself comes first.
    const full = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/.exec(compact);
    const district = full ? this.districts.get(full[1]!) : undefined;
    if (full && district) {
      direct.push({ label: `${full[1]} ${full[2]}`, kind: 'postcode', detail: districtDetail(district), latitude: district.latitude, longitude: district.longitude });
    }
    const eircode = /^([AC-FHKNPRTV-Y]\d{2}|D6W)([0-9AC-FHKNPRTV-Y]{4})$/.exec(compact);
    const key = eircode ? this.routingKeys.get(eircode[1]!) : undefined;
    if (eircode && key) {
      direct.push({ label: `${eircode[1]} ${eircode[2]}`, kind: 'postcode', detail: `${key.place}, Ireland`, latitude: key.latitude, longitude: key.longitude });
    }
    // 'SW1A 1' (outward code and part of the inward code): the district.
    const partial = /^([A-Z]{1,2}\d[A-Z\d]?)\s+\d[A-Z]?$/.exec(text.toUpperCase());
    const outward = partial ? this.districts.get(partial[1]!) : undefined;
    if (partial && outward && direct.length === 0) {
      direct.push({ label: outward.outcode, kind: 'district', detail: districtDetail(outward), latitude: outward.latitude, longitude: outward.longitude });
    }
    const seen = new Set(direct.map((d) => d.label));
    const rest = this.suggestIndex.search(normaliseName(text), compact.toLowerCase(), limit).filter((s) => !seen.has(s.label));
    return [...direct, ...rest].slice(0, limit);
  }

  private suggestEntries(): SuggestEntry[] {
    const entries: SuggestEntry[] = [];
    // Towns: the first of a name is known by its name alone; the others carry their area.
    for (const town of this.towns) {
      const name = town.altNames[0] ?? town.name;
      const area = town.country === 'Ireland' ? 'Ireland' : town.county || town.country;
      const label = this.townsByName.get(normaliseName(name)) === town ? name : `${name}, ${area}`;
      const detail = town.country === 'Ireland' ? `${town.region}, Ireland` : [town.county, town.country].filter(Boolean).join(', ');
      const suggestion: PlaceSuggestion = { label, kind: 'town', detail, latitude: town.latitude, longitude: town.longitude };
      for (const n of new Set([town.name, ...town.altNames])) entries.push({ names: [normaliseName(n)], codes: [], weight: 1 + town.population, suggestion });
    }
    // Villages and localities that are not already a town of the same name nearby.
    for (let i = 0; i < this.postalPlaces.length; i++) {
      const place = this.postalPlaces.at(i);
      const key = normaliseName(place.name);
      const towns = this.allTownsByName.get(key) ?? [];
      if (towns.some((t) => Math.abs(t.latitude - place.latitude) < 0.15 && Math.abs(t.longitude - place.longitude) < 0.25)) continue;
      const area = place.county || place.country || 'United Kingdom';
      const label = this.townsByName.has(key) || this.postalPlaces.named(key)[0] !== i ? `${place.name}, ${area}` : place.name;
      const detail = [place.county, place.country].filter(Boolean).join(', ');
      entries.push({ names: [key], codes: [], weight: VILLAGE_WEIGHT, suggestion: { label, kind: 'town', detail, latitude: place.latitude, longitude: place.longitude } });
    }
    for (const d of this.districts.values()) {
      const suggestion: PlaceSuggestion = { label: d.outcode, kind: 'district', detail: districtDetail(d), latitude: d.latitude, longitude: d.longitude };
      entries.push({ names: [], codes: [d.outcode.toLowerCase()], weight: 0, suggestion });
    }
    for (const k of this.routingKeys.values()) {
      const suggestion: PlaceSuggestion = { label: k.key, kind: 'district', detail: `${k.place}, Ireland`, latitude: k.latitude, longitude: k.longitude };
      entries.push({ names: [], codes: [k.key.toLowerCase()], weight: 0, suggestion });
    }
    return entries;
  }
}

function districtDetail(d: District): string {
  return d.postTown ? titleCase(d.postTown) : 'United Kingdom';
}

const NO_ALT_NAMES: readonly string[] = Object.freeze([]);

/**
 * The GB localities in columns rather than an object each (decision 0035), in the order
 * groupPostalPlaces gives; a place is made when asked for.
 */
class PostalPlaces {
  private readonly names: PackedStrings;
  private readonly counties: PackedStrings;
  private readonly countries: PackedStrings;
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  /** Normalised names, sorted, and the place of each: the places of a name are one range, in place order. */
  private readonly keys: PackedStrings;
  private readonly byKey: Uint32Array;

  constructor(places: readonly PostalPlace[]) {
    this.names = new PackedStrings(places.map((p) => p.name));
    this.counties = new PackedStrings(places.map((p) => p.county));
    this.countries = new PackedStrings(places.map((p) => p.country));
    this.latitudes = Float64Array.from(places, (p) => p.latitude);
    this.longitudes = Float64Array.from(places, (p) => p.longitude);
    // A stable sort by key alone keeps the places of one name in place order.
    const sorted = places.map((p, index) => ({ key: normaliseName(p.name), index })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = new PackedStrings(sorted.map((s) => s.key));
    this.byKey = Uint32Array.from(sorted, (s) => s.index);
  }

  get length(): number {
    return this.names.length;
  }

  at(index: number): PostalPlace {
    return {
      name: this.names.at(index),
      county: this.counties.at(index),
      country: this.countries.at(index),
      latitude: this.latitudes[index]!,
      longitude: this.longitudes[index]!,
    };
  }

  /** The places (by position) whose normalised name is `key`, in place order. */
  named(key: string): number[] {
    const found: number[] = [];
    for (let i = this.keys.lowerBound(key); i < this.keys.length && this.keys.equals(i, key); i++) found.push(this.byKey[i]!);
    return found;
  }
}

/** One locality per name and county: the mean of its rows' points; those covering more outcodes first. */
function groupPostalPlaces(rows: Record<string, string>[]): PostalPlace[] {
  const groups = new Map<string, { name: string; county: string; country: string; outcodes: string[]; lat: number; lng: number; n: number }>();
  for (const r of rows) {
    const name = r.place?.trim();
    const lat = Number(r.latitude);
    const lng = Number(r.longitude);
    if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const county = r.county?.trim() ?? '';
    const key = `${normaliseName(name)}|${normaliseName(county)}`;
    const g = groups.get(key) ?? { name, county, country: r.country?.trim() ?? '', outcodes: [], lat: 0, lng: 0, n: 0 };
    if (r.outcode && !g.outcodes.includes(r.outcode)) g.outcodes.push(r.outcode);
    g.lat += lat;
    g.lng += lng;
    g.n += 1;
    groups.set(key, g);
  }
  // More outcodes first: a name shared by a city and a hamlet resolves to the city.
  return [...groups.values()]
    .sort((a, b) => b.outcodes.length - a.outcodes.length)
    .map((g) => ({
      name: g.name,
      county: g.county,
      country: g.country,
      latitude: Math.round((g.lat / g.n) * 1e4) / 1e4,
      longitude: Math.round((g.lng / g.n) * 1e4) / 1e4,
    }));
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

export function townLabel(town: Town): string {
  const name = town.altNames[0] ?? town.name;
  const area = town.country === 'Ireland' ? 'Ireland' : town.county || town.country;
  // A city that is its own council area (Belfast, Glasgow, Cardiff) would read 'Belfast, Belfast'.
  return `${name}, ${area.toLowerCase() === name.toLowerCase() ? town.country : area}`;
}

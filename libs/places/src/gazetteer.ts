import type { ResolvedPlace } from '@afterwards/contracts';
import { parseCsv } from './csv';

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

export interface GazetteerSources {
  readonly districtsCsv: string;
  readonly townsCsv: string;
  readonly eircodesCsv: string;
}

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;
const OUTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const EIRCODE = /^([AC-FHKNPRTV-Y]\d{2}|D6W)(\s*[0-9AC-FHKNPRTV-Y]{4})?$/;

const normaliseName = (s: string): string =>
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
    const towns: Town[] = parseCsv(sources.townsCsv).map((r) => ({
      name: r.name!,
      altNames: r.alt_names ? r.alt_names.split('|') : [],
      country: r.country!,
      region: r.region!,
      county: r.county ?? '',
      outcode: r.outcode ?? '',
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      population: Number(r.population) || 0,
    }));
    towns.sort((a, b) => b.population - a.population);
    this.towns = towns;
    for (const town of towns) {
      for (const name of [...town.altNames, town.name]) {
        const key = normaliseName(name);
        if (!this.townsByName.has(key)) this.townsByName.set(key, town);
      }
    }
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
    const town = this.findTown(text);
    if (town) return { label: townLabel(town), kind: 'town', latitude: town.latitude, longitude: town.longitude };
    return null;
  }

  /** Exact name first, then the part before a comma ('Leeds, West Yorkshire'). */
  findTown(text: string): Town | undefined {
    const exact = this.townsByName.get(normaliseName(text));
    if (exact) return exact;
    const head = text.split(',')[0];
    return head && head !== text ? this.townsByName.get(normaliseName(head)) : undefined;
  }
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

export function townLabel(town: Town): string {
  return `${town.altNames[0] ?? town.name}, ${town.country === 'Ireland' ? 'Ireland' : town.county || town.country}`;
}

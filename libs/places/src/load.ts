import districtsCsv from '../data/uk_postcode_districts.csv';
import townsCsv from '../data/uk_ie_towns.csv';
import eircodesCsv from '../data/ie_eircode_routing_keys.csv';
import postalPlacesCsv from '../data/uk_postal_places_geonames.csv';
import { Gazetteer } from './gazetteer';

let shared: Gazetteer | undefined;

/** The product's gazetteer, built once from the bundled open data (about 60 ms; the suggestion index is built on first use). */
export function loadGazetteer(): Gazetteer {
  shared ??= new Gazetteer({ districtsCsv, townsCsv, eircodesCsv, postalPlacesCsv });
  return shared;
}

export const PLACE_DATA_ATTRIBUTION =
  'Contains data from GeoNames (geonames.org), licensed under CC BY 4.0. Contains OS data © Crown copyright and database right 2024. ' +
  'Contains Royal Mail data © Royal Mail copyright and database right 2024. Source: Office for National Statistics licensed under the ' +
  'Open Government Licence v3.0. Northern Ireland postcode data: contains LPS Intellectual Property © Crown copyright and database right. ' +
  'Postcode district centroids compiled by doogal.co.uk.';

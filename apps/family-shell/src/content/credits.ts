// Copy of PLACE_DATA_ATTRIBUTION from libs/places (that library carries the place data itself, which
// must not be bundled into the browser). The places unit test keeps the two in step.
export const PLACE_DATA_ATTRIBUTION =
  'Contains data from GeoNames (geonames.org), licensed under CC BY 4.0. Contains OS data © Crown copyright and database right 2024. ' +
  'Contains Royal Mail data © Royal Mail copyright and database right 2024. Source: Office for National Statistics licensed under the ' +
  'Open Government Licence v3.0. Northern Ireland postcode data: contains LPS Intellectual Property © Crown copyright and database right. ' +
  'Postcode district centroids compiled by doogal.co.uk.';

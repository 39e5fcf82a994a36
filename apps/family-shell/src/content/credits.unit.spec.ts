import { PLACE_DATA_ATTRIBUTION as FROM_LIBRARY } from '@afterwards/places';
import { PLACE_DATA_ATTRIBUTION } from './credits';

describe('place data credits', () => {
  it('shows the same attribution the place data library carries', () => {
    expect(PLACE_DATA_ATTRIBUTION).toBe(FROM_LIBRARY);
  });
});

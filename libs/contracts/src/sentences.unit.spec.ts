import { SETTINGS_MESSAGES, LISTING_ADMIN_MESSAGES } from './admin';
import { asSentence, withoutFullStop } from './sentences';

const OFFLINE = 'Network error. Please check your internet connection.';

describe('messages joined without doubled punctuation (issue 40, item 10)', () => {
  it('adds a full stop only where a sentence has none, and takes one off to embed it', () => {
    expect(asSentence('Sync failed')).toBe('Sync failed.');
    expect(asSentence(OFFLINE)).toBe(OFFLINE);
    expect(asSentence('Really?')).toBe('Really?');
    expect(withoutFullStop(OFFLINE)).toBe('Network error. Please check your internet connection');
    expect(withoutFullStop('Loading...')).toBe('Loading...');
  });

  it('the offline message inside the staff messages reads with one full stop', () => {
    expect(LISTING_ADMIN_MESSAGES.deleteFailed(OFFLINE)).toBe('Failed to delete business: Network error. Please check your internet connection. Please try again.');
    expect(SETTINGS_MESSAGES.loadFailed(OFFLINE)).not.toContain('..');
    expect(LISTING_ADMIN_MESSAGES.deleteFailed('Not found')).toBe('Failed to delete business: Not found. Please try again.');
  });
});

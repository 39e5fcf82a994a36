import { shortcutFor, type KeyPress } from './shortcuts';

const press = (over: Partial<KeyPress>): KeyPress => ({ key: 'n', code: 'KeyN', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });

describe('dashboard keyboard shortcuts', () => {
  it('Ctrl or Cmd+N creates a memory; with Shift it opens the note editor', () => {
    expect(shortcutFor(press({ ctrlKey: true }))).toBe('create-memory');
    expect(shortcutFor(press({ metaKey: true }))).toBe('create-memory');
    expect(shortcutFor(press({ ctrlKey: true, shiftKey: true, key: 'N' }))).toBe('open-note-editor');
    expect(shortcutFor(press({ metaKey: true, shiftKey: true, key: 'N' }))).toBe('open-note-editor');
  });

  it('Escape closes every modal', () => {
    expect(shortcutFor(press({ key: 'Escape', code: 'Escape' }))).toBe('close-all');
  });

  it('leaves typing and other combinations alone', () => {
    expect(shortcutFor(press({}))).toBeNull();
    expect(shortcutFor(press({ shiftKey: true, key: 'N' }))).toBeNull();
    expect(shortcutFor(press({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(press({ ctrlKey: true, key: 'm', code: 'KeyM' }))).toBeNull();
  });
});

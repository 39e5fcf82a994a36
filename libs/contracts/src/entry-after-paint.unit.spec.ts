import { ENTRY_AFTER_PAINT_SCRIPT, ENTRY_SCRIPT_ATTRIBUTE } from './entry-after-paint';

/** Runs the script as a page's body would, against a stand-in document whose animation frames run on demand. */
function page({ visibility, hasLink = true }: { visibility: 'visible' | 'hidden'; hasLink?: boolean }) {
  const added: string[] = [];
  const frames: Array<() => void> = [];
  const document = {
    visibilityState: visibility,
    querySelector: (selector: string) => (hasLink && selector === `link[${ENTRY_SCRIPT_ATTRIBUTE}]` ? { href: 'http://localhost/main.0123abcd.js' } : null),
    createElement: (tag: string) => ({ tag, src: '' }),
    head: { appendChild: (el: { tag: string; src: string }) => added.push(`${el.tag} ${el.src}`) },
  };
  new Function('document', 'requestAnimationFrame', ENTRY_AFTER_PAINT_SCRIPT)(document, (callback: () => void) => frames.push(callback));
  const nextFrame = () => frames.shift()?.();
  return { added, nextFrame };
}

describe('entry script started after the first paint', () => {
  it('adds the preloaded entry script in the second animation frame of a visible page, not before', () => {
    const { added, nextFrame } = page({ visibility: 'visible' });
    expect(added).toEqual([]);
    nextFrame();
    expect(added).toEqual([]);
    nextFrame();
    expect(added).toEqual(['script http://localhost/main.0123abcd.js']);
  });

  it('adds it at once in a tab that is not visible, whose animation frames wait', () => {
    expect(page({ visibility: 'hidden' }).added).toEqual(['script http://localhost/main.0123abcd.js']);
  });

  it('does nothing on a page without the preload link', () => {
    const { added, nextFrame } = page({ visibility: 'visible', hasLink: false });
    nextFrame();
    nextFrame();
    expect(added).toEqual([]);
  });
});

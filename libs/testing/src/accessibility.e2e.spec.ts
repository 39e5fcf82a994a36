import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations } from './accessibility';
import { launchChromium } from './browser';

// The check every browser test leans on must itself fail on a page that is not accessible, and pass one
// that is, with the faster settings it runs axe with (legacy mode, violations only).
describe('accessibilityViolations', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names each serious or critical WCAG violation with its element', async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Form</title></head><body><main>
      <h1>Register a death</h1>
      <img id="seal" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p id="faint" style="color:#ddd;background:#fff">Bring the medical certificate.</p>
      <input id="who" type="text">
    </main></body></html>`);
    const violations = await accessibilityViolations(page);
    expect(violations.some((v) => v.startsWith('image-alt (critical): #seal'))).toBe(true);
    expect(violations.some((v) => v.startsWith('color-contrast (serious): #faint'))).toBe(true);
    expect(violations.some((v) => v.startsWith('label (critical): #who'))).toBe(true);
  });

  it('finds nothing on a page that is labelled and legible', async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Form</title></head><body><main>
      <h1>Register a death</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Register office seal">
      <p style="color:#222;background:#fff">Bring the medical certificate.</p>
      <label for="who">Your name</label><input id="who" type="text">
    </main></body></html>`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

// What the browser tests of the event pages share: their viewports, links made local to the test's server, a
// fresh browser context per person (its page errors collected), and axe's A/AA check of a screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { watchErrors, type Fixture } from './helpers.js';

export const EVENT_DESKTOP = { width: 1280, height: 900 };
export const EVENT_PHONE = { width: 390, height: 844 };

/** A link as the server wrote it, pointed at the test's server. */
export const localTo = (f: Fixture, url: string): string => url.replace(/^http:\/\/[^/]+/, f.server.url);

/** A page in a context of its own (one person), its errors going to `errors`. */
export function pageOpener(f: Fixture, errors: string[]): (viewport?: { width: number; height: number }) => Promise<Page> {
  return async (viewport = EVENT_DESKTOP) => {
    const page = await (await f.browser.newContext({ viewport })).newPage();
    watchErrors(page, errors);
    return page;
  };
}

/** axe's WCAG 2 A/AA violations on the page as it is, each named by `what`, added to `found`. */
export async function axe(page: Page, what: string, found: string[]): Promise<void> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  found.push(...result.violations.map(v => `${what}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`));
}

/** The New tournament form opened on `page`, with the event's name filled in. */
export async function openNewEventForm(f: Fixture, page: Page, name: string): Promise<void> {
  await page.goto(`${f.server.url}/t/new`);
  await page.waitForSelector('#tournament-new');
  await page.fill('#tournament-new input[name=name]', name);
}

// What a journey that promises "no console error on the way" watches: console errors, uncaught page
// errors, and every answer of 400 or more with its method, URL and the server's own message. The last is
// for the reader of a failure: Chromium's console line ("Failed to load resource: … 409") names neither
// the call nor the reason, and a CI run that failed once cannot be asked again.
import type { Page } from '@playwright/test';

export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const line = `${response.status()} ${response.request().method()} ${response.url()}`;
    void response.text().then(
      (body) => errors.push(`${line}: ${body.slice(0, 200)}`),
      () => errors.push(line),
    );
  });
  return errors;
}

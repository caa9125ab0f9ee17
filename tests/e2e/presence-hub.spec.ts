// The presence hub console (/presence-hub-console, issue 19) against the built app and a real server: the
// owner adds a camera through the form, the summary cards count it, a Fire trigger records a critical
// event that the Security tab shows with its red severity badge, and the cards change with it; no console
// error on the way.
import { expect, test } from './support/fixtures';
import { openChat } from './support/chat';
import { watchPageErrors } from './support/page-errors';

test('add a camera, trigger a fire detection, see the critical event and the cards change', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await openChat(page, 'Mira');

  await test.step('the overview lists the modules and leads the admin to the console', async () => {
    await page.goto('/presence-hub');
    await expect(page.getByRole('heading', { name: 'Active Modules (9)' })).toBeVisible();
    await page.getByRole('link', { name: 'Open in Console' }).first().click();
    await expect(
      page.getByRole('heading', { name: 'Presence Hub Console', level: 1 }),
    ).toBeVisible();
  });

  const cameras = page.getByTestId('card-cameras');
  const events = page.getByTestId('card-events');
  const health = page.getByTestId('card-health');

  await test.step('an empty register: no cameras, triggers disabled', async () => {
    await expect(cameras).toContainText('0/0');
    await expect(health).toContainText('unmonitored');
    await expect(page.getByText('No cameras registered yet')).toBeVisible();
    await expect(
      page.getByText('Add a camera first to enable manual detection triggers'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fire' })).toBeDisabled();
  });

  await test.step('add a camera through the form', async () => {
    await page.getByRole('button', { name: 'Add Camera' }).click();
    const form = page.getByRole('dialog', { name: 'Add Camera' });
    await form.getByLabel('Zone').fill('Lobby');
    await form.getByLabel('Location').fill('Main entrance');
    await form.getByLabel('IP Address or URL').fill('not an address');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(/IP Address or URL must be a host name/)).toBeVisible();
    await form.getByLabel('IP Address or URL').fill('192.168.1.20');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const tile = page.getByTestId('camera-tile');
    await expect(tile).toContainText('CAM-001');
    await expect(tile).toContainText('Main entrance');
    await expect(tile.getByText('REC')).toBeVisible();
    await expect(cameras).toContainText('1/1');
    await expect(health).toContainText('healthy');
    await expect(events).toContainText('0');
  });

  await test.step('a fire detection is a critical event in the Security tab', async () => {
    await page.getByRole('button', { name: 'Fire' }).click();
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const event = page.getByTestId('security-event');
    await expect(event).toHaveCount(1);
    await expect(event).toContainText('FIRE DETECTION');
    await expect(event).toContainText('Lobby');
    const severity = event.getByTestId('severity');
    await expect(severity).toHaveText('critical');
    await expect(severity).toHaveClass(/bg-red-600/);
    await expect(events).toContainText('1');
    await expect(health).toContainText('degraded');
  });

  await test.step('acknowledged, the system is healthy again', async () => {
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByTestId('security-event')).toContainText('Acknowledged');
    await expect(health).toContainText('healthy');
    await expect(events).toContainText('1');
  });

  expect(errors).toEqual([]);
});

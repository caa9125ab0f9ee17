// Day sessions (issue 3, spec 000 §3.9, §4): the day turns at midnight in the owner's zone (TIME_ZONE,
// default Asia/Shanghai, UTC+8), found by the 60 s check. The page's clock is Playwright's: it starts a
// minute before midnight there (15:59 UTC) and is moved past it.
import { expect, test } from './support/fixtures';
import {
  CHAT,
  expectStatus,
  messageById,
  openChat,
  sendMessage,
  serverLog,
  sessionsList,
} from './support/chat';

// The test servers otherwise run in a zone where it is the small hours (quietTimeZone).
test.use({ serverEnv: { TIME_ZONE: 'Asia/Shanghai' } });

const SUNDAY = 'Sunday, November 22, 2026';
const MONDAY = 'Monday, November 23, 2026';

test('at midnight UTC+8 a new session starts: the banner, both days in Sessions, new messages in the new day', async ({
  page,
}) => {
  await page.clock.install({ time: new Date('2026-11-22T15:59:00Z') }); // 23:59 in UTC+8
  await openChat(page, 'Mira');

  const late = await sendMessage(page, 'Still up, it is almost midnight.');
  await expectStatus(page, late, 'answered');

  // Past 16:00 UTC, and the 60 s check has run.
  await page.clock.fastForward('02:00');
  await expect(page.getByText(CHAT.newDay(MONDAY), { exact: true })).toBeVisible();

  const sessions = await sessionsList(page);
  // An entry names its day in its text, or (today's, which reads 'Today') in its title.
  const day = (title: string) =>
    sessions.getByRole('button', { name: title }).or(sessions.getByTitle(title)).first();
  await expect(day(MONDAY)).toBeVisible();
  await expect(day(SUNDAY)).toBeVisible();

  // The composer writes into the new day: yesterday's message is not in today's view.
  const early = await sendMessage(page, 'A new morning already.');
  await expectStatus(page, early, 'answered');
  await expect(messageById(page, late)).toHaveCount(0);

  const log = await serverLog(page);
  expect(log.find((entry) => entry.id === late)?.sessionId).toBe('2026-11-22');
  expect(log.find((entry) => entry.id === early)?.sessionId).toBe('2026-11-23');

  // Yesterday is still there, one click away in Sessions.
  await day(SUNDAY).click();
  await expect(messageById(page, late)).toBeVisible();
  await expect(messageById(page, early)).toHaveCount(0);
});

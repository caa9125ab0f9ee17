import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COST_STATUS,
  activeSystemLabel,
  cardRules,
  lastActivityText,
  keptMessagesJustAnswered,
  parseSleepStatus,
  pausedSystemLabel,
  powerState,
  transitionUrl,
} from '@/features/sleep/model/status';

const bare = {
  sleeping: true,
  deepPause: false,
  lastActivity: '2026-11-24T04:05:06.000Z',
  costSavings: '80% resource reduction',
  activeSystems: ['chat-engine'],
  pausedSystems: ['dreamCycles'],
  waitingMessages: 0,
};

describe('the status is read bare or wrapped', () => {
  it('reads the bare fields', () => {
    expect(parseSleepStatus(bare)).toEqual(bare);
  });
  it('reads {success: true, ...fields} and {success: true, status: {...}} alike', () => {
    expect(parseSleepStatus({ success: true, ...bare })).toEqual(bare);
    expect(parseSleepStatus({ success: true, status: bare })).toEqual(bare);
  });
  it("defaults the cost status to 'Full operation costs', lists to [] and a missing time to null", () => {
    expect(parseSleepStatus({ sleeping: false, deepPause: false })).toEqual({
      sleeping: false,
      deepPause: false,
      lastActivity: null,
      costSavings: DEFAULT_COST_STATUS,
      activeSystems: [],
      pausedSystems: [],
      waitingMessages: 0,
    });
    expect(DEFAULT_COST_STATUS).toBe('Full operation costs');
  });
  it('is not a status without the two booleans (an error body must not read as AWAKE)', () => {
    expect(parseSleepStatus({ success: false, error: 'nope' })).toBeNull();
    expect(parseSleepStatus('<html>')).toBeNull();
    expect(parseSleepStatus({ sleeping: 'yes', deepPause: false })).toBeNull();
  });
});

describe('the badge is DEEP PAUSE, SLEEPING or AWAKE', () => {
  it('deep pause wins over sleeping', () => {
    expect(powerState({ sleeping: true, deepPause: true })).toBe('DEEP PAUSE');
    expect(powerState({ sleeping: false, deepPause: true })).toBe('DEEP PAUSE');
    expect(powerState({ sleeping: true, deepPause: false })).toBe('SLEEPING');
    expect(powerState({ sleeping: false, deepPause: false })).toBe('AWAKE');
  });
});

describe('cards and buttons per state (spec 002 §4)', () => {
  it('awake: sleep can be enabled, resume is disabled, deep pause offered, no voice wake, no manual wake', () => {
    expect(cardRules({ sleeping: false, deepPause: false })).toEqual({
      deepPauseActive: false,
      voiceWake: false,
      deepPauseActivation: true,
      enableSleepDisabled: false,
      resumeFullDisabled: true,
    });
  });
  it('sleeping: Enable Sleep Mode disabled, Resume Full Mode enabled, voice wake shown', () => {
    expect(cardRules({ sleeping: true, deepPause: false })).toEqual({
      deepPauseActive: false,
      voiceWake: true,
      deepPauseActivation: true,
      enableSleepDisabled: true,
      resumeFullDisabled: false,
    });
  });
  it('deep paused: Manual Wake Up and voice wake shown, the activation card hidden', () => {
    expect(cardRules({ sleeping: false, deepPause: true })).toMatchObject({
      deepPauseActive: true,
      voiceWake: true,
      deepPauseActivation: false,
    });
  });
});

describe('system names', () => {
  it('active systems: dashes become spaces, title-cased', () => {
    expect(activeSystemLabel('chat-engine')).toBe('Chat Engine');
    expect(activeSystemLabel('web-interface')).toBe('Web Interface');
    expect(activeSystemLabel('scheduler')).toBe('Scheduler');
  });
  it('paused systems: camel case split into words', () => {
    expect(pausedSystemLabel('dreamCycles')).toBe('Dream Cycles');
    expect(pausedSystemLabel('spontaneousThoughts')).toBe('Spontaneous Thoughts');
    expect(pausedSystemLabel('allAICalls')).toBe('All AI Calls');
    expect(pausedSystemLabel('learning')).toBe('Learning');
  });
});

describe("last activity reads as a time, or 'Just now'", () => {
  const now = Date.parse('2026-11-24T06:00:00Z');
  it("'Just now' when the server names none", () => {
    expect(lastActivityText(null, now, 'Asia/Shanghai')).toBe('Just now');
  });
  it("the time of day in the owner's zone when it was today there", () => {
    expect(lastActivityText('2026-11-24T04:05:06.000Z', now, 'Asia/Shanghai')).toBe('12:05:06 PM');
  });
  it('with its date when it was another day', () => {
    expect(lastActivityText('2026-11-22T04:05:06.000Z', now, 'Asia/Shanghai')).toBe(
      'Nov 22, 2026, 12:05:06 PM',
    );
  });
});

describe('transitions are POSTs to the spec paths', () => {
  it('names each path', () => {
    expect(transitionUrl('enable')).toBe('/api/sleep-mode/enable');
    expect(transitionUrl('disable')).toBe('/api/sleep-mode/disable');
    expect(transitionUrl('deep-pause')).toBe('/api/sleep-mode/deep-pause');
    expect(transitionUrl('resume-all')).toBe('/api/sleep-mode/resume-all');
  });
});

describe('the chat pulls when the messages kept in deep pause have just been answered', () => {
  it('pulls when the count of kept messages goes from some to none', () => {
    expect(keptMessagesJustAnswered({ waitingMessages: 2 }, { waitingMessages: 0 })).toBe(true);
  });
  it('does not pull while some still wait, nor when none waited', () => {
    expect(keptMessagesJustAnswered({ waitingMessages: 2 }, { waitingMessages: 1 })).toBe(false);
    expect(keptMessagesJustAnswered({ waitingMessages: 0 }, { waitingMessages: 0 })).toBe(false);
    expect(keptMessagesJustAnswered(undefined, { waitingMessages: 0 })).toBe(false);
  });
  it("reads the server's count of kept messages", () => {
    expect(parseSleepStatus({ ...bare, waitingMessages: 3 })?.waitingMessages).toBe(3);
    expect(parseSleepStatus({ ...bare, waitingMessages: 'x' })?.waitingMessages).toBe(0);
  });
});

// The generosity page's words. The spec gives none but the page's parts (002 "Generosity engine"); these
// say plainly what is measured and what is fixed text (docs/generosity.md).
export const GENEROSITY_TEXT = {
  title: 'Generosity Engine',
  back: 'Back to Chat',
  intro:
    'Measured: the engine state, the stage and the session statistics, from your own conversation. Fixed text: the principles and the emotional intelligence description.',
  engine: 'Engine',
  engineState: { active: 'Active', paused: 'Paused' },
  stageTitle: 'Relationship stage',
  stageSince: (date: string) => `Since ${date}`,
  stagesList: 'The five stages',
  currentStage: 'current',
  sessionTitle: 'This session',
  sessionMeasured: 'Measured from today’s messages in your conversation.',
  sessionStart: 'Session start',
  interactions: 'Your messages today',
  support: 'Moments of support',
  supportHint: (persona: string, feelings: string) =>
    `Replies of ${persona}’s to a message of yours read as ${feelings}.`,
  principlesTitle: 'Principles',
  principlesNote: (persona: string) =>
    `Fixed text: what ${persona} aims for. Nothing on this page measures it.`,
  eiTitle: 'Emotional intelligence',
  eiNote: 'Fixed text, describing the reading the counts above are made with.',
  feelingsRead: 'Feelings read',
  loading: 'Loading the generosity engine…',
  loadFailed: 'The generosity engine could not be read.',
  tryAgain: 'Try Again',
  denied: 'This page shows your conversation, which your account may not read (chat permission).',
  offlineTitle: 'Offline: showing what was last read',
  offlineSince: (time: string) => `Last read at ${time}.`,
  offlineNoData: 'Nothing has been read on this device yet.',
} as const;

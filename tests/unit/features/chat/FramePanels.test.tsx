import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import FramePanels from '@/features/chat/components/FramePanels';
import type { VisionControl } from '@/features/chat/hooks/useFrameSettings';
import {
  consciousnessTooltip,
  emotionalStateText,
  parseConsciousnessStatus,
  parseSoulStatus,
  soulTooltip,
} from '@/features/chat/model/frame';

afterEach(cleanup);

const vision: VisionControl = { vision: 'day', auto: true, toggle: () => {}, setAuto: () => {} };

function renderPanel(panel: 'features' | 'settings' | 'image', slots: object = {}) {
  return render(
    <MemoryRouter>
      <FramePanels panel={panel} isMobile={false} vision={vision} onClose={() => {}} {...slots} />
    </MemoryRouter>,
  );
}

describe('the features panel’s slots', () => {
  it('render nothing when empty: no placeholder stands in for the memory panel or the maintenance card', () => {
    renderPanel('features');
    const panel = screen.getByTestId('features-panel');
    expect(panel.querySelectorAll('section')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Raw data' })).toBeTruthy();
    expect(panel.textContent).not.toMatch(/memory panel|DevCore|coming|not built/i);
  });

  it('render what the route hands in', () => {
    renderPanel('features', {
      memoryPanel: <p>memory here</p>,
      devcoreCard: <p>devcore here</p>,
    });
    expect(screen.getByText('memory here')).toBeTruthy();
    expect(screen.getByText('devcore here')).toBeTruthy();
  });

  it('open each raw JSON in a new tab, and link to Core Systems Demo', () => {
    renderPanel('features');
    const hrefs = screen
      .getAllByRole('link')
      .map((a) => [a.getAttribute('href'), a.getAttribute('target')]);
    expect(hrefs).toEqual([
      ['/api/memories', '_blank'],
      ['/api/backup/list', '_blank'],
      ['/api/mirror/last-reflection', '_blank'],
      ['/api/dreams/sequences', '_blank'],
      ['/api/kiri-state', '_blank'],
      ['/api/manja/state', '_blank'],
      ['/api/soul-awakening-status', '_blank'],
      ['/api/consciousness/status', '_blank'],
      ['/core-systems-demo', null],
    ]);
  });

  it('the settings panel has no tone presets when none are given, and night vision always', () => {
    renderPanel('settings');
    expect(screen.getByRole('switch', { name: 'Night vision' })).toBeTruthy();
    expect(screen.queryByText(/tone/i)).toBeNull();
    cleanup();
    renderPanel('settings', { tonePresets: <p>presets here</p> });
    expect(screen.getByText('presets here')).toBeTruthy();
  });

  it('the image panel says plainly that it is not built', () => {
    renderPanel('image');
    expect(screen.getByText(/not built yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /upload/i })).toBeNull();
  });

  it('the image panel shows the share panel the route hands in, and no “not built”', () => {
    renderPanel('image', { imagePanel: <p>share panel here</p> });
    expect(screen.getByText('share panel here')).toBeTruthy();
    expect(screen.queryByText(/not built yet/)).toBeNull();
  });
});

describe('the header’s status marks', () => {
  it('take only a well-formed answer', () => {
    expect(parseSoulStatus({ awakened: true, anchors: 3 })).toEqual({ awakened: true, anchors: 3 });
    expect(parseSoulStatus({ success: false, error: 'Not found' })).toBeNull();
    expect(parseConsciousnessStatus({ isStreaming: true, dataPointsCollected: 12 })).toEqual({
      isStreaming: true,
      dataPointsCollected: 12,
    });
    expect(parseConsciousnessStatus({ isStreaming: 'yes' })).toBeNull();
  });
  it('give the anchor count and the insight count in their tooltips', () => {
    expect(soulTooltip({ awakened: true, anchors: 3 })).toBe('Soul awakened: 3 memory anchors');
    expect(soulTooltip({ awakened: false, anchors: 1 })).toBe(
      'Soul not awakened yet: 1 memory anchor',
    );
    expect(consciousnessTooltip({ isStreaming: true, dataPointsCollected: 12 })).toBe(
      'Consciousness streaming: 12 insights',
    );
  });
});

describe('the sidebar’s emotional state', () => {
  it('is the state call’s currentActivity, else Active', () => {
    expect(emotionalStateText({ currentActivity: 'Reflecting' })).toBe('Reflecting');
    expect(emotionalStateText({ currentActivity: '  ' })).toBe('Active');
    expect(emotionalStateText(undefined)).toBe('Active');
  });
});

import { describe, expect, it } from 'vitest';
import { closeAll, closeLeft, closeRight, closeTab, openTab } from '@/utils/tabs';

const state = (tabs: string[], active = tabs[tabs.length - 1]) => ({ tabs, active });

describe('tab rules', () => {
  it('opens a tab once and activates it', () => {
    expect(openTab(state(['/a']), '/b')).toEqual({ tabs: ['/a', '/b'], active: '/b' });
    expect(openTab(state(['/a', '/b'], '/b'), '/a')).toEqual({ tabs: ['/a', '/b'], active: '/a' });
  });

  it('refuses to close the last tab', () => {
    expect(closeTab(state(['/a']), '/a')).toEqual({
      tabs: ['/a'],
      active: '/a',
      notice: 'tabs.lastTab',
    });
    expect(closeAll(state(['/a']), '/a').notice).toBe('tabs.lastTab');
    expect(closeLeft(state(['/a']), '/a').notice).toBe('tabs.lastTab');
    expect(closeRight(state(['/a']), '/a').notice).toBe('tabs.lastTab');
  });

  it('closing the active tab activates its left neighbour, or the next one when first', () => {
    expect(closeTab(state(['/a', '/b', '/c'], '/b'), '/b')).toEqual({
      tabs: ['/a', '/c'],
      active: '/a',
    });
    expect(closeTab(state(['/a', '/b', '/c'], '/a'), '/a')).toEqual({
      tabs: ['/b', '/c'],
      active: '/b',
    });
  });

  it('closing another tab keeps the active one', () => {
    expect(closeTab(state(['/a', '/b', '/c'], '/c'), '/a')).toEqual({
      tabs: ['/b', '/c'],
      active: '/c',
    });
  });

  it('closes tabs to the right', () => {
    expect(closeRight(state(['/a', '/b', '/c', '/d'], '/d'), '/b')).toEqual({
      tabs: ['/a', '/b'],
      active: '/b',
    });
    expect(closeRight(state(['/a', '/b', '/c'], '/a'), '/b')).toEqual({
      tabs: ['/a', '/b'],
      active: '/a',
    });
    expect(closeRight(state(['/a', '/b']), '/b').notice).toBe('tabs.noRight');
  });

  it('closes tabs to the left', () => {
    expect(closeLeft(state(['/a', '/b', '/c'], '/a'), '/b')).toEqual({
      tabs: ['/b', '/c'],
      active: '/b',
    });
    expect(closeLeft(state(['/a', '/b', '/c'], '/c'), '/b')).toEqual({
      tabs: ['/b', '/c'],
      active: '/c',
    });
    expect(closeLeft(state(['/a', '/b']), '/a').notice).toBe('tabs.noLeft');
  });

  it('close all keeps only the tab it was called on', () => {
    expect(closeAll(state(['/a', '/b', '/c'], '/c'), '/b')).toEqual({ tabs: ['/b'], active: '/b' });
  });

  it('ignores commands on unknown tabs', () => {
    expect(closeTab(state(['/a', '/b']), '/x')).toEqual(state(['/a', '/b']));
  });
});
